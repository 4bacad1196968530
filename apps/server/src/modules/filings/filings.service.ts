import {
  FILING_FLAGS,
  FILING_LIMITS,
  NATIONAL_FILING_FIELDS,
  SPECIAL_REVIEW_RESULTS,
  applicationAfter,
  chinaDate,
  decides,
  errorMessage,
  refusal,
  regionPath,
  type CertificateContent,
  type FilingDetail,
  type FilingFlag,
  type FilingInput,
  type FilingPage,
  type FilingSummary,
  type Locale,
  type NationalFilingRecord,
  type PrincipalMember,
  type ProjectFilingPage,
} from '@drp/domain';
import { inTransaction, type Db } from '../../db/database.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { loadWorkCalendar } from '../calendar/calendar.service.js';
import { findCertificateOfProject } from '../certificates/certificates.repository.js';
import { sendMessage, settleTodos } from '../messages/messages.service.js';
import { updateApplicationState } from '../project-access/project-access.repository.js';
import { openProject, projectScopeOf, type OpenProject } from '../project-access/project-access.service.js';
import {
  decideFilingRow,
  findFiling,
  findLatestFiling,
  insertFiling,
  listConfirmedFilings,
  listProjectFilings,
  listRegionAuthorities,
  listRegionFilings,
  type FilingWithNames,
} from './filings.repository.js';

/**
 * Filing (备案, issue 21): the agency files the issued certificate with the supervising authority
 * of the application's region within 5 working days; the authority confirms (the application is
 * 已备案 and enters the public record) or rejects with a reason, and the agency files again.
 */

export interface FilingCaller {
  member: PrincipalMember;
  audit: AuditActor;
  locale: Locale;
}

// ---- the national record ----

/** The national reporting record (TBProjectCensorInfo) of a certificate, with what the agency states. */
export function nationalRecord(
  content: CertificateContent,
  input: FilingInput,
  at: Date,
): NationalFilingRecord {
  const of = (role: 'SURVEY' | 'DESIGN', i: number) => content.parties.filter((p) => p.role === role)[i];
  const censor = content.parties.find((p) => p.role === 'CENSOR');
  const first = content.firstRound;
  return {
    CensorNum: content.certificateNo,
    PrjNum: content.project.code,
    PrjName: content.project.name,
    CensorCorpName: censor?.name ?? '',
    CensorCorpCode: censor?.creditCode ?? '',
    CensorEDate: content.completedOn,
    PrjSize: content.project.area,
    EconCorpName: of('SURVEY', 0)?.name ?? '',
    EconCorpCode: of('SURVEY', 0)?.creditCode ?? '',
    EconCorpName2: of('SURVEY', 1)?.name ?? '',
    EconCorpCode2: of('SURVEY', 1)?.creditCode ?? '',
    EconCorpName3: of('SURVEY', 2)?.name ?? '',
    EconCorpCode3: of('SURVEY', 2)?.creditCode ?? '',
    DesignCorpName: of('DESIGN', 0)?.name ?? '',
    DesignCorpCode: of('DESIGN', 0)?.creditCode ?? '',
    DesignCorpName2: of('DESIGN', 1)?.name ?? '',
    DesignCorpCode2: of('DESIGN', 1)?.creditCode ?? '',
    DesignCorpName3: of('DESIGN', 2)?.name ?? '',
    DesignCorpCode3: of('DESIGN', 2)?.creditCode ?? '',
    OneCensorIsPass: first.passed ? 1 : 0,
    OneCensorWfqtCount: first.mandatoryCount,
    OneCensorWfqtContent: first.mandatoryClauses.join('；'),
    IsJointCensor: input.jointReview ? 1 : 0,
    FireCensor: SPECIAL_REVIEW_RESULTS[input.fireReview]['zh-CN'],
    CivilDefenceCensor: SPECIAL_REVIEW_RESULTS[input.civilDefenceReview]['zh-CN'],
    Censors: content.reviewers
      .map((r) => `${r.specialtyName} ${r.name}${r.registration ? `（${r.registration}）` : ''}`)
      .join('；'),
    CreateDate: chinaDate(at),
  };
}

