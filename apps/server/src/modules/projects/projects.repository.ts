import { and, count, desc, eq, ilike, inArray, lt, ne, sql } from 'drizzle-orm';
import type { ProjectRole } from '@drp/domain';
import type { Db } from '../../db/database.js';
import { searchGrams } from './project-list.repository.js';
import { containsPattern } from '../../db/like-pattern.js';
import { buildings } from '../../db/schema/buildings.js';
import { docFiles, docUploads, docVersions } from '../../db/schema/doc-repository.js';
import { orgs } from '../../db/schema/orgs.js';
import { projectDocs } from '../../db/schema/project-docs.js';
import { projectCodeCounters, projectDics, projectOrgs, projects } from '../../db/schema/projects.js';

export type ProjectRow = typeof projects.$inferSelect;
export type ProjectInsert = typeof projects.$inferInsert;
export type ProjectDicRow = typeof projectDics.$inferSelect;

/** The project, if `orgId` takes part in it. */
export async function findProjectOfOrg(db: Db, projectId: string, orgId: string) {
  const [row] = await db
    .select({ id: projects.id, status: projects.status })
    .from(projects)
    .innerJoin(projectOrgs, and(eq(projectOrgs.projectId, projects.id), eq(projectOrgs.orgId, orgId)))
    .where(eq(projects.id, projectId))
    .limit(1);
  return row ?? null;
}

// ---- project masters ----

export async function insertProjectDic(db: Db, row: typeof projectDics.$inferInsert) {
  const [inserted] = await db.insert(projectDics).values(row).returning();
  return inserted!;
}

export async function updateProjectDic(db: Db, id: string, orgId: string, patch: Partial<ProjectDicRow>) {
  const [updated] = await db
    .update(projectDics)
    .set(patch)
    .where(and(eq(projectDics.id, id), eq(projectDics.orgId, orgId)))
    .returning();
  return updated ?? null;
}

export async function findProjectDic(db: Db, id: string, orgId: string) {
  const [row] = await db
    .select()
    .from(projectDics)
    .where(and(eq(projectDics.id, id), eq(projectDics.orgId, orgId)));
  return row ?? null;
}

export async function deleteProjectDic(db: Db, id: string) {
  await db.delete(projectDics).where(eq(projectDics.id, id));
}

export async function countApplicationsOfDic(db: Db, dicId: string) {
  const [row] = await db.select({ n: count() }).from(projects).where(eq(projects.projectDicId, dicId));
  return row?.n ?? 0;
}

/** How many applications a master has, and whether one of them passed review. */
export async function applicationsOfDic(db: Db, dicId: string) {
  const [row] = await db
    .select({
      n: count(),
      passed: sql<boolean>`coalesce(bool_or(${projects.status} in ('PASSED', 'FILED')), false)`,
    })
    .from(projects)
    .where(eq(projects.projectDicId, dicId));
  return { applications: row?.n ?? 0, passed: row?.passed ?? false };
}

/**
 * The org's project masters, newest first, with how many applications and whether one passed.
 * The applications are counted per master shown (by `projects_dic_idx`), not over the table; a
 * name is found through the masters' search grams, like an application's (see `nameCondition`).
 */
export function projectDicsQuery(db: Db, orgId: string, name: string | undefined) {
  const applications = db
    .select({
      n: count().as('n'),
      passed: sql<boolean>`bool_or(${projects.status} in ('PASSED', 'FILED'))`.as('passed'),
    })
    .from(projects)
    .where(eq(projects.projectDicId, projectDics.id))
    .as('applications');
  return db
    .select({
      dic: projectDics,
      applications: sql<number>`coalesce(${applications.n}, 0)`.mapWith(Number),
      passed: sql<boolean>`coalesce(${applications.passed}, false)`,
    })
    .from(projectDics)
    .leftJoinLateral(applications, sql`true`)
    .where(
      and(
        eq(projectDics.orgId, orgId),
        name ? sql`${projectDics.searchGrams} @> ${searchGrams(name)}` : undefined,
        name ? ilike(projectDics.name, containsPattern(name)) : undefined,
      ),
    )
    .orderBy(desc(projectDics.createdAt))
    .limit(500);
}

export async function queryProjectDics(db: Db, orgId: string, name: string | undefined) {
  return projectDicsQuery(db, orgId, name);
}

