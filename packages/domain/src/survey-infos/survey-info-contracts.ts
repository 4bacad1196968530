import { z } from 'zod';
import type { Locale } from '../errors/error-codes.js';
import { keysOf, nullableText } from '../http/fields.js';
import { personNameField } from '../members/member-contracts.js';

/**
 * Contracts of a survey unit's project-level survey information (勘察信息), spec §7 "Survey info":
 * the summary a geotechnical investigation report (岩土工程勘察报告) opens with. The grades are those
 * of GB 50021-2001 (2009 edition) 《岩土工程勘察规范》 §3.1.
 */

type Texts = Record<Locale, string>;

/** A survey unit's information is a draft until the unit submits it; then it is read-only. */
export const SURVEY_INFO_STATUSES = {
  DRAFT: { 'zh-CN': '草稿', 'en-US': 'Draft' },
  SUBMITTED: { 'zh-CN': '已提交', 'en-US': 'Submitted' },
} as const satisfies Record<string, Texts>;
export type SurveyInfoStatus = keyof typeof SURVEY_INFO_STATUSES;

/** 勘察阶段, GB 50021 §4.1. */
export const SURVEY_STAGES = {
  FEASIBILITY: { 'zh-CN': '可行性研究勘察', 'en-US': 'Feasibility study investigation' },
  PRELIMINARY: { 'zh-CN': '初步勘察', 'en-US': 'Preliminary investigation' },
  DETAILED: { 'zh-CN': '详细勘察', 'en-US': 'Detailed investigation' },
  CONSTRUCTION: { 'zh-CN': '施工勘察', 'en-US': 'Construction-stage investigation' },
} as const satisfies Record<string, Texts>;
export type SurveyStage = keyof typeof SURVEY_STAGES;

/** 工程重要性等级, GB 50021 §3.1.1: by the consequences of a failure. */
export const ENGINEERING_IMPORTANCE_GRADES = {
  FIRST: {
    'zh-CN': '一级（重要工程，后果很严重）',
    'en-US': 'Grade 1 (important, very serious consequences)',
  },
  SECOND: { 'zh-CN': '二级（一般工程，后果严重）', 'en-US': 'Grade 2 (ordinary, serious consequences)' },
  THIRD: { 'zh-CN': '三级（次要工程，后果不严重）', 'en-US': 'Grade 3 (minor, consequences not serious)' },
} as const satisfies Record<string, Texts>;
export type EngineeringImportanceGrade = keyof typeof ENGINEERING_IMPORTANCE_GRADES;

/** 场地复杂程度等级, GB 50021 §3.1.2. */
export const SITE_COMPLEXITY_GRADES = {
  FIRST: { 'zh-CN': '一级场地（复杂场地）', 'en-US': 'Grade 1 (complex site)' },
  SECOND: { 'zh-CN': '二级场地（中等复杂场地）', 'en-US': 'Grade 2 (moderately complex site)' },
  THIRD: { 'zh-CN': '三级场地（简单场地）', 'en-US': 'Grade 3 (simple site)' },
} as const satisfies Record<string, Texts>;
export type SiteComplexityGrade = keyof typeof SITE_COMPLEXITY_GRADES;

/** 地基复杂程度等级, GB 50021 §3.1.3. */
export const GROUND_COMPLEXITY_GRADES = {
  FIRST: { 'zh-CN': '一级地基（复杂地基）', 'en-US': 'Grade 1 (complex ground)' },
  SECOND: { 'zh-CN': '二级地基（中等复杂地基）', 'en-US': 'Grade 2 (moderately complex ground)' },
  THIRD: { 'zh-CN': '三级地基（简单地基）', 'en-US': 'Grade 3 (simple ground)' },
} as const satisfies Record<string, Texts>;
export type GroundComplexityGrade = keyof typeof GROUND_COMPLEXITY_GRADES;

/** 岩土工程勘察等级, GB 50021 §3.1.4. */
export const SURVEY_GRADES = {
  A: { 'zh-CN': '甲级', 'en-US': 'Class A' },
  B: { 'zh-CN': '乙级', 'en-US': 'Class B' },
  C: { 'zh-CN': '丙级', 'en-US': 'Class C' },
} as const satisfies Record<string, Texts>;
export type SurveyGrade = keyof typeof SURVEY_GRADES;

type Grade = 'FIRST' | 'SECOND' | 'THIRD';

/**
 * The survey grades GB 50021 §3.1.4 allows for three grades: 甲级 when any of them is grade 1, 丙级
 * when all are grade 3, 乙级 otherwise. Its note: an important project on rock whose site and
 * ground are both simple may be 乙级.
 */
