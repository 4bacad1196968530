import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROJECTS_KEY } from '../../../lib/project-target';
import { DOC_REPOSITORY_KEY } from './keys';

/**
 * A hand-over changes the version's status for every party and the application's status (送审,
 * 审查中), so the whole repository and the project views are read again.
 */
export function useHandoverMutation<V>(call: (v: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: DOC_REPOSITORY_KEY }),
        queryClient.invalidateQueries({ queryKey: PROJECTS_KEY }),
      ]),
  });
}
