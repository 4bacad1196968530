import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectDic, ProjectDicQuery } from '@drp/domain';
import { request } from '../../../lib/http';
import { PROJECTS_KEY } from '../../../lib/project-target';

/** The construction unit's project masters (工程项目). */
export const projectDicsQuery = (orgId: string, query: ProjectDicQuery = {}) =>
  queryOptions({
    queryKey: [...PROJECTS_KEY, 'dics', orgId, query],
    queryFn: ({ signal }) =>
      request<ProjectDic[]>(`/api/checkDrawings/${encodeURIComponent(orgId)}/projectDic/query`, {
        method: 'POST',
        body: query,
        signal,
      }),
  });

/** `query.isAlter`: only masters with a passed application, which a change application can start from. */
export const useProjectDics = (orgId: string | null, query: ProjectDicQuery = {}) =>
  useQuery({ ...projectDicsQuery(orgId ?? '', query), enabled: Boolean(orgId) });
