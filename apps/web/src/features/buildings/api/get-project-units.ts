import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BuildingParty } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { projectBuildingsKey } from './keys';

/** The application's design (`getDesignUnit`) or survey (`getSurveyUnit`) units, for the building form. */
export const projectUnitsQuery = (target: ProjectTarget, role: 'DESIGN' | 'SURVEY') =>
  queryOptions({
    queryKey: [...projectBuildingsKey(target), 'units', role],
    queryFn: ({ signal }) =>
      request<BuildingParty[]>(
        projectUrl(target, role === 'DESIGN' ? 'building/getDesignUnit' : 'building/getSurveyUnit'),
        {
          signal,
          headers: actingAs(target.orgId),
        },
      ),
  });

export const useProjectUnits = (target: ProjectTarget, role: 'DESIGN' | 'SURVEY') =>
  useQuery(projectUnitsQuery(target, role));
