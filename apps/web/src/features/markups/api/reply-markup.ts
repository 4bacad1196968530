import type { Markup } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';

/** `POST docRepository/markups/{id}/replies`: a reply in the markup's thread. */
export const replyToMarkup = (target: ProjectTarget, id: string, text: string) =>
  request<Markup>(projectUrl(target, `docRepository/markups/${encodeURIComponent(id)}/replies`), {
    method: 'POST',
    body: { text },
    headers: actingAs(target.orgId),
  });
