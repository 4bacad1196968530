import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectListQuery, ProjectPage } from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';
import { PROJECTS_KEY } from '../../../lib/project-target';

/**
 * `pagelist` answers the applications the acting organisation takes part in; supervising
 * authorities and joint-review bodies ask `searchForSupervise`. Same query, same page.
 */
export type ProjectListSource = 'pagelist' | 'searchForSupervise';

/** `orgId`: the acting organisation (sent as X-Org-Id), part of the key as the answer depends on it. */
export const projectPageQuery = (source: ProjectListSource, query: ProjectListQuery, orgId: string | null) =>
  queryOptions({
    queryKey: [...PROJECTS_KEY, source, orgId, query],
    queryFn: ({ signal }) =>
      request<ProjectPage>(`/api/checkDrawings/project/${source}?${toQueryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const useProjectPage = (source: ProjectListSource, query: ProjectListQuery, orgId: string | null) =>
  useQuery(projectPageQuery(source, query, orgId));
