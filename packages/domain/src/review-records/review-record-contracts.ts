import { z } from 'zod';
import { CERTIFICATE_STATUS_KEYS } from '../certificates/certificate-contracts.js';
import { REPORT_PARTY_ROLES } from '../reports/opinion-report-contracts.js';

/**
 * The public review record (审查信息公开, issue 21): `/common/reviewInfoSearch` lists the
 * applications whose filing the supervising authority confirmed, `buildingFilingDetail/{id}` is one
 * of them (by its filing's id), `buildingFilingDetail2/{id}` one building of it. What is shown is
 * what the record and the certificate state publicly (names of units, their credit codes, the
 * reviewers' names): never a person's phone, ID number or registration number, nor anything of an
 * application that is not filed.
 */

export const REVIEW_RECORD_LIMITS = {
  pageSizeMax: 20,
  /**
   * How deep the list pages: a citizen looks for one application, a scraper walks them all. Past
   * this many rows the search must be narrowed (REVIEW_RECORD_TOO_DEEP).
   */
  depthMax: 500,
  fieldMax: 60,
} as const;

const field = z.string().trim().max(REVIEW_RECORD_LIMITS.fieldMax).optional();

/** Each field narrows the search (contains, any case); none lists every confirmed record. */
export const reviewRecordQuery = z.object({
  projectName: field,
  projectCode: field,
  certificateNo: field,
  agencyName: field,
  constructName: field,
  /** 0-based, as the portal's other lists. */
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(REVIEW_RECORD_LIMITS.pageSizeMax).default(10),
});
export type ReviewRecordQuery = z.infer<typeof reviewRecordQuery>;

export const reviewRecordSummary = z.object({
  /** The confirmed filing's id: `buildingFilingDetail/{id}`. */
  id: z.uuid(),
  projectName: z.string(),
  projectCode: z.string(),
  regionName: z.string(),
  constructName: z.string(),
  agencyName: z.string(),
  certificateNo: z.string(),
  /** ISSUED, or SUPERSEDED / REVOKED since. */
  certificateStatus: z.enum(CERTIFICATE_STATUS_KEYS),
  /** 建设规模, m². */
  area: z.number(),
  /** The day the authority confirmed the filing, in China. */
  filedOn: z.string(),
});
export type ReviewRecordSummary = z.infer<typeof reviewRecordSummary>;

export const reviewRecordPage = z.object({
  items: z.array(reviewRecordSummary),
  total: z.number().int().nonnegative(),
});
export type ReviewRecordPage = z.infer<typeof reviewRecordPage>;

export const reviewRecordBuilding = z.object({
  /** `buildingFilingDetail2/{id}`. */
  id: z.uuid(),
  name: z.string(),
  useName: z.string(),
  structureName: z.string(),
  floorsAbove: z.number().int(),
  floorsBelow: z.number().int(),
  /** m. */
  height: z.number(),
  /** m². */
  floorArea: z.number(),
  seismicName: z.string(),
  fireRatingName: z.string(),
});
export type ReviewRecordBuilding = z.infer<typeof reviewRecordBuilding>;

export const reviewRecordDetail = reviewRecordSummary.extend({
  location: z.string(),
  projectTypeName: z.string(),
  /** 万元. */
  investment: z.number().nullable(),
  parties: z.array(
    z.object({ role: z.enum(REPORT_PARTY_ROLES), name: z.string(), creditCode: z.string().nullable() }),
  ),
  authorityName: z.string(),
  /** 审查范围. */
  specialties: z.array(z.string()),
  /** The reviewers by specialty: names only. */
  reviewers: z.array(z.object({ specialtyName: z.string(), name: z.string() })),
  firstRoundPassed: z.boolean(),
  /** 一次审查违反强条数 and the clauses. */
  mandatoryCount: z.number().int(),
  mandatoryClauses: z.array(z.string()),
  rounds: z.number().int(),
  completedOn: z.string(),
  issuedOn: z.string().nullable(),
  jointReview: z.boolean(),
  fireReview: z.string(),
  civilDefenceReview: z.string(),
  buildings: z.array(reviewRecordBuilding),
});
export type ReviewRecordDetail = z.infer<typeof reviewRecordDetail>;

/** One building of a filed application, with the record it belongs to. */
export const reviewRecordBuildingDetail = reviewRecordBuilding.extend({
  record: reviewRecordSummary,
  climaticRegionName: z.string(),
  /** The design and survey units that worked on it. */
  units: z.array(z.object({ role: z.enum(['DESIGN', 'SURVEY']), name: z.string() })),
});
export type ReviewRecordBuildingDetail = z.infer<typeof reviewRecordBuildingDetail>;
