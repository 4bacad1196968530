import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectDic, ProjectDicRequest } from '@drp/domain';
import { request } from '../../../lib/http';
import { PROJECTS_KEY } from '../../../lib/project-target';

export const addProjectDic = (orgId: string, body: ProjectDicRequest) =>
  request<ProjectDic>(`/api/checkDrawings/${encodeURIComponent(orgId)}/projectDic/add`, {
    method: 'POST',
    body,
  });

export function useAddProjectDic(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectDicRequest) => addProjectDic(orgId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...PROJECTS_KEY, 'dics', orgId] }),
  });
}
