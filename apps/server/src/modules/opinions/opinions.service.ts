import {
  ENERGY_SPECIALTY,
  MANDATORY_OPINION_TYPE,
  MISSION_STATUSES,
  OPINION_LIMITS,
  decides,
  opinionKindOf,
  type ClauseVersionWithStandard,
  type Opinion,
  type OpinionDetail,
  type OpinionFacts,
  type OpinionPage,
  type OpinionPhrase,
  type OpinionPhraseList,
  type OpinionStatus,
  type PrincipalMember,
  type opinionListQuery,
  type opinionPhraseWriteRequest,
  type opinionWriteRequest,
} from '@drp/domain';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../db/database.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import {
  assertClauseUsable,
  findClauseVersion,
  findClauseVersionsByIds,
} from '../clauses/clauses.service.js';
import { findMarkup } from '../markups/markups.repository.js';
import { findCurrentRound, findMission, type MissionRow } from '../missions/missions.repository.js';
import { applyMissionStep, chinaDay, missionFacts } from '../missions/missions.service.js';
import { reviewListKey } from '../missions/review-list-cache.js';
import { openProject, projectActor, type OpenProject } from '../project-access/project-access.service.js';
import {
  countOpinions,
  countPhrases,
  deleteOpinion,
  deletePhrase,
  findFileOfVersion,
  findOpinion,
  findPhrase,
  insertOpinion,
  insertOpinionEvent,
  insertPhrase,
  listOpenMissionsOf,
  listOpinionEvents,
  listOpinions as listOpinionRows,
  listPhrases,
  nextNumber,
  updateOpinion,
  updatePhrase,
  type OpinionRow,
  type OpinionWithNames,
  type PhraseRow,
} from './opinions.repository.js';

/**
 * Review opinions (issue 19): the reviewer records them under their mission while it is open
 * (drafts stay theirs alone), the checker or a director edits them (the text before is kept) or
 * returns one while the mission waits for the check, which sends the mission back (the missions
 * module's own return step); once the mission is accepted its opinions are final. Who may do what
 * is PROJECT_POLICY's `opinion.write` / `opinion.check`, read with the mission's facts.
 *
 * One call returns one opinion: the mission leaves SUBMITTED with it, so a checker who has more
 * to send back writes them in the same reason, or returns the next one after the reviewer
 * submits again.
 */

export interface OpinionCaller {
  member: PrincipalMember;
  accountId: string;
  projectId: string;
}

type WriteRequest = z.output<typeof opinionWriteRequest>;
type ListQuery = z.output<typeof opinionListQuery>;

const person = (accountId: string, name: string) => ({ accountId, name });

function factsOf(
  row: Pick<OpinionWithNames, 'missionStatus' | 'missionReviewerAccountId' | 'missionCheckerAccountId'>,
  status: OpinionStatus | null,
  accountId: string,
): OpinionFacts {
  return {
    mission: {
      status: row.missionStatus,
      reviewer: row.missionReviewerAccountId === accountId,
      checker: row.missionCheckerAccountId === accountId,
    },
    status,
  };
}

/** A draft is its reviewer's alone: the author, or the mission's reviewer now. */
const seesDraft = (row: OpinionWithNames, accountId: string) =>
  row.opinion.status !== 'DRAFT' ||
  row.opinion.reviewerAccountId === accountId ||
  row.missionReviewerAccountId === accountId;

function toOpinion(
  open: OpenProject,
  accountId: string,
  row: OpinionWithNames,
  clause: ClauseVersionWithStandard | null,
): Opinion {
  const o = row.opinion;
  const facts = factsOf(row, o.status, accountId);
  const write = open.can('opinion.write', facts);
  const check = open.can('opinion.check', facts);
  return {
    id: o.id,
    projectId: o.projectId,
    versionId: o.versionId,
    missionId: o.missionId,
    missionStatus: row.missionStatus,
    kind: o.kind,
    number: o.number,
    buildingId: o.buildingId,
    buildingName: row.buildingName,
    specialty: o.specialty,
    opinionType: o.opinionType,
    energyKey: o.energyKey,
    clause,
    mandatory: o.mandatory,
    text: o.text,
    sheet:
      o.fileId !== null && row.fileName !== null && row.folderId !== null
        ? {
            fileId: o.fileId,
            fileName: row.fileName,
            folderId: row.folderId,
            page: o.page ?? 0,
            markupId: o.markupId,
          }
        : null,
    status: o.status,
    returnReason: o.status === 'RETURNED' ? o.returnReason : null,
    reviewer: person(o.reviewerAccountId, row.reviewerName),
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    can: { edit: write || check, delete: write, return: check },
  };
}

