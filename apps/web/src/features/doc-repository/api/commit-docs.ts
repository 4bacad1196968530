import type { DocCategory } from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { useRepositoryMutation } from './use-repository-mutation';

/** `docRepositoryOrg/commitDoc`: the acting unit hands over its materials of one category. */
export const useCommitDocs = (target: ProjectTarget) =>
  useRepositoryMutation(target, (v: { versionId: string; category: DocCategory }) =>
    request<null>(projectUrl(target, `docRepositoryOrg/commitDoc?${toQueryString(v)}`), {
      headers: actingAs(target.orgId),
    }),
  );
