import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  APPLICATION_TRANSITIONS,
  MANDATORY_OPINION_TYPE,
  OPINIONS_PAUSE_REASON,
  applicationAfter,
  chinaDate,
  dictionaryItemName,
  errorMessage,
  refusal,
  type Locale,
  type OpinionReportDetail,
  type OpinionReportPage,
  type OpinionReportSummary,
  type PrincipalMember,
  type ReportCheck,
  type ReportContent,
  type ReportFacts,
  type ReportLink,
  type ReportPartyRole,
} from '@drp/domain';
import { inTransaction, type Db } from '../../db/database.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { newFileKey } from '../../lib/file-store.js';
import type { StoredFileToSend } from '../../lib/send-stored-file.js';
import { checkCode, sameCheckCode } from '../../lib/check-code.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { pauseReviewClocks, readReviewClock, stopReviewClocks } from '../calendar/review-clock.service.js';
import { enqueueJob } from '../jobs/jobs.repository.js';
import type { JobHandler } from '../jobs/job-runner.js';
import { sendMessage, settleTodos } from '../messages/messages.service.js';
import { findCurrentRound } from '../missions/missions.repository.js';
import { readRoundCells } from '../missions/missions.service.js';
import { runApplicationStep } from '../project-access/application-steps.js';
import { updateApplicationState } from '../project-access/project-access.repository.js';
import { openProject, type OpenProject } from '../project-access/project-access.service.js';
import {
  askSigners,
  planSignatures,
  unsignedCounts,
  type PlannedReviewer,
} from '../signatures/signatures.service.js';
import { buildReportPdfInWorker } from './report-pdf-client.js';
import {
  findReport,
  findReportById,
  findReportByNo,
  findReportOfRound,
  finishReportBuild,
  insertReport,
  listBuildingsForReport,
  listCarriedForReport,
  listOpinionsForReport,
  listOrgCodes,
  listReports,
  updateReport,
  type ReportRow,
  type ReportWithNames,
} from './reports.repository.js';

/**
 * Opinion reports (审查意见告知书, issue 20). The agency's admin or director compiles the round's
 * report once every cell of the round has an accepted mission: the content is fixed then (a
 * snapshot in the row) and the job queue builds the PDF from it, so a crash mid-build leaves no
 * half report and the build runs again. Forwarding sends it to the units, pauses the clock (or
 * stops it when nothing is open) and moves the application on.
 */

export const REPORT_BUILD_JOB = 'report.build';

/** The acting member in one application, as the routes pass it. */
export interface ReportCaller {
  member: PrincipalMember;
  projectId: string;
  audit: AuditActor;
  locale: Locale;
}

// ---- the public check printed as a QR code ----

/** The check code of a report: its own key, derived from the auth key, over the id and number. */
export function reportCheckCode(ctx: AppContext, report: { id: string; reportNo: string }): string {
  return checkCode(ctx.secrets.authKey, 'drp opinion report check v1', `${report.id}|${report.reportNo}`);
}

function verifyUrl(ctx: AppContext, origin: string, report: { id: string; reportNo: string }) {
  const base = ctx.config.publicUrl ?? origin;
  return `${base}/common/verify?no=${encodeURIComponent(report.reportNo)}&c=${reportCheckCode(ctx, report)}`;
}

/** The public check a QR code opens: the report as issued, or NOT_FOUND for a wrong code or number. */
export async function checkReport(ctx: AppContext, query: { no: string; c: string }): Promise<ReportCheck> {
  const found = await findReportByNo(ctx.db, query.no);
  const same = sameCheckCode(query.c, found ? reportCheckCode(ctx, found.report) : null);
  if (!same || !found || found.report.status !== 'FORWARDED') throw new AppError('NOT_FOUND');
  const { report } = found;
  return {
    reportNo: report.reportNo,
    projectName: found.projectName,
    agencyName: found.agencyName,
    round: report.round,
    conclusion: report.conclusion,
    compiledOn: report.content.compiledOn,
    forwardedOn: report.forwardedAt ? chinaDate(report.forwardedAt) : null,
    sha256: report.fileSha256,
  };
}

