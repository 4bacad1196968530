import {
  ANSWER_KINDS,
  ANSWER_LIST_KINDS,
  chinaDate,
  dictionaryItemName,
  type AnswerList,
  type AnswerDetail,
  type AnswerFacts,
  type AnswerItem,
  type AnswerListQuery,
  type AnswerPage,
  type AnswerWriteRequest,
  type DecisionFacts,
  type OpinionAnswer,
  type OpinionDecisionEntry,
  type OpinionDecisionRequest,
  type PrincipalMember,
  type SheetPlace,
  type SheetRegion,
  answerListQuery,
} from '@drp/domain';
import { inTransaction, type Db } from '../../db/database.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { buildPdfInWorker } from '../../lib/pdf-worker-client.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { openNextVersion } from '../doc-repository/doc-handover.service.js';
import { findCurrentRound } from '../missions/missions.repository.js';
import { missionFacts } from '../missions/missions.service.js';
import type { StepDetails } from '../project-access/application-steps.js';
import { listApplicationParties } from '../project-access/project-access.repository.js';
import { openProject, type OpenProject } from '../project-access/project-access.service.js';
import {
  countUnanswered,
  deleteDecision,
  findAnswer,
  findDecision,
  findIssuedOpinion,
  findLatestVersion,
  findRoundMission,
  findVersionFile,
  insertAnswer,
  isCommitted,
  issueRoundDecisions,
  issueRoundOpinions,
  listAnsweringUnits,
  listAnswersOf,
  listAnswersWithSheetGone,
  listDecisionsOf,
  listIssuedOpinions,
  listMissionsOfReviewer,
  markAnswersSent,
  updateAnswer,
  upsertDecision,
  type IssuedOpinion,
  findVersionOf,
  listAnswersForLetter,
} from './answers.repository.js';
import type { AnswerLetterContent } from './answer-letter.js';

/**
 * Designers' answers and the next rounds (issue 20). Every party reads the issued opinions with
 * their answers; the unit an opinion is addressed to answers it into the next version while that
 * version is uploaded and the unit has not handed it over; the construction unit sends the version
 * only with every open opinion answered; a later round's reviewer decides each carried opinion.
 */

export interface AnswerCaller {
  member: PrincipalMember;
  accountId: string;
  projectId: string;
  audit: AuditActor;
}

type VersionRow = NonNullable<Awaited<ReturnType<typeof findLatestVersion>>>;

/** The version answers go with: the latest, once it is a later round's (a report asked for answers). */
async function answerRoundOf(db: Db, projectId: string) {
  const latest = await findLatestVersion(db, projectId);
  return latest && latest.number > 1 ? latest : null;
}

const categoryOf = (o: IssuedOpinion['opinion']) => (o.kind === 'SURVEY' ? 'SURVEY' : 'DESIGN');

/** The bounds of a markup's points: the region an opinion marks. */
function boundsOf(points: [number, number][] | null): SheetRegion | null {
  if (!points || points.length === 0) return null;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const x = Math.max(0, Math.min(...xs));
  const y = Math.max(0, Math.min(...ys));
  return { x, y, width: Math.max(1, Math.max(...xs) - x), height: Math.max(1, Math.max(...ys) - y) };
}

async function answerFacts(
  db: Db,
  open: OpenProject,
  row: IssuedOpinion,
  round: VersionRow | null,
): Promise<AnswerFacts> {
  const o = row.opinion;
  const addressed = o.answerOrgId === open.member.orgId;
  return {
    state: o.state!,
    addressed,
    version: round ? { status: round.businessStatus, latest: round.latest } : null,
    committed: round && addressed ? await isCommitted(db, round.id, open.member.orgId, categoryOf(o)) : false,
    answered: round ? (await findAnswer(db, o.id, round.id)) !== null : false,
  };
}

interface Context {
  open: OpenProject;
  /** The version answers go with. */
  round: VersionRow | null;
  /** The round under review (the latest accepted version) and the caller's open missions in it. */
  review: { id: string; number: number } | null;
  myMissions: Awaited<ReturnType<typeof listMissionsOfReviewer>>;
  /** Whether the caller's unit has handed over its materials of each category in `round`. */
  committed: { DESIGN: boolean; SURVEY: boolean };
  /**
   * The agency and the authorities read answers once the construction unit has sent them: until
   * then they are the applicant's drafts.
   */
  sentOnly: boolean;
}

const APPLICANT_PARTS: readonly string[] = ['CONSTRUCT', 'DESIGN', 'SURVEY'];

