import { z } from 'zod';
import type { Locale } from '../errors/error-codes.js';
import type { OrgType } from '../orgs/org-type.js';

type Texts = Record<Locale, string>;

/** 职称: the professional titles a review agency records for each reviewer. */
export const PERSON_TITLES = [
  'ASSISTANT_ENGINEER',
  'ENGINEER',
  'SENIOR_ENGINEER',
  'PROFESSOR_SENIOR_ENGINEER',
] as const;
export type PersonTitle = (typeof PERSON_TITLES)[number];

export const PERSON_TITLE_LABELS: Record<PersonTitle, Texts> = {
  ASSISTANT_ENGINEER: { 'zh-CN': '助理工程师', 'en-US': 'Assistant engineer' },
  ENGINEER: { 'zh-CN': '工程师', 'en-US': 'Engineer' },
  SENIOR_ENGINEER: { 'zh-CN': '高级工程师', 'en-US': 'Senior engineer' },
  PROFESSOR_SENIOR_ENGINEER: { 'zh-CN': '正高级工程师', 'en-US': 'Professor-level senior engineer' },
};

/**
 * 注册类型: the registered practising qualifications whose seal appears on drawings and review
 * opinions (注册建筑师, 注册结构工程师, 注册土木工程师（岩土）, 注册公用设备工程师, 注册电气工程师…).
 */
export const REGISTRATION_TYPES = [
  'ARCHITECT_1',
  'ARCHITECT_2',
  'STRUCTURAL_1',
  'STRUCTURAL_2',
  'GEOTECHNICAL',
  'UTILITY_PLUMBING',
  'UTILITY_HVAC',
  'ELECTRICAL_POWER_SUPPLY',
  'ELECTRICAL_POWER_TRANSMISSION',
  'CIVIL_ROAD',
  'FIRE_PROTECTION_1',
] as const;
export type RegistrationType = (typeof REGISTRATION_TYPES)[number];

export const REGISTRATION_TYPE_LABELS: Record<RegistrationType, Texts> = {
  ARCHITECT_1: { 'zh-CN': '一级注册建筑师', 'en-US': 'Class 1 registered architect' },
  ARCHITECT_2: { 'zh-CN': '二级注册建筑师', 'en-US': 'Class 2 registered architect' },
  STRUCTURAL_1: { 'zh-CN': '一级注册结构工程师', 'en-US': 'Class 1 registered structural engineer' },
  STRUCTURAL_2: { 'zh-CN': '二级注册结构工程师', 'en-US': 'Class 2 registered structural engineer' },
  GEOTECHNICAL: {
    'zh-CN': '注册土木工程师（岩土）',
    'en-US': 'Registered civil engineer (geotechnical)',
  },
  UTILITY_PLUMBING: {
    'zh-CN': '注册公用设备工程师（给水排水）',
    'en-US': 'Registered utilities engineer (water supply and drainage)',
  },
  UTILITY_HVAC: {
    'zh-CN': '注册公用设备工程师（暖通空调）',
    'en-US': 'Registered utilities engineer (HVAC)',
  },
  ELECTRICAL_POWER_SUPPLY: {
    'zh-CN': '注册电气工程师（供配电）',
    'en-US': 'Registered electrical engineer (power supply and distribution)',
  },
  ELECTRICAL_POWER_TRANSMISSION: {
    'zh-CN': '注册电气工程师（发输变电）',
    'en-US': 'Registered electrical engineer (generation and transmission)',
  },
  CIVIL_ROAD: { 'zh-CN': '注册土木工程师（道路工程）', 'en-US': 'Registered civil engineer (roads)' },
  FIRE_PROTECTION_1: { 'zh-CN': '一级注册消防工程师', 'en-US': 'Class 1 registered fire engineer' },
};

/** 证书号 / 注册号 as printed on the certificate: letters, digits and hyphens. */
export const CERTIFICATE_NO_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{3,39}$/;

/** Which parts of a person's credentials an organisation of each type keeps. */
export const CREDENTIALS_BY_ORG_TYPE: Record<
  OrgType,
  { specialties: boolean; title: boolean; registration: boolean }
> = {
  // Reviews are assigned per specialty, and the opinion carries the reviewer's title and seal.
  CENSOR: { specialties: true, title: true, registration: true },
  // The drawings and survey reports carry the registered engineer's seal.
  DESIGN: { specialties: false, title: false, registration: true },
  SURVEY: { specialties: false, title: false, registration: true },
  CONSTRUCT: { specialties: false, title: false, registration: false },
  CONTROL: { specialties: false, title: false, registration: false },
  JOINTTRIAL: { specialties: false, title: false, registration: false },
};

export const MEMBER_SPECIALTIES_MAX = 10;

/**
 * A member's credentials: 专业 (codes of the specialty dictionary), 职称, 注册类型 and its
 * certificate number. A type without a number (or the reverse) is refused, so a seal can always
 * be traced to a certificate.
 */
export const memberCredentials = z
  .object({
    specialties: z
      .array(z.string().regex(/^[A-Z0-9][A-Z0-9_.-]*$/, { message: 'must be a specialty code' }))
      .max(MEMBER_SPECIALTIES_MAX)
      .refine((codes) => new Set(codes).size === codes.length, { message: 'a specialty is named twice' })
      .default([]),
    title: z.enum(PERSON_TITLES).nullable().default(null),
    registrationType: z.enum(REGISTRATION_TYPES).nullable().default(null),
    registrationNo: z
      .string()
      .trim()
      .transform((v) => v || null)
      .pipe(
        z.string().regex(CERTIFICATE_NO_PATTERN, { message: '4-40 letters, digits or hyphens' }).nullable(),
      )
      .nullable()
      .default(null),
  })
  .refine((c) => (c.registrationType === null) === (c.registrationNo === null), {
    message: 'the registration type and the certificate number go together',
    path: ['registrationNo'],
  });
export type MemberCredentials = z.output<typeof memberCredentials>;
export type MemberCredentialsInput = z.input<typeof memberCredentials>;

export const NO_CREDENTIALS: MemberCredentials = {
  specialties: [],
  title: null,
  registrationType: null,
  registrationNo: null,
};

/** The parts of the credentials that an organisation of this type does not keep but were given. */
export function credentialsOutOfPlace(orgType: OrgType, credentials: MemberCredentials): string[] {
  const kept = CREDENTIALS_BY_ORG_TYPE[orgType];
  const extra: string[] = [];
  if (!kept.specialties && credentials.specialties.length > 0) extra.push('specialties');
  if (!kept.title && credentials.title !== null) extra.push('title');
  if (!kept.registration && credentials.registrationType !== null) extra.push('registrationType');
  return extra;
}
