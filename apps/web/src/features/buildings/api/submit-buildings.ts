import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { idList } from '../../../lib/id-list';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { projectBuildingsKey } from './keys';

/** `submit/{ids}`: hands draft or rejected buildings to the review agency for confirmation. */
export const submitBuildings = (target: ProjectTarget, ids: readonly string[]) =>
  request<null>(projectUrl(target, `building/submit/${idList(ids)}`), {
    method: 'PUT',
    headers: actingAs(target.orgId),
  });

export function useSubmitBuildings(target: ProjectTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) => submitBuildings(target, ids),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectBuildingsKey(target) }),
  });
}
