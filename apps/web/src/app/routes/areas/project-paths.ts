import { AREAS, auditLandingPage, type PrincipalMember } from '@drp/domain';
import type { ProjectArea } from './project-area';

/*
 * Where an application's screens are in each area (spec §2). Kept apart from the screens so the
 * layouts and the lists link to them without loading them.
 */

const enc = encodeURIComponent;
const SUPERVISING: readonly ProjectArea[] = ['supervise', 'joint'];
const prefix = (area: ProjectArea) => AREAS[area].prefix;

/** `<area>/projects`. */
export const projectListPath = (area: ProjectArea) => `${prefix(area)}/projects`;

/** Where one application is read (spec §2: reportdetail, or projects/rptinfo for supervisors). */
export const projectDetailPath = (area: ProjectArea, id: string) =>
  SUPERVISING.includes(area)
    ? `${prefix(area)}/projects/rptinfo/${enc(id)}`
    : `${prefix(area)}/reportdetail/${enc(id)}`;

/** Where one change application (变更) is read (spec §2: changedetail, under projects/ for supervisors). */
export const changeDetailPath = (area: ProjectArea, id: string) =>
  SUPERVISING.includes(area)
    ? `${prefix(area)}/projects/changedetail/${enc(id)}`
    : `${prefix(area)}/changedetail/${enc(id)}`;

/** The application form of either kind of application. */
export const applicationPath = (area: ProjectArea, id: string, isAlter: boolean) =>
  isAlter ? changeDetailPath(area, id) : projectDetailPath(area, id);

/** The construction unit's form of a draft: newreport, or newchange for a change application. */
export const editPath = (id: string, isAlter = false) =>
  `/sys_apply/${isAlter ? 'newchange' : 'newreport'}/${enc(id)}`;

/**
 * The page a project's workspace opens on in each area (spec §2): apply and submit on
 * workingDrawing, audit on the receive page (workingDrawing) for its admins and director and on
 * the review list (workingDrawingList) for a normal reviewer, supervise and joint on the
 * buildings. `member` is the membership acting in the area; `orgTypes` all of the person's kinds
 * of organisation there. A survey unit with no design unit among the person's organisations has
 * no drawings to upload: it opens on its survey documents. Null where the member may not open
 * the workspace at all (an audit member without an approval profile, spec §6).
 */
export function workspacePath(
  area: ProjectArea,
  member: PrincipalMember,
  projectId: string,
  orgTypes: ReadonlySet<string>,
): string | null {
  const id = enc(projectId);
  switch (area) {
    case 'apply':
      return `/sys_apply/${id}/workingDrawing`;
    case 'submit':
      return `/sys_submit/${id}/${orgTypes.has('DESIGN') ? 'workingDrawing' : 'reconnaissance'}`;
    case 'audit':
      if (!AREAS.audit.projectMemberQualifies!(member)) return null;
      return `/sys_audit/${enc(member.orgId)}/${id}/${auditLandingPage(member)}`;
    case 'supervise':
    case 'joint':
      return `${prefix(area)}/projects/${id}/buildings`;
  }
}
