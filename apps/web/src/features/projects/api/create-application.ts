import type { ProjectForm } from '@drp/domain';
import { request } from '../../../lib/http';

/** `project/add`: a new draft application of the acting construction unit. */
export const createApplication = (form: ProjectForm) =>
  request<{ id: string; code: string }>('/api/checkDrawings/project/add', { method: 'POST', body: form });