/**
 * The list of one kind for the round under review, with the caller's open missions of that kind;
 * kept for the caller's next visit while nothing in it changes (review-list-cache.ts).
 */
export async function listOpinions(
  ctx: AppContext,
  caller: OpinionCaller & { query: ListQuery },
): Promise<OpinionPage> {
  const key = reviewListKey(
    caller.member,
    caller.accountId,
    caller.projectId,
    chinaDay(ctx.clock()),
    caller.query,
  );
  return ctx.reviewLists.opinions.through(
    key,
    () => ctx.clock().getTime(),
    () => readOpinions(ctx, caller),
  );
}

async function readOpinions(
  ctx: AppContext,
  caller: OpinionCaller & { query: ListQuery },
): Promise<OpinionPage> {
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'opinions.view' });
  const round = await findCurrentRound(ctx.db, open.project.id);
  if (!round) return { items: [], total: 0, mandatoryCount: 0, round: null, writableMissions: [] };
  const q = caller.query;
  const filter = {
    versionId: round.id,
    censorOrgId: open.member.orgId,
    kind: q.kind,
    viewerAccountId: caller.accountId,
    buildingId: q.buildingId,
    specialty: q.specialty,
    status: q.status,
    mandatoryOnly: q.mandatoryOnly,
    missionId: q.missionId,
    keyword: q.keyword || undefined,
  };
  const [rows, counts, missions] = await Promise.all([
    listOpinionRows(ctx.db, filter, { offset: (q.page - 1) * q.pageSize, limit: q.pageSize }),
    countOpinions(ctx.db, filter),
    listOpenMissionsOf(ctx.db, round.id, open.member.orgId, caller.accountId),
  ]);
  const clauses = await findClauseVersionsByIds(
    ctx.db,
    rows.flatMap((r) => (r.opinion.clauseVersionId ? [r.opinion.clauseVersionId] : [])),
  );
  return {
    items: rows.map((r) =>
      toOpinion(
        open,
        caller.accountId,
        r,
        r.opinion.clauseVersionId ? (clauses.get(r.opinion.clauseVersionId) ?? null) : null,
      ),
    ),
    total: counts.total,
    mandatoryCount: counts.mandatory,
    round: { versionId: round.id, number: round.number },
    writableMissions: missions
      .filter((m) => opinionKindOf(m.specialty) === q.kind)
      .map((m) => ({
        id: m.id,
        buildingId: m.buildingId,
        buildingName: m.buildingName,
        specialty: m.specialty,
      })),
  };
}

/** The opinion the caller may read: the agency's, of this application; a draft only its reviewer's. */
async function readable(db: Db, open: OpenProject, accountId: string, id: string, lock = false) {
  const row = await findOpinion(
    db,
    { projectId: open.project.id, censorOrgId: open.member.orgId, id },
    { lock },
  );
  if (!row || !seesDraft(row, accountId)) throw new AppError('NOT_FOUND');
  return row;
}

async function answerOf(db: Db, open: OpenProject, accountId: string, id: string): Promise<Opinion> {
  const row = await readable(db, open, accountId, id);
  const clause = row.opinion.clauseVersionId
    ? await findClauseVersion(db, row.opinion.clauseVersionId)
    : undefined;
  return toOpinion(open, accountId, row, clause ?? null);
}

