import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { idList } from '../../../lib/id-list';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { projectBuildingsKey } from './keys';

/**
 * `reject/{ids}`: the review agency sends submitted buildings back. The reason goes with the
 * reject call itself, which records it as the building's feedback in the same transaction: a
 * separate `buildingFeedback/add` first could leave a reason for a rejection that then failed.
 */
export const rejectBuildings = (target: ProjectTarget, ids: readonly string[], reason: string) =>
  request<null>(projectUrl(target, `building/reject/${idList(ids)}`), {
    method: 'PUT',
    body: { reason },
    headers: actingAs(target.orgId),
  });

export function useRejectBuildings(target: ProjectTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, reason }: { ids: readonly string[]; reason: string }) =>
      rejectBuildings(target, ids, reason),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectBuildingsKey(target) }),
  });
}
