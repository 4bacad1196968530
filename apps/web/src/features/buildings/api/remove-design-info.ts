import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { idList } from '../../../lib/id-list';
import { actingAs, type ProjectTarget } from '../../../lib/project-target';
import { projectBuildingsKey } from './keys';

/** `building/deleteBuildingDesignInfos/{ids}`: entries of the acting design unit (the path names no project). */
export const removeDesignInfo = (target: ProjectTarget, ids: readonly string[]) =>
  request<null>(
    `/api/checkDrawings/${encodeURIComponent(target.orgId)}/building/deleteBuildingDesignInfos/${idList(ids)}`,
    { method: 'DELETE', headers: actingAs(target.orgId) },
  );

export function useRemoveDesignInfo(target: ProjectTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) => removeDesignInfo(target, ids),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectBuildingsKey(target) }),
  });
}
