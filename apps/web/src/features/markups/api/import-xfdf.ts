import type { XfdfImportResult } from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';

/** XFDF's own media type; the server also takes it as XML. */
export const XFDF_TYPE = 'application/vnd.adobe.xfdf';

/**
 * `POST docRepository/markups/xfdf?fileId=`: markups from Bluebeam or Acrobat, into the caller's
 * own layer. The body is the XFDF document itself.
 */
export const importXfdf = (target: ProjectTarget, fileId: string, xfdf: Blob) =>
  request<XfdfImportResult>(projectUrl(target, `docRepository/markups/xfdf?${toQueryString({ fileId })}`), {
    method: 'POST',
    body: new Blob([xfdf], { type: XFDF_TYPE }),
    headers: actingAs(target.orgId),
    noTimeout: true,
  });
