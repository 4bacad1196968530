import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SurveyInfo } from '@drp/domain';
import { ApiError, request } from '../../../lib/http';
import { actingAs, surveyInfoUrl, surveyInfosKey, type SurveyInfoTarget } from './survey-info-scope';

/** `surveyInfo/get`: the acting survey unit's own information, null before its first save. */
export const ownSurveyInfoQuery = (target: SurveyInfoTarget) =>
  queryOptions({
    queryKey: [...surveyInfosKey(target), 'own'],
    queryFn: ({ signal }) =>
      request<SurveyInfo | null>(surveyInfoUrl(target, 'get'), { signal, headers: actingAs(target.orgId) }),
    // Not a survey unit of the application answers 404: asking again changes nothing.
    retry: (count, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });

export const useOwnSurveyInfo = (target: SurveyInfoTarget, enabled = true) =>
  useQuery({ ...ownSurveyInfoQuery(target), enabled });
