import type { Profile } from '../accounts/profile.js';
import type { OrgType } from '../orgs/org-type.js';

/** The sub-systems of spec §1, keyed by the path prefix they own. */
export const AREA_KEYS = ['apply', 'submit', 'audit', 'supervise', 'joint', 'admin', 'info'] as const;
export type AreaKey = (typeof AREA_KEYS)[number];

/** What the access rules need to know about one membership. */
export interface PrincipalMember {
  orgId: string;
  orgType: OrgType;
  admin: boolean;
  profiles: readonly Profile[];
  /**
   * The member's account, as the server's sign-in sets it: a normal reviewer sees only the
   * applications of their own review missions (issue 19, project-part `scopeOf`).
   */
  accountId?: string;
}

/** Who is asking: the account and all of its active memberships. */
export interface Principal {
  accountId: string;
  systemAdmin: boolean;
  members: readonly PrincipalMember[];
}

export interface AreaDefinition {
  key: AreaKey;
  prefix: `/sys_${string}`;
  /** Org types whose members work in the area (spec §1); empty for platform-staff areas. */
  orgTypes: readonly OrgType[];
  /** Whether one membership qualifies for the area (spec §6). */
  memberQualifies: (member: PrincipalMember) => boolean;
  /** Whether the account qualifies regardless of memberships (spec §6: system admin flag). */
  accountQualifies?: (principal: Principal) => boolean;
  /** Where project routes ask more than the area does (spec §6: audit needs an approval profile). */
  projectMemberQualifies?: (member: PrincipalMember) => boolean;
}

const has = (member: PrincipalMember, ...profiles: Profile[]) =>
  profiles.some((p) => member.profiles.includes(p));

export const APPROVAL_PROFILES = [
  'DRAWING_APPROVAL_ADMIN',
  'DRAWING_APPROVAL_DIRECTOR',
  'DRAWING_APPROVAL_NORMAL',
] as const satisfies readonly Profile[];

/**
 * Spec §6, one row per area. Two readings are ours and deliberate:
 * - audit: the spec names "censor sub-admin or any of the three approval profiles"; the print
 *   clerk (DRAWING_APPROVAL_PRINT) also works in this area (admin-marked menu items name that
 *   profile), so it enters too. Project routes still need an approval profile.
 * - info: the spec names the system admin flag; the information-service staff maintain the
 *   enterprise directory there, so INFORMATION_SERVICE enters as well.
 */
export const AREAS: Record<AreaKey, AreaDefinition> = {
  apply: {
    key: 'apply',
    prefix: '/sys_apply',
    orgTypes: ['CONSTRUCT'],
    memberQualifies: (m) => m.orgType === 'CONSTRUCT' && has(m, 'PROJECT_APPLICATION'),
  },
  submit: {
    key: 'submit',
    prefix: '/sys_submit',
    orgTypes: ['DESIGN', 'SURVEY'],
    memberQualifies: (m) => (m.orgType === 'DESIGN' || m.orgType === 'SURVEY') && has(m, 'DATA_UPLOAD'),
  },
  audit: {
    key: 'audit',
    prefix: '/sys_audit',
    orgTypes: ['CENSOR'],
    memberQualifies: (m) =>
      m.orgType === 'CENSOR' && (m.admin || has(m, ...APPROVAL_PROFILES, 'DRAWING_APPROVAL_PRINT')),
    projectMemberQualifies: (m) => m.orgType === 'CENSOR' && has(m, ...APPROVAL_PROFILES),
  },
  supervise: {
    key: 'supervise',
    prefix: '/sys_supervise',
    orgTypes: ['CONTROL'],
    memberQualifies: (m) => m.orgType === 'CONTROL' && has(m, 'ONLINE_SUPERVISION'),
  },
  joint: {
    key: 'joint',
    prefix: '/sys_joint',
    orgTypes: ['JOINTTRIAL'],
    memberQualifies: (m) => m.orgType === 'JOINTTRIAL' && has(m, 'ONLINE_CENSOR'),
  },
  admin: {
    key: 'admin',
    prefix: '/sys_admin',
    orgTypes: [],
    memberQualifies: () => false,
    accountQualifies: (p) => p.systemAdmin,
  },
  info: {
    key: 'info',
    prefix: '/sys_info',
    orgTypes: [],
    memberQualifies: (m) => has(m, 'INFORMATION_SERVICE'),
    accountQualifies: (p) => p.systemAdmin,
  },
};

/** Order in which a signed-in user's home area is chosen. */
const HOME_ORDER: readonly AreaKey[] = ['admin', 'apply', 'submit', 'audit', 'supervise', 'joint', 'info'];

export function areaOfPath(pathname: string): AreaKey | null {
  for (const key of AREA_KEYS) {
    const { prefix } = AREAS[key];
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return key;
  }
  return null;
}

/** Members through which the principal works in the area (empty when none qualify). */
export function qualifyingMembers(principal: Principal, area: AreaKey): PrincipalMember[] {
  return principal.members.filter((m) => AREAS[area].memberQualifies(m));
}

export function canEnterArea(principal: Principal, area: AreaKey): boolean {
  const def = AREAS[area];
  if (def.accountQualifies?.(principal)) return true;
  return qualifyingMembers(principal, area).length > 0;
}

/**
 * The area a user lands in. The current organisation wins when it qualifies somewhere, so a
 * person in a design and a survey unit, or in a design unit and a review agency, lands where
 * the organisation they picked works.
 */
export function homeArea(principal: Principal, currentOrgId?: string | null): AreaKey | null {
  const current = principal.members.find((m) => m.orgId === currentOrgId);
  if (current) {
    const area = HOME_ORDER.find((key) => AREAS[key].memberQualifies(current));
    if (area) return area;
  }
  return HOME_ORDER.find((key) => canEnterArea(principal, key)) ?? null;
}
