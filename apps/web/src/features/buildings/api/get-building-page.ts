import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BuildingListQuery, BuildingPage } from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { projectBuildingsKey } from './keys';

/** `getBuildings`: one page of the project's buildings, by part of the name. */
export const buildingPageQuery = (target: ProjectTarget, query: BuildingListQuery) =>
  queryOptions({
    queryKey: [...projectBuildingsKey(target), 'page', query],
    queryFn: ({ signal }) =>
      request<BuildingPage>(projectUrl(target, `building/getBuildings?${toQueryString(query)}`), {
        signal,
        headers: actingAs(target.orgId),
      }),
    placeholderData: keepPreviousData,
  });

export const useBuildingPage = (target: ProjectTarget, query: BuildingListQuery) =>
  useQuery(buildingPageQuery(target, query));
