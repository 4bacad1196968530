import {
  MISSION_STATUSES,
  SURVEY_SPECIALTY,
  decides,
  isOverdue,
  proposeAssignments,
  requiredSpecialties,
  type ErrorParam,
  type MissionAssignRequest,
  type MissionBoard,
  type MissionCandidate,
  type MissionCell,
  type MissionDetail,
  type MissionFacts,
  type MissionGrid,
  type MissionProposal,
  type MissionStatus,
  type MissionSummary,
  type MyMissions,
  type PrincipalMember,
} from '@drp/domain';
import { inTransaction, type Db } from '../../db/database.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { readReviewClock } from '../calendar/review-clock.service.js';
import { sendMessage, settleTodos } from '../messages/messages.service.js';
import { openProject, projectActor, type OpenProject } from '../project-access/project-access.service.js';
import {
  countUndecidedCarried,
  countUnfinishedOpinions,
  findCurrentRound,
  findRoundNames,
  findVersionNumber,
  listCarriedCellKeys,
  listCarriedCells,
  findMission,
  insertHistory,
  insertMission,
  listCandidates,
  listConfirmedBuildings,
  listHistory,
  listMissionsOfAgency,
  listMissionsOfPerson,
  listMissionsOfRound,
  listProjectsInReview,
  listSpecialtiesWithDrawings,
  listSurveyedBuildings,
  updateMissionAt,
  type MissionWithNames,
} from './missions.repository.js';
import { reviewListKey } from './review-list-cache.js';

/**
 * Review missions (issue 19): the director assigns each building × specialty of the round under
 * review to a reviewer of that specialty, with an optional checker; the reviewer submits; the
 * checker or a director accepts or returns it. Two directors saving the same cell: the one whose
 * revision is stale gets MISSION_CONFLICT (the application row is locked for the save, so the
 * comparison is exact; the unique index backs it).
 */

/** The acting member in one application, as the routes pass it. */
export interface MissionCaller {
  member: PrincipalMember;
  accountId: string;
  projectId: string;
}

/** The to-dos a mission's assignment leaves: the first round's, and a later round's (issue 20). */
const MISSION_TODOS = ['CENSOR_TASKING_SUBMIT', 'CENSOR_RECHECK_TASKING'] as const;

/** Today in China, as the due days are written. */
export const chinaDay = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * The due day a mission gets when the director names none: the review clock's (modules/calendar:
 * the legal working days by the project's scale or the survey grade, paused while the applicant
 * holds the file). None while the clock is paused or its count reaches a year not yet entered: a
 * due day is never guessed.
 */
async function clockDeadlines(ctx: AppContext, caller: MissionCaller) {
  const clocks = await readReviewClock(ctx, { member: caller.member, projectId: caller.projectId });
  return (specialty: string) => (specialty === 'SURVEY' ? (clocks.survey?.due ?? null) : clocks.design.due);
}

const person = (accountId: string | null, name: string | null) =>
  accountId && name !== null ? { accountId, name } : null;

function specialtyText(ctx: AppContext, code: string): Record<'zh-CN' | 'en-US', string> {
  const item = ctx.dictionaries.specialty.items.find((s) => s.code === code);
  return { 'zh-CN': item?.name ?? code, 'en-US': item?.nameEn ?? code };
}

const statusText = (status: MissionStatus): ErrorParam => MISSION_STATUSES[status];

export function missionFacts(row: MissionWithNames['mission'], accountId: string): MissionFacts {
  return {
    status: row.status,
    reviewer: row.reviewerAccountId === accountId,
    checker: row.checkerAccountId === accountId,
  };
}

/**
 * The round's cells. Round 1: confirmed buildings × specialties with drawings, the required ones,
 * survey. A later round (issue 20): the cells where opinions of earlier rounds stood open when it
 * began (or were decided in it).
 */
