import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectAlterRequest, ProjectAlterSaved } from '@drp/domain';
import { request } from '../../../lib/http';
import { PROJECT_ALTERS_KEY } from './keys';

/** `projectAlterDetail/saveOrUpdate`: no id saves a new change application, an id changes that draft. */
export const saveAlter = (body: ProjectAlterRequest) =>
  request<ProjectAlterSaved>('/api/checkDrawings/projectAlterDetail/saveOrUpdate', { method: 'POST', body });

export function useSaveAlter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAlter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROJECT_ALTERS_KEY }),
  });
}
