import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { missions } from '../../db/schema/missions.js';
import { orgs } from '../../db/schema/orgs.js';
import { projectOrgs, projects } from '../../db/schema/projects.js';

/*
 * The application and its parties as the project-access door reads them. The projects module
 * writes these tables; this module only reads them (and moves an application's status for the
 * hand-over), so project-scoped modules need nothing from modules/projects.
 */

export type ApplicationRow = typeof projects.$inferSelect;

export async function findApplication(db: Db, id: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(projects).where(eq(projects.id, id));
  // Locks the application row: submit, recall and changes under it must not interleave.
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function listApplicationParties(db: Db, projectId: string) {
  return db
    .select({ orgId: projectOrgs.orgId, role: projectOrgs.role, orgName: orgs.name })
    .from(projectOrgs)
    .innerJoin(orgs, eq(orgs.id, projectOrgs.orgId))
    .where(eq(projectOrgs.projectId, projectId))
    .orderBy(orgs.name);
}

export type ApplicationParty = Awaited<ReturnType<typeof listApplicationParties>>[number];

export async function findOrgRegion(db: Db, orgId: string) {
  const [row] = await db.select({ regionCode: orgs.regionCode }).from(orgs).where(eq(orgs.id, orgId));
  return row?.regionCode ?? null;
}

/** The application's status after a step of the hand-over (send, accept, return). */
export async function updateApplicationState(
  db: Db,
  id: string,
  patch: Pick<Partial<typeof projects.$inferInsert>, 'status' | 'acceptedAt' | 'updatedAt'>,
) {
  await db.update(projects).set(patch).where(eq(projects.id, id));
}

/**
 * Whether this account holds a review mission (reviewer or checker) of the application for the
 * agency: a normal reviewer's visibility (issue 19). Answers the account, or nobody.
 */
export async function listMissionHolders(db: Db, projectId: string, censorOrgId: string, accountId: string) {
  if (!accountId) return [];
  const [row] = await db
    .select({ id: missions.id })
    .from(missions)
    .where(
      and(
        eq(missions.projectId, projectId),
        eq(missions.censorOrgId, censorOrgId),
        or(eq(missions.reviewerAccountId, accountId), eq(missions.checkerAccountId, accountId)),
      ),
    )
    .limit(1);
  return row ? [accountId] : [];
}
