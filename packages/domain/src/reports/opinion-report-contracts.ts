import { z } from 'zod';
import type { Locale } from '../errors/error-codes.js';
import { OPINION_KIND_KEYS } from '../opinions/opinion-contracts.js';

/**
 * Opinion reports (审查意见告知书, issue 20), domain.md step 5: when every mission of a round is
 * accepted, the agency's admin or director compiles the round's report (a PDF built in the job
 * queue from a snapshot taken at that moment) and forwards it to the construction, design and
 * survey units. A round with no opinion issues a report that says the drawings passed.
 */

type Texts = Record<Locale, string>;

/**
 * Where one round's report stands. COMPILING while the queue builds its PDF; FAILED when the
 * build gave up (compile again); READY to forward; FORWARDED once the units have it (final).
 */
export const REPORT_STATUSES = {
  COMPILING: { 'zh-CN': '生成中', 'en-US': 'Building' },
  READY: { 'zh-CN': '待告知', 'en-US': 'Ready to forward' },
  FAILED: { 'zh-CN': '生成失败', 'en-US': 'Build failed' },
  FORWARDED: { 'zh-CN': '已告知', 'en-US': 'Forwarded' },
} as const satisfies Record<string, Texts>;
export type ReportStatus = keyof typeof REPORT_STATUSES;
export const REPORT_STATUS_KEYS = Object.keys(REPORT_STATUSES) as [ReportStatus, ...ReportStatus[]];

/** 审查结论: the round's opinions must be answered, or nothing is open and the drawings pass. */
export const REPORT_CONCLUSIONS = {
  REVISE: { 'zh-CN': '需修改后复审', 'en-US': 'Revise and resubmit' },
  PASSED: { 'zh-CN': '审查合格', 'en-US': 'Passed' },
} as const satisfies Record<string, Texts>;
export type ReportConclusion = keyof typeof REPORT_CONCLUSIONS;
export const REPORT_CONCLUSION_KEYS = Object.keys(REPORT_CONCLUSIONS) as [
  ReportConclusion,
  ...ReportConclusion[],
];

export const REPORT_LIMITS = {
  pageSizeMax: 50,
  /** Working days the units have to answer, printed on the report (the province may set its own). */
  answerDays: 30,
} as const;

/** The parts a report names, in the order it prints them. */
export const REPORT_PARTY_ROLES = ['CONSTRUCT', 'DESIGN', 'SURVEY', 'CENSOR'] as const;
export type ReportPartyRole = (typeof REPORT_PARTY_ROLES)[number];

const clockSnapshot = z.object({
  used: z.number().int(),
  limit: z.number().int(),
  left: z.number().int(),
  /** Working days of each round so far, this one last, and the applicant's apart (issue 20). */
  rounds: z.array(z.number().int()).optional(),
  applicantDays: z.number().int().optional(),
});

/**
 * What the report says, fixed when it is compiled: the PDF is built from this alone, so a build
 * retried after a crash prints the same report, and later edits elsewhere do not change an issued one.
 */
export const reportContent = z.object({
  reportNo: z.string(),
  round: z.number().int(),
  conclusion: z.enum(REPORT_CONCLUSION_KEYS),
  /** The day it was compiled, in China. */
  compiledOn: z.string(),
  project: z.object({
    name: z.string(),
    code: z.string(),
    location: z.string(),
    /** Total floor area of the confirmed buildings, m². */
    area: z.number(),
    acceptedOn: z.string().nullable(),
  }),
  parties: z.array(
    z.object({ role: z.enum(REPORT_PARTY_ROLES), name: z.string(), creditCode: z.string().nullable() }),
  ),
  buildings: z.array(z.object({ name: z.string(), area: z.number().nullable() })),
  opinions: z.array(
    z.object({
      buildingName: z.string(),
      specialty: z.string(),
      specialtyName: z.string(),
      kind: z.enum(OPINION_KIND_KEYS),
      typeName: z.string(),
      mandatory: z.boolean(),
      /** "GB 55001-2021 第 4.2.1 条". */
      clause: z.string().nullable(),
      sheet: z.string().nullable(),
      text: z.string(),
    }),
  ),
  /**
   * A later round (issue 20): each opinion of an earlier round carried into it, with the answer
   * sent and what the reviewer decided. Absent from reports compiled before answers existed.
   */
  carried: z
    .array(
      z.object({
        /** "第1轮 第3条". */
        origin: z.string(),
        buildingName: z.string(),
        specialtyName: z.string(),
        mandatory: z.boolean(),
        text: z.string(),
        answer: z.string().nullable(),
        decision: z.enum(['CLOSE', 'KEEP', 'REOPEN']),
        remark: z.string(),
      }),
    )
    .optional(),
  bySpecialty: z.array(
    z.object({
      specialty: z.string(),
      name: z.string(),
      opinions: z.number().int(),
      mandatory: z.number().int(),
      reviewers: z.array(z.string()),
      checkers: z.array(z.string()),
    }),
  ),
  byType: z.array(z.object({ name: z.string(), opinions: z.number().int() })),
  clock: z.object({ design: clockSnapshot, survey: clockSnapshot.nullable() }),
  /** The public check the QR code opens. */
  verifyUrl: z.string(),
  /**
   * The signatures the report is issued with (issue 21), in signing order, the agency's seal last:
   * the PDF ends with a page (签章页) holding a box for each. Absent from reports compiled before.
   */
  signing: z.array(z.object({ field: z.string(), label: z.string(), seal: z.boolean() })).optional(),
});
export type ReportContent = z.infer<typeof reportContent>;

