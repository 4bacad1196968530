import {
  SIGNING_STEP,
  chinaDate,
  dictionaryItemName,
  signatureFieldName,
  signingRoleText,
  type Locale,
  type PrincipalMember,
  type ReportContent,
  type SignatureVerification,
  type SigningDocument,
  type SigningTask,
  type SigningTaskStatus,
} from '@drp/domain';
import { inTransaction, type Db } from '../../db/database.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { newFileKey } from '../../lib/file-store.js';
import { verifyPassword } from '../../lib/passwords.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { findAccountById } from '../auth/auth.repository.js';
import { readRoundCells } from '../missions/missions.service.js';
import { openProject, type OpenProject } from '../project-access/project-access.service.js';
import {
  findReport,
  findReportById,
  findReportBySha256,
  listReports,
  updateReport,
  type ReportRow,
} from '../reports/reports.repository.js';
import { checkPdfSignatures, looksLikePdf, sha256Hex } from './check-pdf-signatures.js';
import { signPdf } from './sign-pdf.js';
import { signatureSlotRects } from './signature-slots.js';
import { platformRootDer, platformSigningProvider, signingIdentity } from './signing-identities.service.js';
import {
  countSignatures,
  findSigningTask,
  listSigningTasks,
  markTaskSigned,
  replaceSigningTasks,
  type SigningTaskInsert,
  type SigningTaskWithName,
} from './signatures.repository.js';

/**
 * Signing (issue 21). A document the agency issues carries its signatures in order: each reviewer
 * of the round (any order among them), the director, then the agency's seal. A signer signs with
 * their password again; the server adds the signature to the stored PDF as an incremental update,
 * with the key it holds for that signer, and the file's hash moves on with it.
 */

export interface SignatureCaller {
  member: PrincipalMember;
  audit: AuditActor;
  locale: Locale;
}

// ---- planning: which signatures a report needs ----

/**
 * Plans a report's signatures when it is compiled (in the compiling transaction): the round's
 * reviewers by specialty, the director and the seal. Replaces any earlier plan and signatures: a
 * report compiled again is a new document. Returns the boxes the PDF's signature page draws.
 */
export async function planReportSignatures(
  ctx: AppContext,
  tx: Db,
  report: { id: string; projectId: string; versionId: string; censorOrgId: string },
): Promise<NonNullable<ReportContent['signing']>> {
  const grid = await readRoundCells(ctx, tx, report.projectId, report.versionId);
  const specialtyName = (code: string) => {
    const item = ctx.dictionaries.specialty.items.find((s) => s.code === code);
    return item ? dictionaryItemName(item, 'zh-CN') : code;
  };
  // One signature per reviewer, naming each specialty they reviewed in the round.
  const reviewers = new Map<string, { specialties: string[]; accountId: string; name: string }>();
  for (const cell of grid.cells) {
    const found = cell.found;
    if (!found) continue;
    const accountId = found.mission.reviewerAccountId;
    const entry = reviewers.get(accountId) ?? { specialties: [], accountId, name: found.reviewerName };
    if (!entry.specialties.includes(cell.specialty)) entry.specialties.push(cell.specialty);
    reviewers.set(accountId, entry);
  }
  const base = {
    projectId: report.projectId,
    censorOrgId: report.censorOrgId,
    documentKind: 'REPORT' as const,
    documentId: report.id,
  };
  const people = [...reviewers.values()];
  const rows: SigningTaskInsert[] = people.map((r, slot) => {
    const names = r.specialties.map(specialtyName).join('、');
    return {
      ...base,
      role: 'REVIEWER',
      step: SIGNING_STEP.REVIEWER,
      slot,
      specialty: r.specialties.join(','),
      specialtyName: names,
      fieldName: signatureFieldName('REVIEWER', r.name),
      signerAccountId: r.accountId,
    };
  });
  rows.push(
    { ...base, role: 'DIRECTOR', step: SIGNING_STEP.DIRECTOR, slot: rows.length, fieldName: signatureFieldName('DIRECTOR', null) },
    { ...base, role: 'AGENCY', step: SIGNING_STEP.AGENCY, slot: -1, fieldName: signatureFieldName('AGENCY', null) },
  );
  await replaceSigningTasks(tx, report.id, rows);
  return rows.map((r) => ({
    field: r.fieldName,
    label:
      r.role === 'REVIEWER'
        ? `审查人：${people[r.slot]!.name}\n（${r.specialtyName}）`
        : r.role === 'DIRECTOR'
          ? '审核人'
          : '审查机构（电子印章）',
    seal: r.role === 'AGENCY',
  }));
}

/** Signatures still missing per report (the forward rule's `unsigned`). */
export async function unsignedCounts(db: Db, reportIds: readonly string[]) {
  const counts = await countSignatures(db, reportIds);
  return new Map(reportIds.map((id) => {
    const c = counts.get(id);
    return [id, c ? { ...c, unsigned: c.total - c.signed } : null] as const;
  }));
}

// ---- reading ----

