import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { PROJECTS_KEY } from '../../../lib/project-target';

/**
 * `project/{id}/submit/{seen}`: hands the draft to the review agency. `seen`: the submit count the
 * page showed, so a second click or a stale page is refused.
 */
export const submitApplication = (id: string, seen: number) =>
  request<null>(`/api/checkDrawings/project/${encodeURIComponent(id)}/submit/${seen}`, { method: 'PUT' });

export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, seen }: { id: string; seen: number }) => submitApplication(id, seen),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PROJECTS_KEY }),
  });
}
