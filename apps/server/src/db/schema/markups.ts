import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { MarkupCalibration, MarkupKind, MarkupLayer, MarkupStamp } from '@drp/domain';
import { accounts } from './accounts.js';
import { docFiles, docVersions } from './doc-repository.js';
import { orgs } from './orgs.js';
import { projects } from './projects.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A reviewer's markup on one page of a file (issue 18), in page space: PDF points of the unrotated
 * page from the bottom-left corner of its CropBox. The version and project are the file's, kept
 * here so that a markup's access is decided without walking the folder tree.
 */
export const markups = pgTable(
  'markups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: an import stores many in one instant, and they read in the file's order. */
    seq: integer('seq').generatedAlwaysAsIdentity(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => docFiles.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => docVersions.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** 0-based. */
    page: integer('page').notNull(),
    kind: text('kind').$type<MarkupKind>().notNull(),
    points: jsonb('points').$type<[number, number][]>().notNull(),
    text: text('text').notNull().default(''),
    stamp: text('stamp').$type<MarkupStamp>(),
    color: text('color').notNull(),
    strokeWidth: doublePrecision('stroke_width').notNull(),
    calibration: jsonb('calibration').$type<MarkupCalibration>(),
    layer: text('layer').$type<MarkupLayer>().notNull().default('OWN'),
    authorAccountId: uuid('author_account_id')
      .notNull()
      .references(() => accounts.id),
    authorOrgId: uuid('author_org_id')
      .notNull()
      .references(() => orgs.id),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    publishedAt: at('published_at'),
  },
  (t) => [index('markups_file_idx').on(t.fileId, t.seq)],
);

/** A reply under a markup: the agency's people discuss a markup among themselves. */
export const markupReplies = pgTable(
  'markup_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: integer('seq').generatedAlwaysAsIdentity(),
    markupId: uuid('markup_id')
      .notNull()
      .references(() => markups.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    authorAccountId: uuid('author_account_id')
      .notNull()
      .references(() => accounts.id),
    authorOrgId: uuid('author_org_id')
      .notNull()
      .references(() => orgs.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('markup_replies_markup_idx').on(t.markupId, t.seq)],
);
