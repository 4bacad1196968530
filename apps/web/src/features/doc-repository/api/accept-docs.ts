import { request, toQueryString } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { useHandoverMutation } from './use-handover-mutation';

/**
 * `docRepositoryOrg/confirmApplyDoc` by the agency's director or administrator: accepts the sent
 * version. (The spec's one call also serves the construction unit's sending: send-docs-to-review.)
 */
export const useAcceptDocs = (target: ProjectTarget) =>
  useHandoverMutation((versionId: string) =>
    request<null>(projectUrl(target, `docRepositoryOrg/confirmApplyDoc?${toQueryString({ versionId })}`), {
      headers: actingAs(target.orgId),
    }),
  );
