import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BuildingDesignInfo, SaveBuildingDesignInfosRequest } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, buildingUrl, idList, orgUrl, type BuildingTarget } from './building-scope';
import { projectBuildingsKey } from './keys';

/** Who answers for each specialty of one building, per design unit: read, add or change, delete. */
export const designInfosQuery = (target: BuildingTarget, buildingId: string) =>
  queryOptions({
    queryKey: [...projectBuildingsKey(target), 'designInfo', buildingId],
    queryFn: ({ signal }) =>
      request<BuildingDesignInfo[]>(
        buildingUrl(target, `getBuildingDesignInfo/${encodeURIComponent(buildingId)}`),
        { signal, headers: actingAs(target.orgId) },
      ),
  });

export const useDesignInfos = (target: BuildingTarget, buildingId: string) =>
  useQuery(designInfosQuery(target, buildingId));

export const saveDesignInfos = (target: BuildingTarget, body: SaveBuildingDesignInfosRequest) =>
  request<BuildingDesignInfo[]>(buildingUrl(target, 'saveBuildingDesignInfos'), {
    method: 'POST',
    body,
    headers: actingAs(target.orgId),
  });

export const deleteDesignInfos = (target: BuildingTarget, ids: readonly string[]) =>
  request<null>(orgUrl(target.orgId, `building/deleteBuildingDesignInfos/${idList(ids)}`), {
    method: 'DELETE',
    headers: actingAs(target.orgId),
  });

export function useSaveDesignInfos(target: BuildingTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveBuildingDesignInfosRequest) => saveDesignInfos(target, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectBuildingsKey(target) }),
  });
}

export function useDeleteDesignInfos(target: BuildingTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) => deleteDesignInfos(target, ids),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectBuildingsKey(target) }),
  });
}
