import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, ne, or, type SQL } from 'drizzle-orm';
import type { CreditKind, CreditScope } from '@drp/domain';
import type { Db } from '../../db/database.js';
import { containsPattern } from '../../db/like-pattern.js';
import { accounts } from '../../db/schema/accounts.js';
import { auditEvents } from '../../db/schema/audit.js';
import { creditEntries, portalFiles } from '../../db/schema/portal.js';

export type CreditEntryRow = typeof creditEntries.$inferSelect;
export type CreditEntryValues = Omit<typeof creditEntries.$inferInsert, 'id' | 'deletedAt'>;

export interface CreditFilter {
  scope?: CreditScope | undefined;
  kind?: CreditKind | null | undefined;
  /** Part of the organisation's name or of its credit code. */
  title?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** The public sees published entries only; staff see drafts too. Deleted ones nobody lists. */
  publishedOnly: boolean;
  page: number;
  pageSize: number;
}

/** Entries of one list, newest decision first; the same order for staff and the public. */
export async function queryCreditEntries(db: Db, filter: CreditFilter) {
  const conditions: (SQL | undefined)[] = [
    isNull(creditEntries.deletedAt),
    filter.publishedOnly ? eq(creditEntries.published, true) : undefined,
    filter.scope ? eq(creditEntries.scope, filter.scope) : undefined,
    filter.kind ? eq(creditEntries.kind, filter.kind) : undefined,
    filter.from ? gte(creditEntries.issuedOn, filter.from) : undefined,
    filter.to ? lte(creditEntries.issuedOn, filter.to) : undefined,
  ];
  if (filter.title) {
    const pattern = containsPattern(filter.title);
    conditions.push(or(ilike(creditEntries.orgName, pattern), ilike(creditEntries.creditCode, pattern)));
  }
  const where = and(...conditions);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(creditEntries)
      .where(where)
      .orderBy(desc(creditEntries.issuedOn), desc(creditEntries.createdAt), desc(creditEntries.id))
      .limit(filter.pageSize)
      .offset(filter.page * filter.pageSize),
    db.select({ n: count() }).from(creditEntries).where(where),
  ]);
  return { total: total?.n ?? 0, items };
}

/** An entry that is not deleted. */
export async function findCreditEntry(db: Db, id: string): Promise<CreditEntryRow | null> {
  const [row] = await db
    .select()
    .from(creditEntries)
    .where(and(eq(creditEntries.id, id), isNull(creditEntries.deletedAt)));
  return row ?? null;
}

/** An entry, deleted or not: its history outlives it. */
export async function creditEntryExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: creditEntries.id }).from(creditEntries).where(eq(creditEntries.id, id));
  return Boolean(row);
}

export async function insertCreditEntry(db: Db, values: CreditEntryValues): Promise<CreditEntryRow> {
  const [row] = await db.insert(creditEntries).values(values).returning();
  return row!;
}

export async function updateCreditEntry(
  db: Db,
  id: string,
  patch: Partial<CreditEntryValues> & { deletedAt?: Date },
): Promise<CreditEntryRow> {
  const [row] = await db.update(creditEntries).set(patch).where(eq(creditEntries.id, id)).returning();
  return row!;
}

export type CreditDocumentRow = Pick<
  typeof portalFiles.$inferSelect,
  'id' | 'name' | 'size' | 'contentType' | 'creditEntryId'
>;

/** The decision documents of these entries (one each at most). */
export async function listCreditDocuments(db: Db, entryIds: string[]): Promise<CreditDocumentRow[]> {
  if (entryIds.length === 0) return [];
  return db
    .select({
      id: portalFiles.id,
      name: portalFiles.name,
      size: portalFiles.size,
      contentType: portalFiles.contentType,
      creditEntryId: portalFiles.creditEntryId,
    })
    .from(portalFiles)
    .where(inArray(portalFiles.creditEntryId, entryIds))
    .orderBy(asc(portalFiles.createdAt));
}

/** A portal upload, locked while an entry claims it so two entries cannot take the same file. */
export async function findPortalFileForClaim(db: Db, id: string) {
  const [row] = await db.select().from(portalFiles).where(eq(portalFiles.id, id)).for('update');
  return row ?? null;
}

/**
 * Makes `fileId` the entry's one document (none when null): the file is claimed, any other file
 * the entry had is let go (unclaimed again, for the uploads sweeper).
 */
export async function setCreditDocument(db: Db, entryId: string, fileId: string | null) {
  await db
    .update(portalFiles)
    .set({ creditEntryId: null })
    .where(and(eq(portalFiles.creditEntryId, entryId), fileId ? ne(portalFiles.id, fileId) : undefined));
  if (fileId) await db.update(portalFiles).set({ creditEntryId: entryId }).where(eq(portalFiles.id, fileId));
}

/** The audit events of one target, newest first, with the name the actor's account has now. */
export async function listTargetEvents(db: Db, target: { type: string; id: string }, limit = 200) {
  return db
    .select({
      occurredAt: auditEvents.occurredAt,
      action: auditEvents.action,
      actorUsername: auditEvents.actorUsername,
      actorName: accounts.name,
      detail: auditEvents.detail,
    })
    .from(auditEvents)
    .leftJoin(accounts, eq(accounts.id, auditEvents.actorAccountId))
    .where(and(eq(auditEvents.targetType, target.type), eq(auditEvents.targetId, target.id)))
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
    .limit(limit);
}