// ---- reading ----

function summaryOf(row: FilingWithNames): FilingSummary {
  const { filing } = row;
  return {
    id: filing.id,
    projectId: filing.projectId,
    projectName: row.projectName,
    projectCode: row.projectCode ?? '',
    certificateNo: row.certificateNo,
    agencyName: row.agencyName,
    attempt: filing.attempt,
    status: filing.status,
    filedAt: filing.filedAt.toISOString(),
    filedBy: row.filedByName,
    dueOn: filing.dueOn,
    late: filing.dueOn !== null && chinaDate(filing.filedAt) > filing.dueOn,
    decidedAt: filing.decidedAt?.toISOString() ?? null,
    decidedBy: row.decidedByName ?? null,
    authorityName: row.authorityName ?? null,
    reason: filing.reason,
  };
}

/** The last working day to file on: 5 working days after the certificate was issued (null: a year not entered). */
async function dueOn(ctx: AppContext, issuedAt: Date) {
  const calendar = await loadWorkCalendar(ctx);
  const due = calendar.addWorkingDays(chinaDate(issuedAt), FILING_LIMITS.workingDays);
  return due.ok ? due.value : null;
}

/** The application's filings (the agency and the authority), and whether the agency may file now. */
export async function listFilingsOfProject(
  ctx: AppContext,
  caller: FilingCaller & { projectId: string },
): Promise<ProjectFilingPage> {
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'filings.view' });
  const rows = await listProjectFilings(ctx.db, open.project.id);
  const file: ProjectFilingPage['file'] = {
    allowed: false,
    blocker: null,
    certificateNo: null,
    dueOn: null,
    authorities: [],
  };
  if (open.actor.part === 'CENSOR' && decides(open.actor)) {
    const certificate = await findCertificateOfProject(ctx.db, open.project.id, open.member.orgId);
    const facts = { certificate: certificate?.status ?? null, latest: rows[0]?.filing.status ?? null };
    const blocked = refusal('filing.file', open.actor, facts);
    file.allowed = blocked === undefined;
    file.blocker = blocked ? errorMessage(blocked, caller.locale) : null;
    file.certificateNo = certificate?.certificateNo ?? null;
    file.dueOn = certificate?.issuedAt ? await dueOn(ctx, certificate.issuedAt) : null;
    file.authorities = (await authoritiesOf(ctx.db, open.project.regionCode ?? '')).map((a) => a.name);
  }
  return { items: rows.map(summaryOf), file };
}

function detailOf(open: OpenProject, row: FilingWithNames): FilingDetail {
  return {
    ...summaryOf(row),
    input: row.filing.input,
    national: row.filing.national,
    can: { decide: open.can('filing.decide', { status: row.filing.status }) },
  };
}

