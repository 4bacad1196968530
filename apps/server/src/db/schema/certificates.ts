import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CertificateContent, CertificateStatus } from '@drp/domain';
import { accounts } from './accounts.js';
import { orgs } from './orgs.js';
import { projects } from './projects.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * 施工图设计文件审查合格书 (issue 21): one per application and agency while it is being prepared;
 * `content` is what it says, fixed at compiling, and the job queue builds the PDF from it alone.
 * Compiling again before it is issued replaces the content and the PDF (the number stays); issuing
 * makes it final. `file_sha256` follows each signature, so after the seal it is the issued file's.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    censorOrgId: uuid('censor_org_id')
      .notNull()
      .references(() => orgs.id),
    certificateNo: text('certificate_no').notNull(),
    status: text('status').$type<CertificateStatus>().notNull(),
    content: jsonb('content').$type<CertificateContent>().notNull(),
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
    issuedAt: at('issued_at'),
    issuedBy: uuid('issued_by').references(() => accounts.id),
    /** REVOKED: when, by whom and why (the units read the reason; the public check says revoked). */
    revokedAt: at('revoked_at'),
    revokedBy: uuid('revoked_by').references(() => accounts.id),
    revokeReason: text('revoke_reason'),
    /** SUPERSEDED: the certificate of the change application that replaced this one. */
    supersededBy: uuid('superseded_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // One certificate per application and agency: two directors compiling at once cannot both insert one.
    uniqueIndex('certificates_project_org_idx').on(t.projectId, t.censorOrgId),
    uniqueIndex('certificates_no_idx').on(t.certificateNo),
    index('certificates_sha256_idx').on(t.fileSha256),
  ],
);
