import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { PROJECTS_KEY } from '../../../lib/project-target';

export const deleteApplication = (id: string) =>
  request<null>(`/api/checkDrawings/project/delete/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApplication,
    onSuccess: (_, id) => queryClient.removeQueries({ queryKey: [...PROJECTS_KEY, 'detail', id] }),
    // Not awaited: the page that showed the draft is about to leave, and must not refetch it first.
    onSettled: (_, __, id) =>
      void queryClient.invalidateQueries({
        queryKey: PROJECTS_KEY,
        predicate: (query) => !(query.queryKey[1] === 'detail' && query.queryKey[2] === id),
      }),
  });
}
