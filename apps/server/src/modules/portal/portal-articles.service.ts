import type { z } from 'zod';
import type {
  PortalArticle,
  PortalArticlePage,
  PortalArticleSummary,
  PortalHistoryEntry,
  StaffArticle,
  StaffArticleSummary,
  portalArticleListQuery,
  saveArticleRequest,
  staffArticleListQuery,
} from '@drp/domain';
import { inTransaction, type Db } from '../../db/database.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { sanitizeRichText } from '../../lib/sanitize-rich-text.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import {
  findArticle,
  findPublishedArticle,
  insertArticle,
  listArticleHistory,
  neighboursOf,
  queryPublishedArticles,
  queryStaffArticles,
  updateArticle,
  type PortalArticleRow,
  type PortalArticleSummaryRow,
} from './portal-articles.repository.js';
import {
  findPortalFile,
  findPortalFilesForUpdate,
  listAttachmentsOf,
  setArticleAttachments,
  setArticleCover,
  type PortalFileRow,
} from './portal-files.repository.js';
import { presentAttachment, publicFileUrl, staffFileUrl } from './portal-files.service.js';

type SaveArticle = z.output<typeof saveArticleRequest>;
type FileUrl = (id: string) => string;

/** Where history entries of an article are kept in the audit log. */
const target = (id: string) => ({ type: 'portalArticle', id });

export function presentSummary(
  row: PortalArticleSummaryRow,
  url: FileUrl = publicFileUrl,
): PortalArticleSummary {
  return {
    id: row.id,
    category: row.category,
    title: row.title,
    source: row.source,
    summary: row.summary,
    publishDate: row.publishDate,
    pinned: row.pinned,
    hasBody: row.hasBody,
    attachmentCount: row.attachmentCount,
    coverUrl: row.coverFileId ? url(row.coverFileId) : null,
  };
}

function presentStaffSummary(
  row: PortalArticleSummaryRow & { updatedByName: string | null },
): StaffArticleSummary {
  return {
    ...presentSummary(row, staffFileUrl),
    status: row.status,
    updatedAt: row.updatedAt.toISOString(),
    updatedByName: row.updatedByName,
    inBanner: row.inBanner,
  };
}

function asSummaryRow(row: PortalArticleRow, attachments: PortalFileRow[]): PortalArticleSummaryRow {
  return { ...row, hasBody: row.bodyHtml !== null, attachmentCount: attachments.length };
}

