import type { OperationCode } from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';

/** `docRepository/getOperationCode`: one code per file, bound to the folder and the caller. */
export const issueOperationCode = (
  target: ProjectTarget,
  v: { versionId: string; folderId: string },
  signal?: AbortSignal,
) =>
  request<OperationCode>(projectUrl(target, `docRepository/getOperationCode?${toQueryString(v)}`), {
    signal,
    headers: actingAs(target.orgId),
  });
