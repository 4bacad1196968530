import type { OrgType } from '../orgs/org-type.js';
import { regionPrefix } from '../orgs/regions.js';
import type { ProjectRole, ProjectStatus } from '../projects/project-status.js';

/**
 * The part an organisation plays in one application it sees: one of its parties (construction,
 * design, survey unit, review agency), the supervising authority of its region, or a joint-review
 * body. Every project-scoped rule (`PROJECT_POLICY`) is written over it.
 */
export const PROJECT_PARTS = [
  'CONSTRUCT',
  'DESIGN',
  'SURVEY',
  'CENSOR',
  'SUPERVISOR',
  'JOINT_REVIEW',
] as const;
export type ProjectPart = (typeof PROJECT_PARTS)[number];

/** The organisation types that take part in an application as a named party (not its owner). */
export const PARTY_ROLE: Partial<Record<OrgType, ProjectRole>> = {
  DESIGN: 'DESIGN',
  SURVEY: 'SURVEY',
  CENSOR: 'CENSOR',
};

/**
 * Which applications an organisation sees, as the list queries encode it: a construction unit its
 * own (drafts too); design, survey and review units those naming them once submitted; a supervising
 * authority every submitted one in its region (every one, when it has no region); a joint-review
 * body every submitted one.
 */
export type ProjectScope =
  | { kind: 'construct'; orgId: string }
  /**
   * `missionsOf`: a normal reviewer of a review agency (issue 19) sees only the applications
   * where this account holds a review mission (as reviewer or checker) for the agency.
   */
  | { kind: 'party'; orgId: string; role: ProjectRole; missionsOf?: string }
  /** `prefixLength`: set where `regionPrefix` is a prepared statement's placeholder. */
  | { kind: 'region'; regionPrefix: string; prefixLength?: number }
  | { kind: 'all' };

/**
 * A review agency's normal reviewer (DRAWING_APPROVAL_NORMAL, without the admin flag or a
 * director's or approval administrator's profile): sees only the applications of their missions.
 */
export function reviewsOnlyOwnMissions(member: {
  orgType: OrgType;
  admin?: boolean;
  profiles?: readonly string[];
}): boolean {
  const profiles = member.profiles ?? [];
  return (
    member.orgType === 'CENSOR' &&
    member.admin === false &&
    profiles.includes('DRAWING_APPROVAL_NORMAL') &&
    !profiles.includes('DRAWING_APPROVAL_DIRECTOR') &&
    !profiles.includes('DRAWING_APPROVAL_ADMIN')
  );
}

/**
 * The scope of an organisation's member; `regionCode` is the organisation's own, read only for
 * CONTROL. `accountId`, `admin` and `profiles` narrow a normal reviewer to their missions.
 */
export function scopeOf(
  org: { orgId: string; orgType: OrgType; accountId?: string; admin?: boolean; profiles?: readonly string[] },
  regionCode: string | null | undefined,
): ProjectScope {
  if (org.orgType === 'CONSTRUCT') return { kind: 'construct', orgId: org.orgId };
  const role = PARTY_ROLE[org.orgType];
  if (role && reviewsOnlyOwnMissions(org))
    // Without the account nobody's missions can be told: nothing is seen.
    return { kind: 'party', orgId: org.orgId, role, missionsOf: org.accountId ?? '' };
  if (role) return { kind: 'party', orgId: org.orgId, role };
  if (org.orgType === 'CONTROL')
    return regionCode ? { kind: 'region', regionPrefix: regionPrefix(regionCode) } : { kind: 'all' };
  return { kind: 'all' };
}

/** What visibility reads of an application. */
export interface VisibleProject {
  status: ProjectStatus;
  regionCode: string | null;
  constructOrgId: string;
}

/**
 * Whether an organisation with this scope sees the application: the one visibility rule.
 * `missionHolders`: the accounts holding a mission of the application for the scope's agency
 * (read only for a scope with `missionsOf`).
 */
export function seesProject(
  scope: ProjectScope,
  project: VisibleProject,
  parties: readonly { orgId: string; role: ProjectRole }[],
  missionHolders: readonly string[] = [],
): boolean {
  switch (scope.kind) {
    case 'construct':
      return project.constructOrgId === scope.orgId;
    case 'party':
      return (
        project.status !== 'DRAFT' &&
        parties.some((p) => p.orgId === scope.orgId && p.role === scope.role) &&
        (scope.missionsOf === undefined || missionHolders.includes(scope.missionsOf))
      );
    case 'region':
      return project.status !== 'DRAFT' && (project.regionCode ?? '').startsWith(scope.regionPrefix);
    case 'all':
      return project.status !== 'DRAFT';
  }
}

/**
 * The part an organisation of this type plays in an application it sees (`seesProject`): seeing
 * it already means the construction unit owns it and a design, survey or review unit is named.
 */
export function partOf(orgType: OrgType): ProjectPart {
  switch (orgType) {
    case 'CONTROL':
      return 'SUPERVISOR';
    case 'JOINTTRIAL':
      return 'JOINT_REVIEW';
    default:
      return orgType;
  }
}
