import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORG_HEADER, type ProjectAlterDetail } from '@drp/domain';
import { ApiError, request } from '../../../lib/http';
import { PROJECT_ALTERS_KEY } from './keys';

/** `projectAlterDetail/{id}`: the change's own part and its application, as `orgId` sees them. */
export const projectAlterQuery = (id: string, orgId: string | null) =>
  queryOptions({
    queryKey: [...PROJECT_ALTERS_KEY, 'detail', id, orgId],
    queryFn: ({ signal }) =>
      request<ProjectAlterDetail>(`/api/checkDrawings/projectAlterDetail/${encodeURIComponent(id)}`, {
        signal,
        headers: orgId ? { [ORG_HEADER]: orgId } : undefined,
      }),
    // Missing and out of reach both answer 404: asking again changes nothing.
    retry: (count, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });

export const useProjectAlter = (id: string | undefined, orgId: string | null) =>
  useQuery({ ...projectAlterQuery(id ?? '', orgId), enabled: Boolean(id) });