export async function opinionDetail(
  ctx: AppContext,
  caller: OpinionCaller & { id: string },
): Promise<OpinionDetail> {
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'opinions.view' });
  const opinion = await answerOf(ctx.db, open, caller.accountId, caller.id);
  const events = await listOpinionEvents(ctx.db, caller.id);
  return {
    ...opinion,
    history: events.map(({ event: e, byName }) => ({
      event: e.event,
      at: e.at.toISOString(),
      by: e.byAccountId && byName !== null ? person(e.byAccountId, byName) : null,
      previousText: e.previousText,
      reason: e.reason,
    })),
  };
}

/** The mission a write names, held for the change: this application's and this agency's, or refused. */
async function missionWithName(tx: Db, open: OpenProject, missionId: string) {
  const found = await findMission(tx, open.project.id, missionId, { lock: true });
  if (!found || found.mission.censorOrgId !== open.member.orgId)
    throw new AppError('OPINION_MISSION_UNKNOWN');
  return { mission: found.mission, buildingName: found.buildingName };
}

const missionFor = async (tx: Db, open: OpenProject, missionId: string): Promise<MissionRow> =>
  (await missionWithName(tx, open, missionId)).mission;

const statusParam = (mission: MissionRow) => ({ status: MISSION_STATUSES[mission.status] });

/**
 * The request checked against the mission and the data it names, as the columns it sets. `before`:
 * the opinion as stored, whose clause and markup stay acceptable as they were (a standard withdrawn
 * since, a markup the checker does not see) as long as the write keeps them.
 */
async function checkedColumns(
  ctx: AppContext,
  tx: Db,
  input: {
    open: OpenProject;
    accountId: string;
    mission: MissionRow;
    request: WriteRequest;
    before?: OpinionRow;
  },
) {
  const { open, accountId, mission, request, before } = input;
  if (!ctx.dictionaries.opinionType.items.some((i) => i.code === request.opinionType))
    throw new AppError('OPINION_TYPE_UNKNOWN', { code: request.opinionType });
  const energy = mission.specialty === ENERGY_SPECIALTY;
  const energyKey = request.energyKey ?? null;
  if (energy && energyKey === null) throw new AppError('OPINION_ENERGY_KEY_REQUIRED');
  if (!energy && energyKey !== null) throw new AppError('OPINION_ENERGY_KEY_NOT_ENERGY');
  const clauseVersionId = request.clauseVersionId ?? null;
  let clause: ClauseVersionWithStandard | null = null;
  if (clauseVersionId !== null) {
    const found = await findClauseVersion(tx, clauseVersionId);
    if (!found) throw new AppError('OPINION_CLAUSE_UNKNOWN');
    clause =
      clauseVersionId === before?.clauseVersionId ? found : await assertClauseUsable(tx, clauseVersionId);
  }
  if (request.opinionType === MANDATORY_OPINION_TYPE || energyKey === 'VIOLATE_MANDATORY_STANDARD') {
    if (!clause) throw new AppError('OPINION_CLAUSE_REQUIRED');
    if (!clause.mandatory)
      throw new AppError('OPINION_CLAUSE_NOT_MANDATORY', {
        code: clause.standard.code,
        number: clause.number,
      });
  }
  let sheet = { fileId: null as string | null, page: null as number | null, markupId: null as string | null };
  if (request.sheet) {
    const file = await findFileOfVersion(tx, request.sheet.fileId, mission.versionId);
    if (!file) throw new AppError('OPINION_SHEET_NOT_IN_ROUND');
    // The page count is known once the sheet is prepared; before that the page is taken as given.
    if (file.sheetState === 'READY' && request.sheet.page >= file.pageCount)
      throw new AppError('OPINION_SHEET_PAGE_OUT_OF_RANGE', {
        name: file.name,
        pages: file.pageCount,
        page: request.sheet.page + 1,
      });
    const markupId = request.sheet.markupId ?? null;
    if (markupId !== null && markupId !== before?.markupId) {
      const markup = await findMarkup(tx, open.project.id, markupId);
      const visible = markup && (markup.layer === 'PUBLISHED' || markup.authorAccountId === accountId);
      if (!visible || markup.fileId !== file.id || markup.page !== request.sheet.page)
        throw new AppError('OPINION_MARKUP_NOT_ON_SHEET');
    }
    sheet = { fileId: file.id, page: request.sheet.page, markupId };
  }
  return {
    opinionType: request.opinionType,
    energyKey,
    clauseVersionId,
    mandatory: clause?.mandatory ?? false,
    text: request.text,
    ...sheet,
  };
}

