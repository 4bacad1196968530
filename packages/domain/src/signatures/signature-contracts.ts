import { z } from 'zod';
import type { Locale } from '../errors/error-codes.js';

/**
 * Electronic signatures (电子签章, issue 21), domain.md steps 5 and 7. A document the agency issues
 * (the round's opinion report, the certificate of passing) is signed in order: the reviewers of
 * each specialty (any order among themselves), then the director (审核), then the agency's seal,
 * the last signature covering the whole file. Each is a PAdES signature added as an incremental
 * update, so every earlier one stays valid and any PDF reader can check them all.
 */

type Texts = Record<Locale, string>;

export const SIGNING_ROLES = {
  REVIEWER: { 'zh-CN': '审查人', 'en-US': 'Reviewer' },
  DIRECTOR: { 'zh-CN': '审核人', 'en-US': 'Director' },
  AGENCY: { 'zh-CN': '审查机构印章', 'en-US': 'Agency seal' },
} as const satisfies Record<string, Texts>;
export type SigningRole = keyof typeof SIGNING_ROLES;
export const SIGNING_ROLE_KEYS = Object.keys(SIGNING_ROLES) as [SigningRole, ...SigningRole[]];

/** The order of the steps: every reviewer, then the director, then the seal. */
export const SIGNING_STEP: Record<SigningRole, number> = { REVIEWER: 1, DIRECTOR: 2, AGENCY: 3 };

/** WAITING for an earlier step; PENDING: the signer may sign now; SIGNED. */
export const SIGNING_TASK_STATUSES = {
  WAITING: { 'zh-CN': '等待前序签署', 'en-US': 'Waiting for earlier signers' },
  PENDING: { 'zh-CN': '待签署', 'en-US': 'To sign' },
  SIGNED: { 'zh-CN': '已签署', 'en-US': 'Signed' },
} as const satisfies Record<string, Texts>;
export type SigningTaskStatus = keyof typeof SIGNING_TASK_STATUSES;
export const SIGNING_TASK_STATUS_KEYS = Object.keys(SIGNING_TASK_STATUSES) as [
  SigningTaskStatus,
  ...SigningTaskStatus[],
];

export const SIGNED_DOCUMENT_KINDS = {
  REPORT: { 'zh-CN': '审查意见告知书', 'en-US': 'Opinion report' },
  CERTIFICATE: { 'zh-CN': '施工图设计文件审查合格书', 'en-US': 'Certificate of passing review' },
  DRAWING_SET: { 'zh-CN': '审查合格施工图（签章）', 'en-US': 'Sealed drawing set' },
} as const satisfies Record<string, Texts>;
export type SignedDocumentKind = keyof typeof SIGNED_DOCUMENT_KINDS;
export const SIGNED_DOCUMENT_KIND_KEYS = Object.keys(SIGNED_DOCUMENT_KINDS) as [
  SignedDocumentKind,
  ...SignedDocumentKind[],
];

/** The field a task fills, as a PDF reader's signature panel names it. */
export function signatureFieldName(role: SigningRole, signerName: string | null) {
  if (role === 'REVIEWER') return `审查人签名（${signerName ?? ''}）`;
  return role === 'DIRECTOR' ? '审核人签名' : '审查机构电子印章';
}

export const signingTask = z.object({
  id: z.uuid(),
  documentKind: z.enum(SIGNED_DOCUMENT_KIND_KEYS),
  documentId: z.uuid(),
  role: z.enum(SIGNING_ROLE_KEYS),
  step: z.number().int(),
  /** A reviewer's specialties in the round, 建筑、结构. */
  specialtyName: z.string().nullable(),
  fieldName: z.string(),
  /** A reviewer's task names its signer; the director's and the seal's name who signed, once done. */
  signerName: z.string().nullable(),
  status: z.enum(SIGNING_TASK_STATUS_KEYS),
  signedAt: z.string().nullable(),
  /** The acting member may sign this task now. */
  canSign: z.boolean(),
});
export type SigningTask = z.infer<typeof signingTask>;

/** A document with its signing tasks, as the signature list shows it. */
export const signingDocument = z.object({
  id: z.uuid(),
  kind: z.enum(SIGNED_DOCUMENT_KIND_KEYS),
  projectId: z.uuid(),
  /** The report's or certificate's number. */
  name: z.string(),
  round: z.number().int().nullable(),
  /** Every task signed. */
  complete: z.boolean(),
  signed: z.number().int(),
  total: z.number().int(),
  tasks: z.array(signingTask),
  file: z.object({ size: z.number().int(), sha256: z.string() }).nullable(),
});
export type SigningDocument = z.infer<typeof signingDocument>;

export const signingDocumentPage = z.object({ items: z.array(signingDocument) });
export type SigningDocumentPage = z.infer<typeof signingDocumentPage>;

/** One signature of a PDF as the platform's own check reads it. */
export const signatureCheck = z.object({
  field: z.string(),
  signer: z.string(),
  organization: z.string(),
  /** The /M time of the signature dictionary. */
  signedAt: z.string().nullable(),
  certificateSerial: z.string(),
  issuer: z.string(),
  /** The bytes it covers are unchanged and the signature value matches the certificate. */
  intact: z.boolean(),
  /** The certificate chains to the platform's root. */
  trusted: z.boolean(),
  /** It covers the whole file (the last signature; nothing was appended after it). */
  wholeFile: z.boolean(),
  /**
   * The RFC 3161 timestamp on the signature value (PAdES B-T), when it carries one: the time the
   * authority vouches for, who that is, and whether the token is over this signature and verifies.
   */
  timestamp: z.object({ time: z.string(), authority: z.string(), intact: z.boolean() }).nullable(),
});
export type SignatureCheck = z.infer<typeof signatureCheck>;

export const signatureVerification = z.object({
  sha256: z.string(),
  signatures: z.array(signatureCheck),
  /** The file is a document the platform issued, byte for byte (its current signed state). */
  issued: z
    .object({ kind: z.enum(SIGNED_DOCUMENT_KIND_KEYS), name: z.string(), projectName: z.string() })
    .nullable(),
});
export type SignatureVerification = z.infer<typeof signatureVerification>;

export const signTaskBody = z.object({
  taskId: z.uuid(),
  /** The signer's password again: a signature is a second act, not a side effect of being signed in. */
  password: z.string().min(1).max(128),
});

export const signingRoleText = (role: SigningRole, locale: Locale) => SIGNING_ROLES[role][locale];
export const signingTaskStatusText = (s: SigningTaskStatus, locale: Locale) =>
  SIGNING_TASK_STATUSES[s][locale];
export const signedDocumentKindText = (k: SignedDocumentKind, locale: Locale) =>
  SIGNED_DOCUMENT_KINDS[k][locale];
