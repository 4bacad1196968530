import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BuildingStatus, FoundationType, LiquefactionGrade, SiteCategory } from '@drp/domain';
import { accounts } from './accounts.js';
import { orgs } from './orgs.js';
import { projects } from './projects.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** 单体: one building of a review application, with its basic data. Codes are dictionary codes. */
export const buildings = pgTable(
  'buildings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: lists show buildings in the order they were entered. */
    seq: integer('seq').generatedAlwaysAsIdentity(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    use: text('use').notNull(),
    structureType: text('structure_type').notNull(),
    floorsAbove: integer('floors_above').notNull(),
    floorsBelow: integer('floors_below').notNull(),
    /** Metres. */
    height: numeric('height', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    /** Square metres. */
    floorArea: numeric('floor_area', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    seismicIntensity: text('seismic_intensity').notNull(),
    fireResistanceRating: text('fire_resistance_rating').notNull(),
    climaticRegion: text('climatic_region').notNull(),
    status: text('status').$type<BuildingStatus>().notNull().default('DRAFT'),
    createdByOrgId: uuid('created_by_org_id').references(() => orgs.id),
    submittedAt: at('submitted_at'),
    confirmedAt: at('confirmed_at'),
    rejectedAt: at('rejected_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Two buildings of one application never share a name: reviewers tell them apart by it.
    uniqueIndex('buildings_project_name_idx').on(t.projectId, t.name),
    index('buildings_project_status_idx').on(t.projectId, t.status),
  ],
);

/** The design and survey units (parties to the project) that work on one building. */
export const buildingUnits = pgTable(
  'building_units',
  {
    buildingId: uuid('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id),
    role: text('role').$type<'DESIGN' | 'SURVEY'>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.orgId, t.role] }),
    index('building_units_org_idx').on(t.orgId),
  ],
);

/** A survey unit's findings for one building's site. */
export const buildingSurveyInfos = pgTable(
  'building_survey_infos',
  {
    buildingId: uuid('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id),
    siteCategory: text('site_category').$type<SiteCategory>().notNull(),
    foundationType: text('foundation_type').$type<FoundationType>().notNull(),
    bearingStratum: text('bearing_stratum').notNull(),
    /** Metres below ground; null where none was met. */
    groundwaterDepth: numeric('groundwater_depth', { precision: 6, scale: 2, mode: 'number' }),
    liquefaction: text('liquefaction').$type<LiquefactionGrade>().notNull(),
    remark: text('remark'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.buildingId, t.orgId] })],
);

/** 危大工程: a hazardous sub-project of one building. */
export const buildingHazardSources = pgTable(
  'building_hazard_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order, also among the entries of one save. */
    seq: integer('seq').generatedAlwaysAsIdentity(),
    buildingId: uuid('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    /** hazardSourcesName dictionary code. */
    code: text('code').notNull(),
    description: text('description').notNull(),
    beyondScale: boolean('beyond_scale').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('building_hazard_sources_building_idx').on(t.buildingId)],
);

/** Who answers for one specialty of one building at one design unit. */
export const buildingDesignInfos = pgTable(
  'building_design_infos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order, also among the rows of one save. */
    seq: integer('seq').generatedAlwaysAsIdentity(),
    buildingId: uuid('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id),
    /** specialty dictionary code. */
    specialty: text('specialty').notNull(),
    chiefDesigner: text('chief_designer').notNull(),
    engineerCertNo: text('engineer_cert_no').notNull(),
    remark: text('remark'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('building_design_infos_unit_specialty_idx').on(t.buildingId, t.orgId, t.specialty)],
);

/** The review agency's reasons for rejecting a building (`buildingFeedback`). */
export const buildingFeedbacks = pgTable(
  'building_feedbacks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buildingId: uuid('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id),
    accountId: uuid('account_id').references(() => accounts.id),
    reason: text('reason').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('building_feedbacks_building_idx').on(t.buildingId, t.createdAt)],
);
