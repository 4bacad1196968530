import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FilingDetail, FilingFlag, FilingInput, FilingPage, ProjectFilingPage } from '@drp/domain';
import { downloadFile, request, toQueryString } from '../../../lib/http';
import {
  actingAs,
  PROJECTS_KEY,
  projectKey,
  projectUrl,
  type ProjectTarget,
} from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';

const FILINGS_KEY = ['filings'] as const;

/** `…/{projectId}/filing`: the application's filings and whether the agency may file now. */
export const useProjectFilings = (target: ProjectTarget) =>
  useQuery({
    queryKey: [...FILINGS_KEY, ...projectKey(target)],
    queryFn: ({ signal }) =>
      request<ProjectFilingPage>(projectUrl(target, 'filing'), { signal, headers: actingAs(target.orgId) }),
    retry: retryUnlessRefused,
  });

function useRefreshFilings() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: FILINGS_KEY }),
      queryClient.invalidateQueries({ queryKey: PROJECTS_KEY }),
    ]);
}

/** Files the issued certificate (again after a rejection). */
export function useFileCertificate(target: ProjectTarget) {
  const refresh = useRefreshFilings();
  return useMutation({
    mutationFn: (input: FilingInput) =>
      request<FilingDetail>(projectUrl(target, 'filing'), {
        method: 'POST',
        body: input,
        headers: actingAs(target.orgId),
      }),
    onSettled: refresh,
  });
}

/** `filing/{id}`: one filing, for the agency (acting as `orgId`) or the authority. */
export const useFiling = (id: string, orgId?: string) =>
  useQuery({
    queryKey: [...FILINGS_KEY, 'detail', id, orgId ?? ''],
    queryFn: ({ signal }) =>
      request<FilingDetail>(`/api/checkDrawings/filing/${encodeURIComponent(id)}`, {
        signal,
        ...(orgId ? { headers: actingAs(orgId) } : {}),
      }),
    retry: retryUnlessRefused,
  });

/** The authority's filings of one state (`approval/tbc|confirmed|rejected`). */
export const useAuthorityFilings = (query: {
  flag: FilingFlag;
  keyword: string;
  page: number;
  pageSize: number;
}) =>
  useQuery({
    queryKey: [...FILINGS_KEY, 'region', query],
    queryFn: ({ signal }) =>
      request<FilingPage>(
        `/api/checkDrawings/filing/pagelist?${toQueryString({ ...query, keyword: query.keyword || undefined })}`,
        { signal },
      ),
    retry: retryUnlessRefused,
  });

/** The authority confirms, or rejects with a reason. */
export function useDecideFiling(id: string) {
  const refresh = useRefreshFilings();
  return useMutation({
    mutationFn: (input: { decision: 'CONFIRM' | 'REJECT'; reason?: string }) =>
      request<FilingDetail>(`/api/checkDrawings/filing/${encodeURIComponent(id)}/decide`, {
        method: 'POST',
        body: input,
      }),
    onSettled: refresh,
  });
}

/** The national records of the filings confirmed in a period, saved as CSV. */
export const downloadFilingExport = (from: string, to: string) =>
  downloadFile(
    `/api/checkDrawings/filing/export?${toQueryString({ from, to })}`,
    `施工图审查备案_${from}_${to}.csv`,
  );
