import { projectKey, type ProjectTarget } from '../../../lib/project-target';

/** Every cached answer of this capability sits under one key, so a change refreshes them all. */
export const DOC_REPOSITORY_KEY = ['doc-repository'] as const;

/** Everything of one application's repository, as one organisation sees it. */
export const docRepositoryKey = (target: ProjectTarget) =>
  [...DOC_REPOSITORY_KEY, ...projectKey(target)] as const;
