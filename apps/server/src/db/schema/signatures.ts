import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SignedDocumentKind, SigningRole } from '@drp/domain';
import { accounts } from './accounts.js';
import { orgs } from './orgs.js';
import { projects } from './projects.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Signing identities of the platform's own CA (issue 21): the root it creates at first start, an
 * agency's seal and each signer's personal certificate. The private key is kept AES-256-GCM
 * encrypted under a key derived from the deployment's secret, bound to `owner_key`, so a copied
 * row is useless elsewhere and a database dump alone signs nothing. `owner_key` (ROOT,
 * AGENCY:orgId, PERSON:orgId:accountId) makes issuing idempotent across instances.
 */
export const signingIdentities = pgTable('signing_identities', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerKey: text('owner_key').notNull().unique(),
  kind: text('kind').$type<'ROOT' | 'AGENCY' | 'PERSON'>().notNull(),
  orgId: uuid('org_id').references(() => orgs.id),
  accountId: uuid('account_id').references(() => accounts.id),
  commonName: text('common_name').notNull(),
  serial: text('serial').notNull(),
  /** DER, base64. */
  certificate: text('certificate').notNull(),
  /** iv | tag | AES-256-GCM ciphertext of the PKCS#8 key, base64. */
  privateKey: text('private_key').notNull(),
  notBefore: at('not_before').notNull(),
  notAfter: at('not_after').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/**
 * One signature a document must carry (issue 21), in order: `step` 1 the reviewers (any order
 * among themselves), 2 the director, 3 the agency's seal. A reviewer's task names its signer; the
 * director's and the seal's record who signed. `slot` is the box on the signature page it fills.
 * Compiling the document again deletes its tasks and creates new ones.
 */
export const signingTasks = pgTable(
  'signing_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    censorOrgId: uuid('censor_org_id')
      .notNull()
      .references(() => orgs.id),
    documentKind: text('document_kind').$type<SignedDocumentKind>().notNull(),
    documentId: uuid('document_id').notNull(),
    role: text('role').$type<SigningRole>().notNull(),
    step: integer('step').notNull(),
    /** Its box: the n-th person on the signature page, or the seal (-1). */
    slot: integer('slot').notNull(),
    specialty: text('specialty'),
    specialtyName: text('specialty_name'),
    fieldName: text('field_name').notNull(),
    signerAccountId: uuid('signer_account_id').references(() => accounts.id),
    signedAt: at('signed_at'),
    identityId: uuid('identity_id').references(() => signingIdentities.id),
    /** The file's SHA-256 after this signature. */
    signedSha256: text('signed_sha256'),
  },
  (t) => [
    index('signing_tasks_document_idx').on(t.documentId, t.step),
    index('signing_tasks_project_idx').on(t.projectId),
    uniqueIndex('signing_tasks_field_idx').on(t.documentId, t.fieldName),
  ],
);
