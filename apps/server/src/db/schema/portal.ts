import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type {
  CreditKind,
  CreditScope,
  PortalArticleStatus,
  PortalCategory,
  PortalFooter,
  PortalLinkGroup,
} from '@drp/domain';
import { accounts } from './accounts.js';
import { orgs } from './orgs.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The public portal's content (issue 7), kept by information-service staff. Who changed what is
 * in the audit log (targets `portalArticle`, `creditEntry`, `portalSite`, `forumTopic`).
 */

/**
 * A file staff uploaded for the portal: an article's attachment, a banner cover, a credit
 * decision. Uploaded first, then named by the item that uses it (`articleId` / `creditEntryId`);
 * unclaimed uploads are the uploader's until they are used or swept.
 */
export const portalFiles = pgTable(
  'portal_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').$type<'ATTACHMENT' | 'COVER'>().notNull(),
    storageKey: text('storage_key').notNull().unique(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    articleId: uuid('article_id').references((): AnyPgColumn => portalArticles.id, {
      onDelete: 'set null',
    }),
    creditEntryId: uuid('credit_entry_id').references((): AnyPgColumn => creditEntries.id, {
      onDelete: 'set null',
    }),
    sortOrder: integer('sort_order').notNull().default(0),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => accounts.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('portal_files_article_idx').on(t.articleId, t.sortOrder),
    index('portal_files_credit_idx').on(t.creditEntryId),
  ],
);

/** 通知公告, policy documents, standards, news: one row per item; deleted ones keep their row. */
export const portalArticles = pgTable(
  'portal_articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    category: text('category').$type<PortalCategory>().notNull(),
    title: text('title').notNull(),
    source: text('source'),
    summary: text('summary'),
    /** The date the item carries; lists are ordered and filtered by it. */
    publishDate: date('publish_date', { mode: 'string' }).notNull(),
    /** Sanitised HTML; null for an item that is only its title and attachments. */
    bodyHtml: text('body_html'),
    status: text('status').$type<PortalArticleStatus>().notNull().default('DRAFT'),
    pinned: boolean('pinned').notNull().default(false),
    inBanner: boolean('in_banner').notNull().default(false),
    coverFileId: uuid('cover_file_id').references((): AnyPgColumn => portalFiles.id, {
      onDelete: 'set null',
    }),
    publishedAt: at('published_at'),
    deletedAt: at('deleted_at'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => accounts.id),
    updatedBy: uuid('updated_by')
      .notNull()
      .references(() => accounts.id),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The public lists: one category's published items, pinned first, newest first.
    index('portal_articles_public_idx')
      .on(t.category, t.pinned.desc(), t.publishDate.desc(), t.createdAt.desc())
      .where(sql`${t.status} = 'PUBLISHED' and ${t.deletedAt} is null`),
    index('portal_articles_staff_idx').on(t.category, t.updatedAt.desc()),
  ],
);

/** 表彰 and 通报批评 of organisations, in this province, its cities and other provinces. */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<CreditKind>().notNull(),
    scope: text('scope').$type<CreditScope>().notNull(),
    orgName: text('org_name').notNull(),
    creditCode: text('credit_code'),
    reason: text('reason').notNull(),
    issuer: text('issuer').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    documentNo: text('document_no'),
    published: boolean('published').notNull().default(true),
    deletedAt: at('deleted_at'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => accounts.id),
    updatedBy: uuid('updated_by')
      .notNull()
      .references(() => accounts.id),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('credit_entries_public_idx')
      .on(t.scope, t.kind, t.issuedOn.desc())
      .where(sql`${t.published} and ${t.deletedAt} is null`),
  ],
);

/** The link lists around every portal page, in order within their group. */
export const portalLinks = pgTable(
  'portal_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    group: text('group').$type<PortalLinkGroup>().notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [index('portal_links_group_idx').on(t.group, t.sortOrder)],
);

/** One row: the footer's texts (and what later portal-wide settings need). */
export const portalSettings = pgTable('portal_settings', {
  id: integer('id').primaryKey().default(1),
  footer: jsonb('footer').$type<PortalFooter>().notNull(),
  updatedBy: uuid('updated_by').references(() => accounts.id),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** forumDetail: topics signed-in users open, with their replies; staff hide and lock. */
export const forumTopics = pgTable(
  'forum_topics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    bodyHtml: text('body_html').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => accounts.id),
    /** The organisation the author wrote for (their current one), shown beside the name. */
    orgId: uuid('org_id').references(() => orgs.id),
    hidden: boolean('hidden').notNull().default(false),
    locked: boolean('locked').notNull().default(false),
    replyCount: integer('reply_count').notNull().default(0),
    lastReplyAt: at('last_reply_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('forum_topics_recent_idx').on(t.hidden, t.createdAt.desc())],
);

export const forumReplies = pgTable(
  'forum_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => forumTopics.id, { onDelete: 'cascade' }),
    bodyHtml: text('body_html').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => accounts.id),
    orgId: uuid('org_id').references(() => orgs.id),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('forum_replies_topic_idx').on(t.topicId, t.createdAt)],
);
