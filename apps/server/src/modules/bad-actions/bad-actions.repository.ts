import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.js';
import { accounts, members } from '../../db/schema/accounts.js';
import { badActions } from '../../db/schema/bad-actions.js';
import { docFiles, docFolders } from '../../db/schema/doc-repository.js';
import { orgs } from '../../db/schema/orgs.js';

export type BadActionInsert = typeof badActions.$inferInsert;
export type BadActionPatch = Partial<Omit<BadActionInsert, 'id' | 'projectId'>>;

const unitOrg = alias(orgs, 'unit_org');
const recorderOrg = alias(orgs, 'recorder_org');
const deciderOrg = alias(orgs, 'decider_org');

/** A bad action with the names it is shown with. */
const withNames = (db: Db) =>
  db
    .select({
      row: badActions,
      unitName: unitOrg.name,
      recorderName: accounts.name,
      recorderOrgName: recorderOrg.name,
      deciderOrgName: deciderOrg.name,
      regionFileName: docFiles.name,
      regionVersionId: docFiles.versionId,
      regionFolderId: docFiles.folderId,
      regionCategory: docFolders.category,
      registrationType: members.registrationType,
      registrationNo: members.registrationNo,
    })
    .from(badActions)
    .innerJoin(unitOrg, eq(unitOrg.id, badActions.orgId))
    .innerJoin(accounts, eq(accounts.id, badActions.recordedBy))
    .innerJoin(recorderOrg, eq(recorderOrg.id, badActions.recordedByOrgId))
    .leftJoin(deciderOrg, eq(deciderOrg.id, badActions.decidedByOrgId))
    .leftJoin(docFiles, eq(docFiles.id, badActions.regionFileId))
    .leftJoin(docFolders, eq(docFolders.id, docFiles.folderId))
    .leftJoin(members, eq(members.id, badActions.memberId));

export type BadActionWithNames = Awaited<ReturnType<ReturnType<typeof withNames>['execute']>>[number];

/** An application's bad actions, newest first. */
export async function listBadActionsOfProject(db: Db, projectId: string): Promise<BadActionWithNames[]> {
  return withNames(db)
    .where(eq(badActions.projectId, projectId))
    .orderBy(desc(badActions.recordedAt), desc(badActions.id));
}

export async function findBadAction(db: Db, projectId: string, id: string) {
  const [row] = await withNames(db).where(and(eq(badActions.id, id), eq(badActions.projectId, projectId)));
  return row ?? null;
}

/** Held for a decision or a withdrawal, so two of them cannot both pass the RECORDED check. */
export async function lockBadAction(db: Db, projectId: string, id: string) {
  const [row] = await db
    .select()
    .from(badActions)
    .where(and(eq(badActions.id, id), eq(badActions.projectId, projectId)))
    .for('update');
  return row ?? null;
}

export async function insertBadAction(db: Db, row: BadActionInsert) {
  const [inserted] = await db.insert(badActions).values(row).returning({ id: badActions.id });
  return inserted!;
}

export async function updateBadAction(db: Db, id: string, patch: BadActionPatch) {
  await db.update(badActions).set(patch).where(eq(badActions.id, id));
}

/** The enabled people of these organisations, with their credentials, by name. */
export async function listPeopleOf(db: Db, orgIds: readonly string[]) {
  if (orgIds.length === 0) return [];
  return db
    .select({
      memberId: members.id,
      orgId: members.orgId,
      name: accounts.name,
      registrationType: members.registrationType,
      registrationNo: members.registrationNo,
    })
    .from(members)
    .innerJoin(accounts, eq(accounts.id, members.accountId))
    .where(and(inArray(members.orgId, [...orgIds]), eq(members.enabled, true)))
    .orderBy(asc(accounts.name), asc(members.id));
}

export async function findPersonOf(db: Db, orgId: string, memberId: string) {
  const [row] = await db
    .select({ memberId: members.id, name: accounts.name })
    .from(members)
    .innerJoin(accounts, eq(accounts.id, members.accountId))
    .where(and(eq(members.id, memberId), eq(members.orgId, orgId)));
  return row ?? null;
}

export async function findOrgBasics(db: Db, orgId: string) {
  const [row] = await db
    .select({ id: orgs.id, name: orgs.name, creditCode: orgs.creditCode })
    .from(orgs)
    .where(eq(orgs.id, orgId));
  return row ?? null;
}
