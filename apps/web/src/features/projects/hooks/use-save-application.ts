import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectForm } from '@drp/domain';
import { PROJECTS_KEY } from '../../../lib/project-target';
import { createApplication } from '../api/create-application';
import { updateApplication } from '../api/update-application';

/** Saves the draft: adds it without an id, changes the one named otherwise (spec §4 "Report"). */
export function useSaveApplication(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (form: ProjectForm) => {
      if (!id) return (await createApplication(form)).id;
      await updateApplication(id, form);
      return id;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROJECTS_KEY }),
  });
}
