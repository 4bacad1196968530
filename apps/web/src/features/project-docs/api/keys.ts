/** Every cached answer of this capability sits under one key, so a change refreshes them all. */
export const PROJECT_DOCS_KEY = ['project-docs'] as const;

/** The attachments of one application, whatever the page or kind. */
export const projectDocsKey = (projectId: string) => [...PROJECT_DOCS_KEY, projectId] as const;
