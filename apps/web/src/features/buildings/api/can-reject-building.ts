import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { projectBuildingsKey } from './keys';

/** `allowReject/{id}`: whether a reject of the building would be accepted now. */
export const canRejectBuildingQuery = (target: ProjectTarget, id: string) =>
  queryOptions({
    queryKey: [...projectBuildingsKey(target), 'allowReject', id],
    queryFn: ({ signal }) =>
      request<boolean>(projectUrl(target, `building/allowReject/${encodeURIComponent(id)}`), {
        signal,
        headers: actingAs(target.orgId),
      }),
  });

export const useCanRejectBuilding = (target: ProjectTarget, id: string, enabled: boolean) =>
  useQuery({ ...canRejectBuildingQuery(target, id), enabled });
