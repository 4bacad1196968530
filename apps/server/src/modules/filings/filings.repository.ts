import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FilingStatus } from '@drp/domain';
import type { Db } from '../../db/database.js';
import { containsPattern } from '../../db/like-pattern.js';
import { accounts } from '../../db/schema/accounts.js';
import { certificates } from '../../db/schema/certificates.js';
import { filings } from '../../db/schema/filings.js';
import { orgs } from '../../db/schema/orgs.js';
import { projects } from '../../db/schema/projects.js';

/* Filing (issue 21): each attempt one row, with the names its screens show. */

export type FilingRow = typeof filings.$inferSelect;
export type FilingInsert = typeof filings.$inferInsert;

const filer = alias(accounts, 'filer');
const decider = alias(accounts, 'decider');
const agency = alias(orgs, 'agency');
const authority = alias(orgs, 'authority');

function selectFilings(db: Db) {
  return db
    .select({
      filing: filings,
      projectName: projects.name,
      projectCode: projects.code,
      certificateNo: certificates.certificateNo,
      agencyName: agency.name,
      filedByName: filer.name,
      decidedByName: decider.name,
      authorityName: authority.name,
    })
    .from(filings)
    .innerJoin(projects, eq(projects.id, filings.projectId))
    .innerJoin(certificates, eq(certificates.id, filings.certificateId))
    .innerJoin(agency, eq(agency.id, filings.censorOrgId))
    .innerJoin(filer, eq(filer.id, filings.filedBy))
    .leftJoin(decider, eq(decider.id, filings.decidedBy))
    .leftJoin(authority, eq(authority.id, filings.authorityOrgId))
    .$dynamic();
}
export type FilingWithNames = Awaited<ReturnType<typeof listProjectFilings>>[number];

/** The application's filings, the latest attempt first. */
export async function listProjectFilings(db: Db, projectId: string) {
  return selectFilings(db).where(eq(filings.projectId, projectId)).orderBy(desc(filings.attempt));
}

export async function findFiling(db: Db, id: string, options: { lock?: boolean } = {}) {
  const query = selectFilings(db).where(eq(filings.id, id));
  const [row] = options.lock ? await query.for('update', { of: filings }) : await query;
  return row ?? null;
}

/** The application's latest attempt, held for a change when `lock`. */
export async function findLatestFiling(db: Db, projectId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(filings)
    .where(eq(filings.projectId, projectId))
    .orderBy(desc(filings.attempt))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** An attempt, unless another was inserted with its number first (the unique index): then null. */
export async function insertFiling(db: Db, row: FilingInsert) {
  const [inserted] = await db.insert(filings).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function decideFilingRow(
  db: Db,
  id: string,
  patch: Pick<FilingInsert, 'status' | 'decidedAt' | 'decidedBy' | 'authorityOrgId' | 'reason'>,
) {
  const rows = await db
    .update(filings)
    .set(patch)
    .where(and(eq(filings.id, id), eq(filings.status, 'PENDING')))
    .returning({ id: filings.id });
  return rows.length > 0;
}

/** The region condition of an authority's lists: its whole region, or everything without one. */
function regionCondition(prefix: string | null): SQL | undefined {
  return prefix === null ? undefined : sql`${filings.regionCode} like ${`${prefix}%`}`;
}

/** The filings of one state in an authority's region, newest first, by project name, code or number. */
export async function listRegionFilings(
  db: Db,
  where: { status: FilingStatus; regionPrefix: string | null; keyword?: string | undefined },
  page: { offset: number; limit: number },
) {
  const pattern = where.keyword ? containsPattern(where.keyword) : null;
  const filter = and(
    eq(filings.status, where.status),
    regionCondition(where.regionPrefix),
    pattern
      ? or(
          ilike(projects.name, pattern),
          ilike(projects.code, pattern),
          ilike(certificates.certificateNo, pattern),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectFilings(db).where(filter).orderBy(desc(filings.filedAt)).limit(page.limit).offset(page.offset),
    db
      .select({ n: count() })
      .from(filings)
      .innerJoin(projects, eq(projects.id, filings.projectId))
      .innerJoin(certificates, eq(certificates.id, filings.certificateId))
      .where(filter),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The confirmed filings of a region decided in [from, to) (instants), for the national export. */
export async function listConfirmedFilings(
  db: Db,
  where: { regionPrefix: string | null; from: Date; to: Date },
  limit: number,
) {
  return db
    .select({ national: filings.national, decidedAt: filings.decidedAt })
    .from(filings)
    .where(
      and(
        eq(filings.status, 'CONFIRMED'),
        regionCondition(where.regionPrefix),
        sql`${filings.decidedAt} >= ${where.from.toISOString()} and ${filings.decidedAt} < ${where.to.toISOString()}`,
      ),
    )
    .orderBy(filings.decidedAt)
    .limit(limit);
}

/**
 * The supervising authorities an application's filing goes to: those whose region is the
 * application's own, its city's or its province's, the nearest first; an authority without a
 * region (the province-wide platform's own) when no regional one exists.
 */
export async function listRegionAuthorities(db: Db, regionCodes: readonly string[]) {
  return db
    .select({ id: orgs.id, name: orgs.name, regionCode: orgs.regionCode })
    .from(orgs)
    .where(
      and(
        eq(orgs.orgType, 'CONTROL'),
        eq(orgs.enabled, true),
        or(inArray(orgs.regionCode, [...regionCodes]), isNull(orgs.regionCode)),
      ),
    );
}
