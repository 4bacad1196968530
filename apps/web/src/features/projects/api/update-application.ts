import type { ProjectForm } from '@drp/domain';
import { request } from '../../../lib/http';

/** `project/update`: changes a draft application. */
export const updateApplication = (id: string, form: ProjectForm) =>
  request<null>('/api/checkDrawings/project/update', { method: 'PUT', body: { id, form } });
