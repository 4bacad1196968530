import { and, asc, eq, inArray, notExists } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.js';
import { buildings } from '../../db/schema/buildings.js';
import { projectAlterBuildings, projectAlters } from '../../db/schema/project-alters.js';
import { projects } from '../../db/schema/projects.js';

export type ProjectAlterRow = typeof projectAlters.$inferSelect;

const PASSED = ['PASSED', 'FILED'] as const;

export async function findAlter(db: Db, projectId: string) {
  const [row] = await db.select().from(projectAlters).where(eq(projectAlters.projectId, projectId));
  return row ?? null;
}

export async function insertAlter(db: Db, row: typeof projectAlters.$inferInsert) {
  await db.insert(projectAlters).values(row);
}

export async function updateAlter(
  db: Db,
  projectId: string,
  patch: Partial<typeof projectAlters.$inferInsert>,
) {
  await db.update(projectAlters).set(patch).where(eq(projectAlters.projectId, projectId));
}

/**
 * The buildings of a master's passed applications that a change can pick: those of every passed
 * application (first or change), except ones a passed change has since replaced by its copy.
 * Oldest application first, then in the order they were entered.
 */
export async function listPassedBuildings(db: Db, dicId: string) {
  const replacing = alias(projects, 'replacing');
  return db
    .select({ building: buildings, projectCode: projects.code, projectName: projects.name })
    .from(buildings)
    .innerJoin(projects, eq(projects.id, buildings.projectId))
    .where(
      and(
        eq(projects.projectDicId, dicId),
        inArray(projects.status, [...PASSED]),
        notExists(
          db
            .select({ one: projectAlterBuildings.projectId })
            .from(projectAlterBuildings)
            .innerJoin(replacing, eq(replacing.id, projectAlterBuildings.projectId))
            .where(
              and(
                eq(projectAlterBuildings.sourceBuildingId, buildings.id),
                inArray(replacing.status, [...PASSED]),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(projects.createdAt), asc(buildings.seq));
}

/** The passed buildings a change application changes, with their copies in it. */
export async function listAlterBuildings(db: Db, projectId: string) {
  const source = alias(buildings, 'source');
  return db
    .select({
      sourceBuildingId: projectAlterBuildings.sourceBuildingId,
      buildingId: projectAlterBuildings.buildingId,
      name: source.name,
      sourceProjectId: projects.id,
      sourceProjectCode: projects.code,
    })
    .from(projectAlterBuildings)
    .innerJoin(source, eq(source.id, projectAlterBuildings.sourceBuildingId))
    .innerJoin(projects, eq(projects.id, source.projectId))
    .where(eq(projectAlterBuildings.projectId, projectId))
    .orderBy(asc(projects.createdAt), asc(source.seq));
}

export async function insertAlterBuildings(db: Db, rows: (typeof projectAlterBuildings.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(projectAlterBuildings).values(rows);
}

export async function deleteAlterBuildings(db: Db, projectId: string, sourceIds: readonly string[]) {
  if (sourceIds.length === 0) return;
  await db
    .delete(projectAlterBuildings)
    .where(
      and(
        eq(projectAlterBuildings.projectId, projectId),
        inArray(projectAlterBuildings.sourceBuildingId, [...sourceIds]),
      ),
    );
}
