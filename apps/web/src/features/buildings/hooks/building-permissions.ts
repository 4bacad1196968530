import type { Building, PrincipalMember, ProjectStatus } from '@drp/domain';
import type { ProjectTarget } from '../../../lib/project-target';

/**
 * What the acting organisation is to the project: a party (its org type) or a reader (supervising
 * authority, joint-review body).
 */
export type BuildingPart = 'CONSTRUCT' | 'DESIGN' | 'SURVEY' | 'CENSOR' | 'READER';

/** The project a building screen works in, the organisation acting in it, and what the page knows of both. */
export interface BuildingScope extends ProjectTarget {
  part: BuildingPart;
  /** The agency member may confirm and reject: an admin of it, its office admin or its director. */
  decides: boolean;
  project: { status: ProjectStatus; acceptedAt: string | null };
}

export function partOf(member: PrincipalMember): BuildingPart {
  const { orgType } = member;
  return orgType === 'CONSTRUCT' || orgType === 'DESIGN' || orgType === 'SURVEY' || orgType === 'CENSOR'
    ? orgType
    : 'READER';
}

export const decides = (member: PrincipalMember) =>
  member.orgType === 'CENSOR' &&
  (member.admin ||
    member.profiles.includes('DRAWING_APPROVAL_ADMIN') ||
    member.profiles.includes('DRAWING_APPROVAL_DIRECTOR'));

/*
 * The buildings.service rules, read by the page to offer only what the server would accept. They
 * hide buttons; the server still decides every call.
 */

/** Basic data and hazard sources: the construction unit and the project's design units. */
const isEditor = (s: BuildingScope) => s.part === 'CONSTRUCT' || s.part === 'DESIGN';
/** Buildings change until the construction unit sends the materials to review. */
const projectOpen = (s: BuildingScope) => s.project.status === 'DRAFT' || s.project.status === 'SUBMITTED';

export const canAddBuilding = (s: BuildingScope) => isEditor(s) && projectOpen(s);

/** Draft or rejected; or submitted while the application is a draft (no agency has it yet). */
export const canEditBuilding = (s: BuildingScope, b: Building) =>
  canAddBuilding(s) &&
  (b.status === 'DRAFT' ||
    b.status === 'REJECTED' ||
    (b.status === 'SUBMITTED' && s.project.status === 'DRAFT'));

export const canSubmitBuilding = (s: BuildingScope, b: Building) =>
  canAddBuilding(s) && (b.status === 'DRAFT' || b.status === 'REJECTED');

export const canConfirmBuilding = (s: BuildingScope, b: Building) =>
  s.part === 'CENSOR' && s.decides && b.status === 'SUBMITTED';

/** `allowReject`, as the list can judge it without a call per row; the detail asks the server. */
export const mayRejectBuilding = (s: BuildingScope, b: Building) =>
  canConfirmBuilding(s, b) &&
  (s.project.status === 'SUBMITTED' || s.project.status === 'MATERIALS_SENT') &&
  s.project.acceptedAt === null;

/** A unit's own findings change until the agency confirms the building, if the building names the unit. */
const fillsOwn = (s: BuildingScope, b: Building, part: 'DESIGN' | 'SURVEY') =>
  s.part === part &&
  projectOpen(s) &&
  b.status !== 'CONFIRMED' &&
  (part === 'DESIGN' ? b.designUnits : b.surveyUnits).some((u) => u.orgId === s.orgId);

export const canFillDesignInfo = (s: BuildingScope, b: Building) => fillsOwn(s, b, 'DESIGN');
export const canFillSurveyInfo = (s: BuildingScope, b: Building) => fillsOwn(s, b, 'SURVEY');