// ---- reading ----

/** The current round's report facts, as the rules read them. */
async function roundFacts(ctx: AppContext, db: Db, open: OpenProject, options: { lock?: boolean } = {}) {
  const round = await findCurrentRound(db, open.project.id);
  if (!round)
    return {
      round: null,
      report: null,
      facts: { application: open.facts, status: null, cells: 0, missionsOpen: 0, unsigned: 0 },
    };
  const [report, grid] = await Promise.all([
    findReportOfRound(db, round.id, open.member.orgId, options),
    readRoundCells(ctx, db, open.project.id, round.id),
  ]);
  const signing = report ? (await unsignedCounts(db, [report.id])).get(report.id) : null;
  const facts: ReportFacts = {
    application: open.facts,
    status: report?.status ?? null,
    // A round without any cell (no building confirmed) has nothing to report on: its own refusal.
    cells: grid.cells.length,
    missionsOpen: grid.cells.filter((c) => c.found?.mission.status !== 'DONE').length,
    unsigned: signing?.unsigned ?? 0,
  };
  return { round, report, facts };
}

type SigningCount = { signed: number; total: number; unsigned: number } | null | undefined;

function summaryOf(
  open: OpenProject,
  found: ReportWithNames,
  current: ReportFacts | null,
  signing: SigningCount,
): OpinionReportSummary {
  const { report } = found;
  const facts: ReportFacts = {
    application: open.facts,
    status: report.status,
    cells: current?.cells ?? 0,
    missionsOpen: current?.missionsOpen ?? 0,
    unsigned: signing?.unsigned ?? 0,
  };
  return {
    id: report.id,
    projectId: report.projectId,
    versionId: report.versionId,
    round: report.round,
    reportNo: report.reportNo,
    status: report.status,
    conclusion: report.conclusion,
    opinions: report.opinionCount,
    mandatory: report.mandatoryCount,
    compiledAt: report.compiledAt.toISOString(),
    compiledBy: found.compiledByName,
    forwardedAt: report.forwardedAt?.toISOString() ?? null,
    forwardedBy: found.forwardedByName ?? null,
    file:
      report.fileKey && report.fileSize !== null && report.filePages !== null && report.fileSha256
        ? { size: report.fileSize, pages: report.filePages, sha256: report.fileSha256 }
        : null,
    signing: signing ? { signed: signing.signed, total: signing.total } : null,
    can: {
      forward: open.can('report.forward', facts),
      compile: current !== null && open.can('report.compile', facts),
    },
  };
}

/** The units and authorities read forwarded reports only; the agency reads its own at every step. */
const seesDrafts = (open: OpenProject) => open.actor.part === 'CENSOR';

export async function listOpinionReports(
  ctx: AppContext,
  caller: ReportCaller,
  query: { page: number; pageSize: number },
): Promise<OpinionReportPage> {
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'reports.view' });
  const { rows, total } = await listReports(
    ctx.db,
    { projectId: open.project.id, forwardedOnly: !seesDrafts(open) },
    { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
  );
  let compile: OpinionReportPage['compile'] = { allowed: false, blocker: null, round: null };
  let current: { versionId: string; facts: ReportFacts } | null = null;
  if (
    open.actor.part === 'CENSOR' &&
    open.can('report.compile', { application: open.facts, status: null, cells: 1, missionsOpen: 0, unsigned: 0 })
  ) {
    const { round, facts } = await roundFacts(ctx, ctx.db, open);
    current = round ? { versionId: round.id, facts } : null;
    const blocked = refusal('report.compile', open.actor, facts);
    compile = {
      allowed: blocked === undefined,
      blocker: blocked ? errorMessage(blocked, caller.locale, { count: facts.missionsOpen }) : null,
      round: round?.number ?? null,
    };
  }
  const signing = await unsignedCounts(ctx.db, rows.map((r) => r.report.id));
  return {
    items: rows.map((row) =>
      summaryOf(
        open,
        row,
        current && current.versionId === row.report.versionId ? current.facts : null,
        signing.get(row.report.id),
      ),
    ),
    total,
    compile,
  };
}

