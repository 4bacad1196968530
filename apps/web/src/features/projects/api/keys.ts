/** Every cached answer of this capability sits under one key, so a change refreshes them all. */
export const PROJECTS_KEY = ['projects'] as const;
