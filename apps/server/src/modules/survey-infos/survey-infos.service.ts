import {
  SURVEY_GRADES,
  allowedSurveyGrades,
  can,
  refusal,
  type PrincipalMember,
  type SurveyInfo,
  type saveSurveyInfoRequest,
} from '@drp/domain';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../db/database.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { openProject, projectActor } from '../project-access/project-access.service.js';
import {
  findSurveyInfo,
  findSurveyInfoById,
  insertSurveyInfo,
  listSurveyInfosOfProject,
  updateSurveyInfo,
  type SurveyInfoRow,
} from './survey-infos.repository.js';

type SaveRequest = z.output<typeof saveSurveyInfoRequest>;

interface ProjectInput {
  member: PrincipalMember;
  projectId: string;
}

/**
 * Only a survey unit named in the application has survey information of its own: for anyone else
 * the call answers NOT_FOUND, like a missing project (a survey unit sees only applications naming it).
 */
async function surveyUnitProject(db: Db, member: PrincipalMember, projectId: string, lock = false) {
  return (await openProject(db, member, projectId, { action: 'surveyInfo.own', lock })).project;
}

/** What the acting organisation may do to a survey unit's information: its own, until submitted. */
function abilitiesOf(row: SurveyInfoRow, member: PrincipalMember): SurveyInfo['can'] {
  const actor = projectActor(member);
  const own = row.orgId === member.orgId;
  return {
    edit: own && can('surveyInfo.edit', actor, { status: row.status }),
    submit: own && can('surveyInfo.submit', actor, { status: row.status }),
  };
}

/** The survey unit's own information must allow the step (PROJECT_POLICY). */
function requireOnSurveyInfo(
  member: PrincipalMember,
  action: 'surveyInfo.edit' | 'surveyInfo.submit',
  status: SurveyInfoRow['status'] | null,
) {
  const code = refusal(action, projectActor(member), { status });
  if (code) throw new AppError(code);
}

function present(row: SurveyInfoRow, orgName: string, member: PrincipalMember): SurveyInfo {
  return {
    id: row.id,
    projectId: row.projectId,
    orgId: row.orgId,
    orgName,
    status: row.status,
    stage: row.stage,
    importanceGrade: row.importanceGrade,
    siteComplexity: row.siteComplexity,
    groundComplexity: row.groundComplexity,
    surveyGrade: row.surveyGrade,
    reportNo: row.reportNo,
    reportDate: row.reportDate,
    projectLeader: row.projectLeader,
    engineerName: row.engineerName,
    engineerCertNo: row.engineerCertNo,
    explorationPoints: row.explorationPoints,
    totalDrilling: row.totalDrilling,
    groundwaterDepth: row.groundwaterDepth,
    adverseGeology: row.adverseGeology,
    conclusion: row.conclusion,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    can: abilitiesOf(row, member),
  };
}

/** Today's date in China (UTC+8), as YYYY-MM-DD: a report finished this morning is not "future". */
const chinaToday = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** The rules a form cannot check alone: the survey grade of GB 50021 §3.1.4 and the date. */
function checkRequest(request: SaveRequest, now: Date) {
  const allowed = allowedSurveyGrades(
    request.importanceGrade,
    request.siteComplexity,
    request.groundComplexity,
  );
  if (!allowed.includes(request.surveyGrade))
    throw new AppError('SURVEY_GRADE_MISMATCH', {
      grades: {
        'zh-CN': allowed.map((g) => SURVEY_GRADES[g]['zh-CN']).join('或'),
        'en-US': allowed.map((g) => SURVEY_GRADES[g]['en-US']).join(' or '),
      },
    });
  if (request.reportDate > chinaToday(now)) throw new AppError('SURVEY_REPORT_DATE_FUTURE');
}

function columns(request: SaveRequest) {
  return {
    stage: request.stage,
    importanceGrade: request.importanceGrade,
    siteComplexity: request.siteComplexity,
    groundComplexity: request.groundComplexity,
    surveyGrade: request.surveyGrade,
    reportNo: request.reportNo,
    reportDate: request.reportDate,
    projectLeader: request.projectLeader,
    engineerName: request.engineerName,
    engineerCertNo: request.engineerCertNo,
    explorationPoints: request.explorationPoints,
    totalDrilling: request.totalDrilling,
    groundwaterDepth: request.groundwaterDepth,
    adverseGeology: request.adverseGeology,
    conclusion: request.conclusion,
  };
}

