import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BuildingHazardSource, SaveBuildingHazardSourcesRequest } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, buildingUrl, idList, orgUrl, type BuildingTarget } from './building-scope';
import { projectBuildingsKey } from './keys';

/** The hazardous sub-projects (危大工程) of one building: read, add or change, delete. */
export const hazardSourcesQuery = (target: BuildingTarget, buildingId: string) =>
  queryOptions({
    queryKey: [...projectBuildingsKey(target), 'hazards', buildingId],
    queryFn: ({ signal }) =>
      request<BuildingHazardSource[]>(
        buildingUrl(target, `getBuildingHazardSources/${encodeURIComponent(buildingId)}`),
        { signal, headers: actingAs(target.orgId) },
      ),
  });

export const useHazardSources = (target: BuildingTarget, buildingId: string) =>
  useQuery(hazardSourcesQuery(target, buildingId));

export const saveHazardSources = (target: BuildingTarget, body: SaveBuildingHazardSourcesRequest) =>
  request<BuildingHazardSource[]>(buildingUrl(target, 'saveBuildingHazardSources'), {
    method: 'POST',
    body,
    headers: actingAs(target.orgId),
  });

export const deleteHazardSources = (target: BuildingTarget, ids: readonly string[]) =>
  request<null>(orgUrl(target.orgId, `building/deleteBuildingHazardSources/${idList(ids)}`), {
    method: 'DELETE',
    headers: actingAs(target.orgId),
  });

/** Saving or deleting an entry may send a submitted building of a draft back to draft: refresh all. */
export function useSaveHazardSources(target: BuildingTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveBuildingHazardSourcesRequest) => saveHazardSources(target, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectBuildingsKey(target) }),
  });
}

export function useDeleteHazardSources(target: BuildingTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) => deleteHazardSources(target, ids),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectBuildingsKey(target) }),
  });
}