export const opinionReportSummary = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  versionId: z.uuid(),
  round: z.number().int(),
  reportNo: z.string(),
  status: z.enum(REPORT_STATUS_KEYS),
  conclusion: z.enum(REPORT_CONCLUSION_KEYS),
  opinions: z.number().int(),
  mandatory: z.number().int(),
  compiledAt: z.string(),
  compiledBy: z.string(),
  forwardedAt: z.string().nullable(),
  forwardedBy: z.string().nullable(),
  /** The PDF, once built. */
  file: z.object({ size: z.number().int(), pages: z.number().int(), sha256: z.string() }).nullable(),
  /** Its signatures so far (issue 21); null for a report issued without them. */
  signing: z.object({ signed: z.number().int(), total: z.number().int() }).nullable(),
  can: z.object({ forward: z.boolean(), compile: z.boolean() }),
});
export type OpinionReportSummary = z.infer<typeof opinionReportSummary>;

/** One report with what it counts (the opinions themselves are in its PDF and the opinion lists). */
export const opinionReportDetail = opinionReportSummary.extend({
  content: reportContent.omit({ opinions: true }),
});
export type OpinionReportDetail = z.infer<typeof opinionReportDetail>;

export const opinionReportListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(REPORT_LIMITS.pageSizeMax).default(10),
});

/**
 * `opinionReport/pagelist`: the application's reports, newest round first (the units and the
 * authorities see forwarded ones only). `compile`: whether the caller may compile the current
 * round's report now, and else why not (a message in the caller's language), so the screen says it.
 */
export const opinionReportPage = z.object({
  items: z.array(opinionReportSummary),
  total: z.number().int().nonnegative(),
  compile: z.object({
    allowed: z.boolean(),
    /** Shown to the agency's deciders only; null for everyone else. */
    blocker: z.string().nullable(),
    round: z.number().int().nullable(),
  }),
});
export type OpinionReportPage = z.infer<typeof opinionReportPage>;

/** `getSignedURL/{id}`: a link that opens the PDF for a few minutes without the session. */
export const reportLink = z.object({ url: z.string(), expiresAt: z.string() });
export type ReportLink = z.infer<typeof reportLink>;

/** The public check a report's QR code opens (no personal data beyond names of units). */
export const reportCheck = z.object({
  reportNo: z.string(),
  projectName: z.string(),
  agencyName: z.string(),
  round: z.number().int(),
  conclusion: z.enum(REPORT_CONCLUSION_KEYS),
  compiledOn: z.string(),
  forwardedOn: z.string().nullable(),
  /** SHA-256 of the PDF as issued: a copy whose hash differs is not the issued one. */
  sha256: z.string().nullable(),
});
export type ReportCheck = z.infer<typeof reportCheck>;

export const reportCheckQuery = z.object({
  no: z.string().trim().min(1).max(80),
  // 16 Crockford base32 characters as typed: hyphens and spaces may group them (the service reads them).
  c: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z -]{16,40}$/),
});

export const reportStatusText = (status: ReportStatus, locale: Locale) => REPORT_STATUSES[status][locale];
export const reportConclusionText = (c: ReportConclusion, locale: Locale) => REPORT_CONCLUSIONS[c][locale];
