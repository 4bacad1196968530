import type { Markup, MarkupInput } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';

/** `PUT docRepository/markups/{id}`: the markup's new shape, text or style. */
export const updateMarkup = (target: ProjectTarget, id: string, input: MarkupInput) =>
  request<Markup>(projectUrl(target, `docRepository/markups/${encodeURIComponent(id)}`), {
    method: 'PUT',
    body: input,
    headers: actingAs(target.orgId),
  });
