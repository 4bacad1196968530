import { buffer } from 'node:stream/consumers';
import { EncryptedPDFError } from 'pdf-lib';
import {
  MARKUP_LIMITS,
  errorMessage,
  type DocVersionFacts,
  type Locale,
  type Markup,
  type MarkupList,
  type PrincipalMember,
  type SheetPage,
  type XfdfImportResult,
  type markupInput,
} from '@drp/domain';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { AppContext } from '../../lib/app-context.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { findFilesOfProject } from '../doc-repository/doc-repository.repository.js';
import { openProject, type OpenProject } from '../project-access/project-access.service.js';
import { signalFile } from '../sheets/sheet-signal.js';
import { findSheetOfFile } from '../sheets/sheets.repository.js';
import { burnMarkups } from './markup-burn.js';
import {
  normaliseShape,
  offPage,
  shapeProblem,
  type MarkupShape,
  type ShapeProblem,
} from './markup-shape.js';
import { XfdfInvalid, readXfdf, writeXfdf } from './markup-xfdf.js';
import {
  countMarkupsOfFile,
  countReplies,
  deleteMarkup,
  findMarkup,
  insertMarkups,
  insertReplies,
  listReplies,
  listVisibleMarkups,
  lockFile,
  publishMarkup,
  updateMarkup,
  type MarkupWithAuthor,
  type ReplyWithAuthor,
} from './markups.repository.js';

/**
 * Markups on the sheets of the document repository (issue 18). Reading: every party of the
 * application, the published markups and its own. Drawing: the review agency on a version in
 * review (PROJECT_POLICY markups.draw), each person changing only their own. Every change is
 * signalled on the file's live channel, so open viewers refetch.
 */

/** The acting member in one application, as the routes pass it. */
export interface MarkupCaller {
  member: PrincipalMember;
  accountId: string;
  projectId: string;
  /** Who, for the audit records of publishing, deleting a published markup and importing. */
  audit: AuditActor;
}

type Input = z.output<typeof markupInput>;

const versionFacts = (version: {
  businessStatus: DocVersionFacts['status'];
  latest: boolean;
}): DocVersionFacts => ({
  status: version.businessStatus,
  latest: version.latest,
});

/** The file in this application, with its version; else NOT_FOUND, as a file that does not exist. */
async function fileInProject(db: Db, projectId: string, fileId: string) {
  const [found] = await findFilesOfProject(db, projectId, [fileId]);
  if (!found) throw new AppError('NOT_FOUND');
  return { file: found.file, version: found.version, facts: versionFacts(found.version) };
}

/** The prepared pages of a file: markups are checked against them, and only once they are known. */
async function pagesOf(db: Db, fileId: string): Promise<SheetPage[]> {
  const sheet = await findSheetOfFile(db, fileId);
  if (!sheet || sheet.state === 'PENDING') throw new AppError('SHEET_NOT_READY');
  if (sheet.state === 'FAILED')
    throw new AppError(sheet.failure ? `SHEET_${sheet.failure}` : 'SHEET_DAMAGED');
  return sheet.pages;
}

/** Why this shape cannot go on these pages; undefined when it can. */
function placementProblem(shape: MarkupShape, pages: readonly SheetPage[]): ShapeProblem | undefined {
  const page = pages[shape.page];
  if (!page) return { code: 'SHEET_PAGE_NOT_FOUND', params: {} };
  const problem = shapeProblem(shape);
  if (problem) return problem;
  if (offPage(shape.points, page)) return { code: 'MARKUP_OFF_PAGE', params: {} };
  return undefined;
}

function requirePlacement(shape: MarkupShape, pages: readonly SheetPage[]) {
  const problem = placementProblem(shape, pages);
  if (problem) throw new AppError(problem.code, problem.params);
}

const shapeOf = (input: Input): MarkupShape =>
  normaliseShape({
    page: input.page,
    kind: input.kind,
    points: input.points.map(([x, y]) => [x, y]),
    text: input.text,
    stamp: input.stamp,
    color: input.color,
    strokeWidth: input.strokeWidth,
    calibration: input.calibration,
  });

const sees = (row: MarkupWithAuthor, accountId: string) =>
  row.layer === 'PUBLISHED' || row.authorAccountId === accountId;

