import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AlterCategory } from '@drp/domain';
import { buildings } from './buildings.js';
import { projects } from './projects.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** The change's own part of a change application (a `projects` row with `isAlter`): what and why. */
export const projectAlters = pgTable('project_alters', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  categories: text('categories').array().$type<AlterCategory[]>().notNull(),
  content: text('content').notNull(),
  reason: text('reason').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * The passed buildings a change application changes, each with its draft copy in the change.
 * The copy goes (set null) if the construction unit deletes it there; the passed building stays.
 */
export const projectAlterBuildings = pgTable(
  'project_alter_buildings',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    sourceBuildingId: uuid('source_building_id')
      .notNull()
      .references(() => buildings.id),
    buildingId: uuid('building_id').references(() => buildings.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.sourceBuildingId] }),
    index('project_alter_buildings_source_idx').on(t.sourceBuildingId),
    index('project_alter_buildings_building_idx').on(t.buildingId),
  ],
);
