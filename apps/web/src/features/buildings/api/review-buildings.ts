import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { actingAs, buildingUrl, idList, type BuildingTarget } from './building-scope';
import { projectBuildingsKey } from './keys';

/**
 * The review agency's answer to submitted buildings: `confirm/{id}`, `reject/{ids}` with the
 * reason, and `allowReject/{id}` (whether a reject would be accepted now).
 */
export const confirmBuilding = (target: BuildingTarget, id: string) =>
  request<null>(buildingUrl(target, `confirm/${encodeURIComponent(id)}`), {
    method: 'PUT',
    headers: actingAs(target.orgId),
  });

/**
 * The reason goes with the reject call itself, which records it as the building's feedback in the
 * same transaction: a separate `buildingFeedback/add` first could leave a reason for a rejection
 * that then failed.
 */
export const rejectBuildings = (target: BuildingTarget, ids: readonly string[], reason: string) =>
  request<null>(buildingUrl(target, `reject/${idList(ids)}`), {
    method: 'PUT',
    body: { reason },
    headers: actingAs(target.orgId),
  });

export const allowRejectQuery = (target: BuildingTarget, id: string) =>
  queryOptions({
    queryKey: [...projectBuildingsKey(target), 'allowReject', id],
    queryFn: ({ signal }) =>
      request<boolean>(buildingUrl(target, `allowReject/${encodeURIComponent(id)}`), {
        signal,
        headers: actingAs(target.orgId),
      }),
  });

export const useAllowReject = (target: BuildingTarget, id: string, enabled: boolean) =>
  useQuery({ ...allowRejectQuery(target, id), enabled });

export function useConfirmBuilding(target: BuildingTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => confirmBuilding(target, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectBuildingsKey(target) }),
  });
}

export function useRejectBuildings(target: BuildingTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, reason }: { ids: readonly string[]; reason: string }) =>
      rejectBuildings(target, ids, reason),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectBuildingsKey(target) }),
  });
}
