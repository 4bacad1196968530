import { createHash, randomUUID } from 'node:crypto';
import {
  FILING_LIMITS,
  REGISTRATION_TYPE_LABELS,
  certificateCounterPrefix,
  certificateNumber,
  chinaDate,
  decides,
  dictionaryItemName,
  errorMessage,
  refusal,
  signingRoleText,
  type CertificateCheck,
  type CertificateContent,
  type CertificateRevokeInput,
  type CertificateDetail,
  type CertificateFacts,
  type CertificatePage,
  type CertificateSummary,
  type Locale,
  type PrincipalMember,
} from '@drp/domain';
import { inTransaction, type Db } from '../../db/database.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { checkCode, groupCheckCode, sameCheckCode } from '../../lib/check-code.js';
import { newFileKey } from '../../lib/file-store.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { enqueueJob } from '../jobs/jobs.repository.js';
import type { JobHandler } from '../jobs/job-runner.js';
import { sendMessage, settleTodos } from '../messages/messages.service.js';
import {
  openProject,
  reviewingAgencyOf,
  type OpenProject,
} from '../project-access/project-access.service.js';
import { nextCodeNumber } from '../projects/projects.repository.js';
import {
  askSigners,
  planSignatures,
  unsignedCounts,
  type PlannedReviewer,
} from '../signatures/signatures.service.js';
import { buildCertificatePdfInWorker } from './certificate-pdf-client.js';
import {
  findCertificate,
  findCertificateById,
  findCertificateByNo,
  findCertificateOfProject,
  finishCertificateBuild,
  insertCertificate,
  listCertificateReviewers,
  listCertificateSigners,
  listCertificates as listCertificateRows,
  listForwardedReports,
  listReplacedCertificates,
  findCertificateNo,
  updateCertificate,
  type CertificateRow,
  type CertificateWithNames,
} from './certificates.repository.js';

/**
 * The certificate of passing review (审查合格书, issue 21): compiled by the agency once the last
 * round's report passed and was forwarded, built in the job queue, signed in order by the
 * reviewers, the director (签发) and the agency's seal, then issued to the units. Its number follows
 * the province's rule (domain `certificateNumber`); its QR code carries a check code, an HMAC over
 * the id and the number, so the public check cannot be walked number by number.
 */

export const CERTIFICATE_BUILD_JOB = 'certificate.build';

export interface CertificateCaller {
  member: PrincipalMember;
  projectId: string;
  audit: AuditActor;
  locale: Locale;
}

const ISSUED = ['ISSUED', 'SUPERSEDED', 'REVOKED'] as const;
const isIssued = (status: CertificateRow['status']) => (ISSUED as readonly string[]).includes(status);

/** The agency reads its certificate at every step; the units only once it is issued. */
const seesDrafts = (open: OpenProject) => open.actor.part === 'CENSOR';

// ---- the check code on the certificate ----

export function certificateCheckCode(ctx: AppContext, certificate: { id: string; certificateNo: string }) {
  return checkCode(
    ctx.secrets.authKey,
    'drp certificate check v1',
    `${certificate.id}|${certificate.certificateNo}`,
  );
}

function verifyUrl(ctx: AppContext, origin: string, certificate: { id: string; certificateNo: string }) {
  const base = ctx.config.publicUrl ?? origin;
  return (
    `${base}/common/verify/certificate?no=${encodeURIComponent(certificate.certificateNo)}` +
    `&c=${certificateCheckCode(ctx, certificate)}`
  );
}

// ---- facts and reading ----

async function certificateFacts(
  db: Db,
  open: OpenProject,
  certificate: CertificateRow | null,
): Promise<CertificateFacts> {
  const reports = await listForwardedReports(db, open.project.id, reviewingAgencyOf(open));
  const signing = certificate ? (await unsignedCounts(db, [certificate.id])).get(certificate.id) : null;
  return {
    application: open.facts,
    status: certificate?.status ?? null,
    passed: reports.at(-1)?.conclusion === 'PASSED',
    unsigned: signing?.unsigned ?? 0,
  };
}

