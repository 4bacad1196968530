import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MissionEvent, MissionStatus } from '@drp/domain';
import { accounts } from './accounts.js';
import { buildings } from './buildings.js';
import { docVersions } from './doc-repository.js';
import { orgs } from './orgs.js';
import { projects } from './projects.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * 审查任务: one reviewer reviews one specialty of one building in one round (the accepted document
 * version), domain.md step 4. The director assigns them (modules/missions); reviewers read their
 * buildings from here (`queryAssignedTaskBuildings`). `project_id` is the building's, kept here so
 * a reviewer's missions of one project are one index read.
 */
export const missions = pgTable(
  'missions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The round: the document version the agency accepted. */
    versionId: uuid('version_id')
      .notNull()
      .references(() => docVersions.id, { onDelete: 'cascade' }),
    buildingId: uuid('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    /** specialty dictionary code. */
    specialty: text('specialty').notNull(),
    reviewerAccountId: uuid('reviewer_account_id')
      .notNull()
      .references(() => accounts.id),
    /** 校对/审核, where the agency uses one. */
    checkerAccountId: uuid('checker_account_id').references(() => accounts.id),
    /** The review agency the reviewer works for on this mission. */
    censorOrgId: uuid('censor_org_id')
      .notNull()
      .references(() => orgs.id),
    /** The day the review is due; none when the director sets no deadline. */
    deadline: date('deadline', { mode: 'string' }),
    status: text('status').$type<MissionStatus>().notNull().default('ASSIGNED'),
    /**
     * Counts every change of the row: an assignment names the revision it saw, and loses (409)
     * when another director saved the cell since.
     */
    revision: integer('revision').notNull().default(1),
    /** The reason of the last return, while the reviewer works on it. */
    returnReason: text('return_reason'),
    assignedAt: at('assigned_at').notNull().defaultNow(),
    submittedAt: at('submitted_at'),
    doneAt: at('done_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // One mission per cell of a round: two directors creating the same cell cannot both succeed.
    uniqueIndex('missions_version_building_specialty_idx').on(t.versionId, t.buildingId, t.specialty),
    index('missions_reviewer_project_idx').on(t.reviewerAccountId, t.projectId),
    index('missions_checker_project_idx').on(t.checkerAccountId, t.projectId),
    index('missions_org_status_idx').on(t.censorOrgId, t.status),
  ],
);

/**
 * A mission's history: each assignment (who assigned whom, replacing whom, why) and each step of
 * its check (submitted, returned with the reason, accepted). Reassigning keeps the earlier rows.
 */
export const missionAssignments = pgTable(
  'mission_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    missionId: uuid('mission_id')
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    event: text('event').$type<MissionEvent>().notNull(),
    at: at('at').notNull(),
    byAccountId: uuid('by_account_id').references(() => accounts.id),
    reviewerAccountId: uuid('reviewer_account_id').references(() => accounts.id),
    checkerAccountId: uuid('checker_account_id').references(() => accounts.id),
    previousReviewerAccountId: uuid('previous_reviewer_account_id').references(() => accounts.id),
    previousCheckerAccountId: uuid('previous_checker_account_id').references(() => accounts.id),
    reason: text('reason'),
  },
  (t) => [index('mission_assignments_mission_idx').on(t.missionId, t.at)],
);
