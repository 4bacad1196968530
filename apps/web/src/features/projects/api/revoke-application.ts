import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { PROJECTS_KEY } from '../../../lib/project-target';

export const revokeApplication = (id: string) =>
  request<null>(`/api/checkDrawings/project/revoke/${encodeURIComponent(id)}`, { method: 'PUT' });

export function useRevokeApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApplication,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PROJECTS_KEY }),
  });
}