function answerOf(
  row: MarkupWithAuthor,
  replies: readonly ReplyWithAuthor[],
  open: OpenProject,
  facts: DocVersionFacts,
  accountId: string,
): Markup {
  const own = row.authorAccountId === accountId;
  const draw = own && open.can('markups.draw', facts);
  return {
    id: row.id,
    fileId: row.fileId,
    page: row.page,
    kind: row.kind,
    points: row.points,
    text: row.text,
    stamp: row.stamp,
    color: row.color,
    strokeWidth: row.strokeWidth,
    calibration: row.calibration,
    layer: row.layer,
    author: { accountId: row.authorAccountId, name: row.authorName, orgName: row.authorOrgName },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    replies: replies
      .filter((r) => r.markupId === row.id)
      .map((r) => ({
        id: r.id,
        text: r.text,
        author: { accountId: r.authorAccountId, name: r.authorName, orgName: r.authorOrgName },
        createdAt: r.createdAt.toISOString(),
      })),
    can: { edit: draw, publish: draw && row.layer === 'OWN', reply: open.can('markups.reply', facts) },
  };
}

/** One markup as its caller now sees it. */
async function answerOne(db: Db, open: OpenProject, facts: DocVersionFacts, accountId: string, id: string) {
  const row = await findMarkup(db, open.project.id, id);
  if (!row) throw new AppError('NOT_FOUND');
  return answerOf(row, await listReplies(db, [id]), open, facts, accountId);
}

/** `GET markups?fileId=`: the published markups of the file and the caller's own. */
export async function listMarkups(
  ctx: AppContext,
  input: { caller: MarkupCaller; fileId: string },
): Promise<MarkupList> {
  const { caller } = input;
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'project.view' });
  const { facts } = await fileInProject(ctx.db, caller.projectId, input.fileId);
  const rows = await listVisibleMarkups(ctx.db, input.fileId, caller.accountId);
  const replies = await listReplies(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((row) => answerOf(row, replies, open, facts, caller.accountId)),
    canDraw: open.can('markups.draw', facts),
  };
}

/** `POST markups`: a new markup in the author's own layer. */
export async function createMarkup(
  ctx: AppContext,
  input: { caller: MarkupCaller; fileId: string; markup: Input },
): Promise<Markup> {
  const { caller } = input;
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'markups.draw' });
  const { file, facts } = await fileInProject(ctx.db, caller.projectId, input.fileId);
  open.require('markups.draw', facts);
  const shape = shapeOf(input.markup);
  requirePlacement(shape, await pagesOf(ctx.db, file.id));
  const id = await inTransaction(ctx.db, async (tx) => {
    await lockFile(tx, file.id);
    if ((await countMarkupsOfFile(tx, file.id)) >= MARKUP_LIMITS.perFileMax)
      throw new AppError('MARKUP_FILE_FULL', { max: MARKUP_LIMITS.perFileMax });
    const now = ctx.clock();
    const [row] = await insertMarkups(tx, [
      {
        ...shape,
        fileId: file.id,
        versionId: file.versionId,
        projectId: caller.projectId,
        layer: 'OWN',
        authorAccountId: caller.accountId,
        authorOrgId: caller.member.orgId,
        createdAt: now,
        updatedAt: now,
      },
    ]);
    await signalFile(tx, file.id, 'markups');
    return row!.id;
  });
  return answerOne(ctx.db, open, facts, caller.accountId, id);
}

/**
 * Opens one of the caller's own markups for a change: one it cannot see answers NOT_FOUND, one of
 * someone else's that it sees MARKUP_NOT_YOURS, and the version must be in review.
 */
async function ownMarkup(tx: Db, open: OpenProject, caller: MarkupCaller, id: string) {
  const row = await findMarkup(tx, caller.projectId, id, { lock: true });
  if (!row || !sees(row, caller.accountId)) throw new AppError('NOT_FOUND');
  if (row.authorAccountId !== caller.accountId) throw new AppError('MARKUP_NOT_YOURS');
  const { file, facts } = await fileInProject(tx, caller.projectId, row.fileId);
  open.require('markups.draw', facts);
  return { row, file, facts };
}

/** An audit record of a markup change on a file that others read. */
const auditMarkup = (
  tx: Db,
  at: Date,
  caller: MarkupCaller,
  action: 'MARKUP_PUBLISHED' | 'MARKUP_DELETED' | 'MARKUPS_IMPORTED',
  file: { id: string; name: string },
  detail: Record<string, unknown>,
) =>
  recordAudit(tx, at, {
    action,
    actor: caller.audit,
    target: { type: 'docFile', id: file.id },
    detail: { projectId: caller.projectId, name: file.name, ...detail },
  });

