import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { FilingInput, FilingStatus, NationalFilingRecord } from '@drp/domain';
import { accounts } from './accounts.js';
import { certificates } from './certificates.js';
import { orgs } from './orgs.js';
import { projects } from './projects.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * 备案 (issue 21): each time the agency files a certificate with the supervising authority, one
 * row; a rejected one stays as it was and the next attempt is a new row. `national` is the national
 * reporting record fixed at filing; `region_code` is the application's, so an authority lists the
 * filings of its region without reading every application.
 */
export const filings = pgTable(
  'filings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    certificateId: uuid('certificate_id')
      .notNull()
      .references(() => certificates.id, { onDelete: 'cascade' }),
    censorOrgId: uuid('censor_org_id')
      .notNull()
      .references(() => orgs.id),
    regionCode: text('region_code').notNull(),
    attempt: integer('attempt').notNull(),
    status: text('status').$type<FilingStatus>().notNull(),
    input: jsonb('input').$type<FilingInput>().notNull(),
    national: jsonb('national').$type<NationalFilingRecord>().notNull(),
    dueOn: date('due_on', { mode: 'string' }),
    filedAt: at('filed_at').notNull(),
    filedBy: uuid('filed_by')
      .notNull()
      .references(() => accounts.id),
    decidedAt: at('decided_at'),
    decidedBy: uuid('decided_by').references(() => accounts.id),
    authorityOrgId: uuid('authority_org_id').references(() => orgs.id),
    reason: text('reason'),
  },
  (t) => [
    // One attempt number per application: two directors filing at once cannot both insert it.
    uniqueIndex('filings_project_attempt_idx').on(t.projectId, t.attempt),
    index('filings_status_region_idx').on(t.status, t.regionCode, t.filedAt),
  ],
);
