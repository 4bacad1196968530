import { randomUUID } from 'node:crypto';
import {
  DRAWING_SET_LIMITS,
  DOC_CATEGORIES,
  ERROR_CODES,
  chinaDate,
  dictionaryItemName,
  errorMessage,
  refusal,
  signingRoleText,
  type DrawingSetDetail,
  type DrawingSetFacts,
  type DrawingSetPage,
  type DrawingSetSheet,
  type DrawingSetSummary,
  type DrawingSheetVerification,
  type ErrorCode,
  type Locale,
  type PrincipalMember,
} from '@drp/domain';
import { inTransaction, type Db } from '../../db/database.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { sha256Hex } from '../../lib/crypto.js';
import { newFileKey } from '../../lib/file-store.js';
import type { StoredFileToSend } from '../../lib/send-stored-file.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { listCertificateReviewers, listForwardedReports } from '../certificates/certificates.repository.js';
import { enqueueJob } from '../jobs/jobs.repository.js';
import { sendMessage } from '../messages/messages.service.js';
import { findApplication, listApplicationParties } from '../project-access/project-access.repository.js';
import type { JobHandler } from '../jobs/job-runner.js';
import {
  openProject,
  reviewingAgencyOf,
  type OpenProject,
} from '../project-access/project-access.service.js';
import { checkPdfSignatures } from '../signatures/check-pdf-signatures.js';
import { signPdf } from '../signatures/sign-pdf.js';
import type { FieldRect } from '../signatures/signature-field.js';
import { listSigningTasks, type SigningTaskWithName } from '../signatures/signatures.repository.js';
import { askSigners, planSignatures, type PlannedReviewer } from '../signatures/signatures.service.js';
import { platformRootDer, platformSigningProvider } from '../signatures/signing-identities.service.js';
import type { SignableDocument, SignedDocumentKindAccess } from '../signatures/signed-documents.js';
import {
  findAccountName,
  findDrawingSet,
  findDrawingSetById,
  findDrawingSetOfProject,
  findReviewedVersion,
  findOrgName,
  findSealedSheetBySha256,
  findSheet,
  findSheetOfProject,
  insertDrawingSet,
  listDrawingSets,
  listSetFiles,
  listSetFolders,
  listSheets,
  markDrawingSetSealed,
  replaceSheets,
  updateDrawingSet,
  updateSheet,
  type DrawingSetRow,
  type DrawingSetSheetRow,
  type DrawingSetWithNames,
} from './drawing-sets.repository.js';

/**
 * The sealed drawing set (一套图签章, issue 21). The agency prepares it from the version the last
 * round passed: every PDF becomes a sheet, its specialty read from its folder. The reviewers of
 * each specialty, the director and the agency's seal each sign once, with their password, for
 * every sheet they concern (the signatures module's tasks, kind DRAWING_SET); the job queue then
 * puts each signature on each sheet as an incremental PAdES update, in signing order, one sheet per
 * transaction. The uploads stay as they were: a sheet's first signature writes a copy.
 */

export const DRAWING_SET_SEAL_JOB = 'drawing-set.seal';

export interface DrawingSetCaller {
  member: PrincipalMember;
  projectId: string;
  audit: AuditActor;
  locale: Locale;
}

/** The agency sees its set at every step; the units and the authority once it is sealed. */
const seesDrafts = (open: OpenProject) => open.actor.part === 'CENSOR';

/** A PDF that can carry signatures: one its preparation found damaged or locked cannot. */
const isSealable = (file: { name: string; contentType: string; sheetState: string | null }) =>
  (file.contentType === 'application/pdf' || /\.pdf$/i.test(file.name)) && file.sheetState !== 'FAILED';

// ---- which signatures a sheet carries ----

type Task = SigningTaskWithName['task'];

/** Whether a task's signature goes on the sheet: a reviewer's on the sheets of their specialties. */
function concerns(task: Task, sheet: Pick<DrawingSetSheetRow, 'specialtyName'>): boolean {
  if (task.role !== 'REVIEWER') return true;
  return sheet.specialtyName !== null && (task.specialtyName ?? '').split('、').includes(sheet.specialtyName);
}

