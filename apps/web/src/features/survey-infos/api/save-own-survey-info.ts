import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveSurveyInfoRequest, SurveyInfo } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { surveyInfosKey } from './keys';

/** `surveyInfo/save`: the acting survey unit's draft, created on the first save. */
export const saveOwnSurveyInfo = (target: ProjectTarget, body: SaveSurveyInfoRequest) =>
  request<SurveyInfo>(projectUrl(target, 'surveyInfo/save'), {
    method: 'POST',
    body,
    headers: actingAs(target.orgId),
  });

export function useSaveOwnSurveyInfo(target: ProjectTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSurveyInfoRequest) => saveOwnSurveyInfo(target, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: surveyInfosKey(target) }),
  });
}
