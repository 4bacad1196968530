import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AnswerFilter, OpinionKind } from '@drp/domain';
import type { Db } from '../../db/database.js';
import { containsPattern } from '../../db/like-pattern.js';
import { accounts } from '../../db/schema/accounts.js';
import { opinionAnswers, opinionDecisions } from '../../db/schema/answers.js';
import { clauses, clauseVersions, standards } from '../../db/schema/clauses.js';
import { docFiles, docVersionCommits, docVersions } from '../../db/schema/doc-repository.js';
import { markups } from '../../db/schema/markups.js';
import { missions } from '../../db/schema/missions.js';
import { opinions } from '../../db/schema/opinions.js';
import { orgs } from '../../db/schema/orgs.js';
import { docSheets } from '../../db/schema/sheets.js';

/*
 * Answers to issued opinions and the later rounds' decisions on them (issue 20). An opinion is
 * issued (its `state` set, its unit fixed) when its round's report is forwarded; the answers go
 * into the next version; the decisions of a round become the opinions' state when that round's
 * report is forwarded in turn.
 */

export type AnswerRow = typeof opinionAnswers.$inferSelect;
export type DecisionRow = typeof opinionDecisions.$inferSelect;

const originVersion = alias(docVersions, 'origin_version');
const unitOrg = alias(orgs, 'unit_org');
const reviewer = alias(accounts, 'reviewer');

/** An issued opinion with the names its answer shows. */
function selectIssued(db: Db) {
  return db
    .select({
      opinion: opinions,
      round: originVersion.number,
      fileName: docFiles.name,
      folderId: docFiles.folderId,
      markupPoints: markups.points,
      unitName: unitOrg.name,
      reviewerName: reviewer.name,
      standardCode: standards.code,
      clauseNumber: clauses.number,
      clauseTitle: clauseVersions.title,
      clauseText: clauseVersions.text,
    })
    .from(opinions)
    .innerJoin(originVersion, eq(originVersion.id, opinions.versionId))
    .innerJoin(reviewer, eq(reviewer.id, opinions.reviewerAccountId))
    .leftJoin(unitOrg, eq(unitOrg.id, opinions.answerOrgId))
    .leftJoin(docFiles, eq(docFiles.id, opinions.fileId))
    .leftJoin(markups, eq(markups.id, opinions.markupId))
    .leftJoin(clauseVersions, eq(clauseVersions.id, opinions.clauseVersionId))
    .leftJoin(clauses, eq(clauses.id, clauseVersions.clauseId))
    .leftJoin(standards, eq(standards.id, clauses.standardId))
    .$dynamic();
}
export type IssuedOpinion = Awaited<ReturnType<typeof findIssuedOpinion>> & {};

/** One issued opinion of the application; `lock` holds its row for an answer or a decision. */
export async function findIssuedOpinion(
  db: Db,
  projectId: string,
  id: string,
  options: { lock?: boolean } = {},
) {
  const query = selectIssued(db).where(
    and(eq(opinions.id, id), eq(opinions.projectId, projectId), isNotNull(opinions.state)),
  );
  const [row] = options.lock ? await query.for('update', { of: opinions }) : await query;
  return row ?? null;
}

export interface AnswerListWhere {
  projectId: string;
  kinds: readonly OpinionKind[];
  /** The version answers go with; filters on whether an answer exists there. */
  roundVersionId: string | null;
  filter?: AnswerFilter;
  buildingId?: string;
  specialty?: string;
  keyword?: string;
  /** The caller's unit: its opinions come first. */
  orgId: string;
  /** Count only answers the construction unit has sent (what the agency and authorities see). */
  sentOnly: boolean;
}

/** An answer of the round exists (and was sent, for readers who see sent answers only). */
const answeredIn = (w: AnswerListWhere) =>
  w.roundVersionId
    ? sql`exists (select 1 from ${opinionAnswers} a where a.opinion_id = ${opinions.id} and a.version_id = ${w.roundVersionId}${w.sentOnly ? sql` and a.sent_at is not null` : sql``})`
    : sql`false`;

