import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { actingAs, buildingUrl, idList, type BuildingTarget } from './building-scope';
import { projectBuildingsKey } from './keys';

/** `submit/{ids}`: hands draft or rejected buildings to the review agency for confirmation. */
export const submitBuildings = (target: BuildingTarget, ids: readonly string[]) =>
  request<null>(buildingUrl(target, `submit/${idList(ids)}`), {
    method: 'PUT',
    headers: actingAs(target.orgId),
  });

export function useSubmitBuildings(target: BuildingTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) => submitBuildings(target, ids),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectBuildingsKey(target) }),
  });
}
