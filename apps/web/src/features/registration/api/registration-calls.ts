import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  APPLICATION_TOKEN_HEADER,
  type ApplicationPage,
  type ApplicationQuery,
  type LicenceUploadResult,
  type OrgApplication,
  type RegistrationRequest,
} from '@drp/domain';
import { ApiError, request, toQueryString } from '../../../lib/http';
import { currentLocale } from '../../../config/i18n';
import { APPLICATION_TOKEN_KEY } from './application-token-key';

/** Multipart upload of the business licence (no session: the applicant has no account yet). */
export async function uploadLicence(file: File): Promise<LicenceUploadResult> {
  const body = new FormData();
  body.append('file', file);
  const response = await fetch('/api/register/licence', {
    method: 'POST',
    body,
    headers: { 'accept-language': currentLocale() },
  });
  const parsed = (await response.json().catch(() => ({}))) as {
    code?: string;
    message?: string;
    detail?: LicenceUploadResult;
  };
  if (!response.ok || parsed.code !== 'SUCCESS')
    throw new ApiError(
      parsed.code ?? `HTTP_${response.status}`,
      parsed.message ?? `HTTP ${response.status}`,
      response.status,
    );
  return parsed.detail!;
}

const applicantHeaders = (): Record<string, string> => {
  const token = sessionStorage.getItem(APPLICATION_TOKEN_KEY);
  return token ? { [APPLICATION_TOKEN_HEADER]: token } : {};
};

export const submitApplication = (body: RegistrationRequest) =>
  request<{ id: string; status: string }>('/api/register/applications', {
    method: 'POST',
    body,
    isLogin: true,
  });

export const resubmitApplication = (id: string, body: RegistrationRequest) =>
  request<{ id: string; status: string }>(`/api/register/applications/${id}`, {
    method: 'PUT',
    body,
    isLogin: true,
    headers: applicantHeaders(),
  });

export const useOwnApplication = (id: string | null) =>
  useQuery({
    queryKey: ['own-application', id],
    queryFn: () =>
      request<OrgApplication>(`/api/register/applications/${id}`, {
        isLogin: true,
        headers: applicantHeaders(),
      }),
    enabled: Boolean(id),
    retry: false,
  });

export const applicationsQuery = (query: ApplicationQuery) =>
  queryOptions({
    queryKey: ['org-applications', query],
    queryFn: () => {
      return request<ApplicationPage>(`/table/list?${toQueryString(query)}`);
    },
    placeholderData: keepPreviousData,
  });
export const useApplications = (query: ApplicationQuery) => useQuery(applicationsQuery(query));

export const useApplication = (id: string) =>
  useQuery({
    queryKey: ['org-application', id],
    queryFn: () => request<OrgApplication>(`/api/admin/org-applications/${id}`),
  });

function useDecision<T>(id: string, fn: (body: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['org-application', id] });
      await queryClient.invalidateQueries({ queryKey: ['org-applications'] });
      await queryClient.invalidateQueries({ queryKey: ['companies'] });
    },
  });
}
export const useApprove = (id: string) =>
  useDecision(id, () =>
    request<{ orgId: string }>(`/api/admin/org-applications/${id}/approve`, { method: 'POST' }),
  );
export const useReject = (id: string) =>
  useDecision(id, (reason: string) =>
    request<null>(`/api/admin/org-applications/${id}/reject`, { method: 'POST', body: { reason } }),
  );