function listConditions(w: AnswerListWhere): SQL {
  const answered = answeredIn(w);
  const keyword = w.keyword ? containsPattern(w.keyword) : undefined;
  return and(
    eq(opinions.projectId, w.projectId),
    isNotNull(opinions.state),
    inArray(opinions.kind, [...w.kinds]),
    w.buildingId ? eq(opinions.buildingId, w.buildingId) : undefined,
    w.specialty ? eq(opinions.specialty, w.specialty) : undefined,
    w.filter === 'CLOSED' ? eq(opinions.state, 'CLOSED') : undefined,
    w.filter === 'ANSWERED' ? and(eq(opinions.state, 'OPEN'), answered) : undefined,
    w.filter === 'UNANSWERED' ? and(eq(opinions.state, 'OPEN'), sql`not ${answered}`) : undefined,
    keyword
      ? or(
          ilike(opinions.text, keyword),
          w.roundVersionId
            ? sql`exists (select 1 from ${opinionAnswers} a where a.opinion_id = ${opinions.id} and a.version_id = ${w.roundVersionId} and a.text ilike ${keyword})`
            : undefined,
        )
      : undefined,
  )!;
}

/**
 * A page of the list: the caller's unit's opinions first, open before closed, then by round,
 * building, specialty and number; with counts over the whole list.
 */
export async function listIssuedOpinions(
  db: Db,
  w: AnswerListWhere,
  page: { offset: number; limit: number },
) {
  const where = listConditions(w);
  const answered = answeredIn(w);
  const [rows, [counts]] = await Promise.all([
    selectIssued(db)
      .where(where)
      .orderBy(
        desc(sql`${opinions.answerOrgId} = ${w.orgId}`),
        asc(opinions.state),
        asc(originVersion.number),
        asc(opinions.buildingName),
        asc(opinions.specialty),
        asc(opinions.number),
      )
      .offset(page.offset)
      .limit(page.limit),
    db
      .select({
        total: count(),
        open: sql<number>`count(*) filter (where ${opinions.state} = 'OPEN')`.mapWith(Number),
        closed: sql<number>`count(*) filter (where ${opinions.state} = 'CLOSED')`.mapWith(Number),
        answered: sql<number>`count(*) filter (where ${opinions.state} = 'OPEN' and ${answered})`.mapWith(
          Number,
        ),
        mineUnanswered:
          sql<number>`count(*) filter (where ${opinions.state} = 'OPEN' and ${opinions.answerOrgId} = ${w.orgId} and not ${answered})`.mapWith(
            Number,
          ),
      })
      .from(opinions)
      .where(where),
  ]);
  return { rows, counts: counts! };
}

/** The answers of these opinions, every round's, with who answered and the sheet they name. */
export async function listAnswersOf(db: Db, opinionIds: readonly string[]) {
  if (opinionIds.length === 0) return [];
  return db
    .select({
      answer: opinionAnswers,
      round: docVersions.number,
      answeredByName: accounts.name,
      fileName: docFiles.name,
      folderId: docFiles.folderId,
    })
    .from(opinionAnswers)
    .innerJoin(docVersions, eq(docVersions.id, opinionAnswers.versionId))
    .innerJoin(accounts, eq(accounts.id, opinionAnswers.answeredBy))
    .leftJoin(docFiles, eq(docFiles.id, opinionAnswers.fileId))
    .where(inArray(opinionAnswers.opinionId, [...opinionIds]))
    .orderBy(asc(docVersions.number));
}

/** The decisions on these opinions, every round's, with who made them. */
export async function listDecisionsOf(db: Db, opinionIds: readonly string[]) {
  if (opinionIds.length === 0) return [];
  return db
    .select({ decision: opinionDecisions, round: docVersions.number, byName: accounts.name })
    .from(opinionDecisions)
    .innerJoin(docVersions, eq(docVersions.id, opinionDecisions.versionId))
    .innerJoin(accounts, eq(accounts.id, opinionDecisions.byAccountId))
    .where(inArray(opinionDecisions.opinionId, [...opinionIds]))
    .orderBy(asc(docVersions.number));
}

export async function findAnswer(db: Db, opinionId: string, versionId: string) {
  const [row] = await db
    .select()
    .from(opinionAnswers)
    .where(and(eq(opinionAnswers.opinionId, opinionId), eq(opinionAnswers.versionId, versionId)));
  return row ?? null;
}

