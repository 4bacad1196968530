import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BuildingSurveyInfo, SaveBuildingSurveyInfoRequest } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { projectBuildingsKey } from './keys';

/** `saveBuildingSurveyInfo`: the acting survey unit's findings for one building. */
export const saveSurveyInfo = (target: ProjectTarget, body: SaveBuildingSurveyInfoRequest) =>
  request<BuildingSurveyInfo>(projectUrl(target, 'building/saveBuildingSurveyInfo'), {
    method: 'POST',
    body,
    headers: actingAs(target.orgId),
  });

export function useSaveSurveyInfo(target: ProjectTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveBuildingSurveyInfoRequest) => saveSurveyInfo(target, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectBuildingsKey(target) }),
  });
}
