import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BuildingFeedback } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, orgUrl, type BuildingTarget } from './building-scope';
import { projectBuildingsKey } from './keys';

/** `buildingFeedback/query/{id}`: the review agency's reasons for rejecting a building, newest first. */
export const buildingFeedbackQuery = (target: BuildingTarget, id: string) =>
  queryOptions({
    queryKey: [...projectBuildingsKey(target), 'feedback', id],
    queryFn: ({ signal }) =>
      request<BuildingFeedback[]>(orgUrl(target.orgId, `buildingFeedback/query/${encodeURIComponent(id)}`), {
        signal,
        headers: actingAs(target.orgId),
      }),
  });

export const useBuildingFeedback = (target: BuildingTarget, id: string) =>
  useQuery(buildingFeedbackQuery(target, id));
