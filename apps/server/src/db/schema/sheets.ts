import { boolean, jsonb, pgTable, text, timestamp, uuid, index } from 'drizzle-orm/pg-core';
import type { SheetFailure, SheetLayer, SheetPage, SheetState } from '@drp/domain';
import { docFiles } from './doc-repository.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * What was prepared of a PDF of the document repository for the viewer (modules/sheets). A
 * trigger on `doc_files` (migration of this table) adds a PENDING row and queues its job for every
 * file that is a PDF by type or name, whichever path saved it. The images and text live in the
 * file store under keys of the file's `sha256`, so identical files share them.
 */
export const docSheets = pgTable(
  'doc_sheets',
  {
    fileId: uuid('file_id')
      .primaryKey()
      .references(() => docFiles.id, { onDelete: 'cascade' }),
    state: text('state').$type<SheetState>().notNull().default('PENDING'),
    failure: text('failure').$type<SheetFailure>(),
    pages: jsonb('pages').$type<SheetPage[]>().notNull().default([]),
    layers: jsonb('layers').$type<SheetLayer[]>().notNull().default([]),
    scripts: boolean('scripts').notNull().default(false),
    sha256: text('sha256').notNull(),
    preparedAt: at('prepared_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('doc_sheets_sha256_idx').on(t.sha256)],
);
