import { ORG_HEADER } from '@drp/domain';

/**
 * The project a building call is about and the organisation acting in it (the current member of
 * the project, spec §6). The organisation goes in the path (`{orgId}`) and in X-Org-Id, so the
 * server judges the call by the same member the page shows.
 */
export interface BuildingTarget {
  orgId: string;
  projectId: string;
}

const enc = encodeURIComponent;

/** `/api/checkDrawings/{orgId}/{projectId}/building/<rest>`. */
export const buildingUrl = ({ orgId, projectId }: BuildingTarget, rest: string) =>
  `/api/checkDrawings/${enc(orgId)}/${enc(projectId)}/building/${rest}`;

/** `/api/checkDrawings/{orgId}/<rest>`: the calls that name only the organisation. */
export const orgUrl = (orgId: string, rest: string) => `/api/checkDrawings/${enc(orgId)}/${rest}`;

export const actingAs = (orgId: string) => ({ [ORG_HEADER]: orgId });

export const idList = (ids: readonly string[]) => ids.map(enc).join(',');
