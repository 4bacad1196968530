import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SurveyInfo } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';
import { surveyInfosKey } from './keys';

/**
 * `surveyInfo/getSurveyInfos`: every survey unit's submitted information for whoever sees the
 * application; a survey unit also gets its own draft.
 */
export const surveyInfosQuery = (target: ProjectTarget) =>
  queryOptions({
    queryKey: [...surveyInfosKey(target), 'all'],
    queryFn: ({ signal }) =>
      request<SurveyInfo[]>(projectUrl(target, 'surveyInfo/getSurveyInfos'), {
        signal,
        headers: actingAs(target.orgId),
      }),
    retry: retryUnlessRefused,
  });

export const useSurveyInfos = (target: ProjectTarget, enabled = true) =>
  useQuery({ ...surveyInfosQuery(target), enabled });
