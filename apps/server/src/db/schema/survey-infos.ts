import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  EngineeringImportanceGrade,
  GroundComplexityGrade,
  SiteComplexityGrade,
  SurveyGrade,
  SurveyInfoStatus,
  SurveyStage,
} from '@drp/domain';
import { orgs } from './orgs.js';
import { projects } from './projects.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * 勘察信息: one survey unit's summary of its investigation report for one application. A draft
 * until the unit submits it, read-only after.
 */
export const surveyInfos = pgTable(
  'survey_infos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id),
    status: text('status').$type<SurveyInfoStatus>().notNull().default('DRAFT'),
    stage: text('stage').$type<SurveyStage>().notNull(),
    importanceGrade: text('importance_grade').$type<EngineeringImportanceGrade>().notNull(),
    siteComplexity: text('site_complexity').$type<SiteComplexityGrade>().notNull(),
    groundComplexity: text('ground_complexity').$type<GroundComplexityGrade>().notNull(),
    surveyGrade: text('survey_grade').$type<SurveyGrade>().notNull(),
    reportNo: text('report_no').notNull(),
    reportDate: date('report_date', { mode: 'string' }).notNull(),
    projectLeader: text('project_leader').notNull(),
    engineerName: text('engineer_name').notNull(),
    engineerCertNo: text('engineer_cert_no').notNull(),
    explorationPoints: integer('exploration_points').notNull(),
    /** Metres. */
    totalDrilling: numeric('total_drilling', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    /** Metres below ground; null where none was met. */
    groundwaterDepth: numeric('groundwater_depth', { precision: 6, scale: 2, mode: 'number' }),
    adverseGeology: text('adverse_geology'),
    conclusion: text('conclusion').notNull(),
    submittedAt: at('submitted_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // One per survey unit and application: save creates it, later saves change it.
    uniqueIndex('survey_infos_project_org_idx').on(t.projectId, t.orgId),
    index('survey_infos_org_idx').on(t.orgId),
  ],
);