/** Inserts an answer; null when one exists already (the unique index decides a race). */
export async function insertAnswer(db: Db, row: typeof opinionAnswers.$inferInsert) {
  const [inserted] = await db.insert(opinionAnswers).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function updateAnswer(db: Db, id: string, patch: Partial<typeof opinionAnswers.$inferInsert>) {
  await db.update(opinionAnswers).set(patch).where(eq(opinionAnswers.id, id));
}

/** A file of the version, with its prepared pages (when ready), to check what an answer names. */
export async function findVersionFile(db: Db, versionId: string, fileId: string) {
  const [row] = await db
    .select({ file: docFiles, pages: docSheets.pages, sheetState: docSheets.state })
    .from(docFiles)
    .leftJoin(docSheets, eq(docSheets.fileId, docFiles.id))
    .where(and(eq(docFiles.id, fileId), eq(docFiles.versionId, versionId)));
  return row ?? null;
}

export async function isCommitted(db: Db, versionId: string, orgId: string, category: string) {
  const [row] = await db
    .select({ orgId: docVersionCommits.orgId })
    .from(docVersionCommits)
    .where(
      and(
        eq(docVersionCommits.versionId, versionId),
        eq(docVersionCommits.orgId, orgId),
        eq(docVersionCommits.category, category as 'DESIGN' | 'SURVEY'),
      ),
    );
  return !!row;
}

/** The application's latest version: where answers go while it is a later round's. */
export async function findLatestVersion(db: Db, projectId: string) {
  const [row] = await db
    .select()
    .from(docVersions)
    .where(and(eq(docVersions.projectId, projectId), eq(docVersions.latest, true)));
  return row ?? null;
}

// ---- issuing a round ----

/**
 * The round's own opinions become OPEN, each addressed to one unit: the design (for a survey
 * opinion, the survey) unit that filed its sheet, else the one the building's design info names
 * for its specialty, else the building's first unit of that part.
 */
export async function issueRoundOpinions(db: Db, versionId: string, at: Date) {
  await db.execute(sql`
    update opinions o set state = 'OPEN', updated_at = ${at}, answer_org_id = coalesce(
      (select f.org_id from doc_files f
        join building_units bu on bu.org_id = f.org_id and bu.building_id = o.building_id
          and bu.role = case when o.kind = 'SURVEY' then 'SURVEY' else 'DESIGN' end
        where f.id = o.file_id),
      (case when o.kind <> 'SURVEY' then
        (select d.org_id from building_design_infos d
          where d.building_id = o.building_id and d.specialty = o.specialty order by d.seq limit 1) end),
      (select bu.org_id from building_units bu where bu.building_id = o.building_id
        and bu.role = case when o.kind = 'SURVEY' then 'SURVEY' else 'DESIGN' end order by bu.org_id limit 1))
    where o.version_id = ${versionId} and o.state is null and o.status <> 'DRAFT'`);
}

/** The round's decisions become their opinions' state, final from now on. */
export async function issueRoundDecisions(db: Db, versionId: string) {
  await db.execute(sql`
    update opinions o set state = case when d.decision = 'CLOSE' then 'CLOSED' else 'OPEN' end
    from opinion_decisions d where d.opinion_id = o.id and d.version_id = ${versionId}`);
  await db.update(opinionDecisions).set({ issued: true }).where(eq(opinionDecisions.versionId, versionId));
}

/** The units with open opinions to answer: they hand over the next version themselves. */
export async function listAnsweringUnits(db: Db, projectId: string) {
  const rows = await db
    .selectDistinct({ orgId: opinions.answerOrgId })
    .from(opinions)
    .where(
      and(eq(opinions.projectId, projectId), eq(opinions.state, 'OPEN'), isNotNull(opinions.answerOrgId)),
    );
  return new Set(rows.map((r) => r.orgId!));
}

/** Open opinions without an answer in the version (of one unit, when given). */
export async function countUnanswered(db: Db, projectId: string, versionId: string, orgId?: string) {
  const [row] = await db
    .select({ n: count() })
    .from(opinions)
    .leftJoin(
      opinionAnswers,
      and(eq(opinionAnswers.opinionId, opinions.id), eq(opinionAnswers.versionId, versionId)),
    )
    .where(
      and(
        eq(opinions.projectId, projectId),
        eq(opinions.state, 'OPEN'),
        orgId ? eq(opinions.answerOrgId, orgId) : undefined,
        isNull(opinionAnswers.id),
      ),
    );
  return row?.n ?? 0;
}

/** Answers of the version that named a sheet since deleted from it, with their opinions' numbers. */
export async function listAnswersWithSheetGone(db: Db, versionId: string, orgId?: string) {
  return db
    .select({ buildingName: opinions.buildingName, specialty: opinions.specialty, number: opinions.number })
    .from(opinionAnswers)
    .innerJoin(opinions, eq(opinions.id, opinionAnswers.opinionId))
    .where(
      and(
        eq(opinionAnswers.versionId, versionId),
        orgId ? eq(opinionAnswers.orgId, orgId) : undefined,
        eq(opinionAnswers.namesSheet, true),
        isNull(opinionAnswers.fileId),
      ),
    );
}

export async function markAnswersSent(db: Db, versionId: string, at: Date) {
  await db
    .update(opinionAnswers)
    .set({ sentAt: at })
    .where(and(eq(opinionAnswers.versionId, versionId), isNull(opinionAnswers.sentAt)));
}

// ---- decisions ----

/** The caller's mission of the round on one building × specialty. */
export async function findRoundMission(
  db: Db,
  where: { versionId: string; buildingId: string; specialty: string },
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(missions)
    .where(
      and(
        eq(missions.versionId, where.versionId),
        eq(missions.buildingId, where.buildingId),
        eq(missions.specialty, where.specialty),
      ),
    );
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The caller's open missions of the round: where they decide carried opinions. */
export async function listMissionsOfReviewer(db: Db, versionId: string, accountId: string) {
  return db
    .select()
    .from(missions)
    .where(
      and(
        eq(missions.versionId, versionId),
        eq(missions.reviewerAccountId, accountId),
        ne(missions.status, 'DONE'),
      ),
    );
}

export async function findDecision(db: Db, opinionId: string, versionId: string) {
  const [row] = await db
    .select()
    .from(opinionDecisions)
    .where(and(eq(opinionDecisions.opinionId, opinionId), eq(opinionDecisions.versionId, versionId)));
  return row ?? null;
}

/** Records or replaces the round's decision on an opinion (not yet issued). */
export async function upsertDecision(db: Db, row: typeof opinionDecisions.$inferInsert) {
  await db
    .insert(opinionDecisions)
    .values(row)
    .onConflictDoUpdate({
      target: [opinionDecisions.opinionId, opinionDecisions.versionId],
      set: {
        missionId: row.missionId,
        decision: row.decision,
        remark: row.remark ?? '',
        byAccountId: row.byAccountId,
        at: row.at,
      },
    });
}

export async function deleteDecision(db: Db, opinionId: string, versionId: string) {
  await db
    .delete(opinionDecisions)
    .where(
      and(
        eq(opinionDecisions.opinionId, opinionId),
        eq(opinionDecisions.versionId, versionId),
        eq(opinionDecisions.issued, false),
      ),
    );
}

/** The answers sent with (or being prepared for) a version, of some opinion kinds, in list order. */
export async function listAnswersForLetter(
  db: Db,
  where: { projectId: string; versionId: string; kinds: readonly OpinionKind[]; sentOnly: boolean },
) {
  return db
    .select({
      answer: opinionAnswers,
      opinion: opinions,
      round: originVersion.number,
      fileName: docFiles.name,
      unitName: unitOrg.name,
      answeredByName: accounts.name,
    })
    .from(opinionAnswers)
    .innerJoin(opinions, eq(opinions.id, opinionAnswers.opinionId))
    .innerJoin(originVersion, eq(originVersion.id, opinions.versionId))
    .innerJoin(accounts, eq(accounts.id, opinionAnswers.answeredBy))
    .leftJoin(unitOrg, eq(unitOrg.id, opinionAnswers.orgId))
    .leftJoin(docFiles, eq(docFiles.id, opinionAnswers.fileId))
    .where(
      and(
        eq(opinions.projectId, where.projectId),
        eq(opinionAnswers.versionId, where.versionId),
        inArray(opinions.kind, [...where.kinds]),
        where.sentOnly ? isNotNull(opinionAnswers.sentAt) : undefined,
      ),
    )
    .orderBy(
      asc(opinions.buildingName),
      asc(opinions.specialty),
      asc(originVersion.number),
      asc(opinions.number),
    );
}

export async function findVersionOf(db: Db, projectId: string, versionId: string) {
  const [row] = await db
    .select()
    .from(docVersions)
    .where(and(eq(docVersions.id, versionId), eq(docVersions.projectId, projectId)));
  return row ?? null;
}
