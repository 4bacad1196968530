import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectForm } from '@drp/domain';
import { request } from '../../../lib/http';
import { PROJECTS_KEY } from './keys';

export const addProject = (form: ProjectForm) =>
  request<{ id: string; code: string }>('/api/checkDrawings/project/add', { method: 'POST', body: form });

export const updateProject = (id: string, form: ProjectForm) =>
  request<null>('/api/checkDrawings/project/update', { method: 'PUT', body: { id, form } });

/** Saves the draft: adds it without an id, changes the one named otherwise (spec §4 "Report"). */
export function useSaveProject(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (form: ProjectForm) => {
      if (!id) return (await addProject(form)).id;
      await updateProject(id, form);
      return id;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROJECTS_KEY }),
  });
}
