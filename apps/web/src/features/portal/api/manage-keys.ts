/**
 * Every cached answer of the portal's content management sits under one key, apart from the
 * public portal's own, so staff changes refresh the staff screens without touching the reader's.
 */
export const PORTAL_MANAGE_KEY = ['portal-manage'] as const;

export const manageArticlesKey = [...PORTAL_MANAGE_KEY, 'articles'] as const;
export const manageCreditKey = [...PORTAL_MANAGE_KEY, 'credit'] as const;
export const manageSiteKey = [...PORTAL_MANAGE_KEY, 'site'] as const;
export const manageForumKey = [...PORTAL_MANAGE_KEY, 'forum'] as const;
