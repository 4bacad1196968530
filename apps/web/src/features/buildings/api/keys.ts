import { projectKey, type ProjectTarget } from '../../../lib/project-target';

/** Every cached answer of this capability sits under one key, so a change refreshes them all. */
export const BUILDINGS_KEY = ['buildings'] as const;

/** Everything about the buildings of one project, as one organisation sees them. */
export const projectBuildingsKey = (target: ProjectTarget) =>
  [...BUILDINGS_KEY, ...projectKey(target)] as const;