export async function readRoundCells(ctx: AppContext, db: Db, projectId: string, versionId: string) {
  const [buildingRows, number] = await Promise.all([
    listConfirmedBuildings(db, projectId),
    findVersionNumber(db, versionId),
  ]);
  const ids = buildingRows.map((b) => b.id);
  const perBuilding = new Map(ids.map((id) => [id, new Set<string>()]));
  const existing = await listMissionsOfRound(db, versionId);
  if (number === 1) {
    const [surveyed, withDrawings] = await Promise.all([
      listSurveyedBuildings(db, ids),
      listSpecialtiesWithDrawings(db, versionId),
    ]);
    for (const b of buildingRows) {
      for (const s of requiredSpecialties(b.use)) perBuilding.get(b.id)!.add(s);
      if (surveyed.has(b.id)) perBuilding.get(b.id)!.add(SURVEY_SPECIALTY);
    }
    for (const r of withDrawings) perBuilding.get(r.buildingId!)?.add(r.specialty!);
  } else {
    for (const c of await listCarriedCellKeys(db, projectId, versionId))
      perBuilding.get(c.buildingId)?.add(c.specialty);
  }
  // A mission stays in the grid even if its building's drawings of it were moved since.
  for (const m of existing) perBuilding.get(m.mission.buildingId)?.add(m.mission.specialty);
  const order = ctx.dictionaries.specialty.items.map((s) => s.code);
  const rank = (code: string) => {
    const i = order.indexOf(code);
    return i < 0 ? order.length : i;
  };
  const specialties = [...new Set([...perBuilding.values()].flatMap((s) => [...s]))].sort(
    (a, b) => rank(a) - rank(b) || a.localeCompare(b),
  );
  const byCell = new Map(existing.map((m) => [`${m.mission.buildingId}|${m.mission.specialty}`, m]));
  const cells: { buildingId: string; specialty: string; found: MissionWithNames | undefined }[] = [];
  for (const b of buildingRows)
    for (const s of specialties)
      if (perBuilding.get(b.id)!.has(s))
        cells.push({ buildingId: b.id, specialty: s, found: byCell.get(`${b.id}|${s}`) });
  return { buildings: buildingRows.map((b) => ({ id: b.id, name: b.name })), specialties, cells };
}

const candidatesOf = async (db: Db, orgId: string): Promise<(MissionCandidate & { reviews: boolean })[]> =>
  (await listCandidates(db, orgId)).filter((c) => c.reviews);

/**
 * The round's grid of buildings × specialties with who, checker, state and due day; kept for the
 * next visit while nothing in it changes (review-list-cache.ts).
 */
export async function missionGrid(ctx: AppContext, caller: MissionCaller): Promise<MissionGrid> {
  const key = reviewListKey(caller.member, caller.accountId, caller.projectId, chinaDay(ctx.clock()), 'grid');
  return ctx.reviewLists.missionGrids.through(
    key,
    () => ctx.clock().getTime(),
    () => readGrid(ctx, caller),
  );
}

async function readGrid(ctx: AppContext, caller: MissionCaller): Promise<MissionGrid> {
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'missions.view' });
  const round = await findCurrentRound(ctx.db, open.project.id);
  const canAssign = open.can('missions.assign');
  if (!round)
    return { round: null, buildings: [], specialties: [], cells: [], candidates: [], can: { assign: false } };
  const grid = await readRoundCells(ctx, ctx.db, open.project.id, round.id);
  const today = chinaDay(ctx.clock());
  const cells: MissionCell[] = grid.cells.map(({ buildingId, specialty, found }) => ({
    buildingId,
    specialty,
    missionId: found?.mission.id ?? null,
    reviewer: found ? person(found.mission.reviewerAccountId, found.reviewerName) : null,
    checker: found ? person(found.mission.checkerAccountId, found.checkerName) : null,
    status: found?.mission.status ?? null,
    deadline: found?.mission.deadline ?? null,
    overdue: found ? isOverdue(found.mission.deadline, found.mission.status, today) : false,
    revision: found?.mission.revision ?? 0,
  }));
  const candidates = canAssign
    ? (await candidatesOf(ctx.db, open.member.orgId)).map(({ reviews: _, ...c }) => c)
    : [];
  return {
    round: { versionId: round.id, number: round.number },
    buildings: grid.buildings,
    specialties: grid.specialties,
    cells,
    candidates,
    can: { assign: canAssign },
  };
}

/** The platform's proposal for the round's unassigned cells, by specialty and workload. */
export async function missionProposal(ctx: AppContext, caller: MissionCaller): Promise<MissionProposal> {
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'missions.assign' });
  const round = await findCurrentRound(ctx.db, open.project.id);
  if (!round) throw new AppError('MISSIONS_NOT_IN_REVIEW');
  const grid = await readRoundCells(ctx, ctx.db, open.project.id, round.id);
  const candidates = await candidatesOf(ctx.db, open.member.orgId);
  return proposeAssignments(
    grid.cells.map((c) => ({
      buildingId: c.buildingId,
      specialty: c.specialty,
      missionId: c.found?.mission.id ?? null,
    })),
    candidates,
  );
}

