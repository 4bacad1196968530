import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { projectDocsKey } from './keys';

/** `projectDoc/delete/{id}`: one attachment of the application. */
export const removeProjectDoc = (id: string) =>
  request<null>(`/api/checkDrawings/projectDoc/delete/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useRemoveProjectDoc(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeProjectDoc,
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectDocsKey(projectId) }),
  });
}
