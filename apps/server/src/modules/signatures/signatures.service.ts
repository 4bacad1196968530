import {
  SIGNED_DOCUMENT_KIND_KEYS,
  SIGNING_STEP,
  chinaDate,
  signatureFieldName,
  signedDocumentKindText,
  signingRoleText,
  type Locale,
  type PrincipalMember,
  type ReportContent,
  type SignatureVerification,
  type SignedDocumentKind,
  type SigningDocument,
  type SigningTask,
  type SigningTaskStatus,
} from '@drp/domain';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { inTransaction, type Db } from '../../db/database.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { newFileKey } from '../../lib/file-store.js';
import type { StoredFileToSend } from '../../lib/send-stored-file.js';
import { verifyPassword } from '../../lib/passwords.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { findAccountById } from '../auth/auth.repository.js';
import { passwordAskedAgain } from '../auth/auth.service.js';
import { sendMessage, settleTodos } from '../messages/messages.service.js';
import { openProject, type OpenProject } from '../project-access/project-access.service.js';
import { registeredKinds, signedDocumentsOf, type SignableDocument } from './signed-documents.js';
import { sha256Hex } from '../../lib/crypto.js';
import { checkPdfSignatures, looksLikePdf } from './check-pdf-signatures.js';
import { signPdf } from './sign-pdf.js';
import { platformRootDer, platformSigningProvider, signingIdentity } from './signing-identities.service.js';
import {
  countSignatures,
  findSigningTask,
  listAgencySigners,
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

/** One reviewer of the document's round, with the specialties they reviewed (names). */
export interface PlannedReviewer {
  accountId: string;
  name: string;
  specialties: string[];
}

/** What the boxes of a document's signatures say above them (the seal's is the same for every kind). */
export interface SignatureLabels {
  reviewer(reviewer: PlannedReviewer): string;
  director: string;
}

const REPORT_LABELS: SignatureLabels = {
  reviewer: (r) => `审查人：${r.name}\n（${r.specialties.join('、')}）`,
  director: '审核人',
};

/**
 * Plans a document's signatures when it is compiled (in the compiling transaction): one for each
 * reviewer of its round, the director's and the agency's seal. Replaces any earlier plan and
 * signatures: a document compiled again is a new document. Returns the boxes its signature page
 * draws, in signing order.
 */
export async function planSignatures(
  tx: Db,
  document: { kind: SignedDocumentKind; id: string; projectId: string; censorOrgId: string },
  reviewers: PlannedReviewer[],
  step: { at: Date; by: string | null },
  labels: SignatureLabels = REPORT_LABELS,
): Promise<NonNullable<ReportContent['signing']>> {
  // Signatures asked of the document compiled before are asked no more.
  for (const { task } of await listSigningTasks(tx, [document.id]))
    if (!task.signedAt)
      await settleTodos(tx, {
        type: 'CENSOR_SIGNATURE_REQUEST',
        projectId: document.projectId,
        targetId: task.id,
        by: step.by,
        at: step.at,
      });
  const base = {
    projectId: document.projectId,
    censorOrgId: document.censorOrgId,
    documentKind: document.kind,
    documentId: document.id,
  };
  const rows: SigningTaskInsert[] = reviewers.map((r, slot) => ({
    ...base,
    role: 'REVIEWER',
    step: SIGNING_STEP.REVIEWER,
    slot,
    specialtyName: r.specialties.join('、'),
    fieldName: signatureFieldName('REVIEWER', r.name),
    signerAccountId: r.accountId,
  }));
  rows.push(
    {
      ...base,
      role: 'DIRECTOR',
      step: SIGNING_STEP.DIRECTOR,
      slot: rows.length,
      fieldName: signatureFieldName('DIRECTOR', null),
    },
    {
      ...base,
      role: 'AGENCY',
      step: SIGNING_STEP.AGENCY,
      slot: -1,
      fieldName: signatureFieldName('AGENCY', null),
    },
  );
  await replaceSigningTasks(tx, document.id, rows);
  return rows.map((r) => ({
    field: r.fieldName,
    label:
      r.role === 'REVIEWER'
        ? labels.reviewer(reviewers[r.slot]!)
        : r.role === 'DIRECTOR'
          ? labels.director
          : '审查机构（电子印章）',
    seal: r.role === 'AGENCY',
  }));
}

/** Signatures given and missing per document (the forward rule's `unsigned`). */
export async function unsignedCounts(db: Db, reportIds: readonly string[]) {
  const counts = await countSignatures(db, reportIds);
  return new Map(
    reportIds.map((id) => {
      const c = counts.get(id);
      return [id, c ? { ...c, unsigned: c.total - c.signed } : null] as const;
    }),
  );
}

// ---- asking for signatures ----

/**
 * Asks whoever signs next (CENSOR_SIGNATURE_REQUEST, a personal to-do): the reviewers once the
 * document is built, the directors once every reviewer has signed, the admins for the seal once
 * the director has. `step` is the step now open; each to-do names its task, and signing the task
 * settles it for everyone asked.
 */
export async function askSigners(
  tx: Db,
  input: {
    at: Date;
    by: string | null;
    documentId: string;
    documentNo: string;
    projectName: string;
    step: number;
  },
) {
  const tasks = await listSigningTasks(tx, [input.documentId]);
  for (const { task } of tasks) {
    if (task.step !== input.step || task.signedAt) continue;
    const accounts =
      task.role === 'REVIEWER'
        ? task.signerAccountId
          ? [task.signerAccountId]
          : []
        : await listAgencySigners(tx, task.censorOrgId, task.role);
    if (accounts.length === 0) continue;
    await sendMessage(tx, {
      type: 'CENSOR_SIGNATURE_REQUEST',
      to: accounts.map((accountId) => ({ orgId: task.censorOrgId, accountId })),
      at: input.at,
      by: input.by,
      senderOrgId: task.censorOrgId,
      projectId: task.projectId,
      targetId: task.id,
      params: {
        projectName: input.projectName,
        reportNo: input.documentNo,
        field: task.fieldName,
        documentKind: task.documentKind,
      },
    });
  }
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

function documentOf(
  open: OpenProject,
  report: SignableDocument,
  tasks: SigningTaskWithName[],
): SigningDocument {
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
    kind: report.kind,
    projectId: report.projectId,
    name: report.name,
    round: report.round,
    complete: signed === items.length,
    signed,
    total: items.length,
    tasks: items,
    file: report.file ? { size: report.file.size, sha256: report.file.sha256 } : null,
  };
}

/** The agency reads its reports at every step; the others only what was issued to them. */
const seesDrafts = (open: OpenProject) => open.actor.part === 'CENSOR';

/** The application's documents with their signing tasks (the `signature` screen). */
export async function listSigningDocuments(
  ctx: AppContext,
  caller: SignatureCaller & { projectId: string },
  kind?: SignedDocumentKind,
): Promise<SigningDocument[]> {
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'signatures.view' });
  const kinds = kind ? [signedDocumentsOf(kind)] : registeredKinds();
  const documents = (
    await Promise.all(
      kinds.map((access) => access.list(ctx.db, open.project.id, { issuedOnly: !seesDrafts(open) })),
    )
  ).flat();
  const tasks = await listSigningTasks(
    ctx.db,
    documents.map((d) => d.id),
  );
  return documents
    .filter((d) => tasks.some((t) => t.task.documentId === d.id))
    .map((d) => documentOf(open, d, tasks));
}

