import { z } from 'zod';
import type { Locale } from '../errors/error-codes.js';
import type { OrgType } from '../orgs/org-type.js';
import { CERTIFICATE_NO_PATTERN } from '../members/member-credentials.js';

type Texts = Record<Locale, string>;

/**
 * Grades as certificates print them. They are kept as these words (the directory's
 * `qualificationGrade` has always held 甲级, 乙级…), so old and new records read alike.
 */
export const QUALIFICATION_GRADES = [
  '甲级',
  '乙级',
  '丙级',
  '一级',
  '二级',
  '一类',
  '二类',
  '不分等级',
] as const;
export type QualificationGrade = (typeof QUALIFICATION_GRADES)[number];

export const QUALIFICATION_GRADE_LABELS: Record<QualificationGrade, Texts> = {
  甲级: { 'zh-CN': '甲级', 'en-US': 'Grade A' },
  乙级: { 'zh-CN': '乙级', 'en-US': 'Grade B' },
  丙级: { 'zh-CN': '丙级', 'en-US': 'Grade C' },
  一级: { 'zh-CN': '一级', 'en-US': 'First class' },
  二级: { 'zh-CN': '二级', 'en-US': 'Second class' },
  一类: { 'zh-CN': '一类', 'en-US': 'Category I' },
  二类: { 'zh-CN': '二类', 'en-US': 'Category II' },
  不分等级: { 'zh-CN': '不分等级', 'en-US': 'Ungraded' },
};

interface QualificationTypeDefinition {
  orgType: OrgType;
  grades: readonly QualificationGrade[];
  label: Texts;
}

/**
 * 资质类型: the enterprise qualification certificates a registering organisation holds, by the
 * kind of organisation that holds them, each with the grades it is issued in.
 */
export const QUALIFICATION_TYPES = {
  DESIGN_COMPREHENSIVE: {
    orgType: 'DESIGN',
    grades: ['甲级'],
    label: { 'zh-CN': '工程设计综合资质', 'en-US': 'Comprehensive engineering design' },
  },
  DESIGN_INDUSTRY: {
    orgType: 'DESIGN',
    grades: ['甲级', '乙级', '丙级'],
    label: { 'zh-CN': '工程设计行业资质', 'en-US': 'Engineering design (industry)' },
  },
  DESIGN_SPECIALTY: {
    orgType: 'DESIGN',
    grades: ['甲级', '乙级', '丙级'],
    label: { 'zh-CN': '工程设计专业资质', 'en-US': 'Engineering design (specialty)' },
  },
  DESIGN_SPECIAL: {
    orgType: 'DESIGN',
    grades: ['甲级', '乙级'],
    label: { 'zh-CN': '工程设计专项资质', 'en-US': 'Engineering design (special field)' },
  },
  SURVEY_COMPREHENSIVE: {
    orgType: 'SURVEY',
    grades: ['甲级'],
    label: { 'zh-CN': '工程勘察综合资质', 'en-US': 'Comprehensive engineering survey' },
  },
  SURVEY_SPECIALTY: {
    orgType: 'SURVEY',
    grades: ['甲级', '乙级', '丙级'],
    label: { 'zh-CN': '工程勘察专业资质', 'en-US': 'Engineering survey (specialty)' },
  },
  SURVEY_LABOUR: {
    orgType: 'SURVEY',
    grades: ['不分等级'],
    label: { 'zh-CN': '工程勘察劳务资质', 'en-US': 'Engineering survey (labour)' },
  },
  REVIEW_AGENCY: {
    orgType: 'CENSOR',
    grades: ['一类', '二类'],
    label: { 'zh-CN': '施工图审查机构认定', 'en-US': 'Drawing review agency accreditation' },
  },
  REAL_ESTATE: {
    orgType: 'CONSTRUCT',
    grades: ['一级', '二级'],
    label: { 'zh-CN': '房地产开发企业资质', 'en-US': 'Real estate development' },
  },
} as const satisfies Record<string, QualificationTypeDefinition>;
export type QualificationType = keyof typeof QUALIFICATION_TYPES;
export const QUALIFICATION_TYPE_KEYS = Object.keys(QUALIFICATION_TYPES) as [
  QualificationType,
  ...QualificationType[],
];

export function qualificationTypesOf(orgType: OrgType): QualificationType[] {
  return QUALIFICATION_TYPE_KEYS.filter((type) => QUALIFICATION_TYPES[type].orgType === orgType);
}

export function qualificationGradesOf(type: QualificationType): readonly QualificationGrade[] {
  return (QUALIFICATION_TYPES[type] as QualificationTypeDefinition).grades;
}

/**
 * Whether an organisation of this type must give its 资质 to register: design, survey and review
 * work needs a certificate by law; a construction unit (often a public body) may have none.
 */
export function qualificationRequired(orgType: OrgType): boolean {
  return orgType === 'DESIGN' || orgType === 'SURVEY' || orgType === 'CENSOR';
}

/** A grade in the caller's language; text typed on an older record is shown as it is. */
export function qualificationGradeLabel(grade: string | null, locale: Locale): string | null {
  if (grade === null) return null;
  return (QUALIFICATION_GRADES as readonly string[]).includes(grade)
    ? QUALIFICATION_GRADE_LABELS[grade as QualificationGrade][locale]
    : grade;
}

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date (YYYY-MM-DD)' })
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      message: 'is not a calendar date',
    },
  );

/** The 资质 fields of a registration; which are needed depends on the organisation type. */
export const enterpriseQualificationFields = {
  qualificationType: z.enum(QUALIFICATION_TYPE_KEYS).optional(),
  qualificationGrade: z.enum(QUALIFICATION_GRADES).optional(),
  qualificationNo: z
    .string()
    .trim()
    .regex(CERTIFICATE_NO_PATTERN, { message: '4-40 letters, digits or hyphens' })
    .optional(),
  /** 有效期至, the last day the certificate is valid. */
  qualificationValidUntil: isoDate.optional(),
};

type QualificationInput = {
  orgType: OrgType;
  qualificationType?: QualificationType | undefined;
  qualificationGrade?: QualificationGrade | undefined;
  qualificationNo?: string | undefined;
  qualificationValidUntil?: string | undefined;
};

const QUALIFICATION_KEYS = [
  'qualificationType',
  'qualificationGrade',
  'qualificationNo',
  'qualificationValidUntil',
] as const;

/**
 * Checks the 资质 against the organisation type: all four fields or (for a construction unit)
 * none, a type this kind of organisation holds, a grade that type is issued in. Whether the
 * certificate has expired needs the server's clock and is checked there.
 */
export function checkQualification(value: QualificationInput, ctx: z.RefinementCtx) {
  const given = QUALIFICATION_KEYS.filter((k) => value[k] !== undefined);
  if (given.length === 0 && !qualificationRequired(value.orgType)) return;
  for (const key of QUALIFICATION_KEYS)
    if (value[key] === undefined)
      ctx.addIssue({ code: 'custom', path: [key], message: 'is required (the enterprise qualification)' });
  const type = value.qualificationType;
  if (!type) return;
  if (QUALIFICATION_TYPES[type].orgType !== value.orgType)
    ctx.addIssue({
      code: 'custom',
      path: ['qualificationType'],
      message: 'is not held by this type of organisation',
    });
  else if (value.qualificationGrade && !qualificationGradesOf(type).includes(value.qualificationGrade))
    ctx.addIssue({
      code: 'custom',
      path: ['qualificationGrade'],
      message: 'is not a grade this qualification is issued in',
    });
}