/** Records an opinion (or keeps a draft) under the caller's open mission; numbered within it. */
export async function createOpinion(
  ctx: AppContext,
  caller: OpinionCaller & { request: WriteRequest },
): Promise<Opinion> {
  const id = await inTransaction(ctx.db, async (tx) => {
    const open = await openProject(tx, caller.member, caller.projectId, { action: 'opinions.view' });
    const { mission, buildingName } = await missionWithName(tx, open, caller.request.missionId);
    open.require(
      'opinion.write',
      { mission: missionFacts(mission, caller.accountId), status: null },
      statusParam(mission),
    );
    const columns = await checkedColumns(ctx, tx, {
      open,
      accountId: caller.accountId,
      mission,
      request: caller.request,
    });
    const at = ctx.clock();
    const row = await insertOpinion(tx, {
      ...columns,
      projectId: mission.projectId,
      versionId: mission.versionId,
      missionId: mission.id,
      censorOrgId: mission.censorOrgId,
      buildingId: mission.buildingId,
      buildingName,
      specialty: mission.specialty,
      kind: opinionKindOf(mission.specialty),
      // The mission's row is held: nobody else numbers in it meanwhile.
      number: await nextNumber(tx, mission.id),
      status: caller.request.draft ? 'DRAFT' : 'RECORDED',
      reviewerAccountId: caller.accountId,
      createdAt: at,
      updatedAt: at,
    });
    await insertOpinionEvent(tx, { opinionId: row.id, event: 'CREATE', at, byAccountId: caller.accountId });
    return row.id;
  });
  const open = await openProject(ctx.db, caller.member, caller.projectId);
  return answerOf(ctx.db, open, caller.accountId, id);
}

/**
 * Saves an opinion again: its reviewer while the mission is open (a returned one is recorded again
 * unless kept as a draft), or the checker while the mission waits for the check (the text before
 * is kept in the history, the status stays).
 */
export async function changeOpinion(
  ctx: AppContext,
  caller: OpinionCaller & { id: string; request: WriteRequest },
): Promise<Opinion> {
  await inTransaction(ctx.db, async (tx) => {
    const open = await openProject(tx, caller.member, caller.projectId, { action: 'opinions.view' });
    const before = await readable(tx, open, caller.accountId, caller.id);
    const mission = await missionFor(tx, open, before.opinion.missionId);
    if (caller.request.missionId !== mission.id) throw new AppError('OPINION_MISSION_CHANGED');
    const facts: OpinionFacts = {
      mission: missionFacts(mission, caller.accountId),
      status: before.opinion.status,
    };
    // The checker's edit while the check waits; otherwise the reviewer's rule answers (its own
    // refusal tells the reviewer of a submitted mission why, rather than "not the checker").
    const asChecker = open.can('opinion.check', facts);
    if (!asChecker)
      open.require(
        facts.mission.reviewer || mission.status !== 'SUBMITTED' ? 'opinion.write' : 'opinion.check',
        facts,
        statusParam(mission),
      );
    const columns = await checkedColumns(ctx, tx, {
      open,
      accountId: caller.accountId,
      mission,
      request: caller.request,
      before: before.opinion,
    });
    const at = ctx.clock();
    // The checker's edit keeps the status; the reviewer's save records it (a returned one again),
    // unless kept as a draft.
    const status: OpinionStatus = asChecker
      ? before.opinion.status
      : caller.request.draft
        ? 'DRAFT'
        : 'RECORDED';
    await updateOpinion(tx, before.opinion.id, {
      ...columns,
      status,
      returnReason: status === 'RETURNED' ? before.opinion.returnReason : null,
      updatedAt: at,
    });
    await insertOpinionEvent(tx, {
      opinionId: before.opinion.id,
      event: asChecker ? 'CHECKER_EDIT' : 'EDIT',
      at,
      byAccountId: caller.accountId,
      previousText: before.opinion.text,
    });
  });
  const open = await openProject(ctx.db, caller.member, caller.projectId);
  return answerOf(ctx.db, open, caller.accountId, caller.id);
}