async function readContext(db: Db, open: OpenProject, accountId: string): Promise<Context> {
  const [round, review] = await Promise.all([
    answerRoundOf(db, open.project.id),
    findCurrentRound(db, open.project.id),
  ]);
  const myMissions =
    review && open.actor.part === 'CENSOR' ? await listMissionsOfReviewer(db, review.id, accountId) : [];
  const committed = { DESIGN: false, SURVEY: false };
  if (round && (open.actor.part === 'DESIGN' || open.actor.part === 'SURVEY')) {
    committed.DESIGN = await isCommitted(db, round.id, open.member.orgId, 'DESIGN');
    committed.SURVEY = await isCommitted(db, round.id, open.member.orgId, 'SURVEY');
  }
  return { open, round, review, myMissions, committed, sentOnly: !APPLICANT_PARTS.includes(open.actor.part) };
}

const person = (accountId: string, name: string) => ({ accountId, name });

function itemOf(
  c: Context,
  row: IssuedOpinion,
  answers: Awaited<ReturnType<typeof listAnswersOf>>,
  decisions: Awaited<ReturnType<typeof listDecisionsOf>>,
): AnswerItem {
  const o = row.opinion;
  const shown = c.sentOnly ? answers.filter((a) => a.answer.sentAt !== null) : answers;
  const answerOfRound = c.round ? shown.find((a) => a.answer.versionId === c.round!.id) : undefined;
  const decisionOfRound = c.review ? decisions.find((d) => d.decision.versionId === c.review!.id) : undefined;
  const facts: AnswerFacts = {
    state: o.state!,
    addressed: o.answerOrgId === c.open.member.orgId,
    version: c.round ? { status: c.round.businessStatus, latest: c.round.latest } : null,
    committed: c.committed[categoryOf(o)],
    answered: !!answerOfRound,
  };
  const carried = !!c.review && row.round < c.review.number;
  const mission = c.myMissions.find((m) => m.buildingId === o.buildingId && m.specialty === o.specialty);
  const decide =
    !!mission &&
    c.open.can('opinion.decide', {
      mission: missionFacts(mission, mission.reviewerAccountId),
      carried,
    });
  const sheet: SheetPlace | null =
    o.fileId && row.folderId && row.fileName
      ? {
          versionId: o.versionId,
          round: row.round,
          folderId: row.folderId,
          fileId: o.fileId,
          fileName: row.fileName,
          page: o.page ?? 0,
          region: boundsOf(row.markupPoints),
        }
      : null;
  return {
    opinionId: o.id,
    round: row.round,
    number: o.number,
    kind: o.kind,
    buildingId: o.buildingId,
    buildingName: o.buildingName,
    specialty: o.specialty,
    opinionType: o.opinionType,
    energyKey: o.energyKey ?? null,
    clause:
      row.standardCode && row.clauseNumber
        ? {
            label: `${row.standardCode} 第 ${row.clauseNumber} 条`,
            text: row.clauseText ?? row.clauseTitle ?? '',
          }
        : null,
    mandatory: o.mandatory,
    text: o.text,
    sheet,
    state: o.state!,
    unit: { orgId: o.answerOrgId ?? '', name: row.unitName ?? '' },
    answer: answerOfRound ? answerOf(answerOfRound) : null,
    decision: decisionOfRound ? decisionOf(decisionOfRound) : null,
    can: {
      answer: c.open.can('answer.give', facts),
      changeAnswer: c.open.can('answer.change', facts),
      decide,
    },
  };
}

function answerOf(a: Awaited<ReturnType<typeof listAnswersOf>>[number]): OpinionAnswer {
  const { answer } = a;
  return {
    id: answer.id,
    versionId: answer.versionId,
    round: a.round,
    kind: answer.kind,
    text: answer.text,
    sheet:
      answer.fileId && a.fileName && a.folderId
        ? {
            versionId: answer.versionId,
            round: a.round,
            folderId: a.folderId,
            fileId: answer.fileId,
            fileName: a.fileName,
            page: answer.page ?? 0,
            region: answer.region ?? null,
          }
        : null,
    answeredBy: person(answer.answeredBy, a.answeredByName),
    answeredAt: answer.updatedAt.toISOString(),
    sentAt: answer.sentAt?.toISOString() ?? null,
  };
}

