import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectNotice } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';
import { projectNoticesKey } from './get-project-notices';

/** `notifications/{id}`: one message the agency sent about the application. */
export const projectNoticeQuery = (target: ProjectTarget, id: string) =>
  queryOptions({
    queryKey: [...projectNoticesKey(target), 'detail', id],
    queryFn: ({ signal }) =>
      request<ProjectNotice>(projectUrl(target, `notifications/${encodeURIComponent(id)}`), {
        signal,
        headers: actingAs(target.orgId),
      }),
    retry: retryUnlessRefused,
  });

export const useProjectNotice = (target: ProjectTarget, id: string) =>
  useQuery(projectNoticeQuery(target, id));
