import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedbackItem } from '@drp/domain';
import { PROJECTS_KEY } from '../../projects/api/keys';
import { downloadFile, request, toQueryString } from '../../../lib/http';
import {
  DOC_REPOSITORY_KEY,
  actingAs,
  docRepositoryUrl,
  type DocRepositoryTarget,
} from './doc-repository-scope';

const enc = encodeURIComponent;

/**
 * A hand-over changes the version's status for every party and the application's status (送审,
 * 审查中), so the whole repository and the project views are read again.
 */
function useHandoverMutation<V>(call: (v: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: DOC_REPOSITORY_KEY }),
        queryClient.invalidateQueries({ queryKey: PROJECTS_KEY }),
      ]),
  });
}

/**
 * `docRepositoryOrg/confirmApplyDoc`: the construction unit sends the version to review once every
 * unit has committed; the agency's director or administrator accepts the sent version.
 */
export const useConfirmApplyDoc = (target: DocRepositoryTarget) =>
  useHandoverMutation((versionId: string) =>
    request<null>(
      docRepositoryUrl(target, `docRepositoryOrg/confirmApplyDoc?${toQueryString({ versionId })}`),
      { headers: actingAs(target.orgId) },
    ),
  );

/**
 * `docRepositoryOrg/supplyDoc`: the agency returns the sent version with its reasons (RETURN) or
 * reminds the units of what is missing (REMIND). The reasons travel as JSON in the query: the
 * spec makes the call a GET.
 */
export const useSupplyDoc = (target: DocRepositoryTarget) =>
  useHandoverMutation((v: { versionId: string; mode: 'RETURN' | 'REMIND'; items: FeedbackItem[] }) =>
    request<null>(
      docRepositoryUrl(
        target,
        `docRepositoryOrg/supplyDoc?${toQueryString({
          versionId: v.versionId,
          mode: v.mode,
          items: JSON.stringify(v.items),
        })}`,
      ),
      { headers: actingAs(target.orgId) },
    ),
  );

/**
 * `drawingsReview/batchDownLoadDrawingsReview`: the version's files as one zip, in their folders.
 * The server streams it in constant memory; the browser keeps it as a blob (disk-backed for large
 * ones) until it is saved, because the call needs the bearer token a plain link cannot carry.
 */
export const downloadDocVersionZip = (
  target: DocRepositoryTarget,
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
