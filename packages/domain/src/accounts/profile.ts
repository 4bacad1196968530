import type { OrgType } from '../orgs/org-type.js';

/** Profiles of spec §6. A member holds profiles in one organisation. */
export const PROFILES = [
  'SYSTEM_ADMIN',
  'PROJECT_APPLICATION',
  'DATA_UPLOAD',
  'DRAWING_APPROVAL_ADMIN',
  'DRAWING_APPROVAL_NORMAL',
  'DRAWING_APPROVAL_DIRECTOR',
  'DRAWING_APPROVAL_PRINT',
  'ONLINE_SUPERVISION',
  'ONLINE_CENSOR',
  'INFORMATION_SERVICE',
] as const;
export type Profile = (typeof PROFILES)[number];

export const PROFILE_LABELS: Record<Profile, { 'zh-CN': string; 'en-US': string }> = {
  SYSTEM_ADMIN: { 'zh-CN': '系统管理员', 'en-US': 'System administrator' },
  PROJECT_APPLICATION: { 'zh-CN': '项目报审', 'en-US': 'Project application' },
  DATA_UPLOAD: { 'zh-CN': '资料上传', 'en-US': 'Material upload' },
  DRAWING_APPROVAL_ADMIN: { 'zh-CN': '审查管理员', 'en-US': 'Review office administrator' },
  DRAWING_APPROVAL_NORMAL: { 'zh-CN': '审查人员', 'en-US': 'Reviewer' },
  DRAWING_APPROVAL_DIRECTOR: { 'zh-CN': '审查负责人', 'en-US': 'Review director' },
  DRAWING_APPROVAL_PRINT: { 'zh-CN': '审查打印', 'en-US': 'Review printing' },
  ONLINE_SUPERVISION: { 'zh-CN': '在线监管', 'en-US': 'Online supervision' },
  ONLINE_CENSOR: { 'zh-CN': '在线联审', 'en-US': 'Online joint review' },
  INFORMATION_SERVICE: { 'zh-CN': '信息服务', 'en-US': 'Information service' },
};

/**
 * The platform's own profiles: information service (the portal and the enterprise directory) and
 * system administration. They belong to the platform operator's organisation alone (the provincial
 * housing department, `orgs.platform_operator`), and only the system admin hands them out: a
 * CONTROL type by itself grants nothing of the platform's, or any city bureau's admin could give
 * itself the operator's powers.
 */
export const PLATFORM_STAFF_PROFILES = [
  'INFORMATION_SERVICE',
  'SYSTEM_ADMIN',
] as const satisfies readonly Profile[];

export function isPlatformStaffProfile(profile: Profile): boolean {
  return (PLATFORM_STAFF_PROFILES as readonly Profile[]).includes(profile);
}

/**
 * The ordinary profiles of each org type: what a member may hold, and what the organisation's own
 * admin may hand out. A new organisation's first admin gets these and nothing more.
 */
export const PROFILES_BY_ORG_TYPE: Record<OrgType, readonly Profile[]> = {
  CONSTRUCT: ['PROJECT_APPLICATION'],
  DESIGN: ['DATA_UPLOAD'],
  SURVEY: ['DATA_UPLOAD'],
  CENSOR: [
    'DRAWING_APPROVAL_ADMIN',
    'DRAWING_APPROVAL_DIRECTOR',
    'DRAWING_APPROVAL_NORMAL',
    'DRAWING_APPROVAL_PRINT',
  ],
  CONTROL: ['ONLINE_SUPERVISION'],
  JOINTTRIAL: ['ONLINE_CENSOR'],
};

/** What the grant rules need to know about an organisation. */
export interface GrantOrg {
  orgType: OrgType;
  platformOperator: boolean;
}

/** Every profile a member of this organisation may hold: its type's, and on the operator the platform's. */
export function profilesHeldIn(org: GrantOrg): Profile[] {
  return [...PROFILES_BY_ORG_TYPE[org.orgType], ...(org.platformOperator ? PLATFORM_STAFF_PROFILES : [])];
}

/**
 * The profiles a caller may hand out in this organisation: an org admin its type's, the system
 * admin also the platform's on the operator. (Nobody may add to their own membership: see
 * `grantRefusal`.)
 */
export function grantableProfiles(org: GrantOrg, granter: { systemAdmin: boolean }): Profile[] {
  return profilesHeldIn(org).filter((p) => granter.systemAdmin || !isPlatformStaffProfile(p));
}

/** Why a grant is refused, in the order the server checks; null when it is allowed. */
export type GrantRefusal =
  | { code: 'PLATFORM_PROFILE_OPERATOR_ONLY'; profiles: Profile[] }
  | { code: 'PROFILE_NOT_ALLOWED'; profiles: Profile[] }
  | { code: 'PLATFORM_PROFILE_SYSTEM_ADMIN_ONLY'; profiles: Profile[] }
  | { code: 'CANNOT_RAISE_OWN_PROFILES'; profiles: Profile[] };

/**
 * Whether `granter` may give a membership of `org` the profiles `next`, where it holds `held`
 * today (nothing, for a new member or an invitation). Only the profiles added are judged, so an
 * admin may keep or take away what the system admin gave; `self` is the granter's own membership,
 * to which nothing may be added.
 */
export function grantRefusal(input: {
  org: GrantOrg;
  granter: { systemAdmin: boolean };
  held: readonly Profile[];
  next: readonly Profile[];
  self: boolean;
}): GrantRefusal | null {
  const added = [...new Set(input.next)].filter((p) => !input.held.includes(p));
  const held = profilesHeldIn(input.org);
  const platform = added.filter((p) => isPlatformStaffProfile(p) && !input.org.platformOperator);
  if (platform.length > 0) return { code: 'PLATFORM_PROFILE_OPERATOR_ONLY', profiles: platform };
  const foreign = added.filter((p) => !held.includes(p));
  if (foreign.length > 0) return { code: 'PROFILE_NOT_ALLOWED', profiles: foreign };
  const staff = added.filter((p) => isPlatformStaffProfile(p) && !input.granter.systemAdmin);
  if (staff.length > 0) return { code: 'PLATFORM_PROFILE_SYSTEM_ADMIN_ONLY', profiles: staff };
  if (input.self && added.length > 0) return { code: 'CANNOT_RAISE_OWN_PROFILES', profiles: added };
  return null;
}

/** Spec §9 role weights: admin approval 2, director 3, others 1. */
export function roleWeight(profile: Profile): number {
  if (profile === 'DRAWING_APPROVAL_DIRECTOR') return 3;
  if (profile === 'DRAWING_APPROVAL_ADMIN') return 2;
  return 1;
}
