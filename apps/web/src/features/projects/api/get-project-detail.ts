import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectDetail } from '@drp/domain';
import { ApiError, request } from '../../../lib/http';
import { PROJECTS_KEY } from './keys';

/** `orgId`: the acting organisation (sent as X-Org-Id); whether it may see the project depends on it. */
export const projectDetailQuery = (id: string, orgId: string | null) =>
  queryOptions({
    queryKey: [...PROJECTS_KEY, 'detail', id, orgId],
    queryFn: ({ signal }) =>
      request<ProjectDetail>(`/api/checkDrawings/project/detail/${encodeURIComponent(id)}`, { signal }),
    // Missing and out of reach both answer 404: asking again changes nothing.
    retry: (count, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });

export const useProjectDetail = (id: string | undefined, orgId: string | null) =>
  useQuery({ ...projectDetailQuery(id ?? '', orgId), enabled: Boolean(id) });
