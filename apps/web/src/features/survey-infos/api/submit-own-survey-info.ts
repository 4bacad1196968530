import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SurveyInfo } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { surveyInfosKey } from './keys';

/** `surveyInfo/submit/{id}`: from then on read-only. `-1` (the spec's default) is the unit's own. */
export const submitOwnSurveyInfo = (target: ProjectTarget, id = '-1') =>
  request<SurveyInfo>(projectUrl(target, `surveyInfo/submit/${encodeURIComponent(id)}`), {
    method: 'PUT',
    headers: actingAs(target.orgId),
  });

export function useSubmitOwnSurveyInfo(target: ProjectTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id?: string) => submitOwnSurveyInfo(target, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: surveyInfosKey(target) }),
  });
}
