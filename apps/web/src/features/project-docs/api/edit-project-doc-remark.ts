import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectDoc, ProjectDocRemarkRequest } from '@drp/domain';
import { request } from '../../../lib/http';
import { projectDocsKey } from './keys';

export const editProjectDocRemark = (id: string, body: ProjectDocRemarkRequest) =>
  request<ProjectDoc>(`/api/checkDrawings/projectDoc/remark/edit/${encodeURIComponent(id)}`, {
    method: 'POST',
    body,
  });

export function useEditProjectDocRemark(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, remark }: { id: string; remark: string | null }) =>
      editProjectDocRemark(id, { remark }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectDocsKey(projectId) }),
  });
}