async function visibleReport(ctx: AppContext, open: OpenProject, id: string) {
  const found = await findReport(ctx.db, open.project.id, id);
  if (!found || (!seesDrafts(open) && found.report.status !== 'FORWARDED')) throw new AppError('NOT_FOUND');
  return found;
}

export async function getOpinionReport(
  ctx: AppContext,
  caller: ReportCaller,
  id: string,
): Promise<OpinionReportDetail> {
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'reports.view' });
  const found = await visibleReport(ctx, open, id);
  const { round, facts } =
    open.actor.part === 'CENSOR' ? await roundFacts(ctx, ctx.db, open) : { round: null, facts: null };
  const { opinions: _opinions, ...content } = found.report.content;
  const signing = (await unsignedCounts(ctx.db, [found.report.id])).get(found.report.id);
  return {
    ...summaryOf(open, found, round?.id === found.report.versionId ? facts : null, signing),
    content,
  };
}

/** The report's PDF, for `getReport/{id}`: saved with `download`, else shown. */
export async function opinionReportPdf(ctx: AppContext, caller: ReportCaller, id: string, download: boolean) {
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'reports.view' });
  const found = await visibleReport(ctx, open, id);
  return pdfOf(found.report, download);
}

function pdfOf(report: ReportRow, download: boolean): StoredFileToSend {
  if (report.status === 'COMPILING') throw new AppError('REPORT_COMPILING');
  if (!report.fileKey) throw new AppError('REPORT_NOT_READY');
  return {
    key: report.fileKey,
    contentType: 'application/pdf',
    downloadName: `审查意见告知书 ${report.reportNo}.pdf`,
    ...(report.fileSize !== null ? { size: report.fileSize } : {}),
    ...(report.fileSha256 ? { sha256: report.fileSha256 } : {}),
    disposition: download ? 'attachment' : 'inline',
  };
}

// ---- the signed link (getSignedURL) ----

const LINK_SECONDS = 10 * 60;

function linkKey(ctx: AppContext) {
  return createHmac('sha256', ctx.secrets.authKey).update('drp opinion report link v1').digest();
}

/** `reportId.expiry.mac`: opens that report's PDF until the expiry, for whoever holds it. */
export function signReportLink(ctx: AppContext, reportId: string, expiresAt: number) {
  const mac = createHmac('sha256', linkKey(ctx)).update(`${reportId}.${expiresAt}`).digest('base64url');
  return `${reportId}.${expiresAt}.${mac}`;
}

export async function opinionReportLink(
  ctx: AppContext,
  caller: ReportCaller,
  id: string,
): Promise<ReportLink> {
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'reports.view' });
  const found = await visibleReport(ctx, open, id);
  if (!found.report.fileKey)
    throw new AppError(found.report.status === 'COMPILING' ? 'REPORT_COMPILING' : 'REPORT_NOT_READY');
  const expiresAt = Math.floor(ctx.clock().getTime() / 1000) + LINK_SECONDS;
  return {
    url: `/api/files/report/${signReportLink(ctx, id, expiresAt)}`,
    expiresAt: new Date(expiresAt * 1000).toISOString(),
  };
}

/** The PDF a signed link opens; NOT_FOUND for a forged, altered or expired one. */
export async function linkedReportPdf(ctx: AppContext, token: string, download: boolean) {
  const match = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) throw new AppError('NOT_FOUND');
  const [, id, expiry, mac] = match as unknown as [string, string, string, string];
  const expected = signReportLink(ctx, id, Number(expiry)).split('.')[2]!;
  if (!timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) throw new AppError('NOT_FOUND');
  if (Number(expiry) * 1000 <= ctx.clock().getTime()) throw new AppError('NOT_FOUND');
  const report = await findReportById(ctx.db, id);
  if (!report) throw new AppError('NOT_FOUND');
  return pdfOf(report, download);
}

// ---- compiling ----

const ROLE_ORDER: ReportPartyRole[] = ['CONSTRUCT', 'DESIGN', 'SURVEY', 'CENSOR'];

