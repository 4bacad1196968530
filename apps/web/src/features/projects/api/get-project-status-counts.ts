import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectStatusCounts } from '@drp/domain';
import { request } from '../../../lib/http';
import { PROJECTS_KEY } from '../../../lib/project-target';

/**
 * How many applications of the acting organisation's list (sent as X-Org-Id) are in each status.
 * Under PROJECTS_KEY, so whatever changes an application refreshes the counts with the lists.
 */
export const projectStatusCountsQuery = (orgId: string | null) =>
  queryOptions({
    queryKey: [...PROJECTS_KEY, 'statusCounts', orgId],
    queryFn: ({ signal }) =>
      request<ProjectStatusCounts>('/api/checkDrawings/project/projectStatusCounts', { signal }),
    enabled: orgId !== null,
  });

export const useProjectStatusCounts = (orgId: string | null) => useQuery(projectStatusCountsQuery(orgId));
