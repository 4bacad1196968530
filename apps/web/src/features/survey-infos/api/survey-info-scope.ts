import { ORG_HEADER } from '@drp/domain';

/**
 * The application a survey-info call is about and the organisation acting in it. The
 * organisation goes in the path (`{orgId}`) and in X-Org-Id, so the server judges the call by the
 * same member the page shows.
 */
export interface SurveyInfoTarget {
  orgId: string;
  projectId: string;
}

const enc = encodeURIComponent;

/** `/api/checkDrawings/{orgId}/{projectId}/surveyInfo/<rest>`. */
export const surveyInfoUrl = ({ orgId, projectId }: SurveyInfoTarget, rest: string) =>
  `/api/checkDrawings/${enc(orgId)}/${enc(projectId)}/surveyInfo/${rest}`;

export const actingAs = (orgId: string) => ({ [ORG_HEADER]: orgId });

/** Every cached answer of this capability sits under one key, so a change refreshes them all. */
export const SURVEY_INFOS_KEY = ['survey-infos'] as const;

export const surveyInfosKey = ({ orgId, projectId }: SurveyInfoTarget) =>
  [...SURVEY_INFOS_KEY, projectId, orgId] as const;