function summaryOf(
  open: OpenProject,
  found: CertificateWithNames,
  facts: CertificateFacts | null,
  signing: { signed: number; total: number } | null | undefined,
): CertificateSummary {
  const { certificate } = found;
  return {
    id: certificate.id,
    projectId: certificate.projectId,
    certificateNo: certificate.certificateNo,
    status: certificate.status,
    compiledAt: certificate.compiledAt.toISOString(),
    compiledBy: found.compiledByName,
    issuedAt: certificate.issuedAt?.toISOString() ?? null,
    issuedBy: found.issuedByName ?? null,
    file:
      certificate.fileKey &&
      certificate.fileSize !== null &&
      certificate.filePages !== null &&
      certificate.fileSha256
        ? { size: certificate.fileSize, pages: certificate.filePages, sha256: certificate.fileSha256 }
        : null,
    signing: { signed: signing?.signed ?? 0, total: signing?.total ?? 0 },
    failure: seesDrafts(open) ? certificate.failure : null,
    supersededBy: found.supersededByNo ?? null,
    revoked:
      certificate.revokedAt && certificate.revokeReason !== null
        ? {
            at: certificate.revokedAt.toISOString(),
            by: found.revokedByName ?? '',
            reason: certificate.revokeReason,
          }
        : null,
    can: {
      issue: facts !== null && open.can('certificate.issue', facts),
      compile: facts !== null && open.can('certificate.compile', facts),
      revoke: facts !== null && open.can('certificate.revoke', facts),
    },
  };
}

/** A certificate as a step on it left it, read again by the caller. */
async function summaryAfter(
  ctx: AppContext,
  caller: CertificateCaller,
  id: string,
): Promise<CertificateSummary> {
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'certificates.view' });
  const found = (await findCertificate(ctx.db, open.project.id, id))!;
  return summaryOf(
    open,
    found,
    await certificateFacts(ctx.db, open, found.certificate),
    (await unsignedCounts(ctx.db, [id])).get(id),
  );
}

/** Who is told of an issued or revoked certificate: the construction, design and survey units. */
const unitsOf = (open: OpenProject) => [
  { orgId: open.project.constructOrgId },
  ...open.parties.filter((p) => p.role === 'DESIGN' || p.role === 'SURVEY').map((p) => ({ orgId: p.orgId })),
];

/** The application's certificates, and whether the caller may compile one now (else why not). */
export async function listCertificates(ctx: AppContext, caller: CertificateCaller): Promise<CertificatePage> {
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'certificates.view' });
  const rows = await listCertificateRows(ctx.db, open.project.id, { issuedOnly: !seesDrafts(open) });
  const current =
    rows.find((r) => r.certificate.censorOrgId === reviewingAgencyOf(open))?.certificate ?? null;
  const facts = seesDrafts(open) ? await certificateFacts(ctx.db, open, current) : null;
  let compile: CertificatePage['compile'] = { allowed: false, blocker: null };
  if (facts && decides(open.actor)) {
    const blocked = refusal('certificate.compile', open.actor, facts);
    compile = {
      allowed: blocked === undefined,
      blocker: blocked ? errorMessage(blocked, caller.locale) : null,
    };
  }
  const signing = await unsignedCounts(
    ctx.db,
    rows.map((r) => r.certificate.id),
  );
  return {
    items: rows.map((row) =>
      summaryOf(
        open,
        row,
        row.certificate.id === current?.id ? facts : null,
        signing.get(row.certificate.id),
      ),
    ),
    compile,
  };
}

async function visibleCertificate(ctx: AppContext, open: OpenProject, id: string) {
  const found = await findCertificate(ctx.db, open.project.id, id);
  if (!found || (!seesDrafts(open) && !isIssued(found.certificate.status))) throw new AppError('NOT_FOUND');
  return found;
}

export async function getCertificate(
  ctx: AppContext,
  caller: CertificateCaller,
  id: string,
): Promise<CertificateDetail> {
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'certificates.view' });
  const found = await visibleCertificate(ctx, open, id);
  const facts = seesDrafts(open) ? await certificateFacts(ctx.db, open, found.certificate) : null;
  const signing = (await unsignedCounts(ctx.db, [found.certificate.id])).get(found.certificate.id);
  return { ...summaryOf(open, found, facts, signing), content: found.certificate.content };
}

// ---- compiling ----

