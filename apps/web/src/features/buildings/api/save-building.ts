import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Building, SaveBuildingRequest } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, buildingUrl, type BuildingTarget } from './building-scope';
import { projectBuildingsKey } from './keys';

/** `saveBuildingInfo`: no id saves a new building, an id changes that one. */
export const saveBuilding = (target: BuildingTarget, form: SaveBuildingRequest) =>
  request<Building>(buildingUrl(target, 'saveBuildingInfo'), {
    method: 'POST',
    body: form,
    headers: actingAs(target.orgId),
  });

export function useSaveBuilding(target: BuildingTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: SaveBuildingRequest) => saveBuilding(target, form),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectBuildingsKey(target) }),
  });
}