/** What the round's report says, read now. */
async function snapshot(
  ctx: AppContext,
  tx: Db,
  open: OpenProject,
  round: { id: string; number: number },
  report: { id: string; reportNo: string },
  origin: string,
): Promise<ReportContent> {
  const { project } = open;
  const dict = ctx.dictionaries;
  const specialtyName = (code: string) => {
    const item = dict.specialty.items.find((s) => s.code === code);
    return item ? dictionaryItemName(item, 'zh-CN') : code;
  };
  const typeName = (code: string) => {
    const item = dict.opinionType.items.find((s) => s.code === code);
    return item ? dictionaryItemName(item, 'zh-CN') : code;
  };
  const [rows, carriedRows, grid, buildingRows, codes, clocks] = await Promise.all([
    listOpinionsForReport(tx, round.id, open.member.orgId),
    listCarriedForReport(tx, round.id),
    readRoundCells(ctx, tx, project.id, round.id),
    listBuildingsForReport(tx, project.id),
    listOrgCodes(tx, [project.constructOrgId, ...open.parties.map((p) => p.orgId)]),
    readReviewClock({ ...ctx, db: tx }, { member: open.member, projectId: project.id }),
  ]);
  const specialtyOrder = grid.specialties;
  const rank = (code: string) => {
    const i = specialtyOrder.indexOf(code);
    return i < 0 ? specialtyOrder.length : i;
  };
  const opinions = rows
    .map((r) => ({
      buildingName: r.buildingName,
      seq: r.buildingSeq,
      specialty: r.specialty,
      specialtyName: specialtyName(r.specialty),
      kind: r.kind,
      typeName: typeName(r.opinionType),
      mandatory: r.mandatory || r.opinionType === MANDATORY_OPINION_TYPE,
      clause: r.standardCode && r.clauseNumber ? `${r.standardCode} 第 ${r.clauseNumber} 条` : null,
      sheet: r.fileName ? r.fileName.replace(/\.pdf$/i, '') : null,
      text: r.text,
    }))
    // By building (in its order), then specialty (in the dictionary's order), keeping the numbers' order.
    .sort((a, b) => a.seq - b.seq || rank(a.specialty) - rank(b.specialty))
    .map(({ seq: _seq, ...o }) => o);
  const people = new Map<string, { reviewers: Set<string>; checkers: Set<string> }>();
  for (const cell of grid.cells) {
    const m = cell.found;
    if (!m) continue;
    const entry = people.get(cell.specialty) ?? { reviewers: new Set(), checkers: new Set() };
    entry.reviewers.add(m.reviewerName);
    if (m.checkerName) entry.checkers.add(m.checkerName);
    people.set(cell.specialty, entry);
  }
  const byType = new Map<string, number>();
  for (const o of opinions) byType.set(o.typeName, (byType.get(o.typeName) ?? 0) + 1);
  const partyOf = (role: ReportPartyRole) =>
    role === 'CONSTRUCT'
      ? [{ orgId: project.constructOrgId, name: open.nameOf(project.constructOrgId) }]
      : open.parties.filter((p) => p.role === role).map((p) => ({ orgId: p.orgId, name: p.orgName }));
  const snap = (c: {
    used: number;
    limit: number;
    left: number;
    rounds: number[];
    applicantDays: number;
  }) => ({
    used: c.used,
    limit: c.limit,
    left: c.left,
    rounds: c.rounds,
    applicantDays: c.applicantDays,
  });
  const carried = carriedRows.map((r) => ({
    origin: `第${r.round}轮 第${r.number}条`,
    buildingName: r.buildingName,
    specialtyName: specialtyName(r.specialty),
    mandatory: r.mandatory || r.opinionType === MANDATORY_OPINION_TYPE,
    text: r.text,
    answer: r.answer,
    decision: r.decision,
    remark: r.remark,
  }));
  // Passed: nothing added and nothing of an earlier round kept or reopened (issue 20).
  const stillOpen = opinions.length + carried.filter((c) => c.decision !== 'CLOSE').length;
  return {
    reportNo: report.reportNo,
    round: round.number,
    conclusion: stillOpen === 0 ? 'PASSED' : 'REVISE',
    ...(round.number > 1 ? { carried } : {}),
    compiledOn: chinaDate(ctx.clock()),
    project: {
      name: project.name,
      code: project.code ?? '',
      location: project.address ?? '',
      area: buildingRows.reduce((sum, b) => sum + (b.area ?? 0), 0),
      acceptedOn: project.acceptedAt ? chinaDate(project.acceptedAt) : null,
    },
    parties: ROLE_ORDER.flatMap((role) =>
      partyOf(role).map((p) => ({ role, name: p.name, creditCode: codes.get(p.orgId) ?? null })),
    ),
    buildings: buildingRows.map((b) => ({ name: b.name, area: b.area })),
    opinions,
    bySpecialty: specialtyOrder
      .filter((s) => people.has(s))
      .map((s) => ({
        specialty: s,
        name: specialtyName(s),
        opinions: opinions.filter((o) => o.specialty === s).length,
        mandatory: opinions.filter((o) => o.specialty === s && o.mandatory).length,
        reviewers: [...people.get(s)!.reviewers],
        checkers: [...people.get(s)!.checkers],
      })),
    byType: [...byType].map(([name, n]) => ({ name, opinions: n })),
    clock: { design: snap(clocks.design), survey: clocks.survey ? snap(clocks.survey) : null },
    verifyUrl: verifyUrl(ctx, origin, report),
  };
}