function decisionOf(d: Awaited<ReturnType<typeof listDecisionsOf>>[number]): OpinionDecisionEntry {
  return {
    round: d.round,
    decision: d.decision.decision,
    remark: d.decision.remark,
    by: person(d.decision.byAccountId, d.byName),
    at: d.decision.at.toISOString(),
    issued: d.decision.issued,
  };
}

// ---- reading ----

/** `answerCensorConstRes` / `answerCensorEnergyRes` (and the authorities' `drawingreply` / `energyreply`). */
export async function listAnswers(
  ctx: AppContext,
  caller: AnswerCaller,
  input: AnswerListQuery,
): Promise<AnswerPage> {
  const query = answerListQuery.parse(input);
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'answers.view' });
  const c = await readContext(ctx.db, open, caller.accountId);
  const { rows, counts } = await listIssuedOpinions(
    ctx.db,
    {
      projectId: open.project.id,
      kinds: ANSWER_LIST_KINDS[query.list],
      roundVersionId: c.round?.id ?? null,
      filter: query.filter,
      buildingId: query.buildingId,
      specialty: query.specialty,
      keyword: query.keyword,
      orgId: open.member.orgId,
      sentOnly: c.sentOnly,
    },
    { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
  );
  const ids = rows.map((r) => r.opinion.id);
  const [answers, decisions] = await Promise.all([listAnswersOf(ctx.db, ids), listDecisionsOf(ctx.db, ids)]);
  return {
    items: rows.map((r) =>
      itemOf(
        c,
        r,
        answers.filter((a) => a.answer.opinionId === r.opinion.id),
        decisions.filter((d) => d.decision.opinionId === r.opinion.id),
      ),
    ),
    total: counts.total,
    round: c.round ? { versionId: c.round.id, number: c.round.number, status: c.round.businessStatus } : null,
    counts: {
      open: counts.open,
      answered: counts.answered,
      unanswered: counts.open - counts.answered,
      mineUnanswered: counts.mineUnanswered,
      closed: counts.closed,
    },
  };
}

/** `detail/{id}`: one issued opinion with every round's answer and decision. */
export async function getAnswerDetail(
  ctx: AppContext,
  caller: AnswerCaller,
  opinionId: string,
): Promise<AnswerDetail> {
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'answers.view' });
  const row = await findIssuedOpinion(ctx.db, open.project.id, opinionId);
  if (!row) throw new AppError('NOT_FOUND');
  const c = await readContext(ctx.db, open, caller.accountId);
  const [answers, decisions] = await Promise.all([
    listAnswersOf(ctx.db, [opinionId]),
    listDecisionsOf(ctx.db, [opinionId]),
  ]);
  return {
    ...itemOf(c, row, answers, decisions),
    answers: (c.sentOnly ? answers.filter((a) => a.answer.sentAt !== null) : answers).map(answerOf),
    decisions: decisions.map(decisionOf),
    reviewer: person(row.opinion.reviewerAccountId, row.reviewerName),
  };
}

// ---- the answer letter (意见回复单) ----

/** A 500-answer letter takes a second or two: a build that takes this long is stuck. */
const LETTER_TIMEOUT_MS = 60_000;

/**
 * `answerCensorConstRes/pdf/{id}` and `answerCensorEnergyRes/pdf/{id}`: the answers of one round
 * (the version they go with), of one list, as a PDF built now in a thread of its own. The agency
 * and the authorities see the sent answers only; a round with none answers ANSWER_LETTER_EMPTY.
 */
export async function answerLetterPdf(
  ctx: AppContext,
  caller: AnswerCaller,
  input: { versionId: string; list: AnswerList },
): Promise<{ bytes: Buffer; fileName: string }> {
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'answers.view' });
  const version = await findVersionOf(ctx.db, open.project.id, input.versionId);
  if (!version || version.number < 2) throw new AppError('NOT_FOUND');
  const sentOnly = !APPLICANT_PARTS.includes(open.actor.part);
  const rows = await listAnswersForLetter(ctx.db, {
    projectId: open.project.id,
    versionId: version.id,
    kinds: ANSWER_LIST_KINDS[input.list],
    sentOnly,
  });
  if (rows.length === 0) throw new AppError('ANSWER_LETTER_EMPTY');
  const specialtyName = (code: string) => {
    const item = ctx.dictionaries.specialty.items.find((i) => i.code === code);
    return item ? dictionaryItemName(item, 'zh-CN') : code;
  };
  const title = input.list === 'ENERGY' ? '节能审查意见回复单' : '施工图审查意见回复单';
  const content: AnswerLetterContent = {
    title,
    projectName: open.project.name,
    projectCode: open.project.code ?? '',
    round: version.number,
    printedOn: chinaDate(ctx.clock()),
    units: [...new Set(rows.map((r) => r.unitName ?? ''))].filter(Boolean),
    items: rows.map((r) => ({
      origin: `第${r.round}轮 第${r.opinion.number}条`,
      buildingName: r.opinion.buildingName,
      specialtyName: specialtyName(r.opinion.specialty),
      mandatory: r.opinion.mandatory,
      opinion: r.opinion.text,
      kind: ANSWER_KINDS[r.answer.kind]['zh-CN'],
      answer: r.answer.text,
      sheet: r.fileName ? `${r.fileName} 第 ${(r.answer.page ?? 0) + 1} 页` : null,
      by: r.answeredByName,
    })),
  };
  const { bytes } = await buildPdfInWorker(
    import.meta.url,
    'answer-letter-worker',
    { content },
    LETTER_TIMEOUT_MS,
  );
  return { bytes, fileName: `${title} 第${version.number}轮 ${open.project.code ?? ''}.pdf` };
}

