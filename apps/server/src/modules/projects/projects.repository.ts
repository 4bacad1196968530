import { and, count, desc, eq, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ProjectRole, ProjectStatus } from '@drp/domain';
import type { Db } from '../../db/database.js';
import { containsPattern } from '../../db/like-pattern.js';
import { orgs } from '../../db/schema/orgs.js';
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

/** The org's project masters, newest first, with how many applications and whether one passed. */
export async function queryProjectDics(db: Db, orgId: string, name: string | undefined) {
  const applications = db
    .select({
      dicId: projects.projectDicId,
      n: count().as('n'),
      passed: sql<boolean>`bool_or(${projects.status} in ('PASSED', 'FILED'))`.as('passed'),
    })
    .from(projects)
    .groupBy(projects.projectDicId)
    .as('applications');
  return db
    .select({
      dic: projectDics,
      applications: sql<number>`coalesce(${applications.n}, 0)`.mapWith(Number),
      passed: sql<boolean>`coalesce(${applications.passed}, false)`,
    })
    .from(projectDics)
    .leftJoin(applications, eq(applications.dicId, projectDics.id))
    .where(
      and(eq(projectDics.orgId, orgId), name ? ilike(projectDics.name, containsPattern(name)) : undefined),
    )
    .orderBy(desc(projectDics.createdAt))
    .limit(500);
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

/** Who sees which applications in a list: the scope is decided by the service from the acting org. */
export type ProjectScope =
  | { kind: 'construct'; orgId: string }
  | { kind: 'party'; orgId: string; roles: readonly ProjectRole[] }
  | { kind: 'region'; regionPrefix: string }
  | { kind: 'all' };

export interface ProjectFilter {
  name?: string | undefined;
  status?: ProjectStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

function scopeCondition(scope: ProjectScope): SQL | undefined {
  switch (scope.kind) {
    case 'construct':
      return eq(projects.constructOrgId, scope.orgId);
    case 'party':
      return and(
        ne(projects.status, 'DRAFT'),
        sql`exists (select 1 from ${projectOrgs} where ${projectOrgs.projectId} = ${projects.id} and ${projectOrgs.orgId} = ${scope.orgId} and ${inArray(projectOrgs.role, [...scope.roles])})`,
      );
    case 'region':
      return and(ne(projects.status, 'DRAFT'), sql`${projects.regionCode} like ${`${scope.regionPrefix}%`}`);
    case 'all':
      return ne(projects.status, 'DRAFT');
  }
}

export async function queryProjects(
  db: Db,
  scope: ProjectScope,
  filter: ProjectFilter,
  paging: { limit: number; offset: number },
) {
  const filters: (SQL | undefined)[] = [scopeCondition(scope)];
  if (filter.name)
    filters.push(
      or(
        ilike(projects.name, containsPattern(filter.name)),
        ilike(projects.code, containsPattern(filter.name)),
      ),
    );
  if (filter.status) filters.push(eq(projects.status, filter.status));
  if (filter.from) filters.push(gte(projects.createdAt, new Date(`${filter.from}T00:00:00+08:00`)));
  if (filter.to)
    filters.push(
      lt(projects.createdAt, new Date(new Date(`${filter.to}T00:00:00+08:00`).getTime() + 86_400_000)),
    );
  const where = and(...filters);
  const censor = db
    .select({ projectId: projectOrgs.projectId, name: orgs.name })
    .from(projectOrgs)
    .innerJoin(orgs, eq(orgs.id, projectOrgs.orgId))
    .where(eq(projectOrgs.role, 'CENSOR'))
    .as('censor');
  const constructOrg = db.select({ id: orgs.id, name: orgs.name }).from(orgs).as('construct_org');
  const [items, [total]] = await Promise.all([
    db
      .select({ project: projects, constructName: constructOrg.name, censorName: censor.name })
      .from(projects)
      .innerJoin(constructOrg, eq(constructOrg.id, projects.constructOrgId))
      .leftJoin(censor, eq(censor.projectId, projects.id))
      .where(where)
      .orderBy(desc(projects.createdAt), desc(projects.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db.select({ n: count() }).from(projects).where(where),
  ]);
  return { total: total?.n ?? 0, items };
}
