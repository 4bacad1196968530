import { and, asc, eq, exists, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { creditEntries, portalArticles, portalFiles } from '../../db/schema/portal.js';

export type PortalFileRow = typeof portalFiles.$inferSelect;

export async function insertPortalFile(db: Db, row: typeof portalFiles.$inferInsert): Promise<PortalFileRow> {
  const [inserted] = await db.insert(portalFiles).values(row).returning();
  return inserted!;
}

export async function findPortalFile(db: Db, id: string): Promise<PortalFileRow | null> {
  const [row] = await db.select().from(portalFiles).where(eq(portalFiles.id, id));
  return row ?? null;
}

/** Files an article's save names, locked so that two saves cannot claim the same upload. */
export async function findPortalFilesForUpdate(db: Db, ids: string[]): Promise<PortalFileRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(portalFiles).where(inArray(portalFiles.id, ids)).for('update');
}

const publishedArticle = and(eq(portalArticles.status, 'PUBLISHED'), isNull(portalArticles.deletedAt));

/**
 * A file the public may read: an attachment or the cover of a published article, the document of
 * a published credit entry, or a picture a published article's body shows. Anything else (an
 * upload nobody uses yet, a draft's or a deleted item's file) does not exist for the public.
 */
export async function findPublicPortalFile(db: Db, id: string): Promise<PortalFileRow | null> {
  const ofArticle = db
    .select({ one: sql`1` })
    .from(portalArticles)
    .where(
      and(
        publishedArticle,
        or(eq(portalArticles.id, portalFiles.articleId), eq(portalArticles.coverFileId, portalFiles.id)),
      ),
    );
  const ofCreditEntry = db
    .select({ one: sql`1` })
    .from(creditEntries)
    .where(
      and(
        eq(creditEntries.id, portalFiles.creditEntryId),
        eq(creditEntries.published, true),
        isNull(creditEntries.deletedAt),
      ),
    );
  // The sanitiser lets a body show pictures from /api/portal/files/ only; the id is a UUID, so
  // it needs no escaping in the pattern.
  const inBody = db
    .select({ one: sql`1` })
    .from(portalArticles)
    .where(
      and(
        publishedArticle,
        sql`${portalArticles.bodyHtml} like '%/api/portal/files/' || ${portalFiles.id}::text || '%'`,
      ),
    );
  const [row] = await db
    .select()
    .from(portalFiles)
    .where(
      and(
        eq(portalFiles.id, id),
        or(
          exists(ofArticle),
          exists(ofCreditEntry),
          and(sql`${portalFiles.contentType} like 'image/%'`, exists(inBody)),
        ),
      ),
    );
  return row ?? null;
}

/** The attachments of these articles, in the order staff gave them. */
export async function listAttachmentsOf(db: Db, articleIds: string[]): Promise<PortalFileRow[]> {
  if (articleIds.length === 0) return [];
  return db
    .select()
    .from(portalFiles)
    .where(and(inArray(portalFiles.articleId, articleIds), eq(portalFiles.purpose, 'ATTACHMENT')))
    .orderBy(asc(portalFiles.sortOrder), asc(portalFiles.createdAt));
}

/**
 * Makes `fileIds` the article's attachments in this order; the ones it had and no longer names go
 * back to being unclaimed uploads (their bytes stay, for the uploads sweeper).
 */
export async function setArticleAttachments(db: Db, articleId: string, fileIds: string[]) {
  await db
    .update(portalFiles)
    .set({ articleId: null })
    .where(
      and(
        eq(portalFiles.articleId, articleId),
        eq(portalFiles.purpose, 'ATTACHMENT'),
        fileIds.length > 0 ? notInArray(portalFiles.id, fileIds) : undefined,
      ),
    );
  for (const [index, id] of fileIds.entries())
    await db.update(portalFiles).set({ articleId, sortOrder: index }).where(eq(portalFiles.id, id));
}

/** Claims the cover for the article (none when null) and lets a previous cover go. */
export async function setArticleCover(db: Db, articleId: string, fileId: string | null) {
  await db
    .update(portalFiles)
    .set({ articleId: null })
    .where(
      and(
        eq(portalFiles.articleId, articleId),
        eq(portalFiles.purpose, 'COVER'),
        fileId ? ne(portalFiles.id, fileId) : undefined,
      ),
    );
  if (fileId) await db.update(portalFiles).set({ articleId }).where(eq(portalFiles.id, fileId));
}
