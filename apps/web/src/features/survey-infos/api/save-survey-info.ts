import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveSurveyInfoRequest, SurveyInfo } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, surveyInfoUrl, surveyInfosKey, type SurveyInfoTarget } from './survey-info-scope';

/** `surveyInfo/save`: the acting survey unit's draft, created on the first save. */
export const saveSurveyInfo = (target: SurveyInfoTarget, body: SaveSurveyInfoRequest) =>
  request<SurveyInfo>(surveyInfoUrl(target, 'save'), {
    method: 'POST',
    body,
    headers: actingAs(target.orgId),
  });

export function useSaveSurveyInfo(target: SurveyInfoTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSurveyInfoRequest) => saveSurveyInfo(target, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: surveyInfosKey(target) }),
  });
}
