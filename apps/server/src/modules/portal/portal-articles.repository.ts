import { and, asc, count, desc, eq, gte, ilike, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { PortalArticleStatus, PortalCategory } from '@drp/domain';
import type { Db } from '../../db/database.js';
import { containsPattern } from '../../db/like-pattern.js';
import { accounts } from '../../db/schema/accounts.js';
import { auditEvents } from '../../db/schema/audit.js';
import { portalArticles } from '../../db/schema/portal.js';

export type PortalArticleRow = typeof portalArticles.$inferSelect;
export type PortalArticleValues = Omit<typeof portalArticles.$inferInsert, 'id'>;

/** What a list shows of an article: everything but the body, which may be 200 KB. */
const summaryColumns = {
  id: portalArticles.id,
  category: portalArticles.category,
  title: portalArticles.title,
  source: portalArticles.source,
  summary: portalArticles.summary,
  publishDate: portalArticles.publishDate,
  pinned: portalArticles.pinned,
  inBanner: portalArticles.inBanner,
  status: portalArticles.status,
  coverFileId: portalArticles.coverFileId,
  updatedAt: portalArticles.updatedAt,
  hasBody: sql<boolean>`${portalArticles.bodyHtml} is not null`.as('has_body'),
  // Spelled out: in a select list Drizzle names a one-table query's columns without their table,
  // and an unqualified `id` inside the subquery would be the file's.
  attachmentCount: sql<number>`(select count(*)::int from portal_files f
    where f.article_id = "portal_articles"."id" and f.purpose = 'ATTACHMENT')`.as('attachment_count'),
};
/** One row of a list: see summaryColumns. */
export type PortalArticleSummaryRow = Awaited<ReturnType<typeof listBannerArticles>>[number];

const isPublished = and(eq(portalArticles.status, 'PUBLISHED'), isNull(portalArticles.deletedAt))!;

/** The public order, as the partial index portal_articles_public_idx has it: pinned, then newest. */
const publicOrder = [
  desc(portalArticles.pinned),
  desc(portalArticles.publishDate),
  desc(portalArticles.createdAt),
  desc(portalArticles.id),
];

export interface ArticleFilter {
  category?: PortalCategory | undefined;
  status?: PortalArticleStatus | undefined;
  /** Part of the title; `%` and `_` are taken literally. */
  title?: string | undefined;
  /** Inclusive bounds on the date the item carries. */
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  pageSize: number;
}

function filterConditions(filter: ArticleFilter): (SQL | undefined)[] {
  return [
    filter.category ? eq(portalArticles.category, filter.category) : undefined,
    filter.status ? eq(portalArticles.status, filter.status) : undefined,
    filter.title ? ilike(portalArticles.title, containsPattern(filter.title)) : undefined,
    filter.from ? gte(portalArticles.publishDate, filter.from) : undefined,
    filter.to ? lte(portalArticles.publishDate, filter.to) : undefined,
  ];
}

/** One category's published articles for the public: pinned first, then the newest date. */
export async function queryPublishedArticles(db: Db, filter: ArticleFilter) {
  const where = and(isPublished, ...filterConditions(filter));
  const [items, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(portalArticles)
      .where(where)
      .orderBy(...publicOrder)
      .limit(filter.pageSize)
      .offset(filter.page * filter.pageSize),
    db.select({ n: count() }).from(portalArticles).where(where),
  ]);
  return { total: total?.n ?? 0, items };
}

/** Every article that is not deleted, drafts too, for staff: the last changed first. */
export async function queryStaffArticles(db: Db, filter: ArticleFilter) {
  const where = and(isNull(portalArticles.deletedAt), ...filterConditions(filter));
  const [items, [total]] = await Promise.all([
    db
      .select({ ...summaryColumns, updatedByName: accounts.name })
      .from(portalArticles)
      .leftJoin(accounts, eq(accounts.id, portalArticles.updatedBy))
      .where(where)
      .orderBy(desc(portalArticles.updatedAt), desc(portalArticles.id))
      .limit(filter.pageSize)
      .offset(filter.page * filter.pageSize),
    db.select({ n: count() }).from(portalArticles).where(where),
  ]);
  return { total: total?.n ?? 0, items };
}

