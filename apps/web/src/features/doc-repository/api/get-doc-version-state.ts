import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocVersionState } from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';
import { docRepositoryKey } from './keys';

/** `docRepositoryOrg/getDocVersionState`: who has handed over and what the caller may do. */
export const docVersionStateQuery = (target: ProjectTarget, versionId: string) =>
  queryOptions({
    queryKey: [...docRepositoryKey(target), 'state', versionId],
    queryFn: ({ signal }) =>
      request<DocVersionState>(
        projectUrl(target, `docRepositoryOrg/getDocVersionState?${toQueryString({ versionId })}`),
        { signal, headers: actingAs(target.orgId) },
      ),
    retry: retryUnlessRefused,
  });

export const useDocVersionState = (target: ProjectTarget, versionId: string) =>
  useQuery(docVersionStateQuery(target, versionId));
