import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { projectDocsKey } from './keys';

export const deleteProjectDoc = (id: string) =>
  request<null>(`/api/checkDrawings/projectDoc/delete/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteProjectDoc(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProjectDoc,
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectDocsKey(projectId) }),
  });
}
