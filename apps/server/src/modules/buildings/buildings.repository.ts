import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  ilike,
  inArray,
  isNotNull,
  ne,
  notInArray,
  or,
} from 'drizzle-orm';
import type { BuildingStatus } from '@drp/domain';
import type { Db } from '../../db/database.js';
import { containsPattern } from '../../db/like-pattern.js';
import {
  buildingDesignInfos,
  buildingFeedbacks,
  buildingHazardSources,
  buildingSurveyInfos,
  buildingUnits,
  buildings,
} from '../../db/schema/buildings.js';
import { missions } from '../../db/schema/missions.js';
import { docVersions } from '../../db/schema/doc-repository.js';
import { orgs } from '../../db/schema/orgs.js';

export type BuildingRow = typeof buildings.$inferSelect;
export type BuildingInsert = typeof buildings.$inferInsert;
export type UnitRole = 'DESIGN' | 'SURVEY';
export type HazardSourceRow = typeof buildingHazardSources.$inferSelect;
export type DesignInfoRow = typeof buildingDesignInfos.$inferSelect & { orgName: string };
export type SurveyInfoRow = typeof buildingSurveyInfos.$inferSelect & { orgName: string };

/** How many buildings an application has: one without any cannot be submitted. */
export async function countBuildings(db: Db, projectId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(buildings).where(eq(buildings.projectId, projectId));
  return row?.n ?? 0;
}

/** Organisation names, for a refusal that names a unit which is not the project's. */
export async function findOrgNames(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: orgs.id, name: orgs.name })
    .from(orgs)
    .where(inArray(orgs.id, [...ids]));
}

// ---- buildings ----

export async function insertBuilding(db: Db, row: BuildingInsert) {
  const [inserted] = await db.insert(buildings).values(row).returning();
  return inserted!;
}

export async function updateBuilding(db: Db, id: string, patch: Partial<BuildingInsert>) {
  const [updated] = await db.update(buildings).set(patch).where(eq(buildings.id, id)).returning();
  return updated!;
}

export async function updateBuildings(db: Db, ids: readonly string[], patch: Partial<BuildingInsert>) {
  if (ids.length === 0) return;
  await db
    .update(buildings)
    .set(patch)
    .where(inArray(buildings.id, [...ids]));
}

export async function deleteBuildings(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db.delete(buildings).where(inArray(buildings.id, [...ids]));
}

/** Some buildings of one project, oldest first; `lock` holds them for the change. */
export async function findBuildingsOfProject(
  db: Db,
  projectId: string,
  ids: readonly string[],
  options: { lock?: boolean } = {},
) {
  if (ids.length === 0) return [];
  const query = db
    .select()
    .from(buildings)
    .where(and(eq(buildings.projectId, projectId), inArray(buildings.id, [...ids])))
    .orderBy(asc(buildings.seq));
  return options.lock ? query.for('update') : query;
}

/** Buildings by id, whichever project they belong to. */
export async function findBuildingsByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(buildings)
    .where(inArray(buildings.id, [...ids]));
}