/** The round's reviewers, each once with the specialties they reviewed: who signs its report. */
async function roundReviewers(ctx: AppContext, db: Db, projectId: string, versionId: string) {
  const grid = await readRoundCells(ctx, db, projectId, versionId);
  const specialtyName = (code: string) => {
    const item = ctx.dictionaries.specialty.items.find((s) => s.code === code);
    return item ? dictionaryItemName(item, 'zh-CN') : code;
  };
  const reviewers = new Map<string, PlannedReviewer>();
  for (const cell of grid.cells) {
    const found = cell.found;
    if (!found) continue;
    const accountId = found.mission.reviewerAccountId;
    const entry = reviewers.get(accountId) ?? { accountId, name: found.reviewerName, specialties: [] };
    const name = specialtyName(cell.specialty);
    if (!entry.specialties.includes(name)) entry.specialties.push(name);
    reviewers.set(accountId, entry);
  }
  return [...reviewers.values()];
}

/**
 * Compiles the current round's report (again, while not forwarded): the content is read now and
 * the PDF is queued. Two deciders compiling at once: the row lock (or the unique index for the
 * first) makes one wait, and the second then finds the report compiling (a clear conflict).
 */
export async function compileOpinionReport(
  ctx: AppContext,
  caller: ReportCaller & { origin: string },
): Promise<OpinionReportSummary> {
  const id = await inTransaction(ctx.db, async (tx) => {
    const open = await openProject(tx, caller.member, caller.projectId, {
      action: 'reports.view',
      lock: true,
    });
    const { round, report, facts } = await roundFacts(ctx, tx, open, { lock: true });
    open.require('report.compile', facts, { count: facts.missionsOpen });
    if (!round) throw new AppError('REPORT_NOT_IN_REVIEW');
    const at = ctx.clock();
    await settleTodos(tx, {
      type: 'CENSOR_ROUND_REVIEWED',
      projectId: open.project.id,
      by: caller.audit.accountId,
      at,
    });
    const reportNo = `${open.project.code ?? open.project.id.slice(0, 8)}-R${round.number}`;
    // The id is chosen here so the content (its check code needs the id) is read before the one write.
    const reportId = report?.id ?? randomUUID();
    const read = await snapshot(ctx, tx, open, round, { id: reportId, reportNo }, caller.origin);
    // Who signs it (issue 21): its signature page draws a box for each; compiling again starts over.
    const signing = await planSignatures(
      tx,
      { kind: 'REPORT', id: reportId, projectId: open.project.id, censorOrgId: open.member.orgId },
      await roundReviewers(ctx, tx, open.project.id, round.id),
      { at: ctx.clock(), by: caller.audit.accountId },
    );
    const content: ReportContent = { ...read, signing };
    const build = report ? report.build + 1 : 1;
    const compiled = {
      status: 'COMPILING' as const,
      conclusion: content.conclusion,
      // What the units answer after this round: its own opinions and the earlier ones kept open.
      opinionCount:
        content.opinions.length + (content.carried ?? []).filter((c) => c.decision !== 'CLOSE').length,
      mandatoryCount:
        content.opinions.filter((o) => o.mandatory).length +
        (content.carried ?? []).filter((c) => c.decision !== 'CLOSE' && c.mandatory).length,
      content,
      build,
      failure: null,
      compiledAt: at,
      compiledBy: caller.audit.accountId!,
      updatedAt: at,
    };
    if (report) await updateReport(tx, reportId, compiled);
    else {
      const inserted = await insertReport(tx, {
        id: reportId,
        projectId: open.project.id,
        versionId: round.id,
        censorOrgId: open.member.orgId,
        round: round.number,
        reportNo,
        ...compiled,
      });
      if (!inserted) throw new AppError('REPORT_COMPILING');
    }
    await enqueueJob(
      tx,
      { kind: REPORT_BUILD_JOB, key: `${reportId}:${build}`, payload: { reportId, build } },
      at,
    );
    await recordAudit(tx, at, {
      action: 'REPORT_COMPILED',
      actor: caller.audit,
      target: { type: 'project', id: open.project.id },
      detail: { reportNo, round: round.number },
    });
    return reportId;
  });
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'reports.view' });
  const found = await findReport(ctx.db, open.project.id, id);
  const { facts } = await roundFacts(ctx, ctx.db, open);
  return summaryOf(open, found!, facts, (await unsignedCounts(ctx.db, [id])).get(id));
}