// ---- answering ----

/**
 * What an answer names, checked: a PDF of the version being prepared, uploaded (or carried) by the
 * answering unit, a page it has, and a region inside that page once the sheet is prepared.
 */
async function checkedSheet(db: Db, round: VersionRow, orgId: string, sheet: AnswerWriteRequest['sheet']) {
  if (!sheet) return null;
  const found = await findVersionFile(db, round.id, sheet.fileId);
  if (!found || found.file.contentType !== 'application/pdf') throw new AppError('ANSWER_SHEET_OUTSIDE');
  if (found.file.orgId !== orgId) throw new AppError('ANSWER_SHEET_NOT_OWN');
  if (found.sheetState === 'READY' && found.pages) {
    const page = found.pages[sheet.page];
    if (!page) throw new AppError('ANSWER_PAGE_OUTSIDE');
    const r = sheet.region;
    if (r && (r.x + r.width > page.width + 0.5 || r.y + r.height > page.height + 0.5))
      throw new AppError('ANSWER_PAGE_OUTSIDE');
  }
  return { fileId: found.file.id, page: sheet.page, region: sheet.region ?? null };
}

async function writeAnswer(
  ctx: AppContext,
  caller: AnswerCaller,
  opinionId: string,
  body: AnswerWriteRequest,
  action: 'answer.give' | 'answer.change',
): Promise<AnswerDetail> {
  await inTransaction(ctx.db, async (tx) => {
    const open = await openProject(tx, caller.member, caller.projectId, { action: 'answers.view' });
    const row = await findIssuedOpinion(tx, open.project.id, opinionId, { lock: true });
    if (!row) throw new AppError('NOT_FOUND');
    const round = await answerRoundOf(tx, open.project.id);
    open.require(action, await answerFacts(tx, open, row, round));
    const sheet =
      body.kind === 'REVISED' ? await checkedSheet(tx, round!, open.member.orgId, body.sheet) : null;
    const at = ctx.clock();
    const fields = {
      kind: body.kind,
      text: body.text.trim(),
      fileId: sheet?.fileId ?? null,
      namesSheet: sheet !== null,
      page: sheet?.page ?? null,
      region: sheet?.region ?? null,
      answeredBy: caller.accountId,
      updatedAt: at,
    };
    if (action === 'answer.give') {
      const inserted = await insertAnswer(tx, {
        ...fields,
        opinionId,
        versionId: round!.id,
        orgId: open.member.orgId,
        answeredAt: at,
      });
      if (!inserted) throw new AppError('ANSWER_EXISTS');
    } else {
      const existing = (await findAnswer(tx, opinionId, round!.id))!;
      await updateAnswer(tx, existing.id, fields);
    }
    await recordAudit(tx, at, {
      action: action === 'answer.give' ? 'OPINION_ANSWERED' : 'OPINION_ANSWER_CHANGED',
      actor: caller.audit,
      target: { type: 'project', id: open.project.id },
      detail: {
        round: round!.number,
        building: row.opinion.buildingName,
        specialty: row.opinion.specialty,
        number: row.opinion.number,
        kind: body.kind,
      },
    });
  });
  return getAnswerDetail(ctx, caller, opinionId);
}