function presentStaffArticle(
  row: PortalArticleRow,
  updatedByName: string | null,
  attachments: PortalFileRow[],
): StaffArticle {
  return {
    ...presentStaffSummary({ ...asSummaryRow(row, attachments), updatedByName }),
    bodyHtml: row.bodyHtml,
    attachments: attachments.map((f) => presentAttachment(f, staffFileUrl)),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

// ---- the public ----

export async function listPublishedArticles(
  ctx: AppContext,
  query: z.output<typeof portalArticleListQuery>,
): Promise<PortalArticlePage> {
  const page = await queryPublishedArticles(ctx.db, query);
  return { total: page.total, items: page.items.map((row) => presentSummary(row)) };
}

/** A published article with its attachments and neighbours; a draft or deleted one is NOT_FOUND. */
export async function getPublishedArticle(ctx: AppContext, id: string): Promise<PortalArticle> {
  const row = await findPublishedArticle(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  const [attachments, neighbours] = await Promise.all([
    listAttachmentsOf(ctx.db, [id]),
    neighboursOf(ctx.db, row),
  ]);
  return {
    ...presentSummary(asSummaryRow(row, attachments)),
    bodyHtml: row.bodyHtml,
    attachments: attachments.map((f) => presentAttachment(f, publicFileUrl)),
    ...neighbours,
  };
}

// ---- staff ----

export async function listStaffArticles(ctx: AppContext, query: z.output<typeof staffArticleListQuery>) {
  const page = await queryStaffArticles(ctx.db, query);
  return { total: page.total, items: page.items.map(presentStaffSummary) };
}

async function existingArticle(db: Db, id: string, forUpdate = false) {
  const found = await findArticle(db, id, { forUpdate });
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}

/** An article as staff see it, read in `db` (inside a save: as saved, with the editor's name). */
async function readBack(db: Db, id: string): Promise<StaffArticle> {
  const { article, updatedByName } = await existingArticle(db, id);
  return presentStaffArticle(article, updatedByName, await listAttachmentsOf(db, [id]));
}

export const getStaffArticle = (ctx: AppContext, id: string) => readBack(ctx.db, id);

/**
 * The files a save names, checked and locked: each must be an upload of the saving account that
 * no item uses yet, or already this article's; and each of the purpose it is named for.
 */
async function usableFiles(
  tx: Db,
  input: { articleId: string | null; accountId: string; attachmentIds: string[]; coverId: string | null },
) {
  const attachmentIds = [...new Set(input.attachmentIds)];
  const rows = await findPortalFilesForUpdate(tx, [
    ...attachmentIds,
    ...(input.coverId ? [input.coverId] : []),
  ]);
  const byId = new Map(rows.map((f) => [f.id, f]));
  const take = (id: string, purpose: PortalFileRow['purpose']) => {
    const file = byId.get(id);
    const usable =
      file &&
      ((input.articleId !== null && file.articleId === input.articleId) ||
        (file.articleId === null && file.creditEntryId === null && file.uploadedBy === input.accountId));
    if (!usable) throw new AppError('PORTAL_UPLOAD_UNAVAILABLE');
    if (file.purpose !== purpose)
      throw new AppError('PORTAL_UPLOAD_PURPOSE_MISMATCH', {
        name: file.name,
        expected:
          purpose === 'COVER'
            ? { 'zh-CN': '封面图片', 'en-US': 'a cover image' }
            : { 'zh-CN': '附件', 'en-US': 'an attachment' },
      });
    return file;
  };
  return {
    attachments: attachmentIds.map((id) => take(id, 'ATTACHMENT')),
    cover: input.coverId ? take(input.coverId, 'COVER') : null,
  };
}

/** The row's values a save sets, the body sanitised. */
function valuesOf(request: SaveArticle, body: string | null, coverFileId: string | null) {
  return {
    category: request.category,
    title: request.title,
    source: request.source,
    summary: request.summary,
    publishDate: request.publishDate,
    bodyHtml: body,
    pinned: request.pinned,
    inBanner: request.inBanner,
    coverFileId,
  };
}

const COMPARED = ['category', 'title', 'source', 'summary', 'publishDate', 'pinned', 'inBanner'] as const;

/**
 * What a save changed, for the history: short fields with their old and new values, the body
 * only as "changed" (it may be long), attachments added and removed by name, the cover's name.
 */
function changesOf(
  before: { row: PortalArticleRow; attachments: PortalFileRow[]; cover: PortalFileRow | null },
  after: { row: PortalArticleRow; attachments: PortalFileRow[]; cover: PortalFileRow | null },
) {
  const fields: string[] = [];
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of COMPARED)
    if (before.row[field] !== after.row[field]) {
      fields.push(field);
      changes[field] = { from: before.row[field], to: after.row[field] };
    }
  if (before.row.bodyHtml !== after.row.bodyHtml) fields.push('bodyHtml');
  const beforeIds = new Set(before.attachments.map((f) => f.id));
  const afterIds = new Set(after.attachments.map((f) => f.id));
  const attachmentsAdded = after.attachments.filter((f) => !beforeIds.has(f.id)).map((f) => f.name);
  const attachmentsRemoved = before.attachments.filter((f) => !afterIds.has(f.id)).map((f) => f.name);
  const reordered =
    attachmentsAdded.length === 0 &&
    attachmentsRemoved.length === 0 &&
    before.attachments.some((f, i) => after.attachments[i]?.id !== f.id);
  if (attachmentsAdded.length || attachmentsRemoved.length || reordered) fields.push('attachments');
  if (before.cover?.id !== after.cover?.id) {
    fields.push('cover');
    changes.cover = { from: before.cover?.name ?? null, to: after.cover?.name ?? null };
  }
  return {
    fields,
    changes,
    ...(attachmentsAdded.length ? { attachmentsAdded } : {}),
    ...(attachmentsRemoved.length ? { attachmentsRemoved } : {}),
  };
}

/**
 * Creates an article as a draft: the body sanitised (the answer says whether anything was taken
 * out), the named uploads claimed as its attachments and cover.
 */
export async function createArticle(
  ctx: AppContext,
  input: { request: SaveArticle; audit: AuditActor },
): Promise<{ article: StaffArticle; bodyCleaned: boolean }> {
  const { request, audit } = input;
  const accountId = audit.accountId!;
  if (request.inBanner && !request.coverId) throw new AppError('PORTAL_BANNER_NEEDS_COVER');
  const body = sanitizeRichText(request.bodyHtml);
  return inTransaction(ctx.db, async (tx) => {
    const files = await usableFiles(tx, {
      articleId: null,
      accountId,
      attachmentIds: request.attachmentIds,
      coverId: request.coverId ?? null,
    });
    const now = ctx.clock();
    const row = await insertArticle(tx, {
      ...valuesOf(request, body.html, files.cover?.id ?? null),
      status: 'DRAFT',
      createdBy: accountId,
      updatedBy: accountId,
      createdAt: now,
      updatedAt: now,
    });
    await setArticleAttachments(
      tx,
      row.id,
      files.attachments.map((f) => f.id),
    );
    await setArticleCover(tx, row.id, files.cover?.id ?? null);
    await recordAudit(tx, now, {
      action: 'PORTAL_ARTICLE_CREATED',
      actor: audit,
      target: target(row.id),
      detail: {
        title: row.title,
        category: row.category,
        publishDate: row.publishDate,
        hasBody: row.bodyHtml !== null,
        attachments: files.attachments.map((f) => f.name),
        cover: files.cover?.name ?? null,
        ...(body.cleaned ? { bodyCleaned: true } : {}),
      },
    });
    return { article: await readBack(tx, row.id), bodyCleaned: body.cleaned };
  });
}

/**
 * Saves staff's changes to an article; a published one stays published (the change shows at
 * once), a draft stays a draft. Attachments no longer named are let go; the history records
 * which fields changed.
 */
export async function editArticle(
  ctx: AppContext,
  input: { id: string; request: SaveArticle; audit: AuditActor },
): Promise<{ article: StaffArticle; bodyCleaned: boolean }> {
  const { request, audit } = input;
  const accountId = audit.accountId!;
  if (request.inBanner && !request.coverId) throw new AppError('PORTAL_BANNER_NEEDS_COVER');
  const body = sanitizeRichText(request.bodyHtml);
  return inTransaction(ctx.db, async (tx) => {
    const { article: before } = await existingArticle(tx, input.id, true);
    const [beforeAttachments, beforeCover] = await Promise.all([
      listAttachmentsOf(tx, [before.id]),
      before.coverFileId ? findPortalFile(tx, before.coverFileId) : null,
    ]);
    const files = await usableFiles(tx, {
      articleId: before.id,
      accountId,
      attachmentIds: request.attachmentIds,
      coverId: request.coverId ?? null,
    });
    const now = ctx.clock();
    const row = await updateArticle(tx, before.id, {
      ...valuesOf(request, body.html, files.cover?.id ?? null),
      updatedBy: accountId,
      updatedAt: now,
    });
    await setArticleAttachments(
      tx,
      row.id,
      files.attachments.map((f) => f.id),
    );
    await setArticleCover(tx, row.id, files.cover?.id ?? null);
    await recordAudit(tx, now, {
      action: 'PORTAL_ARTICLE_UPDATED',
      actor: audit,
      target: target(row.id),
      detail: {
        title: row.title,
        ...changesOf(
          { row: before, attachments: beforeAttachments, cover: beforeCover },
          { row, attachments: files.attachments, cover: files.cover },
        ),
        ...(body.cleaned ? { bodyCleaned: true } : {}),
      },
    });
    return { article: await readBack(tx, row.id), bodyCleaned: body.cleaned };
  });
}

/**
 * Publishes or withdraws an article. Publishing one already published (a second click) changes
 * nothing and records nothing; the same for withdrawing a draft.
 */
async function changeStatus(
  ctx: AppContext,
  input: { id: string; publish: boolean; audit: AuditActor },
): Promise<StaffArticle> {
  return inTransaction(ctx.db, async (tx) => {
    const found = await existingArticle(tx, input.id, true);
    let row = found.article;
    const wanted = input.publish ? 'PUBLISHED' : 'DRAFT';
    if (row.status !== wanted) {
      const now = ctx.clock();
      row = await updateArticle(tx, row.id, {
        status: wanted,
        publishedAt: input.publish ? now : null,
        updatedBy: input.audit.accountId!,
        updatedAt: now,
      });
      await recordAudit(tx, now, {
        action: input.publish ? 'PORTAL_ARTICLE_PUBLISHED' : 'PORTAL_ARTICLE_UNPUBLISHED',
        actor: input.audit,
        target: target(row.id),
        detail: {
          title: row.title,
          category: row.category,
          fields: ['status'],
          changes: { status: { from: found.article.status, to: wanted } },
        },
      });
    }
    return readBack(tx, row.id);
  });
}

export const publishArticle = (ctx: AppContext, input: { id: string; audit: AuditActor }) =>
  changeStatus(ctx, { ...input, publish: true });

export const unpublishArticle = (ctx: AppContext, input: { id: string; audit: AuditActor }) =>
  changeStatus(ctx, { ...input, publish: false });

/**
 * Deletes an article softly: it keeps its row, files and history for the record, and answers
 * NOT_FOUND everywhere from now on.
 */
export async function deleteArticle(ctx: AppContext, input: { id: string; audit: AuditActor }) {
  await inTransaction(ctx.db, async (tx) => {
    const { article } = await existingArticle(tx, input.id, true);
    const now = ctx.clock();
    await updateArticle(tx, article.id, {
      deletedAt: now,
      updatedBy: input.audit.accountId!,
      updatedAt: now,
    });
    await recordAudit(tx, now, {
      action: 'PORTAL_ARTICLE_DELETED',
      actor: input.audit,
      target: target(article.id),
      detail: { title: article.title, category: article.category, status: article.status },
    });
  });
}

/** Who did what to an article, newest first; a deleted article has no history to show. */
export async function getArticleHistory(ctx: AppContext, id: string): Promise<PortalHistoryEntry[]> {
  await existingArticle(ctx.db, id);
  const rows = await listArticleHistory(ctx.db, id);
  return rows.map((r) => ({
    at: r.at.toISOString(),
    action: r.action,
    actorName: r.actorName,
    detail: r.detail,
  }));
}
