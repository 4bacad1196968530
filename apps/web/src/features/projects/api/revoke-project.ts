import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { PROJECTS_KEY } from './keys';

export const revokeProject = (id: string) =>
  request<null>(`/api/checkDrawings/project/revoke/${encodeURIComponent(id)}`, { method: 'PUT' });

export function useRevokeProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeProject,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PROJECTS_KEY }),
  });
}
