import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BuildingHazardSource, SaveBuildingHazardSourcesRequest } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { projectBuildingsKey } from './keys';

/** `saveBuildingHazardSources`: hazard sources of one building, added or changed. */
export const saveHazards = (target: ProjectTarget, body: SaveBuildingHazardSourcesRequest) =>
  request<BuildingHazardSource[]>(projectUrl(target, 'building/saveBuildingHazardSources'), {
    method: 'POST',
    body,
    headers: actingAs(target.orgId),
  });

/** Saving an entry may send a submitted building of a draft back to draft: refresh all. */
export function useSaveHazards(target: ProjectTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveBuildingHazardSourcesRequest) => saveHazards(target, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectBuildingsKey(target) }),
  });
}
