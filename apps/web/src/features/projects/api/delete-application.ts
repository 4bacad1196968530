import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { PROJECTS_KEY } from '../../../lib/project-target';

export const deleteApplication = (id: string) =>
  request<null>(`/api/checkDrawings/project/delete/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApplication,
    // Not awaited, and the draft's own answers are neither refetched nor dropped (they expire): the
    // page that shows them is about to leave, and either would read the draft again (404) first.
    onSettled: (_, __, id) =>
      void queryClient.invalidateQueries({
        queryKey: PROJECTS_KEY,
        predicate: (query) => !(query.queryKey[1] === 'detail' && query.queryKey[2] === id),
      }),
  });
}
