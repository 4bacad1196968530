import { z } from 'zod';
import type { Locale } from '../errors/error-codes.js';
import { signatureCheck } from '../signatures/signature-contracts.js';

/**
 * The sealed drawing set (一套图签章, issue 21), domain.md step 7: once the last round passed, the
 * agency seals every PDF of the reviewed version: each sheet carries the signature of the
 * reviewer(s) of its specialty, the director's and the agency's 审查专用章, each an incremental
 * PAdES update that any reader checks. The originals stay in the document repository as uploaded;
 * the sealed copies are what the units build from and the authority reads.
 *
 * A signer signs once for all the sheets concerned, with their password again; the sheets are
 * sealed in the job queue (a set can hold hundreds of heavy A0 sheets), each in its own
 * transaction, in signing order.
 */

type Texts = Record<Locale, string>;

/** SIGNING until every signature is on every sheet; SEALED then (final). */
export const DRAWING_SET_STATUSES = {
  SIGNING: { 'zh-CN': '签章中', 'en-US': 'Being signed' },
  SEALED: { 'zh-CN': '已签章', 'en-US': 'Sealed' },
} as const satisfies Record<string, Texts>;
export type DrawingSetStatus = keyof typeof DRAWING_SET_STATUSES;
export const DRAWING_SET_STATUS_KEYS = Object.keys(DRAWING_SET_STATUSES) as [
  DrawingSetStatus,
  ...DrawingSetStatus[],
];
export const drawingSetStatusText = (status: DrawingSetStatus, locale: Locale) =>
  DRAWING_SET_STATUSES[status][locale];

export const DRAWING_SET_LIMITS = {
  /** Sheets one set may hold: a whole hospital is some 1 500; beyond it is no drawing set. */
  sheetsMax: 5_000,
} as const;

export const drawingSetSheet = z.object({
  id: z.uuid(),
  /** The file's name as uploaded. */
  name: z.string(),
  /** Where it lies in the version's tree: 施工图 / 1#楼 / 结构. */
  path: z.string(),
  /** The specialty whose reviewers sign it; null where the folder names none (only the director and the seal). */
  specialtyName: z.string().nullable(),
  /** Signatures on its file now, and how many it will carry. */
  signed: z.number().int(),
  total: z.number().int(),
  size: z.number().int(),
  sha256: z.string(),
  /** Why sealing it stopped (a damaged PDF), for the agency. */
  failure: z.string().nullable(),
});
export type DrawingSetSheet = z.infer<typeof drawingSetSheet>;

export const drawingSetSummary = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  /** The reviewed version it seals (第 n 版). */
  versionNumber: z.number().int(),
  status: z.enum(DRAWING_SET_STATUS_KEYS),
  sheets: z.number().int(),
  /** Files of the version that cannot carry a signature (DWG, DWF, a damaged or locked PDF): kept as uploaded. */
  skipped: z.number().int(),
  /** Sheets carrying every signature. */
  sealedSheets: z.number().int(),
  compiledAt: z.string(),
  compiledBy: z.string(),
  sealedAt: z.string().nullable(),
  /** Signing tasks signed and in all (each task covers every sheet it concerns). */
  signing: z.object({ signed: z.number().int(), total: z.number().int() }),
});
export type DrawingSetSummary = z.infer<typeof drawingSetSummary>;

export const drawingSetDetail = drawingSetSummary.extend({ items: z.array(drawingSetSheet) });
export type DrawingSetDetail = z.infer<typeof drawingSetDetail>;

/** The application's sealed set, if any, and whether the caller may prepare it now, else why not. */
export const drawingSetPage = z.object({
  set: drawingSetSummary.nullable(),
  compile: z.object({ allowed: z.boolean(), blocker: z.string().nullable() }),
});
export type DrawingSetPage = z.infer<typeof drawingSetPage>;

/** One sealed sheet's signatures as the platform's own check reads them. */
export const drawingSheetVerification = z.object({
  sheet: drawingSetSheet,
  signatures: z.array(signatureCheck),
});
export type DrawingSheetVerification = z.infer<typeof drawingSheetVerification>;