/** One filing, for the agency (its application's) or the region's authority. */
export async function getFiling(ctx: AppContext, caller: FilingCaller, id: string): Promise<FilingDetail> {
  const row = await findFiling(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  const open = await openProject(ctx.db, caller.member, row.filing.projectId, { action: 'filings.view' });
  return detailOf(open, row);
}

/** The filings of one state in the authority's region (`approval/tbc|confirmed|rejected`). */
export async function listFilingsForAuthority(
  ctx: AppContext,
  caller: FilingCaller,
  query: { flag: FilingFlag; keyword?: string | undefined; page: number; pageSize: number },
): Promise<FilingPage> {
  const scope = await projectScopeOf(ctx.db, caller.member);
  if (scope.kind !== 'region' && scope.kind !== 'all') throw new AppError('FORBIDDEN');
  const { rows, total } = await listRegionFilings(
    ctx.db,
    {
      status: FILING_FLAGS[query.flag],
      regionPrefix: scope.kind === 'region' ? scope.regionPrefix : null,
      keyword: query.keyword,
    },
    { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
  );
  return { items: rows.map(summaryOf), total };
}

// ---- filing ----

/** The authorities of the application's region that confirm its filing: the nearest level there is. */
async function authoritiesOf(db: Db, regionCode: string) {
  const path = regionPath(regionCode);
  const found = await listRegionAuthorities(db, path);
  const rank = (code: string | null) => (code === null ? -1 : path.indexOf(code));
  const nearest = Math.max(...found.map((a) => rank(a.regionCode)), -1);
  return found.filter((a) => rank(a.regionCode) === nearest);
}

/**
 * Files the issued certificate (again after a rejection): the national record is fixed now, the
 * authority of the region is asked to confirm it, and a rejection's to-do is settled.
 */
export async function fileCertificate(
  ctx: AppContext,
  caller: FilingCaller & { projectId: string },
  input: FilingInput,
): Promise<FilingDetail> {
  const id = await inTransaction(ctx.db, async (tx) => {
    const open = await openProject(tx, caller.member, caller.projectId, {
      action: 'filings.view',
      lock: true,
    });
    const [certificate, latest] = await Promise.all([
      findCertificateOfProject(tx, open.project.id, open.member.orgId, { lock: true }),
      findLatestFiling(tx, open.project.id, { lock: true }),
    ]);
    open.require('filing.file', { certificate: certificate?.status ?? null, latest: latest?.status ?? null });
    const at = ctx.clock();
    const inserted = await insertFiling(tx, {
      projectId: open.project.id,
      certificateId: certificate!.id,
      censorOrgId: open.member.orgId,
      regionCode: open.project.regionCode ?? '',
      attempt: (latest?.attempt ?? 0) + 1,
      status: 'PENDING',
      input,
      national: nationalRecord(certificate!.content, input, at),
      dueOn: certificate!.issuedAt ? await dueOn(ctx, certificate!.issuedAt) : null,
      filedAt: at,
      filedBy: caller.audit.accountId!,
    });
    if (!inserted) throw new AppError('FILING_PENDING');
    if (latest)
      await settleTodos(tx, {
        type: 'CONTROL_FILING_REJECTED',
        projectId: open.project.id,
        targetId: latest.id,
        by: caller.audit.accountId,
        at,
      });
    const authorities = await authoritiesOf(tx, open.project.regionCode ?? '');
    // With no authority of the region registered yet, no one is asked (it finds the filing in its
    // list once registered); the agency's own to-do to file is done all the same.
    if (authorities.length === 0)
      await settleTodos(tx, {
        type: 'CENSOR_FILING_DUE',
        projectId: open.project.id,
        by: caller.audit.accountId,
        at,
      });
    else
      await sendMessage(tx, {
        type: 'CENSOR_FILING_SUBMIT',
        to: authorities.map((a) => ({ orgId: a.id })),
        at,
        by: caller.audit.accountId,
        senderOrgId: open.member.orgId,
        projectId: open.project.id,
        targetId: inserted.id,
        params: {
          senderName: open.nameOf(open.member.orgId),
          projectName: open.project.name,
          certificateNo: certificate!.certificateNo,
        },
      });
    await recordAudit(tx, at, {
      action: 'FILING_SUBMITTED',
      actor: caller.audit,
      target: { type: 'project', id: open.project.id },
      detail: { certificateNo: certificate!.certificateNo, attempt: inserted.attempt },
    });
    return inserted.id;
  });
  return getFiling(ctx, caller, id);
}

/**
 * The authority confirms (the application is 已备案) or rejects with a reason (the agency is asked
 * to correct and file again). Either way the agency is told, and the to-do of every authority
 * asked is settled.
 */
export async function decideFiling(
  ctx: AppContext,
  caller: FilingCaller,
  id: string,
  decision: { decision: 'CONFIRM' | 'REJECT'; reason: string },
): Promise<FilingDetail> {
  await inTransaction(ctx.db, async (tx) => {
    const row = await findFiling(tx, id, { lock: true });
    if (!row) throw new AppError('NOT_FOUND');
    const open = await openProject(tx, caller.member, row.filing.projectId, {
      action: 'filings.view',
      lock: true,
    });
    open.require('filing.decide', { status: row.filing.status });
    const reject = decision.decision === 'REJECT';
    if (reject && !decision.reason) throw new AppError('FILING_REASON_REQUIRED');
    const at = ctx.clock();
    const by = caller.audit.accountId;
    const done = await decideFilingRow(tx, id, {
      status: reject ? 'REJECTED' : 'CONFIRMED',
      decidedAt: at,
      decidedBy: by,
      authorityOrgId: open.member.orgId,
      reason: reject ? decision.reason : null,
    });
    if (!done) throw new AppError('FILING_ALREADY_DECIDED');
    if (!reject)
      await updateApplicationState(tx, open.project.id, {
        status: applicationAfter('confirmFiling', open.project.status),
        updatedAt: at,
      });
    await settleTodos(tx, { type: 'CENSOR_FILING_SUBMIT', projectId: open.project.id, targetId: id, by, at });
    await sendMessage(tx, {
      type: reject ? 'CONTROL_FILING_REJECTED' : 'CONTROL_FILING_CONFIRMED',
      to: [{ orgId: row.filing.censorOrgId }],
      at,
      by,
      senderOrgId: open.member.orgId,
      projectId: open.project.id,
      targetId: id,
      params: {
        senderName: open.nameOf(open.member.orgId),
        projectName: open.project.name,
        certificateNo: row.certificateNo,
        reason: decision.reason,
      },
    });
    await recordAudit(tx, at, {
      action: reject ? 'FILING_REJECTED' : 'FILING_CONFIRMED',
      actor: caller.audit,
      target: { type: 'project', id: open.project.id },
      detail: { certificateNo: row.certificateNo, ...(reject ? { reason: decision.reason } : {}) },
    });
  });
  return getFiling(ctx, caller, id);
}

// ---- the national export ----

const csvCell = (value: string | number) => {
  const text = String(value);
  // A cell a spreadsheet would read as a formula is quoted as text (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/**
 * The confirmed filings of the authority's region confirmed between two days (China), as the
 * national record's CSV (UTF-8 with a byte-order mark, so spreadsheets read the Chinese).
 */
export async function exportConfirmedFilings(
  ctx: AppContext,
  caller: FilingCaller,
  query: { from: string; to: string },
): Promise<{ fileName: string; body: Buffer }> {
  const scope = await projectScopeOf(ctx.db, caller.member);
  if (scope.kind !== 'region' && scope.kind !== 'all') throw new AppError('FORBIDDEN');
  const start = new Date(`${query.from}T00:00:00+08:00`);
  const end = new Date(new Date(`${query.to}T00:00:00+08:00`).getTime() + 86_400_000);
  const days = (end.getTime() - start.getTime()) / 86_400_000;
  if (days < 1 || days > FILING_LIMITS.exportDaysMax)
    throw new AppError('FILING_EXPORT_PERIOD', { days: FILING_LIMITS.exportDaysMax });
  // One more than an export holds: a cut-off file would look complete, so it is refused instead.
  const rows = await listConfirmedFilings(
    ctx.db,
    { regionPrefix: scope.kind === 'region' ? scope.regionPrefix : null, from: start, to: end },
    FILING_LIMITS.exportMax + 1,
  );
  if (rows.length > FILING_LIMITS.exportMax)
    throw new AppError('FILING_EXPORT_TOO_MANY', { max: FILING_LIMITS.exportMax });
  const columns = NATIONAL_FILING_FIELDS;
  const lines = [columns.join(','), ...rows.map((r) => columns.map((c) => csvCell(r.national[c])).join(','))];
  return {
    fileName: `施工图审查备案_${query.from}_${query.to}.csv`,
    body: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8'),
  };
}
