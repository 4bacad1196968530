import { and, asc, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { containsPattern } from '../../db/like-pattern.js';
import { accounts } from '../../db/schema/accounts.js';
import { orgs } from '../../db/schema/orgs.js';
import { forumReplies, forumTopics } from '../../db/schema/portal.js';

export type ForumTopicRow = typeof forumTopics.$inferSelect;
export type ForumReplyRow = typeof forumReplies.$inferSelect;

/** A topic or reply with the names shown beside it: the author's and their organisation's. */
const topicColumns = {
  topic: forumTopics,
  authorName: accounts.name,
  orgName: orgs.name,
};

/** Newest activity first: the last reply, or the opening post of a topic without replies. */
const lastActivity = sql`coalesce(${forumTopics.lastReplyAt}, ${forumTopics.createdAt})`;

export interface TopicFilter {
  /** Staff see hidden topics too; the public does not. */
  includeHidden: boolean;
  title?: string | undefined;
  /** Days (YYYY-MM-DD) the topic was opened in, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  pageSize: number;
}

export async function queryForumTopics(db: Db, filter: TopicFilter) {
  const conditions: (SQL | undefined)[] = [
    filter.includeHidden ? undefined : eq(forumTopics.hidden, false),
    filter.title ? ilike(forumTopics.title, containsPattern(filter.title)) : undefined,
    filter.from ? gte(forumTopics.createdAt, new Date(`${filter.from}T00:00:00+08:00`)) : undefined,
    // The whole of the last day, in the province's time.
    filter.to
      ? lt(forumTopics.createdAt, new Date(new Date(`${filter.to}T00:00:00+08:00`).getTime() + 86_400_000))
      : undefined,
  ];
  const where = and(...conditions);
  const [items, [total]] = await Promise.all([
    db
      .select(topicColumns)
      .from(forumTopics)
      .innerJoin(accounts, eq(accounts.id, forumTopics.authorId))
      .leftJoin(orgs, eq(orgs.id, forumTopics.orgId))
      .where(where)
      .orderBy(desc(lastActivity), desc(forumTopics.createdAt), desc(forumTopics.id))
      .limit(filter.pageSize)
      .offset(filter.page * filter.pageSize),
    db.select({ n: count() }).from(forumTopics).where(where),
  ]);
  return { total: total?.n ?? 0, items };
}

export async function findForumTopic(db: Db, id: string) {
  const [row] = await db
    .select(topicColumns)
    .from(forumTopics)
    .innerJoin(accounts, eq(accounts.id, forumTopics.authorId))
    .leftJoin(orgs, eq(orgs.id, forumTopics.orgId))
    .where(eq(forumTopics.id, id));
  return row ?? null;
}

/** The topic row, locked: a reply and a lock or hide by staff do not cross. */
export async function findForumTopicForUpdate(db: Db, id: string): Promise<ForumTopicRow | null> {
  const [row] = await db.select().from(forumTopics).where(eq(forumTopics.id, id)).for('update');
  return row ?? null;
}

/** A topic's replies, oldest first; hidden ones only for staff. */
export async function listForumReplies(db: Db, topicId: string, includeHidden: boolean) {
  return db
    .select({ reply: forumReplies, authorName: accounts.name, orgName: orgs.name })
    .from(forumReplies)
    .innerJoin(accounts, eq(accounts.id, forumReplies.authorId))
    .leftJoin(orgs, eq(orgs.id, forumReplies.orgId))
    .where(and(eq(forumReplies.topicId, topicId), includeHidden ? undefined : eq(forumReplies.hidden, false)))
    .orderBy(asc(forumReplies.createdAt), asc(forumReplies.id));
}

export async function findForumReply(db: Db, id: string) {
  const [row] = await db
    .select({ reply: forumReplies, authorName: accounts.name, orgName: orgs.name })
    .from(forumReplies)
    .innerJoin(accounts, eq(accounts.id, forumReplies.authorId))
    .leftJoin(orgs, eq(orgs.id, forumReplies.orgId))
    .where(eq(forumReplies.id, id));
  return row ?? null;
}

export async function insertForumTopic(db: Db, values: typeof forumTopics.$inferInsert) {
  const [row] = await db.insert(forumTopics).values(values).returning();
  return row!;
}

export async function insertForumReply(db: Db, values: typeof forumReplies.$inferInsert) {
  const [row] = await db.insert(forumReplies).values(values).returning();
  return row!;
}

/** A reply was posted: one more shown, and the topic's latest activity. */
export async function countNewReply(db: Db, topicId: string, at: Date) {
  await db
    .update(forumTopics)
    .set({ replyCount: sql`${forumTopics.replyCount} + 1`, lastReplyAt: at })
    .where(eq(forumTopics.id, topicId));
}

/** A reply was hidden (-1) or shown again (+1): the count is of the replies the public sees. */
export async function adjustReplyCount(db: Db, topicId: string, delta: 1 | -1) {
  await db
    .update(forumTopics)
    .set({ replyCount: sql`greatest(${forumTopics.replyCount} + ${delta}, 0)` })
    .where(eq(forumTopics.id, topicId));
}

export async function updateForumTopic(
  db: Db,
  id: string,
  patch: Partial<Pick<ForumTopicRow, 'hidden' | 'locked'>>,
) {
  await db.update(forumTopics).set(patch).where(eq(forumTopics.id, id));
}

export async function updateForumReply(db: Db, id: string, patch: Pick<ForumReplyRow, 'hidden'>) {
  await db.update(forumReplies).set(patch).where(eq(forumReplies.id, id));
}

/** A reply's row, locked while staff hide or show it. */
export async function findForumReplyForUpdate(db: Db, id: string): Promise<ForumReplyRow | null> {
  const [row] = await db.select().from(forumReplies).where(eq(forumReplies.id, id)).for('update');
  return row ?? null;
}