function statusOf(task: SigningTaskWithName['task'], all: SigningTaskWithName[]): SigningTaskStatus {
  if (task.signedAt) return 'SIGNED';
  return all.some((t) => t.task.step < task.step && !t.task.signedAt) ? 'WAITING' : 'PENDING';
}

function factsOf(open: OpenProject, task: SigningTaskWithName['task'], all: SigningTaskWithName[]) {
  return {
    status: statusOf(task, all),
    role: task.role,
    assigned: task.signerAccountId !== null && task.signerAccountId === open.member.accountId,
  };
}

function documentOf(open: OpenProject, report: ReportRow, tasks: SigningTaskWithName[]): SigningDocument {
  const mine = tasks.filter((t) => t.task.documentId === report.id);
  const items: SigningTask[] = mine.map(({ task, signerName }) => ({
    id: task.id,
    documentKind: task.documentKind,
    documentId: task.documentId,
    role: task.role,
    step: task.step,
    specialtyName: task.specialtyName,
    fieldName: task.fieldName,
    signerName,
    status: statusOf(task, mine),
    signedAt: task.signedAt?.toISOString() ?? null,
    canSign: report.status === 'READY' && open.can('signature.sign', factsOf(open, task, mine)),
  }));
  const signed = items.filter((t) => t.status === 'SIGNED').length;
  return {
    id: report.id,
    kind: 'REPORT',
    projectId: report.projectId,
    name: report.reportNo,
    round: report.round,
    complete: signed === items.length,
    signed,
    total: items.length,
    tasks: items,
    file:
      report.fileKey && report.fileSize !== null && report.fileSha256
        ? { size: report.fileSize, sha256: report.fileSha256 }
        : null,
  };
}

/** The agency reads its reports at every step; the others only what was issued to them. */
const seesDrafts = (open: OpenProject) => open.actor.part === 'CENSOR';

/** The application's documents with their signing tasks (the `signature` screen). */
export async function listSigningDocuments(
  ctx: AppContext,
  caller: SignatureCaller & { projectId: string },
): Promise<SigningDocument[]> {
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'signatures.view' });
  const { rows } = await listReports(
    ctx.db,
    { projectId: open.project.id, forwardedOnly: !seesDrafts(open) },
    { offset: 0, limit: 100 },
  );
  const tasks = await listSigningTasks(ctx.db, rows.map((r) => r.report.id));
  return rows
    .filter((r) => tasks.some((t) => t.task.documentId === r.report.id))
    .map((r) => documentOf(open, r.report, tasks));
}

async function visibleDocument(ctx: AppContext, open: OpenProject, documentId: string) {
  const found = await findReport(ctx.db, open.project.id, documentId);
  if (!found || (!seesDrafts(open) && found.report.status !== 'FORWARDED')) throw new AppError('NOT_FOUND');
  return found.report;
}

/** One document: its tasks and what each signature in its current file says (`getVerifyInfo`). */
export async function readSigningInfo(
  ctx: AppContext,
  caller: SignatureCaller & { projectId: string },
  documentId: string,
): Promise<{ document: SigningDocument; signatures: SignatureVerification['signatures'] }> {
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'signatures.view' });
  const report = await visibleDocument(ctx, open, documentId);
  const tasks = await listSigningTasks(ctx.db, [report.id]);
  if (tasks.length === 0) throw new AppError('NOT_FOUND');
  const bytes = report.fileKey ? await ctx.files.read(report.fileKey) : undefined;
  const signatures = bytes ? await checkPdfSignatures(bytes, [await platformRootDer(ctx)]) : [];
  return { document: documentOf(open, report, tasks), signatures };
}

/** Where the signing of a task happens (`getSignCallbackUrl`): the platform's own signing screen. */
export async function signCallbackUrl(ctx: AppContext, caller: SignatureCaller, taskId: string) {
  const task = await findSigningTask(ctx.db, taskId);
  if (!task) throw new AppError('NOT_FOUND');
  await openProject(ctx.db, caller.member, task.projectId, { action: 'signatures.view' });
  return { url: `/sys_audit/${caller.member.orgId}/${task.projectId}/signature/detail/${task.documentId}?task=${task.id}` };
}

// ---- verifying a file someone holds ----

/**
 * Checks a PDF someone presents (`verify`): every signature in it, and whether it is, byte for
 * byte, a document the platform issued. An altered copy shows which signatures broke.
 */
export async function verifyPresentedPdf(ctx: AppContext, bytes: Buffer): Promise<SignatureVerification> {
  if (bytes.length < 8 || !looksLikePdf(bytes)) throw new AppError('SIGNATURE_FILE_INVALID');
  const signatures = await checkPdfSignatures(bytes, [await platformRootDer(ctx)]);
  if (signatures.length === 0) throw new AppError('SIGNATURE_FILE_UNSIGNED');
  const sha256 = sha256Hex(bytes);
  const issued = await findReportBySha256(ctx.db, sha256);
  return {
    sha256,
    signatures,
    issued: issued ? { kind: 'REPORT', name: issued.reportNo, projectName: issued.projectName } : null,
  };
}

// ---- signing ----

