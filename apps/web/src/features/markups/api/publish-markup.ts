import type { Markup } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';

/** `PUT docRepository/markups/{id}/publish`: every party of the application reads it from now on. */
export const publishMarkup = (target: ProjectTarget, id: string) =>
  request<Markup>(projectUrl(target, `docRepository/markups/${encodeURIComponent(id)}/publish`), {
    method: 'PUT',
    headers: actingAs(target.orgId),
  });