/** Whether the sheet carries every signature it will: each signed task it concerns is on it. */
const carriesAll = (sheet: Pick<DrawingSetSheetRow, 'specialtyName' | 'applied'>, tasks: Task[]) =>
  tasks.every((t) => !concerns(t, sheet) || sheet.applied.includes(t.id));

/** Signing order: the reviewers (by their box), the director, the seal. */
const bySigningOrder = (a: Task, b: Task) => a.step - b.step || a.slot - b.slot;

/**
 * Where a signature goes on a sheet: a row of boxes along the top right corner, the seal at the
 * right, the director left of it, the reviewers further left, sized to the sheet (a stamp on A0
 * is larger than on A3) and kept inside a margin so a plotter does not cut it.
 */
export function sheetSealRect(box: FieldRect, position: number): FieldRect {
  const width = Math.min(96, Math.max(54, Math.min(box.width, box.height) / 12));
  const height = width * 1.2;
  const margin = Math.max(18, width / 3);
  return {
    x: box.x + box.width - margin - (position + 1) * width - position * (width / 6),
    y: box.y + box.height - margin - height,
    width,
    height,
  };
}

// ---- facts and reading ----

async function drawingSetFacts(
  db: Db,
  open: OpenProject,
  set: DrawingSetRow | null,
): Promise<DrawingSetFacts> {
  const reports = await listForwardedReports(db, open.project.id, reviewingAgencyOf(open));
  const tasks = set ? await listSigningTasks(db, [set.id]) : [];
  return {
    application: open.facts,
    passed: reports.at(-1)?.conclusion === 'PASSED',
    status: set?.status ?? null,
    signed: tasks.filter((t) => t.task.signedAt).length,
  };
}

/** The set's signing tasks and sheets: what its summary and its sheets are read from. */
async function loadSet(db: Db, setId: string) {
  const [tasks, sheets] = await Promise.all([listSigningTasks(db, [setId]), listSheets(db, setId)]);
  return { tasks: tasks.map((t) => t.task), sheets };
}

/**
 * Why a sheet is not sealed yet, in the reader's language. A row written before codes were kept
 * holds a sentence instead: it reads as the general reason.
 */
function failureText(failure: string, locale: Locale) {
  return errorMessage(failure in ERROR_CODES ? (failure as ErrorCode) : 'DRAWING_SET_SHEET_FAILED', locale);
}

function sheetOf(sheet: DrawingSetSheetRow, tasks: Task[], agency: boolean, locale: Locale): DrawingSetSheet {
  const due = tasks.filter((t) => concerns(t, sheet));
  return {
    id: sheet.id,
    name: sheet.name,
    path: sheet.path,
    specialtyName: sheet.specialtyName,
    signed: sheet.applied.length,
    total: due.length,
    size: sheet.fileSize,
    sha256: sheet.fileSha256,
    failure: agency && sheet.failure ? failureText(sheet.failure, locale) : null,
  };
}

function summaryOf(
  found: DrawingSetWithNames,
  { tasks, sheets }: Awaited<ReturnType<typeof loadSet>>,
): DrawingSetSummary {
  const { set } = found;
  return {
    id: set.id,
    projectId: set.projectId,
    versionNumber: found.versionNumber,
    status: set.status,
    sheets: found.sheets,
    skipped: set.skipped,
    sealedSheets: sheets.filter((s) => carriesAll(s, tasks)).length,
    compiledAt: set.compiledAt.toISOString(),
    compiledBy: found.compiledByName,
    sealedAt: set.sealedAt?.toISOString() ?? null,
    signing: { signed: tasks.filter((t) => t.signedAt).length, total: tasks.length },
  };
}

/** A set the caller may read: the agency's own at every step, everyone else's once sealed. */
async function visibleSet(db: Db, open: OpenProject, id: string) {
  const found = await findDrawingSet(db, open.project.id, id);
  if (!found || (!seesDrafts(open) && found.set.status !== 'SEALED')) throw new AppError('NOT_FOUND');
  if (seesDrafts(open) && found.set.censorOrgId !== open.member.orgId) throw new AppError('NOT_FOUND');
  return found;
}

