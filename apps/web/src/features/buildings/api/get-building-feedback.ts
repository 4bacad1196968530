import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BuildingFeedback } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, type ProjectTarget } from '../../../lib/project-target';
import { projectBuildingsKey } from './keys';

/** `buildingFeedback/query/{id}`: the review agency's reasons for rejecting a building, newest first. */
export const buildingFeedbackQuery = (target: ProjectTarget, id: string) =>
  queryOptions({
    queryKey: [...projectBuildingsKey(target), 'feedback', id],
    queryFn: ({ signal }) =>
      request<BuildingFeedback[]>(
        `/api/checkDrawings/${encodeURIComponent(target.orgId)}/buildingFeedback/query/${encodeURIComponent(id)}`,
        {
          signal,
          headers: actingAs(target.orgId),
        },
      ),
  });

export const useBuildingFeedback = (target: ProjectTarget, id: string) =>
  useQuery(buildingFeedbackQuery(target, id));
