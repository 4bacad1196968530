import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BadAction } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';
import { badActionsKey } from './keys';

/** `badAction/{id}`. */
export const badActionQuery = (target: ProjectTarget, id: string) =>
  queryOptions({
    queryKey: [...badActionsKey(target), 'detail', id],
    queryFn: ({ signal }) =>
      request<BadAction>(projectUrl(target, `badAction/${encodeURIComponent(id)}`), {
        signal,
        headers: actingAs(target.orgId),
      }),
    retry: retryUnlessRefused,
  });

export const useBadAction = (target: ProjectTarget, id: string) => useQuery(badActionQuery(target, id));
