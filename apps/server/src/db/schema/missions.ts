import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MissionStatus } from '@drp/domain';
import { accounts } from './accounts.js';
import { buildings } from './buildings.js';
import { orgs } from './orgs.js';
import { projects } from './projects.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * 审查任务: one reviewer reviews one specialty of one building (domain.md step 4). The director
 * assigns them in the review capability to come; this table is their home, and reviewers already
 * read their buildings from it (`queryAssignedTaskBuildings`). `project_id` is the building's,
 * kept here so a reviewer's missions of one project are one index read.
 */
export const missions = pgTable(
  'missions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    buildingId: uuid('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    /** specialty dictionary code. */
    specialty: text('specialty').notNull(),
    reviewerAccountId: uuid('reviewer_account_id')
      .notNull()
      .references(() => accounts.id),
    /** The review agency the reviewer works for on this mission. */
    censorOrgId: uuid('censor_org_id')
      .notNull()
      .references(() => orgs.id),
    /** The day the review is due; none when the director sets no deadline. */
    deadline: date('deadline', { mode: 'string' }),
    status: text('status').$type<MissionStatus>().notNull().default('ASSIGNED'),
    assignedAt: at('assigned_at').notNull().defaultNow(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // A reviewer has one specialty of one building once; another reviewer may share it.
    uniqueIndex('missions_building_specialty_reviewer_idx').on(
      t.buildingId,
      t.specialty,
      t.reviewerAccountId,
    ),
    index('missions_reviewer_project_idx').on(t.reviewerAccountId, t.projectId),
  ],
);