/**
 * Signs one task (`task/start`) with the signer's password again. Checked twice: once before the
 * signer's key is fetched (so no one gets a certificate for a task that is not theirs), and again
 * under the report's row lock, where the PDF is signed and replaced, so two signers never sign
 * the same bytes and a compile in between is noticed.
 */
export async function signTask(
  ctx: AppContext,
  caller: SignatureCaller,
  body: { taskId: string; password: string },
): Promise<SigningDocument> {
  const first = await findSigningTask(ctx.db, body.taskId);
  if (!first) throw new AppError('NOT_FOUND');
  const open = await openProject(ctx.db, caller.member, first.projectId, { action: 'signatures.view' });
  const before = await listSigningTasks(ctx.db, [first.documentId]);
  const named = before.find((t) => t.task.id === first.id)?.signerName ?? '';
  const params = { name: named, role: signingRoleText(first.role, caller.locale) };
  open.require('signature.sign', factsOf(open, first, before), params);

  const account = caller.audit.accountId ? await findAccountById(ctx.db, caller.audit.accountId) : undefined;
  if (!account || !(await verifyPassword(account.passwordHash, body.password))) {
    await recordAudit(ctx.db, ctx.clock(), {
      action: 'SIGNATURE_PASSWORD_FAILED',
      actor: caller.audit,
      target: { type: 'project', id: first.projectId },
      detail: { taskId: first.id },
    });
    throw new AppError('SIGNATURE_PASSWORD_WRONG');
  }
  const orgName = open.nameOf(open.member.orgId);
  const signer =
    first.role === 'AGENCY'
      ? ({ kind: 'AGENCY', orgId: open.member.orgId, orgName } as const)
      : ({ kind: 'PERSON', orgId: open.member.orgId, orgName, accountId: account.id, name: account.name } as const);
  // Issued outside the transaction: the first signature of a new signer creates their certificate.
  const identity = await signingIdentity(ctx, signer);
  const provider = await platformSigningProvider(ctx, signer);

  const files: { written: string | null; replaced: string | null } = { written: null, replaced: null };
  try {
    await inTransaction(ctx.db, async (tx) => {
      const found = await findReport(tx, first.projectId, first.documentId, { lock: true });
      if (!found) throw new AppError('SIGNATURE_DOCUMENT_CHANGED');
      const report = found.report;
      const tasks = await listSigningTasks(tx, [report.id]);
      const task = tasks.find((t) => t.task.id === first.id)?.task;
      // Compiled again since the screen was read: the task is gone with the old document.
      if (!task) throw new AppError('SIGNATURE_DOCUMENT_CHANGED');
      open.require('signature.sign', factsOf(open, task, tasks), params);
      if (report.status === 'COMPILING') throw new AppError('REPORT_COMPILING');
      if (report.status !== 'READY' || !report.fileKey || report.filePages === null)
        throw new AppError('REPORT_NOT_READY');
      const bytes = await ctx.files.read(report.fileKey);
      if (!bytes) throw new AppError('REPORT_NOT_READY');

      const at = ctx.clock();
      const people = tasks.filter((t) => t.task.role !== 'AGENCY').length;
      const rects = signatureSlotRects(people);
      const rect = task.role === 'AGENCY' ? rects.seal : rects.people[task.slot];
      if (!rect) throw new Error(`signing task ${task.id} has no box`);
      const day = chinaDate(at);
      const who = task.role === 'AGENCY' ? orgName : account.name;
      const signed = await signPdf(bytes, provider, {
        fieldName: task.fieldName,
        page: report.filePages - 1,
        rect,
        seal: {
          kind: task.role === 'AGENCY' ? 'AGENCY' : 'PERSON',
          name: who,
          caption: task.role === 'AGENCY' ? day.replace(/^(\d+)-(\d+)-(\d+)$/, '$1年$2月$3日') : `${who} ${day}`,
        },
        reason: signingRoleText(task.role, 'zh-CN'),
        location: ctx.config.province,
        signerName: who,
        signingTime: at,
      });
      const key = newFileKey(`reports/${report.projectId}`);
      await ctx.files.put(key, signed);
      files.written = key;
      const sha256 = sha256Hex(signed);
      await updateReport(tx, report.id, { fileKey: key, fileSize: signed.length, fileSha256: sha256, updatedAt: at });
      if (!(await markTaskSigned(tx, task.id, { signerAccountId: account.id, signedAt: at, identityId: identity.id, signedSha256: sha256 })))
        throw new AppError('SIGNATURE_ALREADY_SIGNED');
      await recordAudit(tx, at, {
        action: 'SIGNATURE_SIGNED',
        actor: caller.audit,
        target: { type: 'project', id: report.projectId },
        detail: { document: report.reportNo, field: task.fieldName, serial: identity.serial },
      });
      files.replaced = report.fileKey;
    });
  } catch (error) {
    // Nothing half-signed stays behind: the new file goes with the transaction that failed.
    if (files.written) await ctx.files.remove(files.written);
    throw error;
  }
  if (files.replaced) await ctx.files.remove(files.replaced);
  const report = (await findReportById(ctx.db, first.documentId))!;
  return documentOf(open, report, await listSigningTasks(ctx.db, [report.id]));
}
