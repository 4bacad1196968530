import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { idList } from '../../../lib/id-list';
import { actingAs, type ProjectTarget } from '../../../lib/project-target';
import { projectBuildingsKey } from './keys';

/** `building/deleteBuildingHazardSources/{ids}` (the path names no project). */
export const removeHazards = (target: ProjectTarget, ids: readonly string[]) =>
  request<null>(
    `/api/checkDrawings/${encodeURIComponent(target.orgId)}/building/deleteBuildingHazardSources/${idList(ids)}`,
    { method: 'DELETE', headers: actingAs(target.orgId) },
  );

/** Deleting an entry may send a submitted building of a draft back to draft: refresh all. */
export function useRemoveHazards(target: ProjectTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) => removeHazards(target, ids),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectBuildingsKey(target) }),
  });
}