/** The application's set, if any, and whether the caller may prepare it now (else why not). */
export async function getDrawingSetPage(ctx: AppContext, caller: DrawingSetCaller): Promise<DrawingSetPage> {
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'certificates.view' });
  const row = await findDrawingSetOfProject(ctx.db, open.project.id, reviewingAgencyOf(open));
  const found =
    row && (seesDrafts(open) || row.status === 'SEALED')
      ? await findDrawingSet(ctx.db, open.project.id, row.id)
      : null;
  const facts = seesDrafts(open) ? await drawingSetFacts(ctx.db, open, row) : null;
  const blocked = facts ? refusal('drawingSet.compile', open.actor, facts) : 'FORBIDDEN';
  return {
    set: found ? summaryOf(found, await loadSet(ctx.db, found.set.id)) : null,
    compile: {
      allowed: blocked === undefined,
      blocker: blocked === undefined || blocked === 'FORBIDDEN' ? null : errorMessage(blocked, caller.locale),
    },
  };
}

export async function getDrawingSet(
  ctx: AppContext,
  caller: DrawingSetCaller,
  id: string,
): Promise<DrawingSetDetail> {
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'certificates.view' });
  const found = await visibleSet(ctx.db, open, id);
  const loaded = await loadSet(ctx.db, id);
  return {
    ...summaryOf(found, loaded),
    items: loaded.sheets.map((s) => sheetOf(s, loaded.tasks, seesDrafts(open), caller.locale)),
  };
}

async function visibleSheet(ctx: AppContext, caller: DrawingSetCaller, sheetId: string) {
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'certificates.view' });
  const found = await findSheetOfProject(ctx.db, open.project.id, sheetId);
  if (!found) throw new AppError('NOT_FOUND');
  await visibleSet(ctx.db, open, found.set.id);
  return { open, ...found };
}

/** One sheet's signatures as the platform's own check reads them, on its current file. */
export async function verifyDrawingSheet(
  ctx: AppContext,
  caller: DrawingSetCaller,
  sheetId: string,
): Promise<DrawingSheetVerification> {
  const { open, sheet, set } = await visibleSheet(ctx, caller, sheetId);
  const bytes = await ctx.files.read(sheet.fileKey);
  if (!bytes) throw new AppError('NOT_FOUND');
  const tasks = (await listSigningTasks(ctx.db, [set.id])).map((t) => t.task);
  return {
    sheet: sheetOf(sheet, tasks, seesDrafts(open), caller.locale),
    signatures: await checkPdfSignatures(bytes, [await platformRootDer(ctx)]),
  };
}

/** A sheet's current file (sealed once its first signature is on it), shown or saved. */
export async function drawingSheetFile(
  ctx: AppContext,
  caller: DrawingSetCaller,
  sheetId: string,
  download: boolean,
): Promise<StoredFileToSend> {
  const { sheet } = await visibleSheet(ctx, caller, sheetId);
  return {
    key: sheet.fileKey,
    contentType: 'application/pdf',
    downloadName: sheet.applied.length ? sheet.name.replace(/(\.pdf)?$/i, '（签章）.pdf') : sheet.name,
    size: sheet.fileSize,
    sha256: sheet.fileSha256,
    disposition: download ? 'attachment' : 'inline',
  };
}

// ---- preparing ----

/** The sheets of a version: every PDF with its place in the tree and the specialty above it. */
async function sheetsOfVersion(ctx: AppContext, db: Db, versionId: string) {
  const [folders, files] = await Promise.all([listSetFolders(db, versionId), listSetFiles(db, versionId)]);
  const byId = new Map(folders.map((f) => [f.id, f]));
  const chain = (folderId: string) => {
    const out: typeof folders = [];
    for (let f = byId.get(folderId); f; f = f.parentId ? byId.get(f.parentId) : undefined) out.unshift(f);
    return out;
  };
  const specialtyName = (code: string) => {
    const item = ctx.dictionaries.specialty.items.find((i) => i.code === code);
    return item ? dictionaryItemName(item, 'zh-CN') : null;
  };
  // Folders in tree order, so the set reads as the tree does.
  const order = new Map(folders.map((f, i) => [f.id, i]));
  const sorted = [...files].sort((a, b) => (order.get(a.folderId) ?? 0) - (order.get(b.folderId) ?? 0));
  const sheets = sorted.filter(isSealable).map((file) => {
    const path = chain(file.folderId);
    const category = path[0]?.category ?? 'DESIGN';
    // The nearest folder naming a specialty; a survey report is the survey's.
    const named = [...path].reverse().find((f) => f.specialty);
    return {
      file,
      category,
      path: [DOC_CATEGORIES[category]['zh-CN'], ...path.map((f) => f.name)].join(' / '),
      specialtyName: named?.specialty
        ? specialtyName(named.specialty)
        : category === 'SURVEY'
          ? specialtyName('SURVEY')
          : null,
    };
  });
  return { sheets, skipped: files.length - sheets.length };
}

