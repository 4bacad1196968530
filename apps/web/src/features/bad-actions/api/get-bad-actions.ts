import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BadActionList } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';
import { badActionsKey } from './keys';

/** `badAction`: the application's bad actions, and whether the caller may record one. */
export const badActionsQuery = (target: ProjectTarget) =>
  queryOptions({
    queryKey: [...badActionsKey(target), 'list'],
    queryFn: ({ signal }) =>
      request<BadActionList>(projectUrl(target, 'badAction'), { signal, headers: actingAs(target.orgId) }),
    retry: retryUnlessRefused,
  });

export const useBadActions = (target: ProjectTarget) => useQuery(badActionsQuery(target));
