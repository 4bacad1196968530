import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CompanyPage,
  CompanyQuery,
  AdminCreateOrgRequest,
  OrgDetail,
  OrgDetailsRequest,
  OrgSummary,
} from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';

export const companiesQuery = (query: CompanyQuery) =>
  queryOptions({
    queryKey: ['companies', query],
    queryFn: () =>
      request<CompanyPage>(`/api/admin/company/pasau/getAllCompany?${toQueryString(query)}`, {
        method: 'POST',
      }),
    placeholderData: keepPreviousData,
  });
export const useCompanies = (query: CompanyQuery) => useQuery(companiesQuery(query));

export const createOrg = (body: AdminCreateOrgRequest) =>
  request<OrgSummary>('/api/admin/orgs', { method: 'POST', body });
export const setOrgEnabled = (orgId: string, enabled: boolean) =>
  request<null>(`/api/admin/orgs/${encodeURIComponent(orgId)}/enabled`, { method: 'PUT', body: { enabled } });

export function useCreateOrg() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrg,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['companies'] }),
  });
}

export function useSetOrgEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orgId, enabled }: { orgId: string; enabled: boolean }) => setOrgEnabled(orgId, enabled),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['companies'] }),
  });
}

export const orgDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ['org-detail', id],
    queryFn: () => request<OrgDetail>(`/api/info/orgs/${encodeURIComponent(id)}`),
  });
export const useOrgDetail = (id: string | undefined) =>
  useQuery({ ...orgDetailQuery(id ?? ''), enabled: Boolean(id) });

export const addDirectoryEntry = (body: OrgDetailsRequest) =>
  request<OrgSummary>('/api/info/orgs', { method: 'POST', body });
export const updateDirectoryEntry = (id: string, body: OrgDetailsRequest) =>
  request<OrgSummary>(`/api/info/orgs/${encodeURIComponent(id)}`, { method: 'PUT', body });

/** Saves a directory entry: adds it, or corrects the one named by `id`. */
export function useSaveDirectoryEntry(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrgDetailsRequest) => (id ? updateDirectoryEntry(id, body) : addDirectoryEntry(body)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['companies'] });
      if (id) await queryClient.invalidateQueries({ queryKey: ['org-detail', id] });
    },
  });
}