/**
 * Prepares the sealed set from the reviewed version (again, until its first signature): its
 * sheets, and the signatures they will carry planned and asked for now (there is nothing to build).
 */
export async function compileDrawingSet(
  ctx: AppContext,
  caller: DrawingSetCaller,
): Promise<DrawingSetSummary> {
  const id = await inTransaction(ctx.db, async (tx) => {
    const open = await openProject(tx, caller.member, caller.projectId, {
      action: 'certificates.view',
      lock: true,
    });
    const existing = await findDrawingSetOfProject(tx, open.project.id, open.member.orgId, { lock: true });
    open.require('drawingSet.compile', await drawingSetFacts(tx, open, existing));
    const version = await findReviewedVersion(tx, open.project.id);
    if (!version) throw new AppError('DRAWING_SET_EMPTY');
    const { sheets, skipped } = await sheetsOfVersion(ctx, tx, version.id);
    if (sheets.length === 0) throw new AppError('DRAWING_SET_EMPTY');
    if (sheets.length > DRAWING_SET_LIMITS.sheetsMax)
      throw new AppError('DRAWING_SET_TOO_LARGE', { max: DRAWING_SET_LIMITS.sheetsMax });
    const at = ctx.clock();
    const setId = existing?.id ?? randomUUID();
    const row = {
      versionId: version.id,
      status: 'SIGNING' as const,
      skipped,
      compiledAt: at,
      compiledBy: caller.audit.accountId!,
      sealedAt: null,
      updatedAt: at,
    };
    if (existing) await updateDrawingSet(tx, setId, row);
    else if (
      !(await insertDrawingSet(tx, {
        id: setId,
        projectId: open.project.id,
        censorOrgId: open.member.orgId,
        ...row,
      }))
    )
      throw new AppError('DRAWING_SET_SIGNING');
    await replaceSheets(
      tx,
      setId,
      sheets.map((s, i) => ({
        setId,
        docFileId: s.file.id,
        sortOrder: i,
        category: s.category,
        name: s.file.name,
        path: s.path,
        specialtyName: s.specialtyName,
        sourceKey: s.file.storageKey,
        fileKey: s.file.storageKey,
        fileSize: s.file.size,
        fileSha256: s.file.sha256,
        applied: [],
        failure: null,
        updatedAt: at,
      })),
    );
    // The reviewers of every round, each once with all their specialties, as on the certificate.
    const planned = new Map<string, PlannedReviewer>();
    for (const r of await listCertificateReviewers(tx, open.project.id, open.member.orgId)) {
      const name = ctx.dictionaries.specialty.items.find((i) => i.code === r.specialty);
      const specialty = name ? dictionaryItemName(name, 'zh-CN') : r.specialty;
      const entry = planned.get(r.accountId) ?? { accountId: r.accountId, name: r.name, specialties: [] };
      if (!entry.specialties.includes(specialty)) entry.specialties.push(specialty);
      planned.set(r.accountId, entry);
    }
    await planSignatures(
      tx,
      { kind: 'DRAWING_SET', id: setId, projectId: open.project.id, censorOrgId: open.member.orgId },
      [...planned.values()],
      { at, by: caller.audit.accountId },
      { reviewer: (r) => `审查人：${r.name}（${r.specialties.join('、')}）`, director: '审核人' },
    );
    await askSigners(tx, {
      at,
      by: caller.audit.accountId,
      documentId: setId,
      documentNo: setName(version.number, sheets.length),
      projectName: open.project.name,
      step: 1,
    });
    await recordAudit(tx, at, {
      action: 'DRAWING_SET_COMPILED',
      actor: caller.audit,
      target: { type: 'project', id: open.project.id },
      detail: { version: version.number, sheets: sheets.length },
    });
    return setId;
  });
  const found = await findDrawingSet(ctx.db, caller.projectId, id);
  return summaryOf(found!, await loadSet(ctx.db, id));
}