/** Deletes an opinion: its mission's reviewer while the mission is open. */
export async function removeOpinion(ctx: AppContext, caller: OpinionCaller & { id: string }): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    const open = await openProject(tx, caller.member, caller.projectId, { action: 'opinions.view' });
    const before = await readable(tx, open, caller.accountId, caller.id);
    const mission = await missionFor(tx, open, before.opinion.missionId);
    open.require(
      'opinion.write',
      { mission: missionFacts(mission, caller.accountId), status: before.opinion.status },
      statusParam(mission),
    );
    await deleteOpinion(tx, before.opinion.id);
  });
}

/**
 * The checker returns one opinion with a reason: it stands RETURNED, and the mission goes back to
 * its reviewer through the missions module's return step (its history row carries the reason).
 */
export async function returnOpinion(
  ctx: AppContext,
  caller: OpinionCaller & { id: string; reason: string },
): Promise<Opinion> {
  await inTransaction(ctx.db, async (tx) => {
    const open = await openProject(tx, caller.member, caller.projectId, { action: 'opinions.view' });
    const before = await readable(tx, open, caller.accountId, caller.id);
    const mission = await missionFor(tx, open, before.opinion.missionId);
    open.require(
      'opinion.check',
      { mission: missionFacts(mission, caller.accountId), status: before.opinion.status },
      statusParam(mission),
    );
    const at = ctx.clock();
    await updateOpinion(tx, before.opinion.id, {
      status: 'RETURNED',
      returnReason: caller.reason,
      updatedAt: at,
    });
    await insertOpinionEvent(tx, {
      opinionId: before.opinion.id,
      event: 'RETURN',
      at,
      byAccountId: caller.accountId,
      reason: caller.reason,
    });
    // The mission's reason names the opinion, so the reviewer's mission page says which one.
    const reason = `#${before.opinion.number} ${caller.reason}`;
    await applyMissionStep(ctx, tx, open, mission, { accountId: caller.accountId, step: 'RETURN', reason });
  });
  const open = await openProject(ctx.db, caller.member, caller.projectId);
  return answerOf(ctx.db, open, caller.accountId, caller.id);
}

// ---- phrases (常用意见) ----

export interface PhraseCaller {
  member: PrincipalMember;
  accountId: string;
}

type PhraseRequest = z.output<typeof opinionPhraseWriteRequest>;

/** Any reviewer of the agency keeps their own phrases; its admin and directors keep the agency's. */
function phraseRights(member: PrincipalMember) {
  const actor = projectActor(member);
  const agency = member.orgType === 'CENSOR' && decides(actor);
  const own =
    member.orgType === 'CENSOR' &&
    (member.admin || member.profiles.some((p) => p.startsWith('DRAWING_APPROVAL_')));
  return { own, agency };
}

function requirePhraseRight(member: PrincipalMember, scope: 'OWN' | 'AGENCY') {
  const rights = phraseRights(member);
  if (!rights.own) throw new AppError('OPINION_PHRASE_NOT_REVIEWER');
  if (scope === 'AGENCY' && !rights.agency) throw new AppError('OPINION_PHRASE_AGENCY_ONLY');
}

function toPhrase(
  row: PhraseRow,
  clause: ClauseVersionWithStandard | null,
  member: PrincipalMember,
): OpinionPhrase {
  return {
    id: row.id,
    scope: row.scope,
    specialty: row.specialty,
    text: row.text,
    clause,
    can: { edit: row.scope === 'OWN' || phraseRights(member).agency },
  };
}

