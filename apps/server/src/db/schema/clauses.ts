import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { StandardKind, StandardStatus } from '@drp/domain';
import { accounts } from './accounts.js';

const at = (name: string) => timestamp(name, { withTimezone: true });
const day = (name: string) => date(name, { mode: 'string' });

/** A standard of the clause library (issue 19): a general code such as GB 55001-2021. */
export const standards = pgTable(
  'standards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    /** The code without spaces, upper case: what a search for 'gb55015' compares with. */
    codeKey: text('code_key').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    kind: text('kind').$type<StandardKind>().notNull(),
    issuedOn: day('issued_on'),
    effectiveOn: day('effective_on'),
    status: text('status').$type<StandardStatus>().notNull().default('ACTIVE'),
    withdrawnOn: day('withdrawn_on'),
    replacedBy: uuid('replaced_by').references((): AnyPgColumn => standards.id),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('standards_code_key_idx').on(t.codeKey)],
);

/**
 * A clause's identity inside its standard: what violations are counted by across versions. Its
 * wording lives in `clause_versions`.
 */
export const clauses = pgTable(
  'clauses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    standardId: uuid('standard_id')
      .notNull()
      .references(() => standards.id),
    number: text('number').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('clauses_standard_number_idx').on(t.standardId, t.number)],
);

/**
 * Every wording a clause has had. Rows are never changed or deleted: an opinion stores a version's
 * id and must read the text it was written against. `current` marks the one new opinions cite.
 */
export const clauseVersions = pgTable(
  'clause_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clauseId: uuid('clause_id')
      .notNull()
      .references(() => clauses.id),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    titleEn: text('title_en').notNull(),
    text: text('text'),
    specialty: text('specialty').notNull(),
    mandatory: boolean('mandatory').notNull(),
    current: boolean('current').notNull().default(true),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Null for the rows seeded from the mandatoryTerm dictionary. */
    createdBy: uuid('created_by').references(() => accounts.id),
  },
  (t) => [
    uniqueIndex('clause_versions_clause_version_idx').on(t.clauseId, t.version),
    uniqueIndex('clause_versions_current_idx')
      .on(t.clauseId)
      .where(sql`${t.current}`),
    index('clause_versions_specialty_idx')
      .on(t.specialty)
      .where(sql`${t.current}`),
  ],
);