const setName = (versionNumber: number, sheets: number) => `第${versionNumber}版施工图签章（${sheets}张）`;

// ---- sealing in the job queue ----

/**
 * Puts every signed task's signature on every sheet it concerns that does not carry it yet, in
 * signing order, one sheet per transaction (the sheet's row held, so two runs never sign one file
 * at once). A sheet that cannot be signed (a damaged PDF, a timestamp authority down) says why, the
 * others go on, and the job fails so the queue tries again. Marks the set sealed once every task is
 * signed and on every sheet.
 */
export async function sealDrawingSet(ctx: AppContext, setId: string) {
  const set = await findDrawingSetById(ctx.db, setId);
  if (!set || set.status !== 'SIGNING') return;
  const tasks = (await listSigningTasks(ctx.db, [setId])).map((t) => t.task).sort(bySigningOrder);
  const signed = tasks.filter((t) => t.signedAt && t.signerAccountId);
  const orgName = (await findOrgName(ctx.db, set.censorOrgId)) ?? '';
  // Each signer's key and name, read before any sheet's transaction: nothing else may use the
  // database inside one (PGlite has a single connection).
  const signers = new Map<
    string,
    { who: string; provider: Awaited<ReturnType<typeof platformSigningProvider>> }
  >();
  for (const task of signed) {
    const who =
      task.role === 'AGENCY' ? orgName : ((await findAccountName(ctx.db, task.signerAccountId!)) ?? '');
    const provider =
      task.role === 'AGENCY'
        ? await platformSigningProvider(ctx, { kind: 'AGENCY', orgId: set.censorOrgId, orgName })
        : await platformSigningProvider(ctx, {
            kind: 'PERSON',
            orgId: set.censorOrgId,
            orgName,
            accountId: task.signerAccountId!,
            name: who,
          });
    signers.set(task.id, { who, provider });
  }
  const complete = signed.length === tasks.length;
  const failed: string[] = [];
  const causes: string[] = [];
  for (const { id } of await listSheets(ctx.db, setId)) {
    const removed: string[] = [];
    const written: string[] = [];
    try {
      await inTransaction(ctx.db, async (tx) => {
        const sheet = await findSheet(tx, setId, id, { lock: true });
        if (!sheet) return;
        const due = tasks.filter((t) => concerns(t, sheet));
        const pending = signed.filter((t) => concerns(t, sheet) && !sheet.applied.includes(t.id));
        if (pending.length === 0) return;
        let bytes = await ctx.files.read(sheet.fileKey);
        if (!bytes) throw new Error(`the file of sheet ${sheet.name} is missing`);
        for (const task of pending) {
          const { who, provider } = signers.get(task.id)!;
          const day = chinaDate(task.signedAt!);
          bytes = await signPdf(bytes, provider, {
            fieldName: task.fieldName,
            page: 0,
            rect: (box) => sheetSealRect(box, due.length - 1 - due.indexOf(task)),
            seal: {
              kind: task.role === 'AGENCY' ? 'AGENCY' : 'PERSON',
              name: who,
              caption:
                task.role === 'AGENCY' ? day.replace(/^(\d+)-(\d+)-(\d+)$/, '$1年$2月$3日') : `${who} ${day}`,
            },
            reason: signingRoleText(task.role, 'zh-CN'),
            location: ctx.config.province,
            signerName: who,
            signingTime: task.signedAt!,
          });
        }
        const key = newFileKey(`drawing-sets/${set.projectId}`);
        await ctx.files.put(key, bytes);
        written.push(key);
        await updateSheet(tx, sheet.id, {
          fileKey: key,
          fileSize: bytes.length,
          fileSha256: sha256Hex(bytes),
          applied: [...sheet.applied, ...pending.map((t) => t.id)],
          failure: null,
          updatedAt: ctx.clock(),
        });
        // The upload itself stays: the repository still shows it.
        if (sheet.fileKey !== sheet.sourceKey) removed.push(sheet.fileKey);
      });
    } catch (error) {
      for (const key of written) await ctx.files.remove(key);
      failed.push(id);
      // What the agency reads is an error code, in its language; the cause goes with the job's
      // failure, for the operator.
      causes.push(`${id}: ${error instanceof Error ? error.message : String(error)}`);
      await updateSheet(ctx.db, id, {
        failure: error instanceof AppError ? error.code : 'DRAWING_SET_SHEET_FAILED',
        updatedAt: ctx.clock(),
      });
      continue;
    }
    for (const key of removed) await ctx.files.remove(key);
  }
  // The queue runs the job again later (a timestamp authority that was down, a store that
  // hiccuped); a sheet that is damaged for good keeps saying why once the queue gives up.
  if (failed.length)
    throw new Error(
      `${failed.length} sheets of drawing set ${setId} could not be sealed: ${causes.join('; ').slice(0, 1000)}`,
    );
  if (!complete) return;
  const sheets = await listSheets(ctx.db, setId);
  if (!sheets.every((s) => carriesAll(s, tasks))) return;
  const [application, parties] = await Promise.all([
    findApplication(ctx.db, set.projectId),
    listApplicationParties(ctx.db, set.projectId),
  ]);
  await inTransaction(ctx.db, async (tx) => {
    const at = ctx.clock();
    if (!(await markDrawingSetSealed(tx, setId, at)) || !application) return;
    // The units read and download the sealed sheets from now on: they are told so.
    await sendMessage(tx, {
      type: 'CENSOR_DRAWING_SET_SEALED',
      to: [
        { orgId: application.constructOrgId },
        ...parties.filter((p) => p.role === 'DESIGN' || p.role === 'SURVEY').map((p) => ({ orgId: p.orgId })),
      ],
      at,
      by: null,
      senderOrgId: set.censorOrgId,
      projectId: set.projectId,
      targetId: setId,
      params: { senderName: orgName, projectName: application.name, count: String(sheets.length) },
    });
  });
}

