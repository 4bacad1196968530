import type { FeedbackItem } from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { useHandoverMutation } from './use-handover-mutation';

/**
 * `docRepositoryOrg/supplyDoc` with mode RETURN: the agency returns the sent version with its
 * reasons. The reasons travel as JSON in the query: the spec makes the call a GET.
 */
export const useReturnDocs = (target: ProjectTarget) =>
  useHandoverMutation((v: { versionId: string; items: FeedbackItem[] }) =>
    request<null>(
      projectUrl(
        target,
        `docRepositoryOrg/supplyDoc?${toQueryString({
          versionId: v.versionId,
          mode: 'RETURN',
          items: JSON.stringify(v.items),
        })}`,
      ),
      { headers: actingAs(target.orgId) },
    ),
  );
