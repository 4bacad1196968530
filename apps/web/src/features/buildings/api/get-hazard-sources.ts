import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BuildingHazardSource } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { projectBuildingsKey } from './keys';

/** `getBuildingHazardSources/{id}`: the hazardous sub-projects (危大工程) of one building. */
export const hazardSourcesQuery = (target: ProjectTarget, buildingId: string) =>
  queryOptions({
    queryKey: [...projectBuildingsKey(target), 'hazards', buildingId],
    queryFn: ({ signal }) =>
      request<BuildingHazardSource[]>(
        projectUrl(target, `building/getBuildingHazardSources/${encodeURIComponent(buildingId)}`),
        { signal, headers: actingAs(target.orgId) },
      ),
  });

export const useHazardSources = (target: ProjectTarget, buildingId: string) =>
  useQuery(hazardSourcesQuery(target, buildingId));
