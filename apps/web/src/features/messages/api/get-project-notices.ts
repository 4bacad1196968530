import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectNoticeList } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectKey, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';

export const projectNoticesKey = (target: ProjectTarget) =>
  ['projectNotices', ...projectKey(target)] as const;

/** `notifications`: what the agency sent about the application, with who read it when. */
export const projectNoticesQuery = (target: ProjectTarget) =>
  queryOptions({
    queryKey: [...projectNoticesKey(target), 'list'],
    queryFn: ({ signal }) =>
      request<ProjectNoticeList>(projectUrl(target, 'notifications'), {
        signal,
        headers: actingAs(target.orgId),
      }),
    retry: retryUnlessRefused,
  });

export const useProjectNotices = (target: ProjectTarget) => useQuery(projectNoticesQuery(target));
