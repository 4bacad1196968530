import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { PROJECTS_KEY } from './keys';

export const deleteProject = (id: string) =>
  request<null>(`/api/checkDrawings/project/delete/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_, id) => queryClient.removeQueries({ queryKey: [...PROJECTS_KEY, 'detail', id] }),
    // Not awaited: the page that showed the draft is about to leave, and must not refetch it first.
    onSettled: (_, __, id) =>
      void queryClient.invalidateQueries({
        queryKey: PROJECTS_KEY,
        predicate: (query) => !(query.queryKey[1] === 'detail' && query.queryKey[2] === id),
      }),
  });
}
