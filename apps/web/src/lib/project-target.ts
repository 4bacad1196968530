import { ORG_HEADER } from '@drp/domain';

/**
 * The application a project-scoped call is about and the organisation acting in it (the member
 * the project layout chose, spec §6). The organisation goes in the path (`{orgId}`) and in
 * X-Org-Id, so the server judges the call by the same member the page shows.
 */
export interface ProjectTarget {
  orgId: string;
  projectId: string;
}

const enc = encodeURIComponent;

/** `/api/checkDrawings/{orgId}/{projectId}/<rest>`. */
export const projectUrl = ({ orgId, projectId }: ProjectTarget, rest: string) =>
  `/api/checkDrawings/${enc(orgId)}/${enc(projectId)}/${rest}`;

/** The header that names the acting organisation. */
export const actingAs = (orgId: string) => ({ [ORG_HEADER]: orgId });

/**
 * The part of a cached answer's key that names the application and who looks at it: the same
 * application answers differently to each of its parties.
 */
export const projectKey = ({ projectId, orgId }: ProjectTarget) => [projectId, orgId] as const;

/**
 * Every cached answer about applications (lists, details) sits under this key. It lives here, not
 * in the projects feature, because other capabilities' steps (a hand-over, a change application)
 * change an application's status and must refresh what the project screens show.
 */
export const PROJECTS_KEY = ['projects'] as const;
