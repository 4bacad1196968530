import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ProjectDocContentType, ProjectDocType } from '@drp/domain';
import { accounts } from './accounts.js';
import { orgs } from './orgs.js';
import { projects } from './projects.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * An attachment of a review application (`projectDoc`): a permit or contract. The bytes live in
 * the file store under `storageKey`; deleting the application deletes these rows.
 */
export const projectDocs = pgTable(
  'project_docs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    modelType: text('model_type').$type<ProjectDocType>().notNull(),
    storageKey: text('storage_key').notNull().unique(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').$type<ProjectDocContentType>().notNull(),
    size: integer('size').notNull(),
    remark: text('remark'),
    uploadedByOrgId: uuid('uploaded_by_org_id')
      .notNull()
      .references(() => orgs.id),
    uploadedBy: uuid('uploaded_by').references(() => accounts.id),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('project_docs_project_idx').on(t.projectId, t.modelType, t.createdAt)],
);
