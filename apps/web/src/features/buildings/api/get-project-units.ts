import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BuildingParty } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, buildingUrl, type BuildingTarget } from './building-scope';
import { projectBuildingsKey } from './keys';

/** The application's design (`getDesignUnit`) or survey (`getSurveyUnit`) units, for the building form. */
export const projectUnitsQuery = (target: BuildingTarget, role: 'DESIGN' | 'SURVEY') =>
  queryOptions({
    queryKey: [...projectBuildingsKey(target), 'units', role],
    queryFn: ({ signal }) =>
      request<BuildingParty[]>(buildingUrl(target, role === 'DESIGN' ? 'getDesignUnit' : 'getSurveyUnit'), {
        signal,
        headers: actingAs(target.orgId),
      }),
  });

export const useProjectUnits = (target: BuildingTarget, role: 'DESIGN' | 'SURVEY') =>
  useQuery(projectUnitsQuery(target, role));
