/** Every cached answer of this capability sits under one key, so a change refreshes them all. */
export const PROJECT_ALTERS_KEY = ['project-alters'] as const;
