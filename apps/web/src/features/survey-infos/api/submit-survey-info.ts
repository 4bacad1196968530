import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SurveyInfo } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, surveyInfoUrl, surveyInfosKey, type SurveyInfoTarget } from './survey-info-scope';

/** `surveyInfo/submit/{id}`: from then on read-only. `-1` (the spec's default) is the unit's own. */
export const submitSurveyInfo = (target: SurveyInfoTarget, id = '-1') =>
  request<SurveyInfo>(surveyInfoUrl(target, `submit/${encodeURIComponent(id)}`), {
    method: 'PUT',
    headers: actingAs(target.orgId),
  });

export function useSubmitSurveyInfo(target: SurveyInfoTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id?: string) => submitSurveyInfo(target, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: surveyInfosKey(target) }),
  });
}
