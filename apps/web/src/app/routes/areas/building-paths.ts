import { AREAS } from '@drp/domain';
import type { ProjectArea } from './project-area';

const enc = encodeURIComponent;

/**
 * Where the building list of a project is in each area (spec §2): apply and audit name the acting
 * organisation, submit only the project, supervise and joint sit under `projects/`.
 */
export function buildingListPath(area: ProjectArea, orgId: string, projectId: string): string {
  const prefix = AREAS[area].prefix;
  switch (area) {
    case 'apply':
    case 'audit':
      return `${prefix}/${enc(orgId)}/${enc(projectId)}/buildingList`;
    case 'submit':
      return `${prefix}/${enc(projectId)}/buildingList`;
    case 'supervise':
    case 'joint':
      return `${prefix}/projects/${enc(projectId)}/buildings`;
  }
}

/** One building: `buildingList/:buildingId`, in submit `…/ProjectInfo`, in supervise and joint `buildings/:buildingId`. */
export function buildingDetailPath(area: ProjectArea, orgId: string, projectId: string, id: string): string {
  const list = buildingListPath(area, orgId, projectId);
  return area === 'submit' ? `${list}/${enc(id)}/ProjectInfo` : `${list}/${enc(id)}`;
}

/** `/sys_submit/:projectId/newBuilding`, the submit area's screen for a new building. */
export const newBuildingPath = (projectId: string) => `/sys_submit/${enc(projectId)}/newBuilding`;
