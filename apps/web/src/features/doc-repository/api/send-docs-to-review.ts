import { request, toQueryString } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { useHandoverMutation } from './use-handover-mutation';

/**
 * `docRepositoryOrg/confirmApplyDoc` by the construction unit: sends the version to review once
 * every unit has committed and every building is ready; `confirmWarnings` once the sender has read
 * the warnings. (The spec's one call also serves the agency's acceptance: accept-docs.)
 */
export const useSendDocsToReview = (target: ProjectTarget) =>
  useHandoverMutation(({ versionId, confirmWarnings }: { versionId: string; confirmWarnings: boolean }) =>
    request<null>(
      projectUrl(
        target,
        `docRepositoryOrg/confirmApplyDoc?${toQueryString({ versionId, confirmWarnings: String(confirmWarnings) })}`,
      ),
      { headers: actingAs(target.orgId) },
    ),
  );
