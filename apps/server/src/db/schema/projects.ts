import { sql } from 'drizzle-orm';
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
    /** Characters and character pairs of the name, for search (migration 0010). */
    searchGrams: text('search_grams')
      .array()
      .generatedAlwaysAs(sql`drp_search_grams(name)`),
  },
  (t) => [
    index('project_dics_org_idx').on(t.orgId, t.createdAt),
    index('project_dics_search_idx').using('gin', t.searchGrams),
  ],
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
    /** The city and the province of the region: what a city's or the province's authority sees. */
    regionCity: text('region_city').generatedAlwaysAs(sql`left(region_code, 4)`),
    regionProvince: text('region_province').generatedAlwaysAs(sql`left(region_code, 2)`),
    /** Characters and character pairs of name and code, for search (migration 0010). */
    searchGrams: text('search_grams')
      .array()
      .generatedAlwaysAs(sql`drp_search_grams(name || ' ' || coalesce(code, ''))`),
  },
  // Every list is newest first (created_at, id) within its scope, so each scope has an index in
  // that order: a page is read from the index, never sorted. Status is the last column so that
  // "submitted only" and status filters are checked in the index (index-only scans).
  (t) => [
    index('projects_construct_idx').on(t.constructOrgId, t.createdAt, t.id, t.status),
    index('projects_region_idx').on(t.regionCode, t.createdAt, t.id, t.status),
    index('projects_city_idx').on(t.regionCity, t.createdAt, t.id, t.status),
    index('projects_province_idx').on(t.regionProvince, t.createdAt, t.id, t.status),
    index('projects_created_idx').on(t.createdAt, t.id, t.status),
    index('projects_search_idx').using('gin', t.searchGrams),
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
    /**
     * Copies of the project's status and creation time, kept by triggers (migration 0012) and
     * never written by the application: a unit's list is read in order from this table's index.
     */
    projectStatus: text('project_status').$type<ProjectStatus>().notNull().default('DRAFT'),
    projectCreatedAt: timestamp('project_created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.orgId, t.role] }),
    index('project_orgs_list_idx').on(t.orgId, t.role, t.projectCreatedAt, t.projectId, t.projectStatus),
  ],
);

/**
 * How many applications each list scope holds per status, kept by triggers (migration 0012) so
 * that a list's total is a lookup rather than a count over tens of thousands of rows. Scopes:
 * `construct` (key: the construction unit's id), `party` (key: `orgId:role`) and `region` (key:
 * the application's region code; a city or the province sums its range of keys).
 */
export const projectListCounts = pgTable(
  'project_list_counts',
  {
    scope: text('scope').$type<'construct' | 'party' | 'region'>().notNull(),
    key: text('key').notNull(),
    status: text('status').$type<ProjectStatus>().notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key, t.status] })],
);

/** The running number behind project codes, one counter per prefix (region and year). */
export const projectCodeCounters = pgTable('project_code_counters', {
  prefix: text('prefix').primaryKey(),
  last: integer('last').notNull(),
});
