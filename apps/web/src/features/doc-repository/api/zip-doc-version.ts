import { downloadFile, toQueryString } from '../../../lib/http';
import { actingAs, type ProjectTarget } from '../../../lib/project-target';

const enc = encodeURIComponent;

/**
 * `drawingsReview/batchDownLoadDrawingsReview`: the version's files as one zip, in their folders.
 * The server streams it in constant memory; the browser keeps it as a blob (disk-backed for large
 * ones) until it is saved, because the call needs the bearer token a plain link cannot carry.
 */
export const zipDocVersion = (
  target: ProjectTarget,
  versionId: string,
  fileName: string,
  orgIds: readonly string[] = [],
) =>
  downloadFile(
    `/api/checkDrawings/${enc(target.projectId)}/${enc(versionId)}/drawingsReview/batchDownLoadDrawingsReview${
      orgIds.length > 0 ? `?${toQueryString({ orgIds: orgIds.join(',') })}` : ''
    }`,
    fileName,
    { headers: actingAs(target.orgId) },
  );