/** The signed-file folders (`listSignatureTree`): per kind of document, how many and how many signed. */
export async function signatureTree(ctx: AppContext, caller: SignatureCaller & { projectId: string }) {
  const documents = await listSigningDocuments(ctx, caller);
  return SIGNED_DOCUMENT_KIND_KEYS.map((kind) => ({
    kind,
    name: signedDocumentKindText(kind, caller.locale),
    documents: documents.filter((d) => d.kind === kind).length,
    complete: documents.filter((d) => d.kind === kind && d.complete).length,
  }));
}

/** The document a task or an id names, of whichever registered kind, if the reader may see it. */
async function visibleDocument(ctx: AppContext, open: OpenProject, documentId: string) {
  for (const access of registeredKinds()) {
    const found = await access.find(ctx.db, open.project.id, documentId);
    if (found && (seesDrafts(open) || found.status === 'ISSUED')) return found;
  }
  throw new AppError('NOT_FOUND');
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
  const bytes = report.file ? await ctx.files.read(report.file.key) : undefined;
  const signatures = bytes ? await checkPdfSignatures(bytes, [await platformRootDer(ctx)]) : [];
  return { document: documentOf(open, report, tasks), signatures };
}

/** Where the signing of a task happens (`getSignCallbackUrl`): the platform's own signing screen. */
export async function signCallbackUrl(ctx: AppContext, caller: SignatureCaller, taskId: string) {
  const task = await findSigningTask(ctx.db, taskId);
  if (!task) throw new AppError('NOT_FOUND');
  await openProject(ctx.db, caller.member, task.projectId, { action: 'signatures.view' });
  return {
    url: `/sys_audit/${caller.member.orgId}/${task.projectId}/signature/detail/${task.documentId}?task=${task.id}`,
  };
}

// ---- the link pdf.js opens (`signature/getViewUrl`) ----

const LINK_SECONDS = 10 * 60;