const payloadOf = (payload: Record<string, unknown>) => {
  const { reportId, build } = payload;
  if (typeof reportId !== 'string' || typeof build !== 'number')
    throw new Error('a report job without its report');
  return { reportId, build };
};

/**
 * Builds a compiled report's PDF from its content and stores it. Idempotent: a build for an older
 * compilation, or for one already built, changes nothing; a PDF stored for a build that lost the
 * race is removed again.
 */
export async function buildOpinionReport(ctx: AppContext, reportId: string, build: number) {
  const report = await findReportById(ctx.db, reportId);
  if (!report || report.build !== build || report.status !== 'COMPILING') return;
  // In a thread of its own: laying out hundreds of opinions must not hold the other calls.
  const { bytes, pages } = await buildReportPdfInWorker(report.content);
  const key = newFileKey(`reports/${report.projectId}`);
  await ctx.files.put(key, bytes);
  const at = ctx.clock();
  const stored = await inTransaction(ctx.db, async (tx) => {
    const done = await finishReportBuild(tx, reportId, build, {
      status: 'READY',
      fileKey: key,
      fileSize: bytes.length,
      filePages: pages,
      fileSha256: createHash('sha256').update(bytes).digest('hex'),
      failure: null,
      updatedAt: at,
    });
    // Built: the round's reviewers are asked for their signatures (issue 21).
    if (done && report.content.signing?.length)
      await askSigners(tx, {
        at,
        by: null,
        documentId: reportId,
        documentNo: report.reportNo,
        projectName: report.content.project.name,
        step: 1,
      });
    return done;
  });
  if (!stored) await ctx.files.remove(key);
  // The previous build's PDF is no longer anyone's.
  else if (report.fileKey && report.fileKey !== key) await ctx.files.remove(report.fileKey);
}

export const reportBuildJobHandler: JobHandler = {
  kind: REPORT_BUILD_JOB,
  run: async (ctx, job) => {
    const { reportId, build } = payloadOf(job.payload);
    await buildOpinionReport(ctx, reportId, build);
  },
  // Given up: the report says so, and compiling again queues a new build.
  giveUp: async (ctx, job, error) => {
    const { reportId, build } = payloadOf(job.payload);
    await finishReportBuild(ctx.db, reportId, build, {
      status: 'FAILED',
      fileKey: null,
      fileSize: null,
      filePages: null,
      fileSha256: null,
      failure: error instanceof Error ? error.message.slice(0, 500) : 'unknown',
      updatedAt: ctx.clock(),
    });
  },
};

