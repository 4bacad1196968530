import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BadAction, BadActionCreateRequest } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { badActionsKey } from './keys';

/** `POST badAction`. */
export const recordBadAction = (target: ProjectTarget, body: BadActionCreateRequest) =>
  request<BadAction>(projectUrl(target, 'badAction'), {
    method: 'POST',
    body,
    headers: actingAs(target.orgId),
  });

export function useRecordBadAction(target: ProjectTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BadActionCreateRequest) => recordBadAction(target, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: badActionsKey(target) }),
  });
}