/** What the certificate says, read now from the forwarded reports, the reviewers and the application. */
async function snapshot(
  ctx: AppContext,
  tx: Db,
  open: OpenProject,
  certificate: { id: string; certificateNo: string },
  origin: string,
): Promise<{
  content: Omit<CertificateContent, 'signing'>;
  reviewers: (PlannedReviewer & { registration: string | null })[];
}> {
  const { project } = open;
  const dict = ctx.dictionaries;
  const name = (items: readonly { code: string }[], code: string | null) => {
    const item = items.find((s) => s.code === code);
    return item ? dictionaryItemName(item as never, 'zh-CN') : (code ?? '');
  };
  const [reports, reviewerRows] = await Promise.all([
    listForwardedReports(tx, project.id, open.member.orgId),
    listCertificateReviewers(tx, project.id, open.member.orgId),
  ]);
  const first = reports[0];
  const last = reports.at(-1);
  if (!first || !last || last.conclusion !== 'PASSED' || !last.forwardedAt)
    throw new AppError('CERTIFICATE_NOT_PASSED');
  const order = dict.specialty.items.map((s) => s.code);
  const rank = (code: string) => (order.indexOf(code) < 0 ? order.length : order.indexOf(code));
  reviewerRows.sort((a, b) => rank(a.specialty) - rank(b.specialty) || a.name.localeCompare(b.name, 'zh-CN'));
  const specialtyName = (code: string) => name(dict.specialty.items, code);
  // Each reviewer signs once, with every specialty they reviewed in any round.
  const planned = new Map<string, PlannedReviewer & { registration: string | null }>();
  for (const r of reviewerRows) {
    const registration =
      r.registrationType && r.registrationNo
        ? `${REGISTRATION_TYPE_LABELS[r.registrationType]['zh-CN']} ${r.registrationNo}`
        : null;
    const entry = planned.get(r.accountId) ?? {
      accountId: r.accountId,
      name: r.name,
      specialties: [],
      registration,
    };
    if (!entry.specialties.includes(specialtyName(r.specialty)))
      entry.specialties.push(specialtyName(r.specialty));
    planned.set(r.accountId, entry);
  }
  const mandatory = first.content.opinions.filter((o) => o.mandatory);
  const code = certificateCheckCode(ctx, certificate);
  const content: Omit<CertificateContent, 'signing'> = {
    certificateNo: certificate.certificateNo,
    compiledOn: chinaDate(ctx.clock()),
    project: {
      name: project.name,
      code: project.code ?? '',
      location: project.address ?? '',
      regionCode: project.regionCode ?? '',
      projectTypeName: name(dict.projectType.items, project.projectType),
      area: last.content.project.area,
      investment: project.investment,
      acceptedOn: last.content.project.acceptedOn,
    },
    parties: last.content.parties,
    buildings: last.content.buildings,
    specialties: [...new Set(reviewerRows.map((r) => r.specialty))].map(specialtyName),
    reviewers: reviewerRows.map((r) => ({
      specialtyName: specialtyName(r.specialty),
      name: r.name,
      registration: planned.get(r.accountId)?.registration ?? null,
    })),
    firstRound: {
      passed: first.conclusion === 'PASSED',
      mandatoryCount: mandatory.length,
      mandatoryClauses: [...new Set(mandatory.map((o) => o.clause).filter((c): c is string => c !== null))],
    },
    rounds: last.round,
    completedOn: chinaDate(last.forwardedAt),
    reportNo: last.reportNo,
    checkCode: groupCheckCode(code),
    verifyUrl: verifyUrl(ctx, origin, certificate),
  };
  return { content, reviewers: [...planned.values()] };
}

/** The year in China (UTC+8): the running number starts again on 1 January there. */
const chinaYear = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).getUTCFullYear();

/**
 * Compiles the certificate (again, while it is not issued): the content is read now, the
 * signatures planned (compiling again starts them over) and the PDF queued. The number is taken
 * once, at the first compilation, in the same transaction, so a failed one takes none.
 */
