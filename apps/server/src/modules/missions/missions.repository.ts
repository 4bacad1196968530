import { and, asc, count, desc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MissionStatus } from '@drp/domain';
import type { Db } from '../../db/database.js';
import { accounts, memberProfiles, members } from '../../db/schema/accounts.js';
import { buildingUnits, buildings } from '../../db/schema/buildings.js';
import { docFiles, docFolders, docVersions } from '../../db/schema/doc-repository.js';
import { missionAssignments, missions } from '../../db/schema/missions.js';
import { opinions } from '../../db/schema/opinions.js';
import { projectOrgs, projects } from '../../db/schema/projects.js';

/*
 * Review missions and their history. The grid's cells come from the round's confirmed buildings,
 * the specialties with drawings in the round and the survey units named on each building.
 */

export type MissionRow = typeof missions.$inferSelect;

/** The round under review: the latest version the agency accepted. */
export async function findCurrentRound(db: Db, projectId: string) {
  const [row] = await db
    .select({ id: docVersions.id, number: docVersions.number })
    .from(docVersions)
    .where(and(eq(docVersions.projectId, projectId), isNotNull(docVersions.acceptedAt)))
    .orderBy(desc(docVersions.number))
    .limit(1);
  return row ?? null;
}

/** The confirmed buildings, in their order: the rows of the grid. */
export async function listConfirmedBuildings(db: Db, projectId: string) {
  return db
    .select({ id: buildings.id, name: buildings.name, use: buildings.use })
    .from(buildings)
    .where(and(eq(buildings.projectId, projectId), eq(buildings.status, 'CONFIRMED')))
    .orderBy(asc(buildings.seq));
}

/** The buildings (of these) that name a survey unit. */
export async function listSurveyedBuildings(db: Db, buildingIds: readonly string[]) {
  if (buildingIds.length === 0) return new Set<string>();
  const rows = await db
    .selectDistinct({ buildingId: buildingUnits.buildingId })
    .from(buildingUnits)
    .where(and(inArray(buildingUnits.buildingId, buildingIds), eq(buildingUnits.role, 'SURVEY')))
    .orderBy(asc(buildingUnits.buildingId));
  return new Set(rows.map((r) => r.buildingId));
}

/** Each building × specialty that has drawings in the version. */
export async function listSpecialtiesWithDrawings(db: Db, versionId: string) {
  return db
    .selectDistinct({ buildingId: docFolders.buildingId, specialty: docFolders.specialty })
    .from(docFiles)
    .innerJoin(docFolders, eq(docFolders.id, docFiles.folderId))
    .where(
      and(
        eq(docFiles.versionId, versionId),
        eq(docFolders.category, 'DESIGN'),
        isNotNull(docFolders.buildingId),
        isNotNull(docFolders.specialty),
      ),
    )
    .orderBy(asc(docFolders.buildingId), asc(docFolders.specialty));
}

const reviewerAccount = alias(accounts, 'reviewer_account');
const checkerAccount = alias(accounts, 'checker_account');

/** Missions with the names a screen shows: reviewer, checker, building, application. */
function selectMissions(db: Db) {
  return db
    .select({
      mission: missions,
      reviewerName: reviewerAccount.name,
      checkerName: checkerAccount.name,
      buildingName: buildings.name,
      projectName: projects.name,
    })
    .from(missions)
    .innerJoin(reviewerAccount, eq(reviewerAccount.id, missions.reviewerAccountId))
    .leftJoin(checkerAccount, eq(checkerAccount.id, missions.checkerAccountId))
    .innerJoin(buildings, eq(buildings.id, missions.buildingId))
    .innerJoin(projects, eq(projects.id, missions.projectId))
    .$dynamic();
}

export type MissionWithNames = Awaited<ReturnType<typeof listMissionsOfRound>>[number];

export async function listMissionsOfRound(db: Db, versionId: string) {
  return selectMissions(db).where(eq(missions.versionId, versionId));
}

/** One mission of an application; `lock` holds its row for a change. */
export async function findMission(db: Db, projectId: string, id: string, options: { lock?: boolean } = {}) {
  const query = selectMissions(db).where(and(eq(missions.id, id), eq(missions.projectId, projectId)));
  const [row] = options.lock ? await query.for('update', { of: missions }) : await query;
  return row ?? null;
}

/**
 * A new mission, unless another assignment created the cell first (the unique index): then null,
 * and the caller answers the conflict.
 */
export async function insertMission(db: Db, row: typeof missions.$inferInsert) {
  const [inserted] = await db
    .insert(missions)
    .values(row)
    .onConflictDoNothing({ target: [missions.versionId, missions.buildingId, missions.specialty] })
    .returning();
  return inserted ?? null;
}

/**
 * Changes a mission if it is still at `revision`; answers the row, or null when another change
 * came first.
 */