/** `PUT markups/{id}`: the author's new shape, text or style. */
export async function changeMarkup(
  ctx: AppContext,
  input: { caller: MarkupCaller; id: string; markup: Input },
): Promise<Markup> {
  const { caller } = input;
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'markups.draw' });
  const shape = shapeOf(input.markup);
  const facts = await inTransaction(ctx.db, async (tx) => {
    const { row, facts } = await ownMarkup(tx, open, caller, input.id);
    requirePlacement(shape, await pagesOf(tx, row.fileId));
    await updateMarkup(tx, row.id, shape, ctx.clock());
    await signalFile(tx, row.fileId, 'markups');
    return facts;
  });
  return answerOne(ctx.db, open, facts, caller.accountId, input.id);
}

/** `DELETE markups/{id}`: the author's own, with its replies. */
export async function removeMarkup(
  ctx: AppContext,
  input: { caller: MarkupCaller; id: string },
): Promise<void> {
  const { caller } = input;
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'markups.draw' });
  await inTransaction(ctx.db, async (tx) => {
    const { row, file } = await ownMarkup(tx, open, caller, input.id);
    await deleteMarkup(tx, row.id);
    // Deleting what nobody else saw is the author's own business; a published one was read.
    if (row.layer === 'PUBLISHED')
      await auditMarkup(tx, ctx.clock(), caller, 'MARKUP_DELETED', file, {
        markupId: row.id,
        kind: row.kind,
      });
    await signalFile(tx, row.fileId, 'markups');
  });
}

/** `PUT markups/{id}/publish`: every party of the application reads it from now on. */
export async function publishOwnMarkup(
  ctx: AppContext,
  input: { caller: MarkupCaller; id: string },
): Promise<Markup> {
  const { caller } = input;
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'markups.draw' });
  const facts = await inTransaction(ctx.db, async (tx) => {
    const { row, file, facts } = await ownMarkup(tx, open, caller, input.id);
    if (row.layer === 'OWN') {
      await publishMarkup(tx, row.id, ctx.clock());
      await auditMarkup(tx, ctx.clock(), caller, 'MARKUP_PUBLISHED', file, {
        markupId: row.id,
        kind: row.kind,
      });
      await signalFile(tx, row.fileId, 'markups');
    }
    return facts;
  });
  return answerOne(ctx.db, open, facts, caller.accountId, input.id);
}

/** `POST markups/{id}/replies`: a reply under a markup the caller sees. */
export async function replyToMarkup(
  ctx: AppContext,
  input: { caller: MarkupCaller; id: string; text: string },
): Promise<Markup> {
  const { caller } = input;
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'markups.reply' });
  const facts = await inTransaction(ctx.db, async (tx) => {
    const row = await findMarkup(tx, caller.projectId, input.id, { lock: true });
    if (!row || !sees(row, caller.accountId)) throw new AppError('NOT_FOUND');
    const { facts } = await fileInProject(tx, caller.projectId, row.fileId);
    open.require('markups.reply', facts);
    if ((await countReplies(tx, row.id)) >= MARKUP_LIMITS.repliesMax)
      throw new AppError('MARKUP_REPLIES_FULL', { max: MARKUP_LIMITS.repliesMax });
    await insertReplies(tx, [
      {
        markupId: row.id,
        text: input.text,
        authorAccountId: caller.accountId,
        authorOrgId: caller.member.orgId,
        createdAt: ctx.clock(),
      },
    ]);
    await signalFile(tx, row.fileId, 'markups');
    return facts;
  });
  return answerOne(ctx.db, open, facts, caller.accountId, input.id);
}

/** The file's name without its `.pdf`, for the names of what is made from it. */
const stem = (name: string) => name.replace(/\.pdf$/i, '');

/** `GET markups/xfdf?fileId=`: the markups the caller sees, as XFDF. */
export async function exportXfdf(
  ctx: AppContext,
  input: { caller: MarkupCaller; fileId: string },
): Promise<{ fileName: string; body: string }> {
  const { caller } = input;
  await openProject(ctx.db, caller.member, caller.projectId, { action: 'project.view' });
  const { file } = await fileInProject(ctx.db, caller.projectId, input.fileId);
  const pages = await pagesOf(ctx.db, file.id);
  const rows = await listVisibleMarkups(ctx.db, file.id, caller.accountId);
  const replies = await listReplies(
    ctx.db,
    rows.map((r) => r.id),
  );
  const body = writeXfdf({
    fileName: file.name,
    pages,
    markups: rows.map((row) => ({
      ...row,
      authorName: row.authorName,
      replies: replies
        .filter((r) => r.markupId === row.id)
        .map((r) => ({ id: r.id, text: r.text, authorName: r.authorName, createdAt: r.createdAt })),
    })),
  });
  return { fileName: `${stem(file.name)}.xfdf`, body };
}

