import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';

/** `DELETE docRepository/markups/{id}`: the author's markup, with its replies. */
export const deleteMarkup = (target: ProjectTarget, id: string) =>
  request<null>(projectUrl(target, `docRepository/markups/${encodeURIComponent(id)}`), {
    method: 'DELETE',
    headers: actingAs(target.orgId),
  });
