import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectTarget } from '../../../lib/project-target';
import { docRepositoryKey } from './keys';

/** A change anywhere in the repository refreshes trees, files and the hand-over state alike. */
export function useRepositoryMutation<V, R>(target: ProjectTarget, call: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: docRepositoryKey(target) }),
  });
}
