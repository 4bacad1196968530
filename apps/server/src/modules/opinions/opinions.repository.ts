import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { OpinionKind, OpinionStatus } from '@drp/domain';
import type { Db } from '../../db/database.js';
import { containsPattern } from '../../db/like-pattern.js';
import { accounts } from '../../db/schema/accounts.js';
import { buildings } from '../../db/schema/buildings.js';
import { clauses, clauseVersions, standards } from '../../db/schema/clauses.js';
import { docFiles } from '../../db/schema/doc-repository.js';
import { missions } from '../../db/schema/missions.js';
import { opinionEvents, opinionPhrases, opinions } from '../../db/schema/opinions.js';
import { docSheets } from '../../db/schema/sheets.js';

/*
 * Review opinions, their history and the phrase lists. An opinion's building, specialty, kind,
 * round and agency are its mission's, copied at creation: the list filters on opinions alone.
 */

export type OpinionRow = typeof opinions.$inferSelect;
export type OpinionInsert = typeof opinions.$inferInsert;
export type PhraseRow = typeof opinionPhrases.$inferSelect;

/** An opinion with what its answer names: the mission's state, the building, the reviewer, the file. */
function selectOpinions(db: Db) {
  return db
    .select({
      opinion: opinions,
      missionStatus: missions.status,
      missionReviewerAccountId: missions.reviewerAccountId,
      missionCheckerAccountId: missions.checkerAccountId,
      buildingName: buildings.name,
      reviewerName: accounts.name,
      fileName: docFiles.name,
      folderId: docFiles.folderId,
    })
    .from(opinions)
    .innerJoin(missions, eq(missions.id, opinions.missionId))
    .innerJoin(buildings, eq(buildings.id, opinions.buildingId))
    .innerJoin(accounts, eq(accounts.id, opinions.reviewerAccountId))
    .leftJoin(docFiles, eq(docFiles.id, opinions.fileId))
    .$dynamic();
}
export type OpinionWithNames = Awaited<ReturnType<typeof findOpinion>> & {};

/** One opinion of an application and agency; `lock` holds its row for a change. */
export async function findOpinion(
  db: Db,
  where: { projectId: string; censorOrgId: string; id: string },
  options: { lock?: boolean } = {},
) {
  const query = selectOpinions(db).where(
    and(
      eq(opinions.id, where.id),
      eq(opinions.projectId, where.projectId),
      eq(opinions.censorOrgId, where.censorOrgId),
    ),
  );
  const [row] = options.lock ? await query.for('update', { of: opinions }) : await query;
  return row ?? null;
}

export interface OpinionFilter {
  versionId: string;
  censorOrgId: string;
  kind: OpinionKind;
  /** Drafts are shown to their reviewer (the author or the mission's reviewer) alone. */
  viewerAccountId: string;
  buildingId?: string;
  specialty?: string;
  status?: OpinionStatus;
  mandatoryOnly?: boolean;
  missionId?: string;
  keyword?: string;
}

function filterOf(f: OpinionFilter): SQL | undefined {
  const words = f.keyword ? containsPattern(f.keyword) : null;
  return and(
    eq(opinions.versionId, f.versionId),
    eq(opinions.censorOrgId, f.censorOrgId),
    eq(opinions.kind, f.kind),
    // The mission is read only for a draft: the filter needs no join for the rest.
    or(
      ne(opinions.status, 'DRAFT'),
      eq(opinions.reviewerAccountId, f.viewerAccountId),
      sql`exists (select 1 from ${missions} where ${missions.id} = ${opinions.missionId}
        and ${missions.reviewerAccountId} = ${f.viewerAccountId})`,
    ),
    f.buildingId ? eq(opinions.buildingId, f.buildingId) : undefined,
    f.specialty ? eq(opinions.specialty, f.specialty) : undefined,
    f.status ? eq(opinions.status, f.status) : undefined,
    f.mandatoryOnly ? eq(opinions.mandatory, true) : undefined,
    f.missionId ? eq(opinions.missionId, f.missionId) : undefined,
    words
      ? or(
          ilike(opinions.text, words),
          // Words of the cited clause: its title, number or standard code.
          sql`exists (select 1 from ${clauseVersions}
            join ${clauses} on ${clauses.id} = ${clauseVersions.clauseId}
            join ${standards} on ${standards.id} = ${clauses.standardId}
            where ${clauseVersions.id} = ${opinions.clauseVersionId}
              and (${clauseVersions.title} ilike ${words} or ${clauses.number} ilike ${words}
                or ${standards.code} ilike ${words}))`,
        )
      : undefined,
  );
}

/** One page of the list: 强条 first, then building name, specialty, number (the list index's order). */
export async function listOpinions(db: Db, filter: OpinionFilter, page: { offset: number; limit: number }) {
  return selectOpinions(db)
    .where(filterOf(filter))
    .orderBy(
      desc(opinions.mandatory),
      asc(opinions.buildingName),
      asc(opinions.buildingId),
      asc(opinions.specialty),
      asc(opinions.number),
    )
    .limit(page.limit)
    .offset(page.offset);
}

