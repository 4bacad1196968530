import type { BuildingTarget } from './building-scope';

/** Every cached answer of this capability sits under one key, so a change refreshes them all. */
export const BUILDINGS_KEY = ['buildings'] as const;

/** Everything about the buildings of one project, as one organisation sees them. */
export const projectBuildingsKey = ({ orgId, projectId }: BuildingTarget) =>
  [...BUILDINGS_KEY, orgId, projectId] as const;
