import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Building } from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { projectBuildingsKey } from './keys';

/** `copyBuildingInfo?buildingId=…&buildingName=…`: basic data, hazard sources and design info, as a draft. */
export const copyBuilding = (target: ProjectTarget, buildingId: string, buildingName: string) =>
  request<Building>(
    projectUrl(target, `building/copyBuildingInfo?${toQueryString({ buildingId, buildingName })}`),
    {
      method: 'POST',
      headers: actingAs(target.orgId),
    },
  );

export function useCopyBuilding(target: ProjectTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => copyBuilding(target, id, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectBuildingsKey(target) }),
  });
}
