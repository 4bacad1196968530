import { and, asc, count, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { accounts } from '../../db/schema/accounts.js';
import { docFiles } from '../../db/schema/doc-repository.js';
import { markupReplies, markups } from '../../db/schema/markups.js';
import { orgs } from '../../db/schema/orgs.js';

export type MarkupRow = typeof markups.$inferSelect;
export type MarkupInsert = typeof markups.$inferInsert;
export type MarkupPatch = Pick<
  MarkupInsert,
  'page' | 'kind' | 'points' | 'text' | 'stamp' | 'color' | 'strokeWidth' | 'calibration'
>;

/** A markup or reply with its author's name and organisation's name, as the answers show them. */
export type MarkupWithAuthor = MarkupRow & { authorName: string; authorOrgName: string };
export interface ReplyWithAuthor {
  id: string;
  markupId: string;
  text: string;
  authorAccountId: string;
  authorName: string;
  authorOrgName: string;
  createdAt: Date;
}

const withAuthor = {
  markup: markups,
  authorName: accounts.name,
  authorOrgName: orgs.name,
};

const flat = (row: { markup: MarkupRow; authorName: string; authorOrgName: string }): MarkupWithAuthor => ({
  ...row.markup,
  authorName: row.authorName,
  authorOrgName: row.authorOrgName,
});

/**
 * The markups of a file that `accountId` sees: the published ones and its own, in the order they
 * were stored (a later markup is drawn over an earlier one).
 */
export async function listVisibleMarkups(db: Db, fileId: string, accountId: string) {
  const rows = await db
    .select(withAuthor)
    .from(markups)
    .innerJoin(accounts, eq(accounts.id, markups.authorAccountId))
    .innerJoin(orgs, eq(orgs.id, markups.authorOrgId))
    .where(
      and(
        eq(markups.fileId, fileId),
        or(eq(markups.layer, 'PUBLISHED'), eq(markups.authorAccountId, accountId)),
      ),
    )
    .orderBy(asc(markups.seq));
  return rows.map(flat);
}

export async function findMarkup(db: Db, projectId: string, id: string, options: { lock?: boolean } = {}) {
  const query = db
    .select(withAuthor)
    .from(markups)
    .innerJoin(accounts, eq(accounts.id, markups.authorAccountId))
    .innerJoin(orgs, eq(orgs.id, markups.authorOrgId))
    .where(and(eq(markups.id, id), eq(markups.projectId, projectId)));
  const [row] = options.lock ? await query.for('update', { of: markups }) : await query;
  return row ? flat(row) : undefined;
}

/** Holds the file's row, so that two writers cannot both take the last places under the cap. */
export async function lockFile(db: Db, fileId: string) {
  await db.select({ id: docFiles.id }).from(docFiles).where(eq(docFiles.id, fileId)).for('update');
}

export async function countMarkupsOfFile(db: Db, fileId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(markups).where(eq(markups.fileId, fileId));
  return row?.n ?? 0;
}

/** Rows per INSERT: a statement carries at most 65 535 parameters, and an import may bring thousands. */
const CHUNK = 500;

/** Inserts the rows and answers them in the same order. */
export async function insertMarkups(db: Db, rows: MarkupInsert[]): Promise<MarkupRow[]> {
  const out: MarkupRow[] = [];
  for (let i = 0; i < rows.length; i += CHUNK)
    out.push(
      ...(await db
        .insert(markups)
        .values(rows.slice(i, i + CHUNK))
        .returning()),
    );
  return out;
}

export async function updateMarkup(db: Db, id: string, patch: MarkupPatch, at: Date) {
  await db
    .update(markups)
    .set({ ...patch, updatedAt: at })
    .where(eq(markups.id, id));
}

export async function publishMarkup(db: Db, id: string, at: Date) {
  await db
    .update(markups)
    .set({ layer: 'PUBLISHED', publishedAt: at, updatedAt: at })
    .where(eq(markups.id, id));
}

export async function deleteMarkup(db: Db, id: string) {
  await db.delete(markups).where(eq(markups.id, id));
}

export async function listReplies(db: Db, markupIds: readonly string[]): Promise<ReplyWithAuthor[]> {
  if (markupIds.length === 0) return [];
  return db
    .select({
      id: markupReplies.id,
      markupId: markupReplies.markupId,
      text: markupReplies.text,
      authorAccountId: markupReplies.authorAccountId,
      authorName: accounts.name,
      authorOrgName: orgs.name,
      createdAt: markupReplies.createdAt,
    })
    .from(markupReplies)
    .innerJoin(accounts, eq(accounts.id, markupReplies.authorAccountId))
    .innerJoin(orgs, eq(orgs.id, markupReplies.authorOrgId))
    .where(inArray(markupReplies.markupId, [...markupIds]))
    .orderBy(asc(markupReplies.seq));
}

export async function countReplies(db: Db, markupId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(markupReplies)
    .where(eq(markupReplies.markupId, markupId));
  return row?.n ?? 0;
}

export async function insertReplies(db: Db, rows: (typeof markupReplies.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += CHUNK)
    await db.insert(markupReplies).values(rows.slice(i, i + CHUNK));
}