function linkMac(ctx: AppContext, projectId: string, documentId: string, expiresAt: number) {
  const key = createHmac('sha256', ctx.secrets.authKey).update('drp signed document link v1').digest();
  return createHmac('sha256', key).update(`${projectId}.${documentId}.${expiresAt}`).digest('base64url');
}

/**
 * A link to one signed document's current file, of any kind, for whoever holds it until it
 * expires: pdf.js fetches it without the session's header. The reader must see the document now.
 */
export async function signedDocumentLink(
  ctx: AppContext,
  caller: SignatureCaller & { projectId: string },
  documentId: string,
): Promise<{ url: string; expiresAt: string }> {
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'signatures.view' });
  const document = await visibleDocument(ctx, open, documentId);
  if (!document.file) throw new AppError(signedDocumentsOf(document.kind).notReady(document.status));
  const expiresAt = Math.floor(ctx.clock().getTime() / 1000) + LINK_SECONDS;
  const token = `${document.projectId}.${document.id}.${expiresAt}.${linkMac(ctx, document.projectId, document.id, expiresAt)}`;
  return { url: `/api/files/signed/${token}`, expiresAt: new Date(expiresAt * 1000).toISOString() };
}

/** The file a link opens; NOT_FOUND for a forged, altered or expired one, or a document gone. */
export async function linkedSignedPdf(
  ctx: AppContext,
  token: string,
  download: boolean,
): Promise<StoredFileToSend> {
  const match = /^([0-9a-f-]{36})\.([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) throw new AppError('NOT_FOUND');
  const [, projectId, documentId, expiry, mac] = match as unknown as [string, string, string, string, string];
  const expected = linkMac(ctx, projectId, documentId, Number(expiry));
  if (!timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) throw new AppError('NOT_FOUND');
  if (Number(expiry) * 1000 <= ctx.clock().getTime()) throw new AppError('NOT_FOUND');
  for (const access of registeredKinds()) {
    const document = await access.find(ctx.db, projectId, documentId);
    if (!document) continue;
    if (!document.file) throw new AppError(access.notReady(document.status));
    return {
      key: document.file.key,
      contentType: 'application/pdf',
      downloadName: access.downloadName(document),
      size: document.file.size,
      sha256: document.file.sha256,
      disposition: download ? 'attachment' : 'inline',
    };
  }
  throw new AppError('NOT_FOUND');
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
  for (const access of registeredKinds()) {
    const issued = await access.findIssuedBySha256(ctx.db, sha256);
    if (issued) return { sha256, signatures, issued: { kind: access.kind, ...issued } };
  }
  return { sha256, signatures, issued: null };
}

// ---- signing ----

/**
 * Records a signature given (its file already replaced where the document has one): the task
 * marked signed, once; the to-do done for everyone asked; the last signature of a step opens the
 * next one; the audit entry.
 */
async function recordSignature(
  tx: Db,
  input: {
    task: SigningTaskWithName['task'];
    tasks: SigningTaskWithName[];
    report: SignableDocument;
    at: Date;
    accountId: string;
    identity: { id: string; serial: string };
    /** The file's hash after it; null for a document signed in the job queue. */
    signedSha256: string | null;
    projectName: string;
    audit: AuditActor;
  },
) {
  const { task, tasks, report, at, accountId: by } = input;
  const marked = await markTaskSigned(tx, task.id, {
    signerAccountId: by,
    signedAt: at,
    identityId: input.identity.id,
    signedSha256: input.signedSha256,
  });
  if (!marked) throw new AppError('SIGNATURE_ALREADY_SIGNED');
  await settleTodos(tx, {
    type: 'CENSOR_SIGNATURE_REQUEST',
    projectId: task.projectId,
    targetId: task.id,
    by,
    at,
  });
  const fullySigned = signedDocumentsOf(report.kind).fullySigned;
  if (fullySigned && !tasks.some((t) => t.task.id !== task.id && !t.task.signedAt))
    await sendMessage(tx, {
      type: fullySigned,
      to: [{ orgId: task.censorOrgId }],
      at,
      by,
      senderOrgId: task.censorOrgId,
      projectId: report.projectId,
      targetId: report.id,
      params: {
        projectName: input.projectName,
        reportNo: report.name,
        certificateNo: report.name,
      },
    });
  else if (!tasks.some((t) => t.task.id !== task.id && t.task.step === task.step && !t.task.signedAt))
    await askSigners(tx, {
      at,
      by,
      documentId: report.id,
      documentNo: report.name,
      projectName: input.projectName,
      step: task.step + 1,
    });
  await recordAudit(tx, at, {
    action: 'SIGNATURE_SIGNED',
    actor: input.audit,
    target: { type: 'project', id: report.projectId },
    detail: { document: report.name, field: task.fieldName, serial: input.identity.serial },
  });
}

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
  if (!account) throw new AppError('SIGNATURE_PASSWORD_WRONG');
  // The password counts with the sign-in failures of this account and address (auth): locked
  // there, it is not even checked.
  const { ip } = caller.audit;
  const lockedFor = await passwordAskedAgain(ctx, { account, ip, actor: caller.audit, failed: false });
  if (lockedFor > 0) throw new AppError('ACCOUNT_LOCKED', { minutes: lockedFor });
  if (!(await verifyPassword(account.passwordHash, body.password))) {
    await recordAudit(ctx.db, ctx.clock(), {
      action: 'SIGNATURE_PASSWORD_FAILED',
      actor: caller.audit,
      target: { type: 'project', id: first.projectId },
      detail: { taskId: first.id },
    });
    const locked = await passwordAskedAgain(ctx, { account, ip, actor: caller.audit, failed: true });
    if (locked > 0) throw new AppError('ACCOUNT_LOCKED', { minutes: locked });
    throw new AppError('SIGNATURE_PASSWORD_WRONG');
  }
  const orgName = open.nameOf(open.member.orgId);
  const signer =
    first.role === 'AGENCY'
      ? ({ kind: 'AGENCY', orgId: open.member.orgId, orgName } as const)
      : ({
          kind: 'PERSON',
          orgId: open.member.orgId,
          orgName,
          accountId: account.id,
          name: account.name,
        } as const);
  // Issued outside the transaction: the first signature of a new signer creates their certificate.
  const identity = await signingIdentity(ctx, signer);
  const provider = await platformSigningProvider(ctx, signer);

  const files: { written: string | null; replaced: string | null } = { written: null, replaced: null };
  try {
    const access = signedDocumentsOf(first.documentKind);
    await inTransaction(ctx.db, async (tx) => {
      const report = await access.find(tx, first.projectId, first.documentId, { lock: true });
      if (!report) throw new AppError('SIGNATURE_DOCUMENT_CHANGED');
      const tasks = await listSigningTasks(tx, [report.id]);
      const task = tasks.find((t) => t.task.id === first.id)?.task;
      // Compiled again since the screen was read: the task is gone with the old document.
      if (!task) throw new AppError('SIGNATURE_DOCUMENT_CHANGED');
      open.require('signature.sign', factsOf(open, task, tasks), params);
      const signature = (at: Date) => ({
        task,
        tasks,
        report,
        at,
        accountId: account.id,
        identity,
        projectName: open.project.name,
        audit: caller.audit,
      });
      if (access.signInQueue) {
        if (report.status !== 'READY') throw new AppError(access.notReady(report.status));
        const at = ctx.clock();
        await recordSignature(tx, { ...signature(at), signedSha256: null });
        await access.signInQueue(tx, report, task.id, at);
        return;
      }
      if (report.status !== 'READY' || !report.file) throw new AppError(access.notReady(report.status));
      const bytes = await ctx.files.read(report.file.key);
      if (!bytes) throw new AppError(access.notReady(report.status));

      const at = ctx.clock();
      const people = tasks.filter((t) => t.task.role !== 'AGENCY').length;
      const rects = access.slotRects(people);
      const rect = task.role === 'AGENCY' ? rects.seal : rects.people[task.slot];
      if (!rect) throw new Error(`signing task ${task.id} has no box`);
      const day = chinaDate(at);
      const who = task.role === 'AGENCY' ? orgName : account.name;
      const signed = await signPdf(bytes, provider, {
        fieldName: task.fieldName,
        page: report.file.pages - 1,
        rect,
        seal: {
          kind: task.role === 'AGENCY' ? 'AGENCY' : 'PERSON',
          name: who,
          caption:
            task.role === 'AGENCY' ? day.replace(/^(\d+)-(\d+)-(\d+)$/, '$1年$2月$3日') : `${who} ${day}`,
        },
        reason: signingRoleText(task.role, 'zh-CN'),
        location: ctx.config.province,
        signerName: who,
        signingTime: at,
      });
      const key = newFileKey(access.filePrefix(report.projectId));
      await ctx.files.put(key, signed);
      files.written = key;
      const sha256 = sha256Hex(signed);
      await access.replaceFile(tx, report.id, { key, size: signed.length, sha256 }, at);
      await recordSignature(tx, { ...signature(at), signedSha256: sha256 });
      files.replaced = report.file.key;
    });
  } catch (error) {
    // Nothing half-signed stays behind: the new file goes with the transaction that failed.
    if (files.written) await ctx.files.remove(files.written);
    throw error;
  }
  if (files.replaced) await ctx.files.remove(files.replaced);
  const report = await signedDocumentsOf(first.documentKind).find(ctx.db, first.projectId, first.documentId);
  if (!report) throw new AppError('SIGNATURE_DOCUMENT_CHANGED');
  return documentOf(open, report, await listSigningTasks(ctx.db, [report.id]));
}