/** An article that is not deleted, with the name of who changed it last; locked for a change. */
export async function findArticle(db: Db, id: string, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select({ article: portalArticles, updatedByName: accounts.name })
    .from(portalArticles)
    .leftJoin(accounts, eq(accounts.id, portalArticles.updatedBy))
    .where(and(eq(portalArticles.id, id), isNull(portalArticles.deletedAt)));
  const [row] = options.forUpdate ? await query.for('update', { of: portalArticles }) : await query;
  return row ?? null;
}

export async function findPublishedArticle(db: Db, id: string): Promise<PortalArticleRow | null> {
  const [row] = await db
    .select()
    .from(portalArticles)
    .where(and(eq(portalArticles.id, id), isPublished));
  return row ?? null;
}

/**
 * The published articles either side of one in its category's public order: `previous` is listed
 * just above it, `next` just below. The comparison reads the article's own key in SQL, so the
 * database's microseconds are compared with themselves.
 */
export async function neighboursOf(db: Db, article: Pick<PortalArticleRow, 'id' | 'category'>) {
  const key = sql`(${portalArticles.pinned}, ${portalArticles.publishDate}, ${portalArticles.createdAt}, ${portalArticles.id})`;
  const own = sql`(select pinned, publish_date, created_at, id from ${portalArticles} where id = ${article.id})`;
  const neighbour = (above: boolean) =>
    db
      .select({ id: portalArticles.id, title: portalArticles.title })
      .from(portalArticles)
      .where(
        and(
          isPublished,
          eq(portalArticles.category, article.category),
          above ? sql`${key} > ${own}` : sql`${key} < ${own}`,
        ),
      )
      .orderBy(
        ...(above
          ? [
              asc(portalArticles.pinned),
              asc(portalArticles.publishDate),
              asc(portalArticles.createdAt),
              asc(portalArticles.id),
            ]
          : publicOrder),
      )
      .limit(1);
  const [[previous], [next]] = await Promise.all([neighbour(true), neighbour(false)]);
  return { previous: previous ?? null, next: next ?? null };
}

export async function insertArticle(db: Db, values: PortalArticleValues): Promise<PortalArticleRow> {
  const [row] = await db.insert(portalArticles).values(values).returning();
  return row!;
}

export async function updateArticle(
  db: Db,
  id: string,
  patch: Partial<PortalArticleValues>,
): Promise<PortalArticleRow> {
  const [row] = await db.update(portalArticles).set(patch).where(eq(portalArticles.id, id)).returning();
  return row!;
}

/** The home page's banner: published articles staff put there, each with its cover. */
export async function listBannerArticles(db: Db, limit: number) {
  return db
    .select(summaryColumns)
    .from(portalArticles)
    .where(and(isPublished, eq(portalArticles.inBanner, true), isNotNull(portalArticles.coverFileId)))
    .orderBy(...publicOrder)
    .limit(limit);
}

/** The newest `perCategory` published articles of every category, in one query. */
export async function listLatestPerCategory(db: Db, perCategory: number) {
  const ranked = db.$with('ranked').as(
    db
      .select({
        ...summaryColumns,
        rank: sql<number>`row_number() over (partition by ${portalArticles.category}
          order by ${portalArticles.pinned} desc, ${portalArticles.publishDate} desc,
          ${portalArticles.createdAt} desc, ${portalArticles.id} desc)`.as('rank'),
      })
      .from(portalArticles)
      .where(isPublished),
  );
  return db
    .with(ranked)
    .select()
    .from(ranked)
    .where(lte(ranked.rank, perCategory))
    .orderBy(asc(ranked.category), asc(ranked.rank));
}

/** Who did what to an article, newest first, with the actor's name as the account has it now. */
export async function listArticleHistory(db: Db, id: string) {
  return db
    .select({
      at: auditEvents.occurredAt,
      action: auditEvents.action,
      actorName: sql<string | null>`coalesce(${accounts.name}, ${auditEvents.actorUsername})`,
      detail: auditEvents.detail,
    })
    .from(auditEvents)
    .leftJoin(accounts, eq(accounts.id, auditEvents.actorAccountId))
    .where(and(eq(auditEvents.targetType, 'portalArticle'), eq(auditEvents.targetId, id)))
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
    .limit(500);
}
