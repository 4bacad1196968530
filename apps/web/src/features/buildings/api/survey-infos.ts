import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BuildingSurveyInfo, SaveBuildingSurveyInfoRequest } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, buildingUrl, type BuildingTarget } from './building-scope';
import { projectBuildingsKey } from './keys';

/** The survey units' findings for one building (one entry per unit): read, and save one's own. */
export const surveyInfosQuery = (target: BuildingTarget, buildingId: string) =>
  queryOptions({
    queryKey: [...projectBuildingsKey(target), 'surveyInfo', buildingId],
    queryFn: ({ signal }) =>
      request<BuildingSurveyInfo[]>(
        buildingUrl(target, `getBuildingSurveyInfo/${encodeURIComponent(buildingId)}`),
        { signal, headers: actingAs(target.orgId) },
      ),
  });

export const useSurveyInfos = (target: BuildingTarget, buildingId: string) =>
  useQuery(surveyInfosQuery(target, buildingId));

export const saveSurveyInfo = (target: BuildingTarget, body: SaveBuildingSurveyInfoRequest) =>
  request<BuildingSurveyInfo>(buildingUrl(target, 'saveBuildingSurveyInfo'), {
    method: 'POST',
    body,
    headers: actingAs(target.orgId),
  });

export function useSaveSurveyInfo(target: BuildingTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveBuildingSurveyInfoRequest) => saveSurveyInfo(target, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectBuildingsKey(target) }),
  });
}