/**
 * Assigns or reassigns cells of the round in one transaction: every cell or none. A reviewer must
 * be an approval member of the agency holding the specialty; a checker likewise, except directors
 * and admins, who check any specialty. Each newly named reviewer is told (CENSOR_TASKING_SUBMIT).
 */
export async function assignMissions(
  ctx: AppContext,
  caller: MissionCaller & { request: MissionAssignRequest },
): Promise<MissionGrid> {
  // Read before the transaction, which holds the application's row.
  const dueOf = await clockDeadlines(ctx, caller);
  await inTransaction(ctx.db, async (tx) => {
    const open = await openProject(tx, caller.member, caller.projectId, {
      action: 'missions.assign',
      lock: true,
    });
    const round = await findCurrentRound(tx, open.project.id);
    if (!round) throw new AppError('MISSIONS_NOT_IN_REVIEW');
    const grid = await readRoundCells(ctx, tx, open.project.id, round.id);
    const buildingName = new Map(grid.buildings.map((b) => [b.id, b.name]));
    const candidates = new Map((await candidatesOf(tx, open.member.orgId)).map((c) => [c.accountId, c]));
    const at = ctx.clock();
    const reason = caller.request.reason ?? null;
    const told: { row: NonNullable<Awaited<ReturnType<typeof insertMission>>> }[] = [];
    const seen = new Set<string>();
    for (const cell of caller.request.cells) {
      const key = `${cell.buildingId}|${cell.specialty}`;
      const at0 = grid.cells.find((c) => c.buildingId === cell.buildingId && c.specialty === cell.specialty);
      const params = {
        building: buildingName.get(cell.buildingId) ?? '',
        specialty: specialtyText(ctx, cell.specialty),
      };
      if (!at0 || seen.has(key)) throw new AppError('MISSION_CELL_NOT_IN_ROUND', params);
      seen.add(key);
      requireHolder(ctx, candidates, cell.reviewerAccountId, cell.specialty, 'reviewer');
      if (cell.checkerAccountId !== null) {
        if (cell.checkerAccountId === cell.reviewerAccountId)
          throw new AppError('MISSION_CHECKER_IS_REVIEWER');
        requireHolder(ctx, candidates, cell.checkerAccountId, cell.specialty, 'checker');
      }
      const found = at0.found?.mission;
      if ((found?.revision ?? 0) !== cell.revision) throw new AppError('MISSION_CONFLICT', params);
      const deadline = cell.deadline ?? found?.deadline ?? dueOf(cell.specialty);
      if (!found) {
        const row = await insertMission(tx, {
          projectId: open.project.id,
          versionId: round.id,
          buildingId: cell.buildingId,
          specialty: cell.specialty,
          reviewerAccountId: cell.reviewerAccountId,
          checkerAccountId: cell.checkerAccountId,
          censorOrgId: open.member.orgId,
          deadline,
          assignedAt: at,
          createdAt: at,
          updatedAt: at,
        });
        if (!row) throw new AppError('MISSION_CONFLICT', params);
        await insertHistory(tx, [
          {
            missionId: row.id,
            event: 'ASSIGN',
            at,
            byAccountId: caller.accountId,
            reviewerAccountId: row.reviewerAccountId,
            checkerAccountId: row.checkerAccountId,
            reason,
          },
        ]);
        told.push({ row });
        continue;
      }
      const same =
        found.reviewerAccountId === cell.reviewerAccountId &&
        found.checkerAccountId === cell.checkerAccountId &&
        found.deadline === deadline;
      if (same) continue;
      const newReviewer = found.reviewerAccountId !== cell.reviewerAccountId;
      const row = await updateMissionAt(tx, found.id, found.revision, {
        reviewerAccountId: cell.reviewerAccountId,
        checkerAccountId: cell.checkerAccountId,
        deadline,
        // A new reviewer starts the mission over; the same one keeps where it stands.
        ...(newReviewer && found.status !== 'DONE'
          ? { status: 'ASSIGNED' as const, assignedAt: at, submittedAt: null, returnReason: null }
          : {}),
        updatedAt: at,
      });
      if (!row) throw new AppError('MISSION_CONFLICT', params);
      await insertHistory(tx, [
        {
          missionId: row.id,
          event: 'ASSIGN',
          at,
          byAccountId: caller.accountId,
          reviewerAccountId: row.reviewerAccountId,
          checkerAccountId: row.checkerAccountId,
          previousReviewerAccountId: found.reviewerAccountId,
          previousCheckerAccountId: found.checkerAccountId,
          reason,
        },
      ]);
      if (newReviewer) {
        // The mission is no longer the previous reviewer's work: their to-do is settled.
        for (const type of MISSION_TODOS)
          await settleTodos(tx, {
            type,
            projectId: open.project.id,
            targetId: row.id,
            by: caller.accountId,
            at,
          });
        told.push({ row });
      }
    }
    for (const { row } of told)
      await sendMessage(tx, {
        type: 'CENSOR_TASKING_SUBMIT',
        to: [{ orgId: open.member.orgId, accountId: row.reviewerAccountId }],
        at,
        by: caller.accountId,
        senderOrgId: open.member.orgId,
        projectId: open.project.id,
        targetId: row.id,
        params: {
          senderName: open.nameOf(open.member.orgId),
          projectName: open.project.name,
          buildingName: buildingName.get(row.buildingId) ?? '',
          specialty: specialtyText(ctx, row.specialty)['zh-CN'],
          deadline: row.deadline ?? '—',
        },
      });
  });
  // Read afresh: the grid kept from before the save is cleared only once this call is answered.
  return readGrid(ctx, caller);
}

