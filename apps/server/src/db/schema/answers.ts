import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnswerKind, OpinionDecision, SheetRegion } from '@drp/domain';
import { accounts } from './accounts.js';
import { docFiles, docVersions } from './doc-repository.js';
import { missions } from './missions.js';
import { opinions } from './opinions.js';
import { orgs } from './orgs.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * 意见回复 (issue 20): a design or survey unit's answer to one issued opinion, given into the next
 * document version (the round it answers into); one per opinion and version.
 */
export const opinionAnswers = pgTable(
  'opinion_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    opinionId: uuid('opinion_id')
      .notNull()
      .references(() => opinions.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => docVersions.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id),
    kind: text('kind').$type<AnswerKind>().notNull(),
    text: text('text').notNull(),
    /**
     * The revised sheet, a file of `version_id`. A unit that deletes it from the version before
     * sending leaves the answer naming nothing, which the send then refuses.
     */
    fileId: uuid('file_id').references(() => docFiles.id, { onDelete: 'set null' }),
    /** Whether the answer named a sheet at all: with `file_id` null, the sheet was deleted since. */
    namesSheet: boolean('names_sheet').notNull().default(false),
    page: integer('page'),
    region: jsonb('region').$type<SheetRegion>(),
    answeredBy: uuid('answered_by')
      .notNull()
      .references(() => accounts.id),
    answeredAt: at('answered_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    sentAt: at('sent_at'),
  },
  (t) => [
    uniqueIndex('opinion_answers_opinion_version_idx').on(t.opinionId, t.versionId),
    index('opinion_answers_version_idx').on(t.versionId, t.orgId),
  ],
);

/**
 * A reviewer's decision on a carried opinion in a later round (close, keep, reopen), under their
 * mission of that round; `issued` once the round's report is forwarded, when it becomes the
 * opinion's state.
 */
export const opinionDecisions = pgTable(
  'opinion_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    opinionId: uuid('opinion_id')
      .notNull()
      .references(() => opinions.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => docVersions.id, { onDelete: 'cascade' }),
    missionId: uuid('mission_id')
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    decision: text('decision').$type<OpinionDecision>().notNull(),
    remark: text('remark').notNull().default(''),
    byAccountId: uuid('by_account_id')
      .notNull()
      .references(() => accounts.id),
    at: at('at').notNull(),
    issued: boolean('issued').notNull().default(false),
  },
  (t) => [
    uniqueIndex('opinion_decisions_opinion_version_idx').on(t.opinionId, t.versionId),
    index('opinion_decisions_mission_idx')
      .on(t.missionId)
      .where(sql`not ${t.issued}`),
  ],
);
