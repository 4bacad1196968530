import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerDetail, AnswerWriteRequest, OpinionDecisionRequest } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { answersKey } from './keys';

const enc = encodeURIComponent;

/**
 * What the parties do to an issued opinion: the unit answers it (POST) or changes its answer (PUT)
 * until it hands over; a later round's reviewer decides it (PUT decision) or takes the decision
 * back (DELETE decision) before the mission is submitted.
 */
export type AnswerStep =
  | { step: 'give'; id: string; body: AnswerWriteRequest }
  | { step: 'change'; id: string; body: AnswerWriteRequest }
  | { step: 'decide'; id: string; body: OpinionDecisionRequest }
  | { step: 'withdraw'; id: string };

export const runAnswerStep = (target: ProjectTarget, input: AnswerStep) => {
  const base = projectUrl(target, `opinionAnswer/${enc(input.id)}`);
  const headers = actingAs(target.orgId);
  switch (input.step) {
    case 'give':
      return request<AnswerDetail>(base, { method: 'POST', body: input.body, headers });
    case 'change':
      return request<AnswerDetail>(base, { method: 'PUT', body: input.body, headers });
    case 'decide':
      return request<AnswerDetail>(`${base}/decision`, { method: 'PUT', body: input.body, headers });
    case 'withdraw':
      return request<AnswerDetail>(`${base}/decision`, { method: 'DELETE', headers });
  }
};

export function useAnswerStep(target: ProjectTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AnswerStep) => runAnswerStep(target, input),
    // Counts, states and the banner of every list change with one answer or decision.
    onSettled: () => queryClient.invalidateQueries({ queryKey: answersKey(target) }),
  });
}
