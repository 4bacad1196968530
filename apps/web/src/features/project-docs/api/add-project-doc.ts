import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectDoc, ProjectDocAddFields } from '@drp/domain';
import { request } from '../../../lib/http';
import { projectDocsKey } from './keys';

/**
 * `projectDoc/add`, multipart: the fields first, then the file (the server reads no field after
 * the file). No timeout: a 50 MB scan on a slow line takes its time.
 */
export function addProjectDoc(fields: ProjectDocAddFields, file: File) {
  const body = new FormData();
  body.append('projectId', fields.projectId);
  body.append('modelType', fields.modelType);
  if (fields.remark) body.append('remark', fields.remark);
  body.append('file', file, file.name);
  return request<ProjectDoc>('/api/checkDrawings/projectDoc/add', { method: 'POST', body, noTimeout: true });
}

export function useAddProjectDoc(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, file }: { fields: Omit<ProjectDocAddFields, 'projectId'>; file: File }) =>
      addProjectDoc({ ...fields, projectId }, file),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectDocsKey(projectId) }),
  });
}