export function allowedSurveyGrades(importance: Grade, site: Grade, ground: Grade): SurveyGrade[] {
  if (importance === 'FIRST' && site === 'THIRD' && ground === 'THIRD') return ['A', 'B'];
  if (importance === 'FIRST' || site === 'FIRST' || ground === 'FIRST') return ['A'];
  if (importance === 'THIRD' && site === 'THIRD' && ground === 'THIRD') return ['C'];
  return ['B'];
}

/** Bounds beyond which a number is a typing error, not a survey. */
export const SURVEY_INFO_LIMITS = {
  reportNoMax: 64,
  /** 勘探点: boreholes, trial pits and soundings of one project. */
  explorationPointsMax: 10_000,
  /** 钻孔总进尺 in metres: ten thousand holes of 100 m. */
  totalDrillingMax: 1_000_000,
  /** 地下水位埋深 in metres below ground. */
  groundwaterDepthMax: 200,
  adverseGeologyMax: 1000,
  conclusionMax: 4000,
  /** The oldest report date accepted (the current survey rules date from 2001). */
  earliestReportDate: '2000-01-01',
} as const;

/**
 * `POST …/surveyInfo/save`: the acting survey unit's information for the project, as a draft. The
 * server also checks the survey grade against `allowedSurveyGrades` and the date against today.
 */
export const saveSurveyInfoRequest = z.object({
  stage: z.enum(keysOf(SURVEY_STAGES)),
  importanceGrade: z.enum(keysOf(ENGINEERING_IMPORTANCE_GRADES)),
  siteComplexity: z.enum(keysOf(SITE_COMPLEXITY_GRADES)),
  groundComplexity: z.enum(keysOf(GROUND_COMPLEXITY_GRADES)),
  surveyGrade: z.enum(keysOf(SURVEY_GRADES)),
  /** 勘察报告编号. */
  reportNo: z.string().trim().min(1).max(SURVEY_INFO_LIMITS.reportNoMax),
  /** 报告完成日期 (YYYY-MM-DD), not in the future: the server checks against its clock. */
  reportDate: z.iso.date().refine((d) => d >= SURVEY_INFO_LIMITS.earliestReportDate, {
    message: `not before ${SURVEY_INFO_LIMITS.earliestReportDate}`,
  }),
  /** 项目负责人. */
  projectLeader: personNameField,
  /** 注册土木工程师（岩土）. */
  engineerName: personNameField,
  /** Their registration number (注册证书编号). */
  engineerCertNo: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,32}$/, '4 to 32 letters, digits or hyphens'),
  /** 勘探点数量. */
  explorationPoints: z.number().int().min(1).max(SURVEY_INFO_LIMITS.explorationPointsMax),
  /** 钻孔总进尺, metres. */
  totalDrilling: z.number().positive().max(SURVEY_INFO_LIMITS.totalDrillingMax),
  /** 地下水位埋深, metres below ground; null where no groundwater was met. */
  groundwaterDepth: z.number().min(0).max(SURVEY_INFO_LIMITS.groundwaterDepthMax).nullable(),
  /** 不良地质作用 (karst, landslide, goaf...); empty: none found. */
  adverseGeology: nullableText(SURVEY_INFO_LIMITS.adverseGeologyMax),
  /** 结论与建议, summarised. */
  conclusion: z.string().trim().min(1).max(SURVEY_INFO_LIMITS.conclusionMax),
});
export type SaveSurveyInfoRequest = z.input<typeof saveSurveyInfoRequest>;

export const surveyInfo = z.object({
  id: z.string(),
  projectId: z.string(),
  orgId: z.string(),
  orgName: z.string(),
  status: z.enum(keysOf(SURVEY_INFO_STATUSES)),
  stage: z.enum(keysOf(SURVEY_STAGES)),
  importanceGrade: z.enum(keysOf(ENGINEERING_IMPORTANCE_GRADES)),
  siteComplexity: z.enum(keysOf(SITE_COMPLEXITY_GRADES)),
  groundComplexity: z.enum(keysOf(GROUND_COMPLEXITY_GRADES)),
  surveyGrade: z.enum(keysOf(SURVEY_GRADES)),
  reportNo: z.string(),
  reportDate: z.string(),
  projectLeader: z.string(),
  engineerName: z.string(),
  engineerCertNo: z.string(),
  explorationPoints: z.number().int(),
  totalDrilling: z.number(),
  groundwaterDepth: z.number().nullable(),
  adverseGeology: z.string().nullable(),
  conclusion: z.string(),
  submittedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What the acting organisation may do to it now: only its own, until submitted. */
  can: z.object({ edit: z.boolean(), submit: z.boolean() }),
});
export type SurveyInfo = z.infer<typeof surveyInfo>;

/** `PUT …/surveyInfo/submit/{id}`: -1 (the spec's default) means the acting unit's own. */
export const surveyInfoIdParam = z.union([z.literal('-1').transform(() => null), z.uuid()]);
