import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SurveyInfo } from '@drp/domain';
import { ApiError, request } from '../../../lib/http';
import { actingAs, surveyInfoUrl, surveyInfosKey, type SurveyInfoTarget } from './survey-info-scope';

/**
 * `surveyInfo/getSurveyInfos`: every survey unit's submitted information for whoever sees the
 * application; a survey unit also gets its own draft.
 */
export const surveyInfosQuery = (target: SurveyInfoTarget) =>
  queryOptions({
    queryKey: [...surveyInfosKey(target), 'all'],
    queryFn: ({ signal }) =>
      request<SurveyInfo[]>(surveyInfoUrl(target, 'getSurveyInfos'), {
        signal,
        headers: actingAs(target.orgId),
      }),
    retry: (count, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });

export const useSurveyInfos = (target: SurveyInfoTarget, enabled = true) =>
  useQuery({ ...surveyInfosQuery(target), enabled });
