import { and, asc, count, eq, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { containsPattern } from '../../db/like-pattern.js';
import { clauses, clauseVersions, standards } from '../../db/schema/clauses.js';

export type StandardRow = typeof standards.$inferSelect;
export type StandardInsert = typeof standards.$inferInsert;
export type ClauseVersionRow = typeof clauseVersions.$inferSelect;

/** A clause version with its clause's number and standard, as every answer shows it. */
export interface ClauseVersionJoined {
  version: ClauseVersionRow;
  number: string;
  standard: StandardRow;
}

/** 'gb 55015-2021' and 'GB55015-2021' are one standard: the key compares without spaces. */
export const codeKeyOf = (code: string) => code.replace(/\s+/g, '').toUpperCase();

/** '2.1.10' after '2.1.9': numbers compare part by part, a letter suffix after its number. */
const byNumber = [
  sql`string_to_array(regexp_replace(${clauses.number}, '[^0-9.]', '', 'g'), '.')::int[]`,
  asc(clauses.number),
];

const joined = { version: clauseVersions, number: clauses.number, standard: standards };

export async function listStandards(db: Db) {
  const counts = db
    .select({ standardId: clauses.standardId, n: count().as('n') })
    .from(clauses)
    .groupBy(clauses.standardId)
    .as('counts');
  return db
    .select({ standard: standards, clauseCount: sql<number>`coalesce(${counts.n}, 0)::int` })
    .from(standards)
    .leftJoin(counts, eq(counts.standardId, standards.id))
    .orderBy(asc(standards.codeKey));
}

export async function findStandard(db: Db, id: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(standards).where(eq(standards.id, id));
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

export async function countClausesOf(db: Db, standardId: string) {
  const [row] = await db.select({ n: count() }).from(clauses).where(eq(clauses.standardId, standardId));
  return row?.n ?? 0;
}

/** Inserts a standard; undefined when its code is taken (the unique key decides, race-free). */
export async function insertStandard(db: Db, values: StandardInsert) {
  const [row] = await db.insert(standards).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateStandard(db: Db, id: string, values: Partial<StandardInsert>) {
  const [row] = await db.update(standards).set(values).where(eq(standards.id, id)).returning();
  return row;
}

export async function findClauseVersion(db: Db, id: string): Promise<ClauseVersionJoined | undefined> {
  const [row] = await db
    .select(joined)
    .from(clauseVersions)
    .innerJoin(clauses, eq(clauses.id, clauseVersions.clauseId))
    .innerJoin(standards, eq(standards.id, clauses.standardId))
    .where(eq(clauseVersions.id, id));
  return row;
}

/** Several clause versions at once (a page of opinions cites up to one each). */
export async function findClauseVersions(db: Db, ids: readonly string[]): Promise<ClauseVersionJoined[]> {
  if (ids.length === 0) return [];
  return db
    .select(joined)
    .from(clauseVersions)
    .innerJoin(clauses, eq(clauses.id, clauseVersions.clauseId))
    .innerJoin(standards, eq(standards.id, clauses.standardId))
    .where(inArray(clauseVersions.id, [...ids]));
}

export interface ClauseSearch {
  /** Each word must match the standard's code, the clause number or a title. */
  words: string[];
  specialty?: string;
  standardId?: string;
  withdrawn: boolean;
  mandatoryOnly?: boolean;
  generalCodesOnly?: boolean;
  page: number;
  size: number;
}

function searchWhere(search: Omit<ClauseSearch, 'page' | 'size'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(clauseVersions.current, true)];
  if (!search.withdrawn) conditions.push(eq(standards.status, 'ACTIVE'));
  if (search.specialty) conditions.push(eq(clauseVersions.specialty, search.specialty));
  if (search.standardId) conditions.push(eq(clauses.standardId, search.standardId));
  if (search.mandatoryOnly) conditions.push(eq(clauseVersions.mandatory, true));
  if (search.generalCodesOnly) conditions.push(eq(standards.kind, 'GENERAL_CODE'));
  for (const word of search.words)
    conditions.push(
      or(
        like(standards.codeKey, containsPattern(codeKeyOf(word))),
        like(clauses.number, `${containsPattern(word).slice(1)}`),
        ilike(clauseVersions.title, containsPattern(word)),
        ilike(clauseVersions.titleEn, containsPattern(word)),
        ilike(standards.name, containsPattern(word)),
      ),
    );
  return and(...conditions);
}

/**
 * Current clause versions matching a search, in standard and clause order. The library is bounded
 * (the general codes hold a few thousand clauses), so the words are matched with LIKE over the
 * current versions, which the partial index on `current` narrows; PGlite has no pg_trgm built in.
 */
export async function searchClauseVersions(db: Db, search: ClauseSearch) {
  const where = searchWhere(search);
  const [rows, [total]] = await Promise.all([
    db
      .select(joined)
      .from(clauseVersions)
      .innerJoin(clauses, eq(clauses.id, clauseVersions.clauseId))
      .innerJoin(standards, eq(standards.id, clauses.standardId))
      .where(where)
      .orderBy(asc(standards.codeKey), ...byNumber)
      .limit(search.size)
      .offset(search.page * search.size),
    db
      .select({ n: count() })
      .from(clauseVersions)
      .innerJoin(clauses, eq(clauses.id, clauseVersions.clauseId))
      .innerJoin(standards, eq(standards.id, clauses.standardId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every version of every clause of a standard, current first within each clause. */
export async function listVersionsOfStandard(db: Db, standardId: string) {
  return db
    .select(joined)
    .from(clauseVersions)
    .innerJoin(clauses, eq(clauses.id, clauseVersions.clauseId))
    .innerJoin(standards, eq(standards.id, clauses.standardId))
    .where(eq(clauses.standardId, standardId))
    .orderBy(...byNumber, sql`${clauseVersions.version} desc`);
}

/** The current version of each clause of a standard, by number. */
export async function currentVersionsOf(db: Db, standardId: string) {
  const rows = await db
    .select({ clauseId: clauses.id, number: clauses.number, version: clauseVersions })
    .from(clauses)
    .leftJoin(clauseVersions, and(eq(clauseVersions.clauseId, clauses.id), eq(clauseVersions.current, true)))
    .where(eq(clauses.standardId, standardId));
  return new Map(rows.map((r) => [r.number, r]));
}

export async function insertClauses(db: Db, rows: { standardId: string; number: string }[]) {
  if (rows.length === 0) return [];
  return db
    .insert(clauses)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: clauses.id, standardId: clauses.standardId, number: clauses.number });
}

export async function retireCurrentVersions(db: Db, clauseIds: string[]) {
  if (clauseIds.length === 0) return;
  await db
    .update(clauseVersions)
    .set({ current: false })
    .where(and(inArray(clauseVersions.clauseId, clauseIds), eq(clauseVersions.current, true)));
}

export async function insertClauseVersions(db: Db, rows: (typeof clauseVersions.$inferInsert)[]) {
  if (rows.length === 0) return;
  await db.insert(clauseVersions).values(rows);
}

/** The standards and clause numbers already in the library among `codeKeys`. */
export async function clauseKeysOf(db: Db, codeKeys: string[]) {
  return db
    .select({
      codeKey: standards.codeKey,
      standardId: standards.id,
      number: clauses.number,
      clauseId: clauses.id,
    })
    .from(standards)
    .leftJoin(clauses, eq(clauses.standardId, standards.id))
    .where(inArray(standards.codeKey, codeKeys));
}

export async function insertStandardsIfAbsent(db: Db, rows: StandardInsert[]) {
  if (rows.length === 0) return;
  await db.insert(standards).values(rows).onConflictDoNothing();
}

/** Newest change of the library (a version added, a standard changed), for the legacy dictionary's version. */
export async function latestClauseChange(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({
      seconds: sql<number | null>`extract(epoch from greatest(
      (select max(${clauseVersions.createdAt}) from ${clauseVersions}),
      (select max(${standards.updatedAt}) from ${standards})))::float8`,
    })
    .from(sql`(select 1) as one`);
  return row?.seconds == null ? null : new Date(Number(row.seconds) * 1000);
}
