import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type {
  EnergyOpinionKey,
  OpinionEvent,
  OpinionKind,
  OpinionPhraseScope,
  OpinionState,
  OpinionStatus,
} from '@drp/domain';
import { accounts } from './accounts.js';
import { buildings } from './buildings.js';
import { clauseVersions } from './clauses.js';
import { docFiles, docVersions } from './doc-repository.js';
import { markups } from './markups.js';
import { missions } from './missions.js';
import { orgs } from './orgs.js';
import { projects } from './projects.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * 审查意见 (issue 19): what a reviewer finds in one building × specialty of the round, under their
 * mission. Project, version, agency, building, specialty and kind are the mission's, copied here
 * so a list screen filters and sorts on this table's own index without reading the missions.
 */
export const opinions = pgTable(
  'opinions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => docVersions.id, { onDelete: 'cascade' }),
    missionId: uuid('mission_id')
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    censorOrgId: uuid('censor_org_id')
      .notNull()
      .references(() => orgs.id),
    buildingId: uuid('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    /**
     * The building's name when the opinion was recorded: a mission's building is confirmed, and a
     * confirmed building's basic data no longer change, so the list sorts on this index alone.
     */
    buildingName: text('building_name').notNull().default(''),
    specialty: text('specialty').notNull(),
    kind: text('kind').$type<OpinionKind>().notNull(),
    /** Within the mission: max + 1 while the mission's row is held; the unique index backs it. */
    number: integer('number').notNull(),
    /** opinionType dictionary code. */
    opinionType: text('opinion_type').notNull(),
    energyKey: text('energy_key').$type<EnergyOpinionKey>(),
    /** The clause version cited: its wording as of the opinion. */
    clauseVersionId: uuid('clause_version_id').references(() => clauseVersions.id),
    /** The cited clause is mandatory (强条): lists sort these first. */
    mandatory: boolean('mandatory').notNull().default(false),
    text: text('text').notNull(),
    fileId: uuid('file_id').references(() => docFiles.id, { onDelete: 'set null' }),
    /** 0-based, with the file. */
    page: integer('page'),
    markupId: uuid('markup_id').references(() => markups.id, { onDelete: 'set null' }),
    status: text('status').$type<OpinionStatus>().notNull(),
    returnReason: text('return_reason'),
    /** Who wrote it: the mission's reviewer at the time. */
    reviewerAccountId: uuid('reviewer_account_id')
      .notNull()
      .references(() => accounts.id),
    /**
     * Issue 20: null until the round's report is forwarded; then OPEN until a reviewer of a later
     * round closes it (opinion_decisions), and OPEN again if one reopens it.
     */
    state: text('state').$type<OpinionState>(),
    /** The design or survey unit that answers it, fixed when the report is forwarded. */
    answerOrgId: uuid('answer_org_id').references(() => orgs.id),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The answer lists and the next round: an application's issued opinions.
    index('opinions_issued_idx')
      .on(t.projectId, t.state)
      .where(sql`${t.state} is not null`),
    uniqueIndex('opinions_mission_number_idx').on(t.missionId, t.number),
    // The list: one round of one agency, one kind, in its order (强条 first, then building name,
    // specialty, number), so a page is read from the index without sorting the round.
    index('opinions_list_idx').on(
      t.versionId,
      t.censorOrgId,
      t.kind,
      sql`${t.mandatory} desc`,
      t.buildingName,
      t.buildingId,
      t.specialty,
      t.number,
    ),
  ],
);

/** An opinion's history: recorded, edited (the text before), edited by the checker, returned (why). */
export const opinionEvents = pgTable(
  'opinion_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    opinionId: uuid('opinion_id')
      .notNull()
      .references(() => opinions.id, { onDelete: 'cascade' }),
    event: text('event').$type<OpinionEvent>().notNull(),
    at: at('at').notNull(),
    byAccountId: uuid('by_account_id').references(() => accounts.id),
    previousText: text('previous_text'),
    reason: text('reason'),
  },
  (t) => [index('opinion_events_opinion_idx').on(t.opinionId, t.at)],
);

/**
 * 常用意见: a member's own phrases (`owner_account_id`) and the agency's (none), each optionally for
 * one specialty and citing a clause.
 */
export const opinionPhrases = pgTable(
  'opinion_phrases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    scope: text('scope').$type<OpinionPhraseScope>().notNull(),
    ownerAccountId: uuid('owner_account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    specialty: text('specialty'),
    text: text('text').notNull(),
    clauseVersionId: uuid('clause_version_id').references(() => clauseVersions.id),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('opinion_phrases_org_owner_idx').on(t.orgId, t.ownerAccountId)],
);
