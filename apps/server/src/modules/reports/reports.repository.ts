import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.js';
import { accounts } from '../../db/schema/accounts.js';
import { buildings } from '../../db/schema/buildings.js';
import { clauses, clauseVersions, standards } from '../../db/schema/clauses.js';
import { docFiles } from '../../db/schema/doc-repository.js';
import { opinions } from '../../db/schema/opinions.js';
import { orgs } from '../../db/schema/orgs.js';
import { projects } from '../../db/schema/projects.js';
import { opinionReports } from '../../db/schema/reports.js';

/* Opinion reports (issue 20): one row per round and agency, and what a report is compiled from. */

export type ReportRow = typeof opinionReports.$inferSelect;
export type ReportInsert = typeof opinionReports.$inferInsert;

const compiler = alias(accounts, 'compiler');
const forwarder = alias(accounts, 'forwarder');

function selectReports(db: Db) {
  return db
    .select({ report: opinionReports, compiledByName: compiler.name, forwardedByName: forwarder.name })
    .from(opinionReports)
    .innerJoin(compiler, eq(compiler.id, opinionReports.compiledBy))
    .leftJoin(forwarder, eq(forwarder.id, opinionReports.forwardedBy))
    .$dynamic();
}
export type ReportWithNames = Awaited<ReturnType<typeof findReport>> & {};

