import { z } from 'zod';
import type { Locale } from '../errors/error-codes.js';
import { REPORT_PARTY_ROLES } from '../reports/opinion-report-contracts.js';

/**
 * The certificate of passing review (施工图设计文件审查合格书, issue 21), domain.md step 7: when the
 * last round's report passed and was forwarded, the agency's admin or director compiles the
 * certificate (a PDF built in the job queue from a snapshot), the reviewers of each specialty,
 * the director (签发) and the agency's seal sign it in that order, and the agency issues it to the
 * construction, design and survey units. Its QR code opens the public check.
 */

type Texts = Record<Locale, string>;

/**
 * BUILDING while the queue builds its PDF; FAILED when the build gave up (compile again); READY to
 * sign and issue; ISSUED once the units have it (final). REVOKED by the agency, SUPERSEDED by a
 * later certificate of the same application (a change application that passed): the public check
 * says which.
 */
export const CERTIFICATE_STATUSES = {
  BUILDING: { 'zh-CN': '生成中', 'en-US': 'Building' },
  READY: { 'zh-CN': '待签发', 'en-US': 'Ready to issue' },
  FAILED: { 'zh-CN': '生成失败', 'en-US': 'Build failed' },
  ISSUED: { 'zh-CN': '已签发', 'en-US': 'Issued' },
  SUPERSEDED: { 'zh-CN': '已被替代', 'en-US': 'Superseded' },
  REVOKED: { 'zh-CN': '已撤销', 'en-US': 'Revoked' },
} as const satisfies Record<string, Texts>;
export type CertificateStatus = keyof typeof CERTIFICATE_STATUSES;
export const CERTIFICATE_STATUS_KEYS = Object.keys(CERTIFICATE_STATUSES) as [
  CertificateStatus,
  ...CertificateStatus[],
];
export const certificateStatusText = (status: CertificateStatus, locale: Locale) =>
  CERTIFICATE_STATUSES[status][locale];

/**
 * 合格书编号 by the province's rule: the application's region (6-digit 行政区划代码), the year in
 * China and a running number per region and year (5 digits). Digits only, so it is read aloud and
 * typed from paper without doubt.
 */
export const certificateNumber = (regionCode: string, year: number, n: number) =>
  `${regionCode}${year}${String(n).padStart(5, '0')}`;

/** Its counter's key (one per region and year), beside the project codes' counters. */
export const certificateCounterPrefix = (regionCode: string, year: number) =>
  `certificate:${regionCode}:${year}`;

/**
 * What the certificate says, fixed when it is compiled: the PDF is built from this alone, and the
 * filing (and the national report) read the same facts.
 */
export const certificateContent = z.object({
  certificateNo: z.string(),
  /** The day it was compiled, in China. */
  compiledOn: z.string(),
  project: z.object({
    name: z.string(),
    code: z.string(),
    location: z.string(),
    regionCode: z.string(),
    projectTypeName: z.string(),
    /** Total floor area of the buildings, m² (建设规模). */
    area: z.number(),
    /** 投资额, 万元, as the application gives it. */
    investment: z.number().nullable(),
    acceptedOn: z.string().nullable(),
  }),
  parties: z.array(
    z.object({ role: z.enum(REPORT_PARTY_ROLES), name: z.string(), creditCode: z.string().nullable() }),
  ),
  buildings: z.array(z.object({ name: z.string(), area: z.number().nullable() })),
  /** 审查范围: the specialties reviewed, in the dictionary's order. */
  specialties: z.array(z.string()),
  /** The reviewers of each specialty with their registration (注册) numbers, where recorded. */
  reviewers: z.array(
    z.object({
      specialtyName: z.string(),
      name: z.string(),
      registration: z.string().nullable(),
    }),
  ),
  /** 一次审查是否通过, and the mandatory clauses the first round found violated (code and clause). */
  firstRound: z.object({
    passed: z.boolean(),
    mandatoryCount: z.number().int(),
    mandatoryClauses: z.array(z.string()),
  }),
  rounds: z.number().int(),
  /** 审查完成日期: the day the passing report was forwarded. */
  completedOn: z.string(),
  /** The passing report's number. */
  reportNo: z.string(),
  /** The check code printed under the QR code, grouped for typing (XXXX-XXXX-XXXX-XXXX). */
  checkCode: z.string(),
  verifyUrl: z.string(),
  /** The signatures it is issued with, in signing order, the agency's seal last. */
  signing: z.array(z.object({ field: z.string(), label: z.string(), seal: z.boolean() })),
});
export type CertificateContent = z.infer<typeof certificateContent>;

export const certificateSummary = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  certificateNo: z.string(),
  status: z.enum(CERTIFICATE_STATUS_KEYS),
  compiledAt: z.string(),
  compiledBy: z.string(),
  issuedAt: z.string().nullable(),
  issuedBy: z.string().nullable(),
  file: z.object({ size: z.number().int(), pages: z.number().int(), sha256: z.string() }).nullable(),
  signing: z.object({ signed: z.number().int(), total: z.number().int() }),
  failure: z.string().nullable(),
  /** When, by whom and why the agency revoked it. */
  revoked: z.object({ at: z.string(), by: z.string(), reason: z.string() }).nullable(),
  /** The number of the change application's certificate that replaced it. */
  supersededBy: z.string().nullable(),
  can: z.object({ issue: z.boolean(), compile: z.boolean(), revoke: z.boolean() }),
});
export type CertificateSummary = z.infer<typeof certificateSummary>;

export const certificateDetail = certificateSummary.extend({ content: certificateContent });
export type CertificateDetail = z.infer<typeof certificateDetail>;

/**
 * The application's certificates (the current one first), and whether the caller may compile one
 * now, else why not in the caller's language (the agency's deciders only).
 */
export const certificatePage = z.object({
  items: z.array(certificateSummary),
  compile: z.object({ allowed: z.boolean(), blocker: z.string().nullable() }),
});
export type CertificatePage = z.infer<typeof certificatePage>;

/** The public check a certificate's QR code opens: what a citizen may read, no personal data. */
export const certificateCheck = z.object({
  certificateNo: z.string(),
  status: z.enum(CERTIFICATE_STATUS_KEYS),
  projectName: z.string(),
  projectCode: z.string(),
  constructName: z.string(),
  agencyName: z.string(),
  specialties: z.array(z.string()),
  completedOn: z.string(),
  issuedOn: z.string().nullable(),
  /** The signers (names and roles) and their certificates' serial numbers. */
  signers: z.array(z.object({ role: z.string(), name: z.string(), serial: z.string().nullable() })),
  /** SHA-256 of the PDF as issued: a copy whose hash differs is not the issued one. */
  sha256: z.string().nullable(),
  /** The day the agency revoked it, in China. */
  revokedOn: z.string().nullable(),
  /** The number of the certificate that replaced it (a change application's). */
  supersededBy: z.string().nullable(),
});
export type CertificateCheck = z.infer<typeof certificateCheck>;

export const certificateCheckQuery = z.object({
  no: z.string().trim().min(1).max(40),
  // 16 Crockford base32 characters as typed: hyphens and spaces may group them.
  c: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z -]{16,40}$/),
});

export const CERTIFICATE_LIMITS = { revokeReasonMax: 500 } as const;

/** Revoking an issued certificate: why, in the agency's words (the units read it). */
export const certificateRevokeInput = z.object({
  reason: z.string().trim().max(CERTIFICATE_LIMITS.revokeReasonMax).default(''),
});
export type CertificateRevokeInput = z.infer<typeof certificateRevokeInput>;
