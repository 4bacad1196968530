import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { projectBuildingsKey } from './keys';

/** `confirm/{id}`: the review agency confirms a submitted building. */
export const confirmBuilding = (target: ProjectTarget, id: string) =>
  request<null>(projectUrl(target, `building/confirm/${encodeURIComponent(id)}`), {
    method: 'PUT',
    headers: actingAs(target.orgId),
  });

export function useConfirmBuilding(target: ProjectTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => confirmBuilding(target, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectBuildingsKey(target) }),
  });
}