/** The acting survey unit's own information for the application, or null before its first save. */
export async function getOwnSurveyInfo(ctx: AppContext, input: ProjectInput): Promise<SurveyInfo | null> {
  const project = await surveyUnitProject(ctx.db, input.member, input.projectId);
  const found = await findSurveyInfo(ctx.db, project.id, input.member.orgId);
  return found ? present(found.info, found.orgName, input.member) : null;
}

/** Saves the acting survey unit's draft: the first save creates it, later ones change it until submitted. */
export async function saveOwnSurveyInfo(
  ctx: AppContext,
  input: ProjectInput & { request: SaveRequest; audit: AuditActor },
): Promise<SurveyInfo> {
  const now = ctx.clock();
  return inTransaction(ctx.db, async (tx) => {
    const project = await surveyUnitProject(tx, input.member, input.projectId, true);
    const orgId = input.member.orgId;
    const existing = await findSurveyInfo(tx, project.id, orgId);
    requireOnSurveyInfo(input.member, 'surveyInfo.edit', existing?.info.status ?? null);
    checkRequest(input.request, now);
    let id: string;
    if (existing) {
      id = existing.info.id;
      await updateSurveyInfo(tx, id, { ...columns(input.request), updatedAt: now });
    } else {
      id = (
        await insertSurveyInfo(tx, {
          ...columns(input.request),
          projectId: project.id,
          orgId,
          createdAt: now,
          updatedAt: now,
        })
      ).id;
    }
    await recordAudit(tx, now, {
      action: 'SURVEY_INFO_SAVED',
      actor: input.audit,
      target: { type: 'surveyInfo', id },
      detail: { projectId: project.id, reportNo: input.request.reportNo },
    });
    const saved = (await findSurveyInfo(tx, project.id, orgId))!;
    return present(saved.info, saved.orgName, input.member);
  });
}

/**
 * Submits the acting survey unit's information; from then on it is read-only. `id` null (the
 * spec's -1) means the unit's own for this application; any other id must be that one.
 */
export async function submitOwnSurveyInfo(
  ctx: AppContext,
  input: ProjectInput & { id: string | null; audit: AuditActor },
): Promise<SurveyInfo> {
  return inTransaction(ctx.db, async (tx) => {
    const project = await surveyUnitProject(tx, input.member, input.projectId, true);
    const orgId = input.member.orgId;
    if (input.id) {
      const named = await findSurveyInfoById(tx, input.id);
      if (!named || named.projectId !== project.id || named.orgId !== orgId) throw new AppError('NOT_FOUND');
    }
    const own = await findSurveyInfo(tx, project.id, orgId);
    requireOnSurveyInfo(input.member, 'surveyInfo.submit', own?.info.status ?? null);
    if (!own) throw new AppError('SURVEY_INFO_NOT_SAVED');
    const now = ctx.clock();
    await updateSurveyInfo(tx, own.info.id, { status: 'SUBMITTED', submittedAt: now, updatedAt: now });
    await recordAudit(tx, now, {
      action: 'SURVEY_INFO_SUBMITTED',
      actor: input.audit,
      target: { type: 'surveyInfo', id: own.info.id },
      detail: { projectId: project.id, reportNo: own.info.reportNo },
    });
    const saved = (await findSurveyInfo(tx, project.id, orgId))!;
    return present(saved.info, saved.orgName, input.member);
  });
}

/**
 * Every survey unit's submitted information, for whoever sees the application (its parties, the
 * supervising authority of the region, joint-review bodies); a survey unit also gets its own draft.
 */
export async function listSurveyInfos(ctx: AppContext, input: ProjectInput): Promise<SurveyInfo[]> {
  const { project } = await openProject(ctx.db, input.member, input.projectId);
  const draftOf = input.member.orgType === 'SURVEY' ? input.member.orgId : null;
  return (await listSurveyInfosOfProject(ctx.db, project.id, draftOf)).map((r) =>
    present(r.info, r.orgName, input.member),
  );
}
