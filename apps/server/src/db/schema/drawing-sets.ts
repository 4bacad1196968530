import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DocCategory, DrawingSetStatus } from '@drp/domain';
import { accounts } from './accounts.js';
import { docFiles, docVersions } from './doc-repository.js';
import { orgs } from './orgs.js';
import { projects } from './projects.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The sealed drawing set (一套图签章, issue 21): one per application and agency, over the reviewed
 * version. Its signing tasks are the signatures module's (document kind DRAWING_SET); each task,
 * once signed, is applied to every sheet it concerns by the job queue.
 */
export const drawingSets = pgTable(
  'drawing_sets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    censorOrgId: uuid('censor_org_id')
      .notNull()
      .references(() => orgs.id),
    versionId: uuid('version_id')
      .notNull()
      .references(() => docVersions.id),
    status: text('status').$type<DrawingSetStatus>().notNull(),
    /** Files of the version that cannot carry a signature (not PDF, damaged, locked): kept as uploaded. */
    skipped: integer('skipped').notNull().default(0),
    compiledAt: at('compiled_at').notNull(),
    compiledBy: uuid('compiled_by')
      .notNull()
      .references(() => accounts.id),
    sealedAt: at('sealed_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('drawing_sets_project_org_idx').on(t.projectId, t.censorOrgId)],
);

/**
 * One PDF of the set. `file_key` starts as the upload's own key (never removed: the repository
 * keeps the original) and moves to a sealed copy with the first signature; `applied` lists the
 * signing tasks already on the file, in the order they were applied.
 */
export const drawingSetSheets = pgTable(
  'drawing_set_sheets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    setId: uuid('set_id')
      .notNull()
      .references(() => drawingSets.id, { onDelete: 'cascade' }),
    docFileId: uuid('doc_file_id').references(() => docFiles.id, { onDelete: 'set null' }),
    sortOrder: integer('sort_order').notNull(),
    category: text('category').$type<DocCategory>().notNull(),
    name: text('name').notNull(),
    path: text('path').notNull(),
    specialtyName: text('specialty_name'),
    sourceKey: text('source_key').notNull(),
    fileKey: text('file_key').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    fileSha256: text('file_sha256').notNull(),
    applied: uuid('applied').array().notNull().default([]),
    failure: text('failure'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('drawing_set_sheets_set_idx').on(t.setId, t.sortOrder),
    index('drawing_set_sheets_sha256_idx').on(t.fileSha256),
  ],
);
