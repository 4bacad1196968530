import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ReportConclusion, ReportContent, ReportStatus } from '@drp/domain';
import { accounts } from './accounts.js';
import { docVersions } from './doc-repository.js';
import { orgs } from './orgs.js';
import { projects } from './projects.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * 审查意见告知书 (issue 20): one per round (accepted document version) and agency. `content` is
 * what the report says, fixed at compiling; the job queue builds the PDF from it alone, stores it
 * under `file_key` and marks the row READY. Compiling again before forwarding replaces the row's
 * content and PDF; forwarding makes it final.
 */
export const opinionReports = pgTable(
  'opinion_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => docVersions.id, { onDelete: 'cascade' }),
    censorOrgId: uuid('censor_org_id')
      .notNull()
      .references(() => orgs.id),
    round: integer('round').notNull(),
    reportNo: text('report_no').notNull(),
    status: text('status').$type<ReportStatus>().notNull(),
    conclusion: text('conclusion').$type<ReportConclusion>().notNull(),
    opinionCount: integer('opinion_count').notNull(),
    mandatoryCount: integer('mandatory_count').notNull(),
    content: jsonb('content').$type<ReportContent>().notNull(),
    /** Counts the compilations: the build job of an older one must not overwrite a newer one. */
    build: integer('build').notNull().default(1),
    fileKey: text('file_key'),
    fileSize: integer('file_size'),
    filePages: integer('file_pages'),
    fileSha256: text('file_sha256'),
    failure: text('failure'),
    compiledAt: at('compiled_at').notNull(),
    compiledBy: uuid('compiled_by')
      .notNull()
      .references(() => accounts.id),
    forwardedAt: at('forwarded_at'),
    forwardedBy: uuid('forwarded_by').references(() => accounts.id),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // One report per round and agency: two directors compiling at once cannot both insert one.
    uniqueIndex('opinion_reports_version_org_idx').on(t.versionId, t.censorOrgId),
    uniqueIndex('opinion_reports_no_idx').on(t.reportNo),
    index('opinion_reports_project_idx').on(t.projectId, t.round),
  ],
);