export async function compileCertificate(
  ctx: AppContext,
  caller: CertificateCaller & { origin: string },
): Promise<CertificateSummary> {
  const id = await inTransaction(ctx.db, async (tx) => {
    const open = await openProject(tx, caller.member, caller.projectId, {
      action: 'certificates.view',
      lock: true,
    });
    const existing = await findCertificateOfProject(tx, open.project.id, open.member.orgId, { lock: true });
    open.require('certificate.compile', await certificateFacts(tx, open, existing));
    const at = ctx.clock();
    await settleTodos(tx, {
      type: 'CENSOR_CERTIFICATE_DUE',
      projectId: open.project.id,
      by: caller.audit.accountId,
      at,
    });
    const certificateId = existing?.id ?? randomUUID();
    let certificateNo = existing?.certificateNo;
    if (!certificateNo) {
      const region = open.project.regionCode ?? '000000';
      const year = chinaYear(at);
      certificateNo = certificateNumber(
        region,
        year,
        await nextCodeNumber(tx, certificateCounterPrefix(region, year)),
      );
    }
    const { content: read, reviewers } = await snapshot(
      ctx,
      tx,
      open,
      { id: certificateId, certificateNo },
      caller.origin,
    );
    const registrations = new Map(reviewers.map((r) => [r.accountId, r.registration]));
    const signing = await planSignatures(
      tx,
      { kind: 'CERTIFICATE', id: certificateId, projectId: open.project.id, censorOrgId: open.member.orgId },
      reviewers,
      { at, by: caller.audit.accountId },
      {
        // The specialties are in the paragraph of reviewers; the box names the signer and registration.
        // The registration's number alone: its type is in the paragraph, and the box is narrow.
        reviewer: (r) => `审查人 ${r.name}\n${registrations.get(r.accountId)?.split(' ').at(-1) ?? ''}`,
        director: '审查机构负责人（签发）',
      },
    );
    const content: CertificateContent = { ...read, signing };
    const build = existing ? existing.build + 1 : 1;
    const compiled = {
      status: 'BUILDING' as const,
      content,
      build,
      failure: null,
      compiledAt: at,
      compiledBy: caller.audit.accountId!,
      updatedAt: at,
    };
    if (existing) await updateCertificate(tx, certificateId, compiled);
    else {
      const inserted = await insertCertificate(tx, {
        id: certificateId,
        projectId: open.project.id,
        censorOrgId: open.member.orgId,
        certificateNo,
        ...compiled,
      });
      if (!inserted) throw new AppError('CERTIFICATE_BUILDING');
    }
    await enqueueJob(
      tx,
      { kind: CERTIFICATE_BUILD_JOB, key: `${certificateId}:${build}`, payload: { certificateId, build } },
      at,
    );
    await recordAudit(tx, at, {
      action: 'CERTIFICATE_COMPILED',
      actor: caller.audit,
      target: { type: 'project', id: open.project.id },
      detail: { certificateNo },
    });
    return certificateId;
  });
  return summaryAfter(ctx, caller, id);
}

const payloadOf = (payload: Record<string, unknown>) => {
  const { certificateId, build } = payload;
  if (typeof certificateId !== 'string' || typeof build !== 'number')
    throw new Error('a certificate job without its certificate');
  return { certificateId, build };
};

/**
 * Builds a compiled certificate's PDF from its content and stores it, then asks the reviewers for
 * their signatures. Idempotent: a build of an older compilation, or one already built, changes
 * nothing; a PDF stored for a build that lost the race is removed again.
 */
export async function buildCertificate(ctx: AppContext, certificateId: string, build: number) {
  const certificate = await findCertificateById(ctx.db, certificateId);
  if (!certificate || certificate.build !== build || certificate.status !== 'BUILDING') return;
  const { bytes, pages } = await buildCertificatePdfInWorker(certificate.content);
  const key = newFileKey(`certificates/${certificate.projectId}`);
  await ctx.files.put(key, bytes);
  const at = ctx.clock();
  const stored = await inTransaction(ctx.db, async (tx) => {
    const done = await finishCertificateBuild(tx, certificateId, build, {
      status: 'READY',
      fileKey: key,
      fileSize: bytes.length,
      filePages: pages,
      fileSha256: createHash('sha256').update(bytes).digest('hex'),
      failure: null,
      updatedAt: at,
    });
    if (done)
      await askSigners(tx, {
        at,
        by: null,
        documentId: certificateId,
        documentNo: certificate.certificateNo,
        projectName: certificate.content.project.name,
        step: 1,
      });
    return done;
  });
  if (!stored) await ctx.files.remove(key);
  else if (certificate.fileKey && certificate.fileKey !== key) await ctx.files.remove(certificate.fileKey);
}

