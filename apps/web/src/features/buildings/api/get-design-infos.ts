import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BuildingDesignInfo } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { projectBuildingsKey } from './keys';

/** `getBuildingDesignInfo/{id}`: who answers for each specialty of one building, per design unit. */
export const designInfosQuery = (target: ProjectTarget, buildingId: string) =>
  queryOptions({
    queryKey: [...projectBuildingsKey(target), 'designInfo', buildingId],
    queryFn: ({ signal }) =>
      request<BuildingDesignInfo[]>(
        projectUrl(target, `building/getBuildingDesignInfo/${encodeURIComponent(buildingId)}`),
        { signal, headers: actingAs(target.orgId) },
      ),
  });

export const useDesignInfos = (target: ProjectTarget, buildingId: string) =>
  useQuery(designInfosQuery(target, buildingId));
