import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BadActionSubjects } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';
import { badActionsKey } from './keys';

/** `badAction/subjects`: the units a bad action may name, with their people. */
export const badActionSubjectsQuery = (target: ProjectTarget) =>
  queryOptions({
    queryKey: [...badActionsKey(target), 'subjects'],
    queryFn: ({ signal }) =>
      request<BadActionSubjects>(projectUrl(target, 'badAction/subjects'), {
        signal,
        headers: actingAs(target.orgId),
      }),
    retry: retryUnlessRefused,
  });

export const useBadActionSubjects = (target: ProjectTarget) => useQuery(badActionSubjectsQuery(target));