export const certificateBuildJobHandler: JobHandler = {
  kind: CERTIFICATE_BUILD_JOB,
  run: async (ctx, job) => {
    const { certificateId, build } = payloadOf(job.payload);
    await buildCertificate(ctx, certificateId, build);
  },
  // Given up: the certificate says so, and compiling again queues a new build.
  giveUp: async (ctx, job, error) => {
    const { certificateId, build } = payloadOf(job.payload);
    await finishCertificateBuild(ctx.db, certificateId, build, {
      status: 'FAILED',
      fileKey: null,
      fileSize: null,
      filePages: null,
      fileSha256: null,
      failure: error instanceof Error ? error.message.slice(0, 500) : 'unknown',
      updatedAt: ctx.clock(),
    });
  },
};

// ---- issuing ----

/** Issues the signed and sealed certificate to the construction, design and survey units: final. */
export async function issueCertificate(
  ctx: AppContext,
  caller: CertificateCaller,
  id: string,
): Promise<CertificateSummary> {
  await inTransaction(ctx.db, async (tx) => {
    const open = await openProject(tx, caller.member, caller.projectId, {
      action: 'certificates.view',
      lock: true,
    });
    const found = await findCertificate(tx, open.project.id, id, { lock: true });
    if (!found || found.certificate.censorOrgId !== open.member.orgId) throw new AppError('NOT_FOUND');
    const { certificate } = found;
    const facts = await certificateFacts(tx, open, certificate);
    open.require('certificate.issue', facts, { count: facts.unsigned });
    const at = ctx.clock();
    const by = caller.audit.accountId;
    await updateCertificate(tx, certificate.id, {
      status: 'ISSUED',
      issuedAt: at,
      issuedBy: by,
      updatedAt: at,
    });
    await settleTodos(tx, {
      type: 'CENSOR_CERTIFICATE_SIGNED',
      projectId: open.project.id,
      targetId: certificate.id,
      by,
      at,
    });
    // Filing is the agency's next step, within its legal days (the filing screen shows the day).
    await sendMessage(tx, {
      type: 'CENSOR_FILING_DUE',
      to: [{ orgId: open.member.orgId }],
      at,
      by,
      senderOrgId: open.member.orgId,
      projectId: open.project.id,
      targetId: certificate.id,
      params: {
        projectName: open.project.name,
        certificateNo: certificate.certificateNo,
        count: String(FILING_LIMITS.workingDays),
      },
    });
    await sendMessage(tx, {
      type: 'CENSOR_CERTIFICATE_ISSUED',
      to: unitsOf(open),
      at,
      by,
      senderOrgId: open.member.orgId,
      projectId: open.project.id,
      targetId: certificate.id,
      params: {
        senderName: open.nameOf(open.member.orgId),
        projectName: open.project.name,
        certificateNo: certificate.certificateNo,
      },
    });
    await recordAudit(tx, at, {
      action: 'CERTIFICATE_ISSUED',
      actor: caller.audit,
      target: { type: 'project', id: open.project.id },
      detail: { certificateNo: certificate.certificateNo },
    });
    // A change application's certificate replaces the one of the application it changes: its
    // check then says superseded and names this one.
    if (open.project.isAlter)
      for (const replaced of await listReplacedCertificates(tx, open.project.id)) {
        await updateCertificate(tx, replaced.id, {
          status: 'SUPERSEDED',
          supersededBy: certificate.id,
          updatedAt: at,
        });
        await recordAudit(tx, at, {
          action: 'CERTIFICATE_SUPERSEDED',
          actor: caller.audit,
          target: { type: 'project', id: replaced.projectId },
          detail: { certificateNo: replaced.certificateNo, by: certificate.certificateNo },
        });
      }
  });
  return summaryAfter(ctx, caller, id);
}

// ---- revoking ----

/**
 * Revokes the issued certificate, with the reason the units are told: it stays on record (and in
 * the public check, as revoked); its filing and the application's state are not undone.
 */