export async function listOpinionPhrases(
  ctx: AppContext,
  caller: PhraseCaller & { specialty?: string },
): Promise<OpinionPhraseList> {
  if (!phraseRights(caller.member).own) throw new AppError('OPINION_PHRASE_NOT_REVIEWER');
  const rows = await listPhrases(ctx.db, caller.member.orgId, caller.accountId, caller.specialty);
  const clauses = await findClauseVersionsByIds(
    ctx.db,
    rows.flatMap((r) => (r.clauseVersionId ? [r.clauseVersionId] : [])),
  );
  return {
    items: rows.map((r) =>
      toPhrase(r, r.clauseVersionId ? (clauses.get(r.clauseVersionId) ?? null) : null, caller.member),
    ),
    can: { addAgency: phraseRights(caller.member).agency },
  };
}

async function phraseColumns(ctx: AppContext, tx: Db, request: PhraseRequest, before?: PhraseRow) {
  const specialty = request.specialty ?? null;
  if (specialty !== null && !ctx.dictionaries.specialty.items.some((s) => s.code === specialty))
    throw new AppError('OPINION_SPECIALTY_UNKNOWN', { code: specialty });
  const clauseVersionId = request.clauseVersionId ?? null;
  let clause: ClauseVersionWithStandard | null = null;
  if (clauseVersionId !== null) {
    const found = await findClauseVersion(tx, clauseVersionId);
    if (!found) throw new AppError('OPINION_CLAUSE_UNKNOWN');
    clause =
      clauseVersionId === before?.clauseVersionId ? found : await assertClauseUsable(tx, clauseVersionId);
  }
  return { columns: { specialty, text: request.text, clauseVersionId }, clause };
}

export async function createOpinionPhrase(
  ctx: AppContext,
  caller: PhraseCaller & { request: PhraseRequest },
): Promise<OpinionPhrase> {
  requirePhraseRight(caller.member, caller.request.scope);
  return inTransaction(ctx.db, async (tx) => {
    const owner = caller.request.scope === 'OWN' ? caller.accountId : null;
    const { columns, clause } = await phraseColumns(ctx, tx, caller.request);
    if ((await countPhrases(tx, caller.member.orgId, owner)) >= OPINION_LIMITS.phrasesMax)
      throw new AppError('OPINION_PHRASES_FULL', { max: OPINION_LIMITS.phrasesMax });
    const at = ctx.clock();
    const row = await insertPhrase(tx, {
      ...columns,
      orgId: caller.member.orgId,
      scope: caller.request.scope,
      ownerAccountId: owner,
      createdAt: at,
      updatedAt: at,
    });
    return toPhrase(row, clause, caller.member);
  });
}

/** The agency's phrase, or the caller's own; someone else's answers as missing. */
async function phraseOf(tx: Db, caller: PhraseCaller, id: string) {
  const row = await findPhrase(tx, caller.member.orgId, caller.accountId, id);
  if (!row) throw new AppError('NOT_FOUND');
  requirePhraseRight(caller.member, row.scope);
  return row;
}

export async function changeOpinionPhrase(
  ctx: AppContext,
  caller: PhraseCaller & { id: string; request: PhraseRequest },
): Promise<OpinionPhrase> {
  if (!phraseRights(caller.member).own) throw new AppError('OPINION_PHRASE_NOT_REVIEWER');
  return inTransaction(ctx.db, async (tx) => {
    const before = await phraseOf(tx, caller, caller.id);
    // A phrase keeps its scope: moving one between lists is deleting and adding.
    const { columns, clause } = await phraseColumns(ctx, tx, caller.request, before);
    const row = await updatePhrase(tx, before.id, { ...columns, updatedAt: ctx.clock() });
    return toPhrase(row, clause, caller.member);
  });
}

export async function removeOpinionPhrase(
  ctx: AppContext,
  caller: PhraseCaller & { id: string },
): Promise<void> {
  if (!phraseRights(caller.member).own) throw new AppError('OPINION_PHRASE_NOT_REVIEWER');
  await inTransaction(ctx.db, async (tx) => {
    const before = await phraseOf(tx, caller, caller.id);
    await deletePhrase(tx, before.id);
  });
}
