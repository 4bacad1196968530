import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewClocks } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectKey, projectUrl, type ProjectTarget } from '../../../lib/project-target';

/** `GET …/{projectId}/reviewClock`: working days used and left, as every party sees them. */
export const reviewClockQuery = (target: ProjectTarget) =>
  queryOptions({
    queryKey: ['review-clock', ...projectKey(target)],
    queryFn: () =>
      request<ReviewClocks>(projectUrl(target, 'reviewClock'), { headers: actingAs(target.orgId) }),
  });

export const useReviewClock = (target: ProjectTarget) => useQuery(reviewClockQuery(target));