export async function updateMissionAt(
  db: Db,
  id: string,
  revision: number,
  patch: Partial<typeof missions.$inferInsert>,
) {
  const [row] = await db
    .update(missions)
    .set({ ...patch, revision: sql`${missions.revision} + 1` })
    .where(and(eq(missions.id, id), eq(missions.revision, revision)))
    .returning();
  return row ?? null;
}

export async function insertHistory(db: Db, rows: (typeof missionAssignments.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(missionAssignments).values(rows);
}

export async function listHistory(db: Db, missionId: string) {
  const by = alias(accounts, 'by_account');
  const reviewer = alias(accounts, 'h_reviewer');
  const checker = alias(accounts, 'h_checker');
  const previousReviewer = alias(accounts, 'h_prev_reviewer');
  const previousChecker = alias(accounts, 'h_prev_checker');
  return db
    .select({
      row: missionAssignments,
      byName: by.name,
      reviewerName: reviewer.name,
      checkerName: checker.name,
      previousReviewerName: previousReviewer.name,
      previousCheckerName: previousChecker.name,
    })
    .from(missionAssignments)
    .leftJoin(by, eq(by.id, missionAssignments.byAccountId))
    .leftJoin(reviewer, eq(reviewer.id, missionAssignments.reviewerAccountId))
    .leftJoin(checker, eq(checker.id, missionAssignments.checkerAccountId))
    .leftJoin(previousReviewer, eq(previousReviewer.id, missionAssignments.previousReviewerAccountId))
    .leftJoin(previousChecker, eq(previousChecker.id, missionAssignments.previousCheckerAccountId))
    .where(eq(missionAssignments.missionId, missionId))
    .orderBy(asc(missionAssignments.at), asc(missionAssignments.id));
}

/**
 * The agency's members who may review (an approval profile, or its admin), with their
 * specialties, whether they direct, and how many of the agency's missions they hold open.
 */
export async function listCandidates(db: Db, censorOrgId: string) {
  const open = db
    .select({ n: count() })
    .from(missions)
    .where(
      and(
        eq(missions.censorOrgId, censorOrgId),
        eq(missions.reviewerAccountId, members.accountId),
        ne(missions.status, 'DONE'),
      ),
    );
  const rows = await db
    .select({
      accountId: members.accountId,
      name: accounts.name,
      admin: members.admin,
      specialties: members.specialties,
      profiles: sql<
        string[]
      >`coalesce(array_agg(${memberProfiles.profile}) filter (where ${memberProfiles.profile} is not null), '{}')`,
      openMissions: sql<number>`(${open})`.mapWith(Number),
    })
    .from(members)
    .innerJoin(accounts, eq(accounts.id, members.accountId))
    .leftJoin(memberProfiles, eq(memberProfiles.memberId, members.id))
    .where(and(eq(members.orgId, censorOrgId), eq(members.enabled, true), eq(accounts.enabled, true)))
    .groupBy(members.id, accounts.id)
    .orderBy(asc(accounts.name));
  return rows.map((r) => {
    const director =
      r.admin ||
      r.profiles.includes('DRAWING_APPROVAL_DIRECTOR') ||
      r.profiles.includes('DRAWING_APPROVAL_ADMIN');
    return {
      accountId: r.accountId,
      name: r.name,
      specialties: r.specialties,
      director,
      reviews: director || r.profiles.includes('DRAWING_APPROVAL_NORMAL'),
      openMissions: r.openMissions,
    };
  });
}

/**
 * The missions of one agency where this person is the reviewer or the checker, with their
 * application, oldest due first (none last). `statuses`: only these.
 */
export async function listMissionsOfPerson(
  db: Db,
  censorOrgId: string,
  accountId: string,
  statuses?: readonly MissionStatus[],
) {
  return selectMissions(db)
    .where(
      and(
        eq(missions.censorOrgId, censorOrgId),
        or(eq(missions.reviewerAccountId, accountId), eq(missions.checkerAccountId, accountId)),
        statuses ? inArray(missions.status, [...statuses]) : undefined,
      ),
    )
    .orderBy(sql`${missions.deadline} asc nulls last`, asc(missions.assignedAt));
}

/** The agency's missions in these statuses, or overdue on `today`, oldest due first. */
export async function listMissionsOfAgency(
  db: Db,
  censorOrgId: string,
  filter: { statuses?: readonly MissionStatus[]; overdueOn?: string },
) {
  return selectMissions(db)
    .where(
      and(
        eq(missions.censorOrgId, censorOrgId),
        filter.statuses ? inArray(missions.status, [...filter.statuses]) : undefined,
        filter.overdueOn
          ? and(ne(missions.status, 'DONE'), sql`${missions.deadline} < ${filter.overdueOn}::date`)
          : undefined,
      ),
    )
    .orderBy(sql`${missions.deadline} asc nulls last`, asc(missions.assignedAt))
    .limit(200);
}

/** Whether this person holds a mission (as reviewer or checker) of the application for the agency. */
export async function holdsMission(db: Db, projectId: string, censorOrgId: string, accountId: string) {
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
  return row !== undefined;
}

/** The applications in review where this agency is the review agency. */
export async function listProjectsInReview(db: Db, censorOrgId: string) {
  return db
    .select({ id: projectOrgs.projectId, name: projects.name })
    .from(projectOrgs)
    .innerJoin(projects, eq(projects.id, projectOrgs.projectId))
    .where(
      and(
        eq(projectOrgs.orgId, censorOrgId),
        eq(projectOrgs.role, 'CENSOR'),
        eq(projectOrgs.projectStatus, 'IN_REVIEW'),
      ),
    )
    .orderBy(asc(projects.acceptedAt), asc(projectOrgs.projectId));
}

/**
 * How many of a mission's opinions are drafts and how many stand returned (issue 19): a mission
 * with either cannot be submitted. Read here, not through modules/opinions, which builds on this one.
 */
export async function countUnfinishedOpinions(db: Db, missionId: string) {
  const [row] = await db
    .select({
      drafts: sql<number>`count(*) filter (where ${opinions.status} = 'DRAFT')`.mapWith(Number),
      returned: sql<number>`count(*) filter (where ${opinions.status} = 'RETURNED')`.mapWith(Number),
    })
    .from(opinions)
    .where(eq(opinions.missionId, missionId));
  return { drafts: row?.drafts ?? 0, returned: row?.returned ?? 0 };
}

// ---- the later rounds (issue 20) ----

/**
 * Opinions of earlier rounds on the mission's building × specialty still open and not decided in
 * its round: the reviewer closes or keeps each before submitting (none is closed silently).
 */
export async function countUndecidedCarried(db: Db, mission: { id: string; versionId: string }) {
  const result: unknown = await db.execute(sql`
    select count(*)::int as n from opinions o
    join missions m on m.id = ${mission.id}
    where o.project_id = m.project_id and o.building_id = m.building_id and o.specialty = m.specialty
      and o.state = 'OPEN' and o.version_id <> m.version_id
      and not exists (select 1 from opinion_decisions d where d.opinion_id = o.id and d.version_id = m.version_id)`);
  return Number((result as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/**
 * The cells a later round reviews: each building × specialty with an opinion still open, with
 * the reviewer and checker of that cell's mission in the latest earlier round that had one.
 */
export async function listCarriedCells(db: Db, projectId: string, versionId: string) {
  const result: unknown = await db.execute(sql`
    select c.building_id as "buildingId", c.specialty,
      (select m.reviewer_account_id from missions m join doc_versions v on v.id = m.version_id
        where m.project_id = ${projectId} and m.building_id = c.building_id and m.specialty = c.specialty
          and m.version_id <> ${versionId} order by v.number desc limit 1) as "reviewerAccountId",
      (select m.checker_account_id from missions m join doc_versions v on v.id = m.version_id
        where m.project_id = ${projectId} and m.building_id = c.building_id and m.specialty = c.specialty
          and m.version_id <> ${versionId} order by v.number desc limit 1) as "checkerAccountId",
      (select m.censor_org_id from missions m
        where m.project_id = ${projectId} and m.building_id = c.building_id and m.specialty = c.specialty
        limit 1) as "censorOrgId"
    from (select distinct building_id, specialty from opinions
      where project_id = ${projectId} and state = 'OPEN') c`);
  return (
    result as {
      rows: {
        buildingId: string;
        specialty: string;
        reviewerAccountId: string | null;
        checkerAccountId: string | null;
        censorOrgId: string | null;
      }[];
    }
  ).rows;
}

/** A later round's cells beyond its missions: where opinions carried into it stand (issue 20). */
export async function listCarriedCellKeys(db: Db, projectId: string, versionId: string) {
  const result: unknown = await db.execute(sql`
    select distinct o.building_id as "buildingId", o.specialty from opinions o
    join doc_versions ov on ov.id = o.version_id
    where o.project_id = ${projectId}
      and ov.number < (select v.number from doc_versions v where v.id = ${versionId})
      and (o.state = 'OPEN' or exists (select 1 from opinion_decisions d where d.opinion_id = o.id and d.version_id = ${versionId}))`);
  return (result as { rows: { buildingId: string; specialty: string }[] }).rows;
}

export async function findVersionNumber(db: Db, versionId: string) {
  const [row] = await db
    .select({ number: docVersions.number })
    .from(docVersions)
    .where(eq(docVersions.id, versionId));
  return row?.number ?? 1;
}

/** What a later round's mission notice names: the application and the round. */
export async function findRoundNames(db: Db, projectId: string, versionId: string) {
  const [row] = await db
    .select({ projectName: projects.name, round: docVersions.number })
    .from(docVersions)
    .innerJoin(projects, eq(projects.id, docVersions.projectId))
    .where(and(eq(docVersions.id, versionId), eq(docVersions.projectId, projectId)));
  return row ?? { projectName: '', round: 0 };
}
