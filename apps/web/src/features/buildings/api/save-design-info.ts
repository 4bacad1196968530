import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BuildingDesignInfo, SaveBuildingDesignInfosRequest } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { projectBuildingsKey } from './keys';

/** `saveBuildingDesignInfos`: the acting design unit's specialties of one building, added or changed. */
export const saveDesignInfo = (target: ProjectTarget, body: SaveBuildingDesignInfosRequest) =>
  request<BuildingDesignInfo[]>(projectUrl(target, 'building/saveBuildingDesignInfos'), {
    method: 'POST',
    body,
    headers: actingAs(target.orgId),
  });

/** Saving an entry may send a submitted building of a draft back to draft: refresh all. */
export function useSaveDesignInfo(target: ProjectTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveBuildingDesignInfosRequest) => saveDesignInfo(target, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectBuildingsKey(target) }),
  });
}
