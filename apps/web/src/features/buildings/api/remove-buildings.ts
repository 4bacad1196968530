import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { idList } from '../../../lib/id-list';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { projectBuildingsKey } from './keys';

/** `deleteBuildingInfos/{ids}`: draft or rejected buildings, with everything entered for them. */
export const removeBuildings = (target: ProjectTarget, ids: readonly string[]) =>
  request<null>(projectUrl(target, `building/deleteBuildingInfos/${idList(ids)}`), {
    method: 'DELETE',
    headers: actingAs(target.orgId),
  });

export function useRemoveBuildings(target: ProjectTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) => removeBuildings(target, ids),
    onSuccess: (_, ids) => {
      for (const id of ids)
        queryClient.removeQueries({ queryKey: [...projectBuildingsKey(target), 'one', id] });
    },
    // Not awaited: a detail page that showed the building is about to leave.
    onSettled: (_, __, ids) =>
      void queryClient.invalidateQueries({
        queryKey: projectBuildingsKey(target),
        predicate: (query) => !(query.queryKey[3] === 'one' && ids.includes(query.queryKey[4] as string)),
      }),
  });
}