export async function revokeCertificate(
  ctx: AppContext,
  caller: CertificateCaller,
  id: string,
  input: CertificateRevokeInput,
): Promise<CertificateSummary> {
  await inTransaction(ctx.db, async (tx) => {
    const open = await openProject(tx, caller.member, caller.projectId, {
      action: 'certificates.view',
      lock: true,
    });
    const found = await findCertificate(tx, open.project.id, id, { lock: true });
    if (!found || found.certificate.censorOrgId !== open.member.orgId) throw new AppError('NOT_FOUND');
    const { certificate } = found;
    open.require('certificate.revoke', await certificateFacts(tx, open, certificate));
    if (!input.reason) throw new AppError('CERTIFICATE_REVOKE_REASON_REQUIRED');
    const at = ctx.clock();
    const by = caller.audit.accountId;
    await updateCertificate(tx, certificate.id, {
      status: 'REVOKED',
      revokedAt: at,
      revokedBy: by,
      revokeReason: input.reason,
      updatedAt: at,
    });
    await sendMessage(tx, {
      type: 'CENSOR_CERTIFICATE_REVOKED',
      to: unitsOf(open),
      at,
      by,
      senderOrgId: open.member.orgId,
      projectId: open.project.id,
      targetId: certificate.id,
      params: {
        senderName: open.nameOf(open.member.orgId),
        projectName: open.project.name,
        certificateNo: certificate.certificateNo,
        reason: input.reason,
      },
    });
    await recordAudit(tx, at, {
      action: 'CERTIFICATE_REVOKED',
      actor: caller.audit,
      target: { type: 'project', id: open.project.id },
      detail: { certificateNo: certificate.certificateNo, reason: input.reason },
    });
  });
  return summaryAfter(ctx, caller, id);
}

// ---- the public check ----

/**
 * The public check the certificate's QR code opens: valid, superseded or revoked, with what a
 * citizen may read and the SHA-256 of the issued PDF; NOT_FOUND for a wrong number or code, or a
 * certificate not yet issued (the same answer, so nothing is learnt by trying).
 */
export async function checkCertificate(
  ctx: AppContext,
  query: { no: string; c: string },
): Promise<CertificateCheck> {
  const found = await findCertificateByNo(ctx.db, query.no);
  const same = sameCheckCode(query.c, found ? certificateCheckCode(ctx, found.certificate) : null);
  if (!same || !found || !isIssued(found.certificate.status)) throw new AppError('NOT_FOUND');
  const { certificate } = found;
  const signers = await listCertificateSigners(ctx.db, certificate.id);
  return {
    certificateNo: certificate.certificateNo,
    status: certificate.status,
    projectName: certificate.content.project.name,
    projectCode: certificate.content.project.code,
    constructName: certificate.content.parties.find((p) => p.role === 'CONSTRUCT')?.name ?? '',
    agencyName: found.agencyName,
    specialties: certificate.content.specialties,
    completedOn: certificate.content.completedOn,
    issuedOn: certificate.issuedAt ? chinaDate(certificate.issuedAt) : null,
    signers: signers.map((s) => ({
      role: signingRoleText(s.role as never, 'zh-CN'),
      name: s.name,
      serial: s.serial,
    })),
    sha256: certificate.fileSha256,
    revokedOn: certificate.revokedAt ? chinaDate(certificate.revokedAt) : null,
    supersededBy: certificate.supersededBy ? await findCertificateNo(ctx.db, certificate.supersededBy) : null,
  };
}

// ---- the file ----

/** The certificate's PDF, for `getCertificate/{id}`: saved with `download`, else shown. */
export async function certificatePdf(
  ctx: AppContext,
  caller: CertificateCaller,
  id: string,
  download: boolean,
) {
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'certificates.view' });
  const { certificate } = await visibleCertificate(ctx, open, id);
  if (certificate.status === 'BUILDING') throw new AppError('CERTIFICATE_BUILDING');
  if (!certificate.fileKey) throw new AppError('CERTIFICATE_NOT_READY');
  return {
    key: certificate.fileKey,
    contentType: 'application/pdf',
    downloadName: `施工图设计文件审查合格书 ${certificate.certificateNo}.pdf`,
    ...(certificate.fileSize !== null ? { size: certificate.fileSize } : {}),
    ...(certificate.fileSha256 ? { sha256: certificate.fileSha256 } : {}),
    disposition: download ? ('attachment' as const) : ('inline' as const),
  };
}
