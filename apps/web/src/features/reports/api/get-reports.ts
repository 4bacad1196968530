import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OpinionReportPage } from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';
import { reportsKey } from './keys';

/** `opinionReport/pagelist`: the reports, newest round first, and whether the caller may compile. */
export const reportsQuery = (target: ProjectTarget, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...reportsKey(target), 'list', page, pageSize],
    queryFn: ({ signal }) =>
      request<OpinionReportPage>(
        `${projectUrl(target, 'opinionReport/pagelist')}?${toQueryString({ page, pageSize })}`,
        { signal, headers: actingAs(target.orgId) },
      ),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
    // A report being built is looked at again until its PDF is there.
    refetchInterval: (query) =>
      query.state.data?.items.some((r) => r.status === 'COMPILING') ? 2000 : false,
  });

export const useReports = (target: ProjectTarget, page: number, pageSize: number) =>
  useQuery(reportsQuery(target, page, pageSize));