function requireHolder(
  ctx: AppContext,
  candidates: Map<string, MissionCandidate>,
  accountId: string,
  specialty: string,
  role: 'reviewer' | 'checker',
) {
  const roleText =
    role === 'reviewer'
      ? { 'zh-CN': '审查人', 'en-US': 'reviewer' }
      : { 'zh-CN': '校审人', 'en-US': 'checker' };
  const found = candidates.get(accountId);
  if (!found) throw new AppError('MISSION_REVIEWER_NOT_MEMBER', { role: roleText });
  if (role === 'checker' && found.director) return;
  if (!found.specialties.includes(specialty))
    throw new AppError('MISSION_REVIEWER_NO_SPECIALTY', {
      name: found.name,
      specialty: specialtyText(ctx, specialty),
      role: roleText,
    });
}

async function missionIn(db: Db, open: OpenProject, id: string, lock = false) {
  const found = await findMission(db, open.project.id, id, { lock });
  // Another agency's mission (or another application's) answers as missing.
  if (!found || found.mission.censorOrgId !== open.member.orgId) throw new AppError('NOT_FOUND');
  return found;
}

/** One mission with its history and what the caller may do to it. */
export async function missionDetail(
  ctx: AppContext,
  caller: MissionCaller & { id: string },
): Promise<MissionDetail> {
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'missions.view' });
  const found = await missionIn(ctx.db, open, caller.id);
  const history = await listHistory(ctx.db, found.mission.id);
  const m = found.mission;
  const facts = missionFacts(m, caller.accountId);
  return {
    id: m.id,
    projectId: m.projectId,
    projectName: found.projectName,
    buildingId: m.buildingId,
    buildingName: found.buildingName,
    specialty: m.specialty,
    reviewer: { accountId: m.reviewerAccountId, name: found.reviewerName },
    checker: person(m.checkerAccountId, found.checkerName),
    status: m.status,
    deadline: m.deadline,
    overdue: isOverdue(m.deadline, m.status, chinaDay(ctx.clock())),
    revision: m.revision,
    submittedAt: m.submittedAt?.toISOString() ?? null,
    doneAt: m.doneAt?.toISOString() ?? null,
    returnReason: m.status === 'RETURNED' ? m.returnReason : null,
    history: history.map((h) => ({
      event: h.row.event,
      at: h.row.at.toISOString(),
      by: person(h.row.byAccountId, h.byName),
      reviewer: person(h.row.reviewerAccountId, h.reviewerName),
      checker: person(h.row.checkerAccountId, h.checkerName),
      previousReviewer: person(h.row.previousReviewerAccountId, h.previousReviewerName),
      previousChecker: person(h.row.previousCheckerAccountId, h.previousCheckerName),
      reason: h.row.reason,
    })),
    can: {
      submit: open.can('mission.submit', facts),
      accept: open.can('mission.check', facts),
      return: open.can('mission.check', facts),
    },
  };
}

type Step = 'SUBMIT' | 'ACCEPT' | 'RETURN';

/** Submits, accepts or returns one mission, as the policy allows the caller now. */
export async function stepMission(
  ctx: AppContext,
  caller: MissionCaller & { id: string; step: Step; reason?: string },
): Promise<MissionDetail> {
  await inTransaction(ctx.db, async (tx) => {
    const open = await openProject(tx, caller.member, caller.projectId, { action: 'missions.view' });
    const found = await missionIn(tx, open, caller.id, true);
    await applyMissionStep(ctx, tx, open, found.mission, caller);
  });
  return missionDetail(ctx, caller);
}