export async function isBuildingNameTaken(db: Db, projectId: string, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: buildings.id })
    .from(buildings)
    .where(
      and(
        eq(buildings.projectId, projectId),
        eq(buildings.name, name),
        exceptId ? ne(buildings.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function queryBuildingPage(
  db: Db,
  projectId: string,
  search: string | undefined,
  paging: { limit: number; offset: number },
) {
  const where = and(
    eq(buildings.projectId, projectId),
    search ? ilike(buildings.name, containsPattern(search)) : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(buildings)
      .where(where)
      .orderBy(asc(buildings.seq))
      .limit(paging.limit)
      .offset(paging.offset),
    db.select({ n: count() }).from(buildings).where(where),
  ]);
  return { total: total?.n ?? 0, items };
}

export async function listBuildingsOfProject(db: Db, projectId: string, status?: BuildingStatus) {
  return db
    .select()
    .from(buildings)
    .where(and(eq(buildings.projectId, projectId), status ? eq(buildings.status, status) : undefined))
    .orderBy(asc(buildings.seq));
}

/**
 * The buildings of a project for which one reviewer has at least one mission (as its reviewer or
 * checker) from one review agency in the round under review (the latest accepted version), in the
 * usual order; a building with several of their specialties appears once.
 */
export async function listBuildingsWithMissions(
  db: Db,
  projectId: string,
  reviewer: { accountId: string; censorOrgId: string },
) {
  const currentRound = db
    .select({ id: docVersions.id })
    .from(docVersions)
    .where(and(eq(docVersions.projectId, projectId), isNotNull(docVersions.acceptedAt)))
    .orderBy(desc(docVersions.number))
    .limit(1);
  const mission = db
    .select({ id: missions.id })
    .from(missions)
    .where(
      and(
        or(
          eq(missions.reviewerAccountId, reviewer.accountId),
          eq(missions.checkerAccountId, reviewer.accountId),
        ),
        eq(missions.projectId, projectId),
        eq(missions.versionId, currentRound),
        eq(missions.censorOrgId, reviewer.censorOrgId),
        eq(missions.buildingId, buildings.id),
      ),
    );
  return db
    .select()
    .from(buildings)
    .where(and(eq(buildings.projectId, projectId), exists(mission)))
    .orderBy(asc(buildings.seq));
}

// ---- the units working on each building ----

export async function replaceUnits(
  db: Db,
  buildingId: string,
  units: readonly { orgId: string; role: UnitRole }[],
) {
  await db.delete(buildingUnits).where(eq(buildingUnits.buildingId, buildingId));
  if (units.length > 0) await db.insert(buildingUnits).values(units.map((u) => ({ buildingId, ...u })));
}

export async function listUnits(db: Db, buildingIds: readonly string[]) {
  if (buildingIds.length === 0) return [];
  return db
    .select({
      buildingId: buildingUnits.buildingId,
      orgId: buildingUnits.orgId,
      role: buildingUnits.role,
      orgName: orgs.name,
    })
    .from(buildingUnits)
    .innerJoin(orgs, eq(orgs.id, buildingUnits.orgId))
    .where(inArray(buildingUnits.buildingId, [...buildingIds]))
    .orderBy(asc(orgs.name));
}

/** Drops what units no longer named on the building had entered for it. */
export async function deleteEntriesOfOtherUnits(
  db: Db,
  buildingId: string,
  keep: { design: readonly string[]; survey: readonly string[] },
) {
  await db
    .delete(buildingDesignInfos)
    .where(
      and(
        eq(buildingDesignInfos.buildingId, buildingId),
        keep.design.length > 0 ? notInArray(buildingDesignInfos.orgId, [...keep.design]) : undefined,
      ),
    );
  await db
    .delete(buildingSurveyInfos)
    .where(
      and(
        eq(buildingSurveyInfos.buildingId, buildingId),
        keep.survey.length > 0 ? notInArray(buildingSurveyInfos.orgId, [...keep.survey]) : undefined,
      ),
    );
}

// ---- survey info ----

export async function upsertSurveyInfo(db: Db, row: typeof buildingSurveyInfos.$inferInsert) {
  const { buildingId: _b, orgId: _o, ...rest } = row;
  await db
    .insert(buildingSurveyInfos)
    .values(row)
    .onConflictDoUpdate({ target: [buildingSurveyInfos.buildingId, buildingSurveyInfos.orgId], set: rest });
}

export async function listSurveyInfos(db: Db, buildingId: string): Promise<SurveyInfoRow[]> {
  const rows = await db
    .select({ info: buildingSurveyInfos, orgName: orgs.name })
    .from(buildingSurveyInfos)
    .innerJoin(orgs, eq(orgs.id, buildingSurveyInfos.orgId))
    .where(eq(buildingSurveyInfos.buildingId, buildingId))
    .orderBy(asc(orgs.name));
  return rows.map((r) => ({ ...r.info, orgName: r.orgName }));
}

// ---- hazard sources ----

export async function listHazardSources(db: Db, buildingId: string) {
  return db
    .select()
    .from(buildingHazardSources)
    .where(eq(buildingHazardSources.buildingId, buildingId))
    .orderBy(asc(buildingHazardSources.seq));
}

export async function insertHazardSources(db: Db, rows: (typeof buildingHazardSources.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(buildingHazardSources).values(rows);
}

export async function updateHazardSource(db: Db, id: string, patch: Partial<HazardSourceRow>) {
  await db.update(buildingHazardSources).set(patch).where(eq(buildingHazardSources.id, id));
}

export async function findHazardSourcesByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(buildingHazardSources)
    .where(inArray(buildingHazardSources.id, [...ids]));
}

export async function deleteHazardSources(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db.delete(buildingHazardSources).where(inArray(buildingHazardSources.id, [...ids]));
}

// ---- design info ----

export async function listDesignInfos(db: Db, buildingId: string): Promise<DesignInfoRow[]> {
  const rows = await db
    .select({ info: buildingDesignInfos, orgName: orgs.name })
    .from(buildingDesignInfos)
    .innerJoin(orgs, eq(orgs.id, buildingDesignInfos.orgId))
    .where(eq(buildingDesignInfos.buildingId, buildingId))
    .orderBy(asc(orgs.name), asc(buildingDesignInfos.seq));
  return rows.map((r) => ({ ...r.info, orgName: r.orgName }));
}

export async function insertDesignInfos(db: Db, rows: (typeof buildingDesignInfos.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(buildingDesignInfos).values(rows);
}

export async function updateDesignInfo(
  db: Db,
  id: string,
  patch: Partial<typeof buildingDesignInfos.$inferInsert>,
) {
  await db.update(buildingDesignInfos).set(patch).where(eq(buildingDesignInfos.id, id));
}

export async function findDesignInfosByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(buildingDesignInfos)
    .where(inArray(buildingDesignInfos.id, [...ids]));
}

export async function deleteDesignInfos(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db.delete(buildingDesignInfos).where(inArray(buildingDesignInfos.id, [...ids]));
}

// ---- the review agency's reasons ----

export async function insertFeedback(db: Db, row: typeof buildingFeedbacks.$inferInsert) {
  const [inserted] = await db.insert(buildingFeedbacks).values(row).returning();
  return inserted!;
}

export async function listFeedbacks(db: Db, buildingId: string) {
  return db
    .select({ feedback: buildingFeedbacks, orgName: orgs.name })
    .from(buildingFeedbacks)
    .innerJoin(orgs, eq(orgs.id, buildingFeedbacks.orgId))
    .where(eq(buildingFeedbacks.buildingId, buildingId))
    .orderBy(desc(buildingFeedbacks.createdAt), desc(buildingFeedbacks.id));
}

/** The newest reason recorded for a building at or after `since` (its latest submission). */
export async function latestFeedbackSince(db: Db, buildingId: string, since: Date) {
  const [row] = await db
    .select()
    .from(buildingFeedbacks)
    .where(and(eq(buildingFeedbacks.buildingId, buildingId), gte(buildingFeedbacks.createdAt, since)))
    .orderBy(desc(buildingFeedbacks.createdAt))
    .limit(1);
  return row ?? null;
}
