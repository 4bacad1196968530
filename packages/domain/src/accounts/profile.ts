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
 * Which profiles a member of each org type may hold. The platform operator (the provincial
 * housing department) is a CONTROL organisation, so CONTROL also carries the platform's own
 * information-service and system-administration profiles.
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
  CONTROL: ['ONLINE_SUPERVISION', 'INFORMATION_SERVICE', 'SYSTEM_ADMIN'],
  JOINTTRIAL: ['ONLINE_CENSOR'],
};

export function profileAllowedFor(orgType: OrgType, profile: Profile): boolean {
  return PROFILES_BY_ORG_TYPE[orgType].includes(profile);
}

/** Spec §9 role weights: admin approval 2, director 3, others 1. */
export function roleWeight(profile: Profile): number {
  if (profile === 'DRAWING_APPROVAL_DIRECTOR') return 3;
  if (profile === 'DRAWING_APPROVAL_ADMIN') return 2;
  return 1;
}