// ---- forwarding ----

/**
 * Forwards a built report to the construction, design and survey units: final from now on. With
 * opinions open, the application waits for their answers and the clocks pause; with none, the
 * review passed and the clocks stop.
 */
export async function forwardOpinionReport(
  ctx: AppContext,
  caller: ReportCaller,
  id: string,
): Promise<OpinionReportSummary> {
  await inTransaction(ctx.db, async (tx) => {
    const open = await openProject(tx, caller.member, caller.projectId, {
      action: 'reports.view',
      lock: true,
    });
    const found = await findReport(tx, open.project.id, id, { lock: true });
    if (!found) throw new AppError('NOT_FOUND');
    const { report } = found;
    const signing = (await unsignedCounts(tx, [report.id])).get(report.id);
    open.require(
      'report.forward',
      { application: open.facts, status: report.status, cells: 0, missionsOpen: 0, unsigned: signing?.unsigned ?? 0 },
      { count: signing?.unsigned ?? 0 },
    );
    const at = ctx.clock();
    const by = caller.audit.accountId;
    await updateReport(tx, report.id, {
      status: 'FORWARDED',
      forwardedAt: at,
      forwardedBy: by,
      updatedAt: at,
    });
    await settleTodos(tx, { type: 'CENSOR_REPORT_SIGNED', projectId: open.project.id, targetId: report.id, by, at });
    const passed = report.conclusion === 'PASSED';
    const step: keyof typeof APPLICATION_TRANSITIONS = passed ? 'passReview' : 'forwardReport';
    await updateApplicationState(tx, open.project.id, {
      status: applicationAfter(step, open.project.status),
      updatedAt: at,
    });
    // The round's opinions (and its decisions on earlier ones) become what the units answer; with
    // some open, the next version opens for the revised drawings (the answers' step).
    await runApplicationStep(tx, 'reportForwarded', open.project.id, {
      at,
      by,
      versionId: report.versionId,
      passed,
    });
    if (passed) await stopReviewClocks(tx, { projectId: open.project.id, at, by, reason: '审查合格' });
    else await pauseReviewClocks(tx, { projectId: open.project.id, at, by, reason: OPINIONS_PAUSE_REASON });
    const units = [
      { orgId: open.project.constructOrgId },
      ...open.parties
        .filter((p) => p.role === 'DESIGN' || p.role === 'SURVEY')
        .map((p) => ({ orgId: p.orgId })),
    ];
    await sendMessage(tx, {
      type: passed ? 'CENSOR_REVIEW_PASSED' : 'CENSOR_OPINION_REPORT_FORWARD',
      to: units,
      at,
      by,
      senderOrgId: open.member.orgId,
      projectId: open.project.id,
      targetId: report.id,
      params: {
        senderName: open.nameOf(open.member.orgId),
        projectName: open.project.name,
        round: String(report.round),
        reportNo: report.reportNo,
        count: String(report.opinionCount),
      },
    });
    // Passed: the certificate is the agency's next step.
    if (passed)
      await sendMessage(tx, {
        type: 'CENSOR_CERTIFICATE_DUE',
        to: [{ orgId: open.member.orgId }],
        at,
        by,
        senderOrgId: open.member.orgId,
        projectId: open.project.id,
        targetId: report.id,
        params: { projectName: open.project.name, reportNo: report.reportNo },
      });
    await recordAudit(tx, at, {
      action: 'REPORT_FORWARDED',
      actor: caller.audit,
      target: { type: 'project', id: open.project.id },
      detail: { reportNo: report.reportNo, round: report.round },
    });
  });
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'reports.view' });
  return summaryOf(open, (await findReport(ctx.db, open.project.id, id))!, null, (await unsignedCounts(ctx.db, [id])).get(id));
}
