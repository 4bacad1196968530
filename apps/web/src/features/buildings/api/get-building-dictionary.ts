import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BuildingDictionary } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { BUILDINGS_KEY } from './keys';

/**
 * Everything the building forms pick from, in one answer (`getBuildingDictionary`). The content
 * is the platform's dictionaries, the same for every project, so one answer serves them all.
 */
export const buildingDictionaryQuery = (target: ProjectTarget) =>
  queryOptions({
    queryKey: [...BUILDINGS_KEY, 'dictionary'],
    queryFn: ({ signal }) =>
      request<BuildingDictionary>(projectUrl(target, 'building/getBuildingDictionary'), {
        signal,
        headers: actingAs(target.orgId),
      }),
    staleTime: Infinity,
  });

export const useBuildingDictionary = (target: ProjectTarget) => useQuery(buildingDictionaryQuery(target));
