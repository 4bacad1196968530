import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORG_HEADER, type ProjectDetail } from '@drp/domain';
import { request } from '../../../lib/http';
import { PROJECTS_KEY } from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';

/** One application as the organisation `orgId` sees it (sent as X-Org-Id; null: the current one). */
export const fetchProjectDetail = (id: string, orgId: string | null, signal?: AbortSignal) =>
  request<ProjectDetail>(`/api/checkDrawings/project/detail/${encodeURIComponent(id)}`, {
    signal,
    headers: orgId ? { [ORG_HEADER]: orgId } : undefined,
  });

/** `orgId`: the acting organisation (sent as X-Org-Id); whether it may see the project depends on it. */
export const projectDetailQuery = (id: string, orgId: string | null) =>
  queryOptions({
    queryKey: [...PROJECTS_KEY, 'detail', id, orgId],
    queryFn: ({ signal }) => fetchProjectDetail(id, orgId, signal),
    // Missing and out of reach both answer 404: asking again changes nothing.
    retry: retryUnlessRefused,
  });

export const useProjectDetail = (id: string | undefined, orgId: string | null) =>
  useQuery({ ...projectDetailQuery(id ?? '', orgId), enabled: Boolean(id) });
