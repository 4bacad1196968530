import type { Markup, MarkupInput } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';

/** `POST docRepository/markups`: a new markup on the file, in the author's own layer. */
export const createMarkup = (target: ProjectTarget, fileId: string, input: MarkupInput) =>
  request<Markup>(projectUrl(target, 'docRepository/markups'), {
    method: 'POST',
    body: { ...input, fileId },
    headers: actingAs(target.orgId),
  });
