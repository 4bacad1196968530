import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocVersion } from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';
import { actingAs, projectKey, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';
import { SHEETS_KEY } from '../../../lib/sheet-query-keys';

/**
 * `docRepositoryVersion/listAll`, newest first: the versions whose sheets compare can pick from.
 * The agency's areas ask for the versions it accepted (REVIEW), the others for all (UPLOADING).
 */
export const sheetVersionsQuery = (target: ProjectTarget, businessStatus: 'UPLOADING' | 'REVIEW') =>
  queryOptions({
    queryKey: [...SHEETS_KEY, ...projectKey(target), 'versions', businessStatus],
    queryFn: ({ signal }) =>
      request<DocVersion[]>(
        projectUrl(target, `docRepositoryVersion/listAll?${toQueryString({ businessStatus })}`),
        { signal, headers: actingAs(target.orgId) },
      ),
    retry: retryUnlessRefused,
  });

export const useSheetVersions = (target: ProjectTarget, businessStatus: 'UPLOADING' | 'REVIEW') =>
  useQuery(sheetVersionsQuery(target, businessStatus));
