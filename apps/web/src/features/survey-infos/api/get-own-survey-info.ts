import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SurveyInfo } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';
import { surveyInfosKey } from './keys';

/** `surveyInfo/get`: the acting survey unit's own information, null before its first save. */
export const ownSurveyInfoQuery = (target: ProjectTarget) =>
  queryOptions({
    queryKey: [...surveyInfosKey(target), 'own'],
    queryFn: ({ signal }) =>
      request<SurveyInfo | null>(projectUrl(target, 'surveyInfo/get'), {
        signal,
        headers: actingAs(target.orgId),
      }),
    // Not a survey unit of the application answers 404: asking again changes nothing.
    retry: retryUnlessRefused,
  });

export const useOwnSurveyInfo = (target: ProjectTarget, enabled = true) =>
  useQuery({ ...ownSurveyInfoQuery(target), enabled });
