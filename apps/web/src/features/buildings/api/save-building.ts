import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Building, SaveBuildingRequest } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { projectBuildingsKey } from './keys';

/** `saveBuildingInfo`: no id saves a new building, an id changes that one. */
export const saveBuilding = (target: ProjectTarget, form: SaveBuildingRequest) =>
  request<Building>(projectUrl(target, 'building/saveBuildingInfo'), {
    method: 'POST',
    body: form,
    headers: actingAs(target.orgId),
  });

export function useSaveBuilding(target: ProjectTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: SaveBuildingRequest) => saveBuilding(target, form),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectBuildingsKey(target) }),
  });
}
