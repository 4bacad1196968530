import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpinionReportDetail } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';
import { reportsKey } from './keys';

/** `opinionReport/{id}`: one report with its counts; asked again while its PDF is being built. */
export const reportQuery = (target: ProjectTarget, id: string) =>
  queryOptions({
    queryKey: [...reportsKey(target), 'detail', id],
    queryFn: ({ signal }) =>
      request<OpinionReportDetail>(projectUrl(target, `opinionReport/${encodeURIComponent(id)}`), {
        signal,
        headers: actingAs(target.orgId),
      }),
    retry: retryUnlessRefused,
    refetchInterval: (query) => (query.state.data?.status === 'COMPILING' ? 2000 : false),
  });

export const useReport = (target: ProjectTarget, id: string) => useQuery(reportQuery(target, id));
