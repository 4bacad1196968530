import { z } from 'zod';
import type { Locale } from '../errors/error-codes.js';

/**
 * Filing (备案, issue 21), domain.md step 8: within 5 working days of issuing the certificate the
 * agency files it with the supervising authority of the application's region; the authority
 * confirms, or rejects with a reason, and a rejected filing goes back to the agency to correct and
 * file again (a new attempt; the rejected one stays on record). A confirmed filing makes the
 * application 已备案 and is what the public review record shows. Each filing carries the national
 * reporting fields (TBProjectCensorInfo, review-outputs.md §5).
 */

type Texts = Record<Locale, string>;

export const FILING_STATUSES = {
  PENDING: { 'zh-CN': '待确认', 'en-US': 'To be confirmed' },
  CONFIRMED: { 'zh-CN': '已确认', 'en-US': 'Confirmed' },
  REJECTED: { 'zh-CN': '已退回', 'en-US': 'Rejected' },
} as const satisfies Record<string, Texts>;
export type FilingStatus = keyof typeof FILING_STATUSES;
export const FILING_STATUS_KEYS = Object.keys(FILING_STATUSES) as [FilingStatus, ...FilingStatus[]];
export const filingStatusText = (status: FilingStatus, locale: Locale) => FILING_STATUSES[status][locale];

/** The supervise area's one list screen (spec §2): `approval/tbc`, `confirmed`, `rejected`. */
export const FILING_FLAGS = {
  tbc: 'PENDING',
  confirmed: 'CONFIRMED',
  rejected: 'REJECTED',
} as const satisfies Record<string, FilingStatus>;
export type FilingFlag = keyof typeof FILING_FLAGS;
export const FILING_FLAG_KEYS = Object.keys(FILING_FLAGS) as [FilingFlag, ...FilingFlag[]];

export const FILING_LIMITS = {
  /** Working days from issuing the certificate to filing it (住建部令第13号 art. 13). */
  workingDays: 5,
  reasonMax: 500,
  remarkMax: 500,
  pageSizeMax: 50,
  /** Rows one export holds: a bureau exports a period, not the province's history at once. */
  exportMax: 10_000,
  /** Days one export covers (a year, leap or not). */
  exportDaysMax: 366,
} as const;

/** 消防 / 人防 review as the national record asks it: passed in this review, or not part of it. */
export const SPECIAL_REVIEW_RESULTS = {
  PASSED: { 'zh-CN': '审查合格', 'en-US': 'Passed' },
  NOT_APPLICABLE: { 'zh-CN': '不涉及', 'en-US': 'Not applicable' },
} as const satisfies Record<string, Texts>;
export type SpecialReviewResult = keyof typeof SPECIAL_REVIEW_RESULTS;
export const SPECIAL_REVIEW_RESULT_KEYS = Object.keys(SPECIAL_REVIEW_RESULTS) as [
  SpecialReviewResult,
  ...SpecialReviewResult[],
];

/** What the agency states when it files: the fields the certificate cannot know. */
export const filingInput = z.object({
  /** 是否联合审查. */
  jointReview: z.boolean(),
  fireReview: z.enum(SPECIAL_REVIEW_RESULT_KEYS),
  civilDefenceReview: z.enum(SPECIAL_REVIEW_RESULT_KEYS),
  remark: z.string().trim().max(FILING_LIMITS.remarkMax).default(''),
});
export type FilingInput = z.infer<typeof filingInput>;

export const filingDecision = z.object({
  decision: z.enum(['CONFIRM', 'REJECT']),
  /** Required to reject: what the agency must correct. */
  reason: z.string().trim().max(FILING_LIMITS.reasonMax).default(''),
});
export type FilingDecisionInput = z.infer<typeof filingDecision>;

/**
 * The national reporting record (全国建筑市场监管公共服务平台, TBProjectCensorInfo), with the
 * field names the national systems use, fixed when the agency files.
 */
export const nationalFilingRecord = z.object({
  CensorNum: z.string(),
  PrjNum: z.string(),
  PrjName: z.string(),
  CensorCorpName: z.string(),
  CensorCorpCode: z.string(),
  CensorEDate: z.string(),
  /** 建设规模: total floor area, m². */
  PrjSize: z.number(),
  EconCorpName: z.string(),
  EconCorpCode: z.string(),
  EconCorpName2: z.string(),
  EconCorpCode2: z.string(),
  EconCorpName3: z.string(),
  EconCorpCode3: z.string(),
  DesignCorpName: z.string(),
  DesignCorpCode: z.string(),
  DesignCorpName2: z.string(),
  DesignCorpCode2: z.string(),
  DesignCorpName3: z.string(),
  DesignCorpCode3: z.string(),
  /** 1 passed at the first review, 0 not. */
  OneCensorIsPass: z.union([z.literal(0), z.literal(1)]),
  OneCensorWfqtCount: z.number().int(),
  OneCensorWfqtContent: z.string(),
  IsJointCensor: z.union([z.literal(0), z.literal(1)]),
  FireCensor: z.string(),
  CivilDefenceCensor: z.string(),
  /** The reviewers: specialty, name and registration, 「；」 between them. */
  Censors: z.string(),
  CreateDate: z.string(),
});
export type NationalFilingRecord = z.infer<typeof nationalFilingRecord>;
/** The record's fields in the national order (a stored record's keys come back in the database's). */
export const NATIONAL_FILING_FIELDS = Object.keys(
  nationalFilingRecord.shape,
) as (keyof NationalFilingRecord)[];

export const filingSummary = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  projectName: z.string(),
  projectCode: z.string(),
  certificateNo: z.string(),
  agencyName: z.string(),
  /** 1 for the first filing, 2 for the one after a rejection… */
  attempt: z.number().int(),
  status: z.enum(FILING_STATUS_KEYS),
  filedAt: z.string(),
  filedBy: z.string(),
  /** The last working day to file on (5 working days after issuing), and whether it was later. */
  /** Null while the year's holidays are not entered: a due day is never guessed. */
  dueOn: z.string().nullable(),
  late: z.boolean(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  authorityName: z.string().nullable(),
  reason: z.string().nullable(),
});
export type FilingSummary = z.infer<typeof filingSummary>;

export const filingDetail = filingSummary.extend({
  input: filingInput,
  national: nationalFilingRecord,
  can: z.object({ decide: z.boolean() }),
});
export type FilingDetail = z.infer<typeof filingDetail>;

/**
 * The application's filings, newest first, and whether the agency may file now (else why not): the
 * certificate's number and when filing is due.
 */
export const projectFilingPage = z.object({
  items: z.array(filingSummary),
  file: z.object({
    allowed: z.boolean(),
    blocker: z.string().nullable(),
    certificateNo: z.string().nullable(),
    dueOn: z.string().nullable(),
    /**
     * The supervising authorities of the application's region the filing goes to (the nearest
     * registered on the platform); empty: none is registered yet, and the agency is told so.
     */
    authorities: z.array(z.string()),
  }),
});
export type ProjectFilingPage = z.infer<typeof projectFilingPage>;

export const filingListQuery = z.object({
  flag: z.enum(FILING_FLAG_KEYS),
  keyword: z.string().trim().max(80).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(FILING_LIMITS.pageSizeMax).default(10),
});

export const filingPage = z.object({ items: z.array(filingSummary), total: z.number().int().nonnegative() });
export type FilingPage = z.infer<typeof filingPage>;

/** The export of confirmed filings of a period (the day each was confirmed, in China). */
export const filingExportQuery = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
});
