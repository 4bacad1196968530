import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ProjectRole, ProjectStatus } from '@drp/domain';
import { orgs } from './orgs.js';

/** 工程项目: the project master a construction unit registers once; applications hang under it. */
export const projectDics = pgTable(
  'project_dics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id),
    name: text('name').notNull(),
    regionCode: text('region_code').notNull(),
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('project_dics_org_idx').on(t.orgId, t.createdAt)],
);

const area = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/** One review application (报审), or a change application (变更) when `isAlter`. */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectDicId: uuid('project_dic_id').references(() => projectDics.id),
    /** 项目编号, generated: region, year, running number. */
    code: text('code').unique(),
    name: text('name').notNull(),
    status: text('status').$type<ProjectStatus>().notNull().default('DRAFT'),
    isAlter: boolean('is_alter').notNull().default(false),
    constructOrgId: uuid('construct_org_id')
      .notNull()
      .references(() => orgs.id),
    regionCode: text('region_code'),
    address: text('address'),
    landUsePermitNo: text('land_use_permit_no'),
    planningPermitNo: text('planning_permit_no'),
    totalArea: area('total_area'),
    aboveGroundArea: area('above_ground_area'),
    belowGroundArea: area('below_ground_area'),
    /** 万元. */
    investment: area('investment'),
    projectType: text('project_type'),
    constructType: text('construct_type'),
    stage: text('stage'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    submitCount: integer('submit_count').notNull().default(0),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('projects_construct_idx').on(t.constructOrgId, t.createdAt),
    index('projects_region_idx').on(t.regionCode, t.createdAt),
    index('projects_created_idx').on(t.createdAt),
    index('projects_dic_idx').on(t.projectDicId),
  ],
);

/** The organisations taking part in a project and their part; the construction unit too. */
export const projectOrgs = pgTable(
  'project_orgs',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id),
    role: text('role').$type<ProjectRole>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.orgId, t.role] }),
    index('project_orgs_org_idx').on(t.orgId, t.projectId),
  ],
);

/** The running number behind project codes, one counter per prefix (region and year). */
export const projectCodeCounters = pgTable('project_code_counters', {
  prefix: text('prefix').primaryKey(),
  last: integer('last').notNull(),
});
