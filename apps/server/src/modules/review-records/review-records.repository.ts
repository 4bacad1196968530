import { and, asc, count, desc, eq, ilike, sql, type Column, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.js';
import { containsPattern } from '../../db/like-pattern.js';
import { buildingUnits, buildings } from '../../db/schema/buildings.js';
import { certificates } from '../../db/schema/certificates.js';
import { filings } from '../../db/schema/filings.js';
import { orgs } from '../../db/schema/orgs.js';
import { projects } from '../../db/schema/projects.js';

/*
 * The public review record (issue 21): confirmed filings only, every query below says so itself,
 * so no caller can forget it. Names come from the national record as the authority confirmed it;
 * the construction unit's from its organisation (the record does not carry it).
 */

const construct = alias(orgs, 'construct');
const authority = alias(orgs, 'authority');

const confirmed = eq(filings.status, 'CONFIRMED');

function selectRecords(db: Db) {
  return db
    .select({
      id: filings.id,
      projectId: filings.projectId,
      national: filings.national,
      input: filings.input,
      regionCode: filings.regionCode,
      decidedAt: filings.decidedAt,
      certificateNo: certificates.certificateNo,
      certificateStatus: certificates.status,
      certificateContent: certificates.content,
      issuedAt: certificates.issuedAt,
      constructName: construct.name,
      authorityName: authority.name,
    })
    .from(filings)
    .innerJoin(certificates, eq(certificates.id, filings.certificateId))
    .innerJoin(projects, eq(projects.id, filings.projectId))
    .innerJoin(construct, eq(construct.id, projects.constructOrgId))
    .leftJoin(authority, eq(authority.id, filings.authorityOrgId))
    .$dynamic();
}
export type ReviewRecordRow = NonNullable<Awaited<ReturnType<typeof findReviewRecord>>>;

export interface ReviewRecordSearch {
  projectName?: string | undefined;
  projectCode?: string | undefined;
  certificateNo?: string | undefined;
  agencyName?: string | undefined;
  constructName?: string | undefined;
}

function searchCondition(search: ReviewRecordSearch): SQL | undefined {
  const contains = (column: SQL | Column, text: string | undefined) =>
    text ? ilike(column, containsPattern(text)) : undefined;
  return and(
    confirmed,
    contains(sql`${filings.national}->>'PrjName'`, search.projectName),
    contains(sql`${filings.national}->>'PrjNum'`, search.projectCode),
    contains(certificates.certificateNo, search.certificateNo),
    contains(sql`${filings.national}->>'CensorCorpName'`, search.agencyName),
    contains(construct.name, search.constructName),
  );
}

/** Confirmed records matching every given field, the latest confirmed first. */
export async function listReviewRecords(
  db: Db,
  search: ReviewRecordSearch,
  page: { offset: number; limit: number },
) {
  const where = searchCondition(search);
  const [rows, [total]] = await Promise.all([
    selectRecords(db)
      .where(where)
      .orderBy(desc(filings.decidedAt), desc(filings.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(filings)
      .innerJoin(certificates, eq(certificates.id, filings.certificateId))
      .innerJoin(projects, eq(projects.id, filings.projectId))
      .innerJoin(construct, eq(construct.id, projects.constructOrgId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One confirmed record by its filing's id; null for any other filing or none. */
export async function findReviewRecord(db: Db, filingId: string) {
  const [row] = await selectRecords(db).where(and(confirmed, eq(filings.id, filingId)));
  return row ?? null;
}

/** The confirmed record of an application (one at most: a confirmed filing ends filing). */
export async function findProjectReviewRecord(db: Db, projectId: string) {
  const [row] = await selectRecords(db)
    .where(and(confirmed, eq(filings.projectId, projectId)))
    .orderBy(desc(filings.decidedAt))
    .limit(1);
  return row ?? null;
}

/** The reviewed (confirmed) buildings of an application, in the order they were entered. */
export async function listRecordBuildings(db: Db, projectId: string) {
  return db
    .select()
    .from(buildings)
    .where(and(eq(buildings.projectId, projectId), eq(buildings.status, 'CONFIRMED')))
    .orderBy(asc(buildings.seq));
}

/** A reviewed building by id, whatever its application (the caller checks that one is filed). */
export async function findRecordBuilding(db: Db, buildingId: string) {
  const [row] = await db
    .select()
    .from(buildings)
    .where(and(eq(buildings.id, buildingId), eq(buildings.status, 'CONFIRMED')));
  return row ?? null;
}

/** The design and survey units of a building, by role and name. */
export async function listRecordBuildingUnits(db: Db, buildingId: string) {
  return db
    .select({ role: buildingUnits.role, name: orgs.name })
    .from(buildingUnits)
    .innerJoin(orgs, eq(orgs.id, buildingUnits.orgId))
    .where(eq(buildingUnits.buildingId, buildingId))
    .orderBy(asc(buildingUnits.role), asc(orgs.name));
}
