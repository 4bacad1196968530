import type { DocFile } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';

/** `docRepository/saveFile`: puts the uploaded file into its folder, where everyone sees it. */
export const saveUploadedFile = (target: ProjectTarget, operationCode: string, signal?: AbortSignal) =>
  request<DocFile>(projectUrl(target, 'docRepository/saveFile'), {
    method: 'POST',
    body: { operationCode },
    signal,
    headers: actingAs(target.orgId),
  });