/** The application's reports, newest round first; `forwardedOnly` for the units and authorities. */
export async function listReports(
  db: Db,
  where: { projectId: string; forwardedOnly: boolean },
  page: { offset: number; limit: number },
) {
  const filter = and(
    eq(opinionReports.projectId, where.projectId),
    where.forwardedOnly ? eq(opinionReports.status, 'FORWARDED') : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectReports(db)
      .where(filter)
      .orderBy(desc(opinionReports.round), asc(opinionReports.reportNo))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(opinionReports).where(filter),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findReport(db: Db, projectId: string, id: string, options: { lock?: boolean } = {}) {
  const query = selectReports(db).where(
    and(eq(opinionReports.id, id), eq(opinionReports.projectId, projectId)),
  );
  const [row] = options.lock ? await query.for('update', { of: opinionReports }) : await query;
  return row ?? null;
}

/** The report of a round and agency, held for a change when `lock`. */
export async function findReportOfRound(
  db: Db,
  versionId: string,
  censorOrgId: string,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(opinionReports)
    .where(and(eq(opinionReports.versionId, versionId), eq(opinionReports.censorOrgId, censorOrgId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findReportById(db: Db, id: string) {
  const [row] = await db.select().from(opinionReports).where(eq(opinionReports.id, id));
  return row ?? null;
}

/** A first compilation, unless another director's came first (the unique index): then null. */
export async function insertReport(db: Db, row: ReportInsert) {
  const [inserted] = await db.insert(opinionReports).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function updateReport(db: Db, id: string, patch: Partial<ReportInsert>) {
  await db.update(opinionReports).set(patch).where(eq(opinionReports.id, id));
}

/**
 * Stores a build's result if the report is still at that build and compiling: a build of an
 * older compilation, or one after the report was compiled again, changes nothing. Answers whether
 * it was stored.
 */
export async function finishReportBuild(
  db: Db,
  id: string,
  build: number,
  patch: Pick<
    ReportInsert,
    'status' | 'fileKey' | 'fileSize' | 'filePages' | 'fileSha256' | 'failure' | 'updatedAt'
  >,
) {
  const rows = await db
    .update(opinionReports)
    .set(patch)
    .where(
      and(eq(opinionReports.id, id), eq(opinionReports.build, build), eq(opinionReports.status, 'COMPILING')),
    )
    .returning({ id: opinionReports.id });
  return rows.length > 0;
}

/** The round's opinions as the report prints them: by building, specialty and number. */
export async function listOpinionsForReport(db: Db, versionId: string, censorOrgId: string) {
  return db
    .select({
      buildingName: buildings.name,
      buildingSeq: buildings.seq,
      specialty: opinions.specialty,
      kind: opinions.kind,
      opinionType: opinions.opinionType,
      mandatory: opinions.mandatory,
      text: opinions.text,
      fileName: docFiles.name,
      standardCode: standards.code,
      clauseNumber: clauses.number,
    })
    .from(opinions)
    .innerJoin(buildings, eq(buildings.id, opinions.buildingId))
    .leftJoin(docFiles, eq(docFiles.id, opinions.fileId))
    .leftJoin(clauseVersions, eq(clauseVersions.id, opinions.clauseVersionId))
    .leftJoin(clauses, eq(clauses.id, clauseVersions.clauseId))
    .leftJoin(standards, eq(standards.id, clauses.standardId))
    .where(
      and(
        eq(opinions.versionId, versionId),
        eq(opinions.censorOrgId, censorOrgId),
        // A mission is accepted only without drafts; this keeps a stray one out all the same.
        ne(opinions.status, 'DRAFT'),
      ),
    )
    .orderBy(asc(buildings.seq), asc(buildings.name), asc(opinions.specialty), asc(opinions.number));
}

/** The units a report names, with their 统一社会信用代码. */
export async function listOrgCodes(db: Db, orgIds: readonly string[]) {
  if (orgIds.length === 0) return new Map<string, string | null>();
  const rows = await db
    .select({ id: orgs.id, creditCode: orgs.creditCode })
    .from(orgs)
    .where(inArray(orgs.id, orgIds));
  return new Map(rows.map((r) => [r.id, r.creditCode]));
}

/** The confirmed buildings with their floor areas, in their order. */
export async function listBuildingsForReport(db: Db, projectId: string) {
  return db
    .select({ name: buildings.name, area: buildings.floorArea })
    .from(buildings)
    .where(and(eq(buildings.projectId, projectId), eq(buildings.status, 'CONFIRMED')))
    .orderBy(asc(buildings.seq));
}

/** The public check: a report by its number, with the application's and agency's names. */
export async function findReportByNo(db: Db, reportNo: string) {
  const [row] = await db
    .select({ report: opinionReports, projectName: projects.name, agencyName: orgs.name })
    .from(opinionReports)
    .innerJoin(projects, eq(projects.id, opinionReports.projectId))
    .innerJoin(orgs, eq(orgs.id, opinionReports.censorOrgId))
    .where(eq(opinionReports.reportNo, reportNo));
  return row ?? null;
}

/**
 * A later round's decisions on the opinions carried into it (issue 20), with each opinion's
 * origin and the answer sent with this round's version; in building and specialty order.
 */
export async function listCarriedForReport(db: Db, versionId: string) {
  const result: unknown = await db.execute(sql`
    select o.building_name as "buildingName", b.seq as "buildingSeq", o.specialty, o.mandatory, o.opinion_type as "opinionType",
      o.text, o.number, ov.number as "round", d.decision, d.remark,
      (select a.text from opinion_answers a where a.opinion_id = o.id and a.version_id = ${versionId}) as "answer"
    from opinion_decisions d
    join opinions o on o.id = d.opinion_id
    join doc_versions ov on ov.id = o.version_id
    join buildings b on b.id = o.building_id
    where d.version_id = ${versionId}
    order by b.seq, o.building_name, o.specialty, ov.number, o.number`);
  return (
    result as {
      rows: {
        buildingName: string;
        buildingSeq: number;
        specialty: string;
        mandatory: boolean;
        opinionType: string;
        text: string;
        number: number;
        round: number;
        decision: 'CLOSE' | 'KEEP' | 'REOPEN';
        remark: string;
        answer: string | null;
      }[];
    }
  ).rows;
}

/** An issued (forwarded) report whose current file has this SHA-256: a presented copy is genuine. */
export async function findReportBySha256(db: Db, sha256: string) {
  const [row] = await db
    .select({ reportNo: opinionReports.reportNo, projectName: projects.name })
    .from(opinionReports)
    .innerJoin(projects, eq(projects.id, opinionReports.projectId))
    .where(and(eq(opinionReports.fileSha256, sha256), eq(opinionReports.status, 'FORWARDED')));
  return row ?? null;
}
