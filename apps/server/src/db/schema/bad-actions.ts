import { index, jsonb, pgTable, text, timestamp, uuid, integer } from 'drizzle-orm/pg-core';
import type { BadActionKey, BadActionRegion, BadActionStatus } from '@drp/domain';
import { accounts, members } from './accounts.js';
import { docFiles } from './doc-repository.js';
import { orgs } from './orgs.js';
import { creditEntries } from './portal.js';
import { projects } from './projects.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A bad action (不良行为, issue 19) found in the review of one application: against a unit of it
 * (`orgId`), or one named person of that unit (`memberId`). Recorded by the agency, decided by the
 * supervising authority of the region; a confirmed one names the credit entry that publishes it.
 */
export const badActions = pgTable(
  'bad_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    key: text('key').$type<BadActionKey>().notNull(),
    status: text('status').$type<BadActionStatus>().notNull().default('RECORDED'),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'set null' }),
    /** The person's name as it was when recorded: the finding outlives a membership. */
    personName: text('person_name'),
    description: text('description').notNull(),
    /** A sheet region (file, page, rectangle in page space); the file's row may go with its version. */
    region: jsonb('region').$type<BadActionRegion>(),
    regionFileId: uuid('region_file_id').references(() => docFiles.id, { onDelete: 'set null' }),
    evidenceKey: text('evidence_key'),
    evidenceName: text('evidence_name'),
    evidenceType: text('evidence_type'),
    evidenceSize: integer('evidence_size'),
    recordedByOrgId: uuid('recorded_by_org_id')
      .notNull()
      .references(() => orgs.id),
    recordedBy: uuid('recorded_by')
      .notNull()
      .references(() => accounts.id),
    recordedAt: at('recorded_at').notNull(),
    decidedByOrgId: uuid('decided_by_org_id').references(() => orgs.id),
    decidedBy: uuid('decided_by').references(() => accounts.id),
    decidedAt: at('decided_at'),
    rejectReason: text('reject_reason'),
    withdrawnAt: at('withdrawn_at'),
    creditEntryId: uuid('credit_entry_id').references(() => creditEntries.id, { onDelete: 'set null' }),
  },
  (t) => [index('bad_actions_project_idx').on(t.projectId, t.recordedAt)],
);