const payloadOf = (payload: Record<string, unknown>) => {
  if (typeof payload.setId !== 'string') throw new Error('a drawing-set job without its set');
  return payload.setId;
};

export const drawingSetSealJobHandler: JobHandler = {
  kind: DRAWING_SET_SEAL_JOB,
  run: async (ctx, job) => {
    await sealDrawingSet(ctx, payloadOf(job.payload));
  },
};

// ---- as the signatures module sees it ----

function signable(found: DrawingSetWithNames): SignableDocument {
  return {
    id: found.set.id,
    projectId: found.set.projectId,
    kind: 'DRAWING_SET',
    name: setName(found.versionNumber, found.sheets),
    round: null,
    status: found.set.status === 'SEALED' ? 'ISSUED' : 'READY',
    file: null,
  };
}

/** How the drawing sets are signed (issue 21): registered with the signatures module at start. */
export const drawingSetDocuments: SignedDocumentKindAccess = {
  kind: 'DRAWING_SET',
  async find(db, projectId, id, options = {}) {
    const found = await findDrawingSet(db, projectId, id, options);
    return found ? signable(found) : null;
  },
  async list(db, projectId, { issuedOnly }) {
    const rows = await listDrawingSets(db, projectId);
    return rows.filter((r) => !issuedOnly || r.set.status === 'SEALED').map(signable);
  },
  replaceFile() {
    return Promise.reject(
      new Error('a drawing set has no file of its own: its sheets are signed in the job queue'),
    );
  },
  async findIssuedBySha256(db, sha256) {
    return findSealedSheetBySha256(db, sha256);
  },
  filePrefix: (projectId) => `drawing-sets/${projectId}`,
  notReady: () => 'DRAWING_SET_EMPTY',
  downloadName: (document) => `${document.name}.pdf`,
  // Each sheet has its own row of boxes (sheetSealRect): there is no signature page.
  slotRects: () => ({ people: [], seal: { x: 0, y: 0, width: 0, height: 0 } }),
  async signInQueue(tx, document, taskId, at) {
    await enqueueJob(
      tx,
      { kind: DRAWING_SET_SEAL_JOB, key: `${document.id}:${taskId}`, payload: { setId: document.id } },
      at,
    );
  },
};
