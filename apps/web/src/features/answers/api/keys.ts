import { projectKey, type ProjectTarget } from '../../../lib/project-target';

/**
 * Every cached answer about one application's issued opinions and their answers, as its party
 * sees them: an answer or a decision changes the lists (counts, states) and the detail at once.
 */
export const answersKey = (target: ProjectTarget) => ['opinionAnswers', ...projectKey(target)] as const;
