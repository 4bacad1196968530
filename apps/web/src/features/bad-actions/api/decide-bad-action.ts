import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BadAction } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { badActionsKey } from './keys';

/**
 * The three steps that end a RECORDED bad action: `withdraw` (the agency), `confirm` and `reject`
 * (with its reason; the region's supervising authority).
 */
export type BadActionStep =
  | { step: 'withdraw'; id: string }
  | { step: 'confirm'; id: string }
  | { step: 'reject'; id: string; reason: string };

export const decideBadAction = (target: ProjectTarget, input: BadActionStep) =>
  request<BadAction>(projectUrl(target, `badAction/${encodeURIComponent(input.id)}/${input.step}`), {
    method: 'PUT',
    headers: actingAs(target.orgId),
    ...(input.step === 'reject' ? { body: { reason: input.reason } } : {}),
  });

export function useDecideBadAction(target: ProjectTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BadActionStep) => decideBadAction(target, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: badActionsKey(target) }),
  });
}
