import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocVersion } from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';
import { docRepositoryKey } from './keys';

export type DocVersionListStatus = 'UPLOADING' | 'REVIEW';

/**
 * `docRepositoryVersion/listAll`, newest first: UPLOADING asks for every version (the screens that
 * upload, send and receive), REVIEW only those the agency has accepted (its review lists).
 */
export const docVersionsQuery = (target: ProjectTarget, businessStatus: DocVersionListStatus) =>
  queryOptions({
    queryKey: [...docRepositoryKey(target), 'versions', businessStatus],
    queryFn: ({ signal }) =>
      request<DocVersion[]>(
        projectUrl(target, `docRepositoryVersion/listAll?${toQueryString({ businessStatus })}`),
        { signal, headers: actingAs(target.orgId) },
      ),
    retry: retryUnlessRefused,
  });

export const useDocVersions = (target: ProjectTarget, businessStatus: DocVersionListStatus = 'UPLOADING') =>
  useQuery(docVersionsQuery(target, businessStatus));