/**
 * One step of a mission whose row the transaction holds, as the policy allows the caller now. The
 * opinions module returns a mission through it when the checker returns one of its opinions.
 */
export async function applyMissionStep(
  ctx: AppContext,
  tx: Db,
  open: OpenProject,
  m: MissionWithNames['mission'],
  caller: { accountId: string; step: Step; reason?: string },
) {
  const action = caller.step === 'SUBMIT' ? 'mission.submit' : 'mission.check';
  open.require(action, missionFacts(m, caller.accountId), { status: statusText(m.status) });
  // Review opinions (issue 19): the checker must see every opinion, and each returned one fixed.
  if (caller.step === 'SUBMIT') {
    const { drafts, returned } = await countUnfinishedOpinions(tx, m.id);
    if (drafts > 0) throw new AppError('MISSION_HAS_DRAFT_OPINIONS', { count: drafts });
    if (returned > 0) throw new AppError('MISSION_HAS_RETURNED_OPINIONS', { count: returned });
    // A later round (issue 20): every opinion carried into the cell is closed or kept, explicitly.
    const undecided = await countUndecidedCarried(tx, m);
    if (undecided > 0) throw new AppError('MISSION_UNDECIDED_OPINIONS', { count: undecided });
  }
  const at = ctx.clock();
  const patch =
    caller.step === 'SUBMIT'
      ? { status: 'SUBMITTED' as const, submittedAt: at, returnReason: null }
      : caller.step === 'ACCEPT'
        ? { status: 'DONE' as const, doneAt: at, returnReason: null }
        : { status: 'RETURNED' as const, returnReason: caller.reason ?? null };
  const row = await updateMissionAt(tx, m.id, m.revision, { ...patch, updatedAt: at });
  if (!row) throw new AppError('NOT_FOUND');
  // Submitting is the work the assignment's to-do asked for (a return asks for it again, on the
  // mission's own page, which the reviewer's list shows).
  if (caller.step === 'SUBMIT')
    for (const type of MISSION_TODOS)
      await settleTodos(tx, {
        type,
        projectId: open.project.id,
        targetId: m.id,
        by: caller.accountId,
        at,
      });
  await insertHistory(tx, [
    {
      missionId: m.id,
      event: caller.step,
      at,
      byAccountId: caller.accountId,
      reviewerAccountId: m.reviewerAccountId,
      checkerAccountId: m.checkerAccountId,
      reason: caller.step === 'RETURN' ? (caller.reason ?? null) : null,
    },
  ]);
  // The round's last mission accepted: its report is the agency office's next step.
  if (caller.step === 'ACCEPT') {
    const { cells } = await readRoundCells(ctx, tx, open.project.id, m.versionId);
    if (cells.every((c) => c.found?.mission.status === 'DONE'))
      await sendMessage(tx, {
        type: 'CENSOR_ROUND_REVIEWED',
        to: [{ orgId: open.member.orgId }],
        at,
        by: caller.accountId,
        senderOrgId: open.member.orgId,
        projectId: open.project.id,
        targetId: m.versionId,
        params: {
          projectName: open.project.name,
          round: String(await findVersionNumber(tx, m.versionId)),
        },
      });
  }
}

function summaryOf(row: MissionWithNames, accountId: string | null, today: string): MissionSummary {
  const m = row.mission;
  return {
    id: m.id,
    projectId: m.projectId,
    projectName: row.projectName,
    buildingName: row.buildingName,
    specialty: m.specialty,
    reviewer: { accountId: m.reviewerAccountId, name: row.reviewerName },
    checker: person(m.checkerAccountId, row.checkerName),
    status: m.status,
    deadline: m.deadline,
    overdue: isOverdue(m.deadline, m.status, today),
    role:
      accountId !== null && m.reviewerAccountId !== accountId && m.checkerAccountId === accountId
        ? 'CHECKER'
        : 'REVIEWER',
  };
}

/**
 * The signed-in person's missions in the acting agency: what they review (not yet done) and what
 * they check (waiting for them), oldest due first.
 */
