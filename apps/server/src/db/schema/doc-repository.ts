import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { DocCategory, DocFolderKind, DocVersionStatus } from '@drp/domain';
import { accounts } from './accounts.js';
import { buildings } from './buildings.js';
import { orgs } from './orgs.js';
import { projects } from './projects.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * 资料版本: one submission round of an application's materials. Round 1 is made when the
 * application is submitted; later rounds when revised drawings answer the opinions. Exactly one
 * version per application is `latest`.
 */
export const docVersions = pgTable(
  'doc_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    businessStatus: text('business_status').$type<DocVersionStatus>().notNull().default('UPLOADING'),
    latest: boolean('latest').notNull().default(true),
    createdAt: at('created_at').notNull().defaultNow(),
    /** When the construction unit sent it to review (confirmApplyDoc). */
    sentAt: at('sent_at'),
    /** When the agency accepted it. */
    acceptedAt: at('accepted_at'),
  },
  (t) => [
    unique('doc_versions_project_number_key').on(t.projectId, t.number),
    uniqueIndex('doc_versions_latest_idx')
      .on(t.projectId)
      .where(sql`${t.latest}`),
  ],
);

/**
 * A folder of one version's tree. BUILDING and SPECIALTY folders follow the application's
 * buildings and design info (see doc-repository.service); CUSTOM folders are the users'.
 */
export const docFolders = pgTable(
  'doc_folders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => docVersions.id, { onDelete: 'cascade' }),
    category: text('category').$type<DocCategory>().notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => docFolders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<DocFolderKind>().notNull(),
    // A building deleted under uploaded files leaves its folder (and the files) to the tree's sync.
    buildingId: uuid('building_id').references(() => buildings.id, { onDelete: 'set null' }),
    specialty: text('specialty'),
    /** The unit whose materials go here; null where any unit of the category may add them. */
    orgId: uuid('org_id').references(() => orgs.id),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull(),
    createdBy: uuid('created_by').references(() => accounts.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('doc_folders_tree_idx').on(t.versionId, t.category, t.parentId, t.sortOrder),
    // Siblings never share a name: a path names one folder (also in the zip of a version).
    unique('doc_folders_sibling_name_key').on(t.versionId, t.category, t.parentId, t.name).nullsNotDistinct(),
  ],
);

/** A stored file of a version. The bytes live in the file store under `storageKey`. */
export const docFiles = pgTable(
  'doc_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    folderId: uuid('folder_id')
      .notNull()
      .references(() => docFolders.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => docVersions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    contentType: text('content_type').notNull(),
    /**
     * Shared by the copies a later version carries forward (issue 20): the bytes are removed only
     * when no file names them any more.
     */
    storageKey: text('storage_key').notNull(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id),
    uploadedBy: uuid('uploaded_by').references(() => accounts.id),
    sortOrder: integer('sort_order').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('doc_files_folder_idx').on(t.folderId, t.sortOrder),
    index('doc_files_version_idx').on(t.versionId),
    index('doc_files_storage_key_idx').on(t.storageKey),
  ],
);

/**
 * One file's way in (操作码): the operation code (stored hashed) binds the upload to a version,
 * a folder and a member. The bytes are staged under `storageKey` while UPLOADED; `saveFile` turns
 * them into a `doc_files` row (SAVED), so no file is ever half-visible in a folder.
 */
export const docUploads = pgTable(
  'doc_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeHash: text('code_hash').notNull().unique(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => docVersions.id, { onDelete: 'cascade' }),
    // A folder deleted mid-upload leaves the upload to be refused at saveFile, not vanish.
    folderId: uuid('folder_id').references(() => docFolders.id, { onDelete: 'set null' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    status: text('status')
      .$type<'PENDING' | 'RECEIVING' | 'UPLOADED' | 'SAVED'>()
      .notNull()
      .default('PENDING'),
    expiresAt: at('expires_at').notNull(),
    fileName: text('file_name'),
    size: bigint('size', { mode: 'number' }),
    sha256: text('sha256'),
    contentType: text('content_type'),
    storageKey: text('storage_key'),
    createdAt: at('created_at').notNull().defaultNow(),
    uploadedAt: at('uploaded_at'),
    // A resumable (tus) upload: the hash of the token in its URL, the length it declared, the bytes
    // kept so far and the SHA-256 state after them, so a restart resumes hashing where it stopped.
    tusTokenHash: text('tus_token_hash').unique(),
    uploadLength: bigint('upload_length', { mode: 'number' }),
    uploadOffset: bigint('upload_offset', { mode: 'number' }),
    hashState: text('hash_state'),
    // The file a SAVED upload became: a saveFile retried after its answer was lost answers with it.
    fileId: uuid('file_id').references(() => docFiles.id, { onDelete: 'set null' }),
  },
  (t) => [index('doc_uploads_expires_idx').on(t.status, t.expiresAt)],
);

/** A design or survey unit's hand-over of its materials in one version (commitDoc). */
export const docVersionCommits = pgTable(
  'doc_version_commits',
  {
    versionId: uuid('version_id')
      .notNull()
      .references(() => docVersions.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id),
    category: text('category').$type<DocCategory>().notNull(),
    committedBy: uuid('committed_by').references(() => accounts.id),
    committedAt: at('committed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.orgId, t.category] })],
);

/**
 * The agency's reasons for returning a version's materials (supplyDoc), per folder (and so per
 * building or specialty) or for a whole category; kept with the version they were given on.
 */
export const docFeedbacks = pgTable(
  'doc_feedbacks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: the reasons read in the order the agency gave them. */
    seq: integer('seq').generatedAlwaysAsIdentity(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => docVersions.id, { onDelete: 'cascade' }),
    category: text('category').$type<DocCategory>().notNull(),
    folderId: uuid('folder_id').references(() => docFolders.id, { onDelete: 'set null' }),
    /** Where the reason pointed, as shown then: `1#住宅楼 / 结构`. */
    folderPath: text('folder_path'),
    kind: text('kind').$type<'RETURN' | 'REMIND'>().notNull(),
    reason: text('reason').notNull(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id),
    createdBy: uuid('created_by').references(() => accounts.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('doc_feedbacks_version_idx').on(t.versionId, t.createdAt)],
);