export const giveAnswer = (
  ctx: AppContext,
  caller: AnswerCaller,
  opinionId: string,
  body: AnswerWriteRequest,
) => writeAnswer(ctx, caller, opinionId, body, 'answer.give');
export const changeAnswer = (
  ctx: AppContext,
  caller: AnswerCaller,
  opinionId: string,
  body: AnswerWriteRequest,
) => writeAnswer(ctx, caller, opinionId, body, 'answer.change');

// ---- deciding, in a later round ----

/**
 * Closes, keeps or reopens a carried opinion in the round under review: an open one is closed or
 * kept, a closed one reopened; KEEP and REOPEN say why. `null` takes the round's decision back.
 */
export async function decideOpinion(
  ctx: AppContext,
  caller: AnswerCaller,
  opinionId: string,
  body: OpinionDecisionRequest | null,
): Promise<AnswerDetail> {
  await inTransaction(ctx.db, async (tx) => {
    const open = await openProject(tx, caller.member, caller.projectId, { action: 'answers.view' });
    const row = await findIssuedOpinion(tx, open.project.id, opinionId, { lock: true });
    if (!row) throw new AppError('NOT_FOUND');
    const review = await findCurrentRound(tx, open.project.id);
    const mission = review
      ? await findRoundMission(
          tx,
          { versionId: review.id, buildingId: row.opinion.buildingId, specialty: row.opinion.specialty },
          { lock: true },
        )
      : null;
    if (!review || !mission) throw new AppError('DECISION_NOT_CARRIED');
    const facts: DecisionFacts = {
      mission: missionFacts(mission, caller.accountId),
      carried: row.round < review.number,
    };
    open.require('opinion.decide', facts);
    const at = ctx.clock();
    if (body === null) {
      await deleteDecision(tx, opinionId, review.id);
      return;
    }
    const fits = row.opinion.state === 'OPEN' ? body.decision !== 'REOPEN' : body.decision === 'REOPEN';
    if (!fits) throw new AppError('DECISION_DOES_NOT_APPLY');
    const previous = await findDecision(tx, opinionId, review.id);
    await upsertDecision(tx, {
      opinionId,
      versionId: review.id,
      missionId: mission.id,
      decision: body.decision,
      remark: (body.remark ?? '').trim(),
      byAccountId: caller.accountId,
      at,
    });
    await recordAudit(tx, at, {
      action: 'OPINION_DECIDED',
      actor: caller.audit,
      target: { type: 'project', id: open.project.id },
      detail: {
        round: review.number,
        building: row.opinion.buildingName,
        specialty: row.opinion.specialty,
        number: row.opinion.number,
        decision: body.decision,
        previous: previous?.decision ?? null,
      },
    });
  });
  return getAnswerDetail(ctx, caller, opinionId);
}

// ---- the steps of the application ----

/**
 * A round's report was forwarded: its decisions on earlier opinions and its own opinions become
 * what stands; with some open, the next version opens for the answers and the revised drawings.
 */
export async function issueRound(tx: Db, projectId: string, details: StepDetails) {
  const versionId = details.versionId!;
  await issueRoundDecisions(tx, versionId);
  await issueRoundOpinions(tx, versionId, details.at);
  if (details.passed) return;
  const [answering, parties] = await Promise.all([
    listAnsweringUnits(tx, projectId),
    listApplicationParties(tx, projectId),
  ]);
  await openNextVersion(tx, projectId, { at: details.at, answering, parties });
}

/** Every open opinion (of one unit, when given) answered, and every revised sheet named still there. */
async function requireAnswers(tx: Db, projectId: string, versionId: string, orgId?: string) {
  const unanswered = await countUnanswered(tx, projectId, versionId, orgId);
  if (unanswered > 0) throw new AppError('ANSWERS_INCOMPLETE', { count: unanswered });
  const gone = await listAnswersWithSheetGone(tx, versionId, orgId);
  if (gone.length > 0)
    throw new AppError('ANSWERS_SHEET_GONE', {
      items: gone.map((g) => `${g.buildingName} ${g.specialty} 第${g.number}条`).join('、'),
    });
}

/**
 * A unit hands over a later version's materials only with its answers complete: once handed over
 * they no longer change, so a gap found later could not be mended.
 */
export const requireUnitAnswered = (tx: Db, projectId: string, details: StepDetails) =>
  requireAnswers(tx, projectId, details.versionId!, details.unit!.orgId);

/** The construction unit sends a later version with the answers, all of them complete. */
export async function sendAnswers(tx: Db, projectId: string, details: StepDetails) {
  await requireAnswers(tx, projectId, details.versionId!);
  await markAnswersSent(tx, details.versionId!, details.at);
}