export async function listMyMissions(
  ctx: AppContext,
  input: { member: PrincipalMember; accountId: string },
): Promise<MyMissions> {
  const today = chinaDay(ctx.clock());
  const rows = await listMissionsOfPerson(ctx.db, input.member.orgId, input.accountId, [
    'ASSIGNED',
    'RETURNED',
    'SUBMITTED',
  ]);
  const mine = rows.filter(
    (r) =>
      (r.mission.reviewerAccountId === input.accountId && r.mission.status !== 'SUBMITTED') ||
      (r.mission.checkerAccountId === input.accountId && r.mission.status === 'SUBMITTED'),
  );
  return { items: mine.map((r) => summaryOf(r, input.accountId, today)) };
}

/** The director's landing: missions waiting for checking, overdue ones, and unassigned cells. */
export async function missionBoard(
  ctx: AppContext,
  input: { member: PrincipalMember; accountId: string },
): Promise<MissionBoard> {
  if (!decides(projectActor(input.member))) throw new AppError('FORBIDDEN');
  const today = chinaDay(ctx.clock());
  const [waiting, overdue] = await Promise.all([
    listMissionsOfAgency(ctx.db, input.member.orgId, { statuses: ['SUBMITTED'] }),
    listMissionsOfAgency(ctx.db, input.member.orgId, { overdueOn: today }),
  ]);
  return {
    waitingCheck: waiting.map((r) => summaryOf(r, input.accountId, today)),
    overdue: overdue.map((r) => summaryOf(r, input.accountId, today)),
    ...(await unassignedCells(ctx, input.member.orgId)),
  };
}

/** Cells of the agency's applications in review that nobody holds yet, by application, earliest accepted first. */
async function unassignedCells(ctx: AppContext, orgId: string) {
  const unassignedApplications: MissionBoard['unassignedApplications'] = [];
  for (const project of await listProjectsInReview(ctx.db, orgId)) {
    const round = await findCurrentRound(ctx.db, project.id);
    if (!round) continue;
    const grid = await readRoundCells(ctx, ctx.db, project.id, round.id);
    const cells = grid.cells.filter((c) => !c.found).length;
    if (cells > 0) unassignedApplications.push({ projectId: project.id, name: project.name, cells });
  }
  return { unassigned: unassignedApplications.reduce((n, a) => n + a.cells, 0), unassignedApplications };
}

/**
 * A later round begins (issue 20, the agency accepted the revised drawings): each cell with
 * opinions still open goes to the reviewer and checker who had it in the round before, each told
 * as on an assignment. A cell whose reviewer left the agency waits for the director, unassigned.
 * The due day is the director's to set: the clock resumes only with this acceptance.
 */
export async function openNextRoundMissions(
  ctx: AppContext,
  tx: Db,
  projectId: string,
  details: { at: Date; by: string | null; versionId?: string },
) {
  const versionId = details.versionId!;
  const cells = await listCarriedCells(tx, projectId, versionId);
  const buildingRows = await listConfirmedBuildings(tx, projectId);
  const buildingName = new Map(buildingRows.map((b) => [b.id, b.name]));
  const names = await findRoundNames(tx, projectId, versionId);
  for (const cell of cells) {
    if (!cell.reviewerAccountId || !cell.censorOrgId) continue;
    const candidates = await candidatesOf(tx, cell.censorOrgId);
    const holds = (accountId: string | null) =>
      !!accountId && candidates.some((c) => c.accountId === accountId);
    if (!holds(cell.reviewerAccountId)) continue;
    const row = await insertMission(tx, {
      projectId,
      versionId,
      buildingId: cell.buildingId,
      specialty: cell.specialty,
      reviewerAccountId: cell.reviewerAccountId,
      checkerAccountId: holds(cell.checkerAccountId) ? cell.checkerAccountId : null,
      censorOrgId: cell.censorOrgId,
      deadline: null,
      assignedAt: details.at,
      createdAt: details.at,
      updatedAt: details.at,
    });
    if (!row) continue;
    await insertHistory(tx, [
      {
        missionId: row.id,
        event: 'ASSIGN',
        at: details.at,
        byAccountId: details.by,
        reviewerAccountId: row.reviewerAccountId,
        checkerAccountId: row.checkerAccountId,
        reason: null,
      },
    ]);
    await sendMessage(tx, {
      type: 'CENSOR_RECHECK_TASKING',
      to: [{ orgId: cell.censorOrgId, accountId: row.reviewerAccountId }],
      at: details.at,
      by: details.by,
      senderOrgId: cell.censorOrgId,
      projectId,
      targetId: row.id,
      params: {
        projectName: names.projectName,
        round: String(names.round),
        buildingName: buildingName.get(row.buildingId) ?? '',
        specialty: specialtyText(ctx, row.specialty)['zh-CN'],
      },
    });
  }
}
