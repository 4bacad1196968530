import { projectKey, type ProjectTarget } from '../../../lib/project-target';

/** Every cached answer of this capability sits under one key, so a change refreshes them all. */
export const SURVEY_INFOS_KEY = ['survey-infos'] as const;

/** The survey information of one application, as one organisation sees it. */
export const surveyInfosKey = (target: ProjectTarget) =>
  [...SURVEY_INFOS_KEY, ...projectKey(target)] as const;