/** The whole filtered list's size and how many of it are 强条. */
export async function countOpinions(db: Db, filter: OpinionFilter) {
  const [row] = await db
    .select({
      total: count(),
      mandatory: sql<number>`count(*) filter (where ${opinions.mandatory})`.mapWith(Number),
    })
    .from(opinions)
    .where(filterOf(filter));
  return { total: row?.total ?? 0, mandatory: row?.mandatory ?? 0 };
}

/** The caller's open missions of the round (assigned or returned, as reviewer), with building names. */
export async function listOpenMissionsOf(db: Db, versionId: string, censorOrgId: string, accountId: string) {
  return db
    .select({
      id: missions.id,
      buildingId: missions.buildingId,
      buildingName: buildings.name,
      specialty: missions.specialty,
    })
    .from(missions)
    .innerJoin(buildings, eq(buildings.id, missions.buildingId))
    .where(
      and(
        eq(missions.versionId, versionId),
        eq(missions.censorOrgId, censorOrgId),
        eq(missions.reviewerAccountId, accountId),
        inArray(missions.status, ['ASSIGNED', 'RETURNED']),
      ),
    )
    .orderBy(asc(buildings.seq), asc(missions.specialty));
}

/** The next number in a mission; the caller holds the mission's row, the unique index backs it. */
export async function nextNumber(db: Db, missionId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${opinions.number}), 0) + 1`.mapWith(Number) })
    .from(opinions)
    .where(eq(opinions.missionId, missionId));
  return row?.n ?? 1;
}

export async function insertOpinion(db: Db, row: OpinionInsert) {
  const [inserted] = await db.insert(opinions).values(row).returning();
  return inserted!;
}

export async function updateOpinion(db: Db, id: string, patch: Partial<OpinionInsert>) {
  await db.update(opinions).set(patch).where(eq(opinions.id, id));
}

export async function deleteOpinion(db: Db, id: string) {
  await db.delete(opinions).where(eq(opinions.id, id));
}

export async function insertOpinionEvent(db: Db, row: typeof opinionEvents.$inferInsert) {
  await db.insert(opinionEvents).values(row);
}

export async function listOpinionEvents(db: Db, opinionId: string) {
  return db
    .select({ event: opinionEvents, byName: accounts.name })
    .from(opinionEvents)
    .leftJoin(accounts, eq(accounts.id, opinionEvents.byAccountId))
    .where(eq(opinionEvents.opinionId, opinionId))
    .orderBy(asc(opinionEvents.at), asc(opinionEvents.id));
}

/** A file of a version with its sheet's pages (none until prepared, or not a PDF). */
export async function findFileOfVersion(db: Db, fileId: string, versionId: string) {
  const [row] = await db
    .select({
      id: docFiles.id,
      name: docFiles.name,
      folderId: docFiles.folderId,
      sheetState: docSheets.state,
      pageCount: sql<number>`jsonb_array_length(${docSheets.pages})`.mapWith(Number),
    })
    .from(docFiles)
    .leftJoin(docSheets, eq(docSheets.fileId, docFiles.id))
    .where(and(eq(docFiles.id, fileId), eq(docFiles.versionId, versionId)));
  return row ?? null;
}

// ---- phrases ----

/** The agency's phrases and this member's own, the agency's first, oldest first. */
export async function listPhrases(db: Db, orgId: string, accountId: string, specialty?: string) {
  return db
    .select()
    .from(opinionPhrases)
    .where(
      and(
        eq(opinionPhrases.orgId, orgId),
        or(isNull(opinionPhrases.ownerAccountId), eq(opinionPhrases.ownerAccountId, accountId)),
        specialty ? or(isNull(opinionPhrases.specialty), eq(opinionPhrases.specialty, specialty)) : undefined,
      ),
    )
    .orderBy(asc(opinionPhrases.scope), asc(opinionPhrases.createdAt), asc(opinionPhrases.id));
}

/** A phrase of the agency, or one of this member's own; someone else's is not found. */
export async function findPhrase(db: Db, orgId: string, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(opinionPhrases)
    .where(
      and(
        eq(opinionPhrases.id, id),
        eq(opinionPhrases.orgId, orgId),
        or(isNull(opinionPhrases.ownerAccountId), eq(opinionPhrases.ownerAccountId, accountId)),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function countPhrases(db: Db, orgId: string, ownerAccountId: string | null) {
  const [row] = await db
    .select({ n: count() })
    .from(opinionPhrases)
    .where(
      and(
        eq(opinionPhrases.orgId, orgId),
        ownerAccountId
          ? eq(opinionPhrases.ownerAccountId, ownerAccountId)
          : isNull(opinionPhrases.ownerAccountId),
      ),
    );
  return row?.n ?? 0;
}

export async function insertPhrase(db: Db, row: typeof opinionPhrases.$inferInsert) {
  const [inserted] = await db.insert(opinionPhrases).values(row).returning();
  return inserted!;
}

export async function updatePhrase(db: Db, id: string, patch: Partial<typeof opinionPhrases.$inferInsert>) {
  const [row] = await db.update(opinionPhrases).set(patch).where(eq(opinionPhrases.id, id)).returning();
  return row!;
}

export async function deletePhrase(db: Db, id: string) {
  await db.delete(opinionPhrases).where(eq(opinionPhrases.id, id));
}
