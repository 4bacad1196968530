import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectDocListQuery, ProjectDocPage } from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';
import { projectDocsKey } from './keys';

/** `projectDoc/pagelist`: one page of an application's attachments, of one kind when given. */
export const projectDocPageQuery = (query: ProjectDocListQuery) =>
  queryOptions({
    queryKey: [...projectDocsKey(query.projectId), query],
    queryFn: ({ signal }) =>
      request<ProjectDocPage>(`/api/checkDrawings/projectDoc/pagelist?${toQueryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const useProjectDocPage = (query: ProjectDocListQuery) => useQuery(projectDocPageQuery(query));
