import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Building } from '@drp/domain';
import { ApiError, request } from '../../../lib/http';
import { actingAs, buildingUrl, type BuildingTarget } from './building-scope';
import { projectBuildingsKey } from './keys';

/** One building of the project (`GET …/building/{buildingId}`). */
export const buildingQuery = (target: BuildingTarget, id: string) =>
  queryOptions({
    queryKey: [...projectBuildingsKey(target), 'one', id],
    queryFn: ({ signal }) =>
      request<Building>(buildingUrl(target, encodeURIComponent(id)), {
        signal,
        headers: actingAs(target.orgId),
      }),
    // A building of another project, or none, answers 404: asking again changes nothing.
    retry: (count, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });

export const useBuilding = (target: BuildingTarget, id: string) => useQuery(buildingQuery(target, id));