/**
 * `POST markups/xfdf?fileId=`: the annotations of an XFDF file as the caller's own markups. What
 * cannot be mapped or placed is skipped with its reason; the rest is stored in one transaction.
 */
export async function importXfdf(
  ctx: AppContext,
  input: { caller: MarkupCaller; fileId: string; xml: string; locale: Locale },
): Promise<XfdfImportResult> {
  const { caller } = input;
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'markups.draw' });
  const { file, facts } = await fileInProject(ctx.db, caller.projectId, input.fileId);
  open.require('markups.draw', facts);
  if (Buffer.byteLength(input.xml, 'utf8') > MARKUP_LIMITS.xfdfBytesMax)
    throw new AppError('PAYLOAD_TOO_LARGE');
  const pages = await pagesOf(ctx.db, file.id);
  let read;
  try {
    read = readXfdf(input.xml, pages);
  } catch (error) {
    if (error instanceof XfdfInvalid) throw new AppError('MARKUP_XFDF_INVALID', { reason: error.reason });
    throw error;
  }
  const reasonOf = (problem: ShapeProblem) => errorMessage(problem.code, input.locale, problem.params);
  const skipped = read.skipped.map((s) => ({ index: s.index, reason: reasonOf(s.problem) }));
  const accepted = read.candidates.filter((c) => {
    const shape = normaliseShape(c.shape);
    const problem = placementProblem(shape, pages);
    if (problem) skipped.push({ index: c.index, reason: reasonOf(problem) });
    c.shape = shape;
    return !problem;
  });
  await inTransaction(ctx.db, async (tx) => {
    await lockFile(tx, file.id);
    const room = MARKUP_LIMITS.perFileMax - (await countMarkupsOfFile(tx, file.id));
    if (accepted.length > room) throw new AppError('MARKUP_FILE_FULL', { max: MARKUP_LIMITS.perFileMax });
    const now = ctx.clock();
    const rows = await insertMarkups(
      tx,
      accepted.map((c) => ({
        ...c.shape,
        fileId: file.id,
        versionId: file.versionId,
        projectId: caller.projectId,
        layer: 'OWN' as const,
        authorAccountId: caller.accountId,
        authorOrgId: caller.member.orgId,
        createdAt: now,
        updatedAt: now,
      })),
    );
    const replies = accepted.flatMap((c, i) =>
      c.replies.slice(0, MARKUP_LIMITS.repliesMax).map((text) => ({
        markupId: rows[i]!.id,
        text,
        authorAccountId: caller.accountId,
        authorOrgId: caller.member.orgId,
        createdAt: now,
      })),
    );
    await insertReplies(tx, replies);
    if (rows.length > 0) {
      await auditMarkup(tx, now, caller, 'MARKUPS_IMPORTED', file, { count: rows.length });
      await signalFile(tx, file.id, 'markups');
    }
  });
  return { imported: accepted.length, skipped: skipped.sort((a, b) => a.index - b.index) };
}

/** `GET markups/burned?fileId=`: the original PDF with the markups the caller sees drawn into it. */
export async function burnedPdf(
  ctx: AppContext,
  input: { caller: MarkupCaller; fileId: string },
): Promise<{ fileName: string; bytes: Uint8Array }> {
  const { caller } = input;
  await openProject(ctx.db, caller.member, caller.projectId, { action: 'project.view' });
  const { file } = await fileInProject(ctx.db, caller.projectId, input.fileId);
  await pagesOf(ctx.db, file.id);
  const rows = await listVisibleMarkups(ctx.db, file.id, caller.accountId);
  const opened = await ctx.files.open(file.storageKey);
  if (!opened) throw new AppError('NOT_FOUND');
  const original = await buffer(opened.body);
  let bytes: Uint8Array;
  try {
    bytes = await burnMarkups(original, rows);
  } catch (error) {
    // PDFium prepared the sheet, but pdf-lib cannot rewrite it: an owner password (pdf-lib cannot
    // decrypt) or a structure it does not read. The original stays downloadable.
    throw new AppError(error instanceof EncryptedPDFError ? 'SHEET_ENCRYPTED' : 'SHEET_DAMAGED');
  }
  return { fileName: `${stem(file.name)}（含标注）.pdf`, bytes };
}