// ---- applications ----

/** Takes the next running number for a code prefix, atomically. */
export async function nextCodeNumber(db: Db, prefix: string) {
  const [row] = await db
    .insert(projectCodeCounters)
    .values({ prefix, last: 1 })
    .onConflictDoUpdate({
      target: projectCodeCounters.prefix,
      set: { last: sql`${projectCodeCounters.last} + 1` },
    })
    .returning({ last: projectCodeCounters.last });
  return row!.last;
}

export async function peekCodeNumber(db: Db, prefix: string) {
  const [row] = await db
    .select({ last: projectCodeCounters.last })
    .from(projectCodeCounters)
    .where(eq(projectCodeCounters.prefix, prefix));
  return (row?.last ?? 0) + 1;
}

export async function insertProject(db: Db, row: ProjectInsert) {
  const [inserted] = await db.insert(projects).values(row).returning();
  return inserted!;
}

export async function updateProject(db: Db, id: string, patch: Partial<ProjectInsert>) {
  const [updated] = await db.update(projects).set(patch).where(eq(projects.id, id)).returning();
  return updated ?? null;
}

export async function deleteProject(db: Db, id: string) {
  await db.delete(projects).where(eq(projects.id, id));
}

/** Locks the application row: submit, recall and edit must not interleave. */
export async function findProjectForUpdate(db: Db, id: string) {
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).for('update');
  return row ?? null;
}

export async function findProject(db: Db, id: string) {
  const [row] = await db.select().from(projects).where(eq(projects.id, id));
  return row ?? null;
}

export async function replaceParties(
  db: Db,
  projectId: string,
  parties: readonly { orgId: string; role: ProjectRole }[],
) {
  await db.delete(projectOrgs).where(eq(projectOrgs.projectId, projectId));
  if (parties.length > 0) await db.insert(projectOrgs).values(parties.map((p) => ({ projectId, ...p })));
}

export async function listParties(db: Db, projectId: string) {
  return db
    .select({ orgId: projectOrgs.orgId, role: projectOrgs.role, orgName: orgs.name })
    .from(projectOrgs)
    .innerJoin(orgs, eq(orgs.id, projectOrgs.orgId))
    .where(eq(projectOrgs.projectId, projectId))
    .orderBy(orgs.name);
}

export async function findOrgsByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: orgs.id,
      name: orgs.name,
      orgType: orgs.orgType,
      enabled: orgs.enabled,
      regionCode: orgs.regionCode,
    })
    .from(orgs)
    .where(inArray(orgs.id, [...ids]));
}

/** How many buildings an application has: one without any cannot be submitted. */
export async function countBuildingsOf(db: Db, projectId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(buildings).where(eq(buildings.projectId, projectId));
  return row?.n ?? 0;
}

/**
 * The stored bytes under an application, in one query: its attachments, its materials' files and
 * uploads not yet saved into a folder. Deleting it removes their rows by cascade; the bytes go
 * once that has committed.
 */
export async function storageKeysOfApplication(db: Db, projectId: string): Promise<string[]> {
  const rows = await db
    // Typed as the union's widest column (an upload's key is null until its bytes are stored).
    .select({ key: sql<string | null>`${projectDocs.storageKey}` })
    .from(projectDocs)
    .where(eq(projectDocs.projectId, projectId))
    .unionAll(
      db
        .select({ key: sql<string | null>`${docFiles.storageKey}` })
        .from(docFiles)
        .innerJoin(docVersions, eq(docVersions.id, docFiles.versionId))
        .where(eq(docVersions.projectId, projectId)),
    )
    .unionAll(
      db
        .select({ key: docUploads.storageKey })
        .from(docUploads)
        .where(and(eq(docUploads.projectId, projectId), eq(docUploads.status, 'UPLOADED'))),
    );
  return rows.flatMap((r) => (r.key ? [r.key] : []));
}

/** Whether an earlier first application (not a change) exists under the same project master. */
export async function hasEarlierApplication(db: Db, project: ProjectRow) {
  if (!project.projectDicId) return false;
  const [row] = await db
    .select({ n: count() })
    .from(projects)
    .where(
      and(
        eq(projects.projectDicId, project.projectDicId),
        ne(projects.id, project.id),
        lt(projects.createdAt, project.createdAt),
      ),
    );
  return (row?.n ?? 0) > 0;
}
