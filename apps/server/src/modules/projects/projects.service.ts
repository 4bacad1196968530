import {
  reviewsOnlyOwnMissions,
  chinaDate,
  applicationAbilities,
  applicationAfter,
  can,
  isSubmittedStatus,
  refusal,
  regionLabel,
  PROJECT_STATUS_KEYS,
  type PrincipalMember,
  type ProjectDetail,
  type ProjectDic,
  type ProjectPage,
  type ProjectStatusCounts,
  type ProjectRole,
  type projectDicQuery,
  type projectDicRequest,
  type projectForm,
  type projectListQuery,
} from '@drp/domain';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../db/database.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { dictionaryEntry } from '../dictionaries/dictionaries.service.js';
import { sendMessage } from '../messages/messages.service.js';
import { runApplicationStep } from '../project-access/application-steps.js';
import {
  openProject,
  projectActor,
  projectScopeOf,
  type OpenProject,
} from '../project-access/project-access.service.js';
import { projectListKey } from './project-list-cache.js';
import { ProjectListPositions } from './project-list-positions.js';
import {
  applicationsOfDic,
  countApplicationsOfDic,
  countBuildingsOf,
  deleteProject,
  deleteProjectDic,
  findOrgsByIds,
  findProjectDic,
  findProjectOfOrg,
  hasEarlierApplication,
  insertProject,
  insertProjectDic,
  nextCodeNumber,
  peekCodeNumber,
  queryProjectDics,
  replaceParties,
  storageKeysOfApplication,
  updateProject,
  updateProjectDic,
  type ProjectDicRow,
} from './projects.repository.js';
import { countProjectsByStatus, narrowed, queryProjects } from './project-list.repository.js';

type Form = z.output<typeof projectForm>;

/**
 * Whether the construction unit's application is submitted and not recalled: a design or survey
 * unit's message about it is out of date otherwise. A project the organisation takes no part in
 * answers NOT_FOUND, like a missing one.
 */
export async function checkProjectSubmitted(ctx: AppContext, input: { projectId: string; orgId: string }) {
  const project = await findProjectOfOrg(ctx.db, input.projectId, input.orgId);
  if (!project) throw new AppError('NOT_FOUND');
  return isSubmittedStatus(project.status);
}

// ---- project masters ----

function presentDic(row: ProjectDicRow, applications: number, passed: boolean): ProjectDic {
  return {
    id: row.id,
    orgId: row.orgId,
    name: row.name,
    regionCode: row.regionCode,
    region: regionLabel(row.regionCode),
    address: row.address,
    applications,
    passed,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function addProjectDic(
  ctx: AppContext,
  input: { orgId: string; request: z.output<typeof projectDicRequest> },
) {
  const row = await insertProjectDic(ctx.db, { orgId: input.orgId, ...input.request });
  return presentDic(row, 0, false);
}

export async function changeProjectDic(
  ctx: AppContext,
  input: { orgId: string; id: string; request: z.output<typeof projectDicRequest> },
) {
  const row = await updateProjectDic(ctx.db, input.id, input.orgId, {
    ...input.request,
    updatedAt: ctx.clock(),
  });
  if (!row) throw new AppError('NOT_FOUND');
  const { applications, passed } = await applicationsOfDic(ctx.db, row.id);
  return presentDic(row, applications, passed);
}

export async function removeProjectDic(ctx: AppContext, input: { orgId: string; id: string }) {
  await inTransaction(ctx.db, async (tx) => {
    const dic = await findProjectDic(tx, input.id, input.orgId);
    if (!dic) throw new AppError('NOT_FOUND');
    if ((await countApplicationsOfDic(tx, dic.id)) > 0) throw new AppError('PROJECT_DIC_IN_USE');
    await deleteProjectDic(tx, dic.id);
  });
}

export async function listProjectDics(
  ctx: AppContext,
  input: { orgId: string; query: z.output<typeof projectDicQuery> },
) {
  const rows = await queryProjectDics(ctx.db, input.orgId, input.query.name);
  return rows
    .filter((r) => (input.query.isAlter ? r.passed : true))
    .map((r) => presentDic(r.dic, r.applications, r.passed));
}

/**
 * The construction unit's project master a change application starts from: it must have an
 * application that passed review (PROJECT_POLICY `alter.start`). Someone else's master answers
 * NOT_FOUND, as if missing.
 */
export async function masterForChange(db: Db, member: PrincipalMember, dicId: string) {
  const dic = await findProjectDic(db, dicId, member.orgId);
  if (!dic) throw new AppError('NOT_FOUND');
  const passed = (await applicationsOfDic(db, dic.id)).passed;
  const code = refusal('alter.start', projectActor(member), { passed });
  if (code) throw new AppError(code);
  return dic;
}

// ---- applications ----

/** The year in China (UTC+8): an application saved at 00:30 on 1 January belongs to the new year. */
const chinaYear = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).getUTCFullYear();
const codePrefix = (regionCode: string, at: Date) => `${regionCode}-${chinaYear(at)}-`;
const formatCode = (prefix: string, n: number) => `${prefix}${String(n).padStart(4, '0')}`;

/** The code the next application in this region would get; the real one is assigned on saving. */
export async function previewProjectCode(ctx: AppContext, regionCode: string) {
  const prefix = codePrefix(regionCode, ctx.clock());
  return formatCode(prefix, await peekCodeNumber(ctx.db, prefix));
}

const ROLE_NAMES: Record<ProjectRole, { 'zh-CN': string; 'en-US': string }> = {
  CONSTRUCT: { 'zh-CN': '建设单位', 'en-US': 'construction unit' },
  DESIGN: { 'zh-CN': '设计单位', 'en-US': 'design unit' },
  SURVEY: { 'zh-CN': '勘察单位', 'en-US': 'survey unit' },
  CENSOR: { 'zh-CN': '审查机构', 'en-US': 'review agency' },
};

/** Project type, construct type and stage are codes of the review dictionaries. */
function checkDictionaryCodes(ctx: AppContext, form: Form) {
  dictionaryEntry(ctx.dictionaries, 'projectType', form.projectType);
  dictionaryEntry(ctx.dictionaries, 'constructType', form.constructType);
  dictionaryEntry(ctx.dictionaries, 'stage', form.stage);
}

/** The named units must exist, be enabled and be of the type their part needs. */
async function checkParties(db: Db, form: Form) {
  const wanted: { orgId: string; role: ProjectRole }[] = [
    ...form.designOrgIds.map((orgId) => ({ orgId, role: 'DESIGN' as const })),
    ...form.surveyOrgIds.map((orgId) => ({ orgId, role: 'SURVEY' as const })),
    { orgId: form.censorOrgId, role: 'CENSOR' },
  ];
  const found = await findOrgsByIds(db, [...new Set(wanted.map((w) => w.orgId))]);
  for (const w of wanted) {
    const org = found.find((o) => o.id === w.orgId);
    if (!org || !org.enabled || org.orgType !== w.role)
      throw new AppError('PARTY_WRONG_TYPE', {
        role: ROLE_NAMES[w.role],
        name: org?.name ?? w.orgId,
      });
  }
  return wanted;
}

function formColumns(form: Form) {
  return {
    projectDicId: form.projectDicId,
    name: form.name,
    regionCode: form.regionCode,
    address: form.address,
    landUsePermitNo: form.landUsePermitNo ?? null,
    planningPermitNo: form.planningPermitNo ?? null,
    totalArea: form.totalArea,
    aboveGroundArea: form.aboveGroundArea,
    belowGroundArea: form.belowGroundArea,
    investment: form.investment,
    projectType: form.projectType,
    constructType: form.constructType,
    stage: form.stage,
    contactName: form.contactName,
    contactPhone: form.contactPhone,
  };
}

/** Saves a new draft application (or change application) under one of the org's project masters. */
export async function createApplication(
  ctx: AppContext,
  input: { orgId: string; form: Form; isAlter?: boolean; audit: AuditActor },
) {
  return inTransaction(ctx.db, async (tx) => {
    const dic = await findProjectDic(tx, input.form.projectDicId, input.orgId);
    if (!dic) throw new AppError('NOT_FOUND');
    checkDictionaryCodes(ctx, input.form);
    const parties = await checkParties(tx, input.form);
    const prefix = codePrefix(input.form.regionCode, ctx.clock());
    const code = formatCode(prefix, await nextCodeNumber(tx, prefix));
    const project = await insertProject(tx, {
      ...formColumns(input.form),
      code,
      isAlter: input.isAlter ?? false,
      constructOrgId: input.orgId,
      createdAt: ctx.clock(),
      updatedAt: ctx.clock(),
    });
    await replaceParties(tx, project.id, [{ orgId: input.orgId, role: 'CONSTRUCT' }, ...parties]);
    await recordAudit(tx, ctx.clock(), {
      action: 'PROJECT_CREATED',
      actor: input.audit,
      target: { type: 'project', id: project.id },
      detail: { code, name: project.name },
    });
    return { id: project.id, code };
  });
}

/** Edits a draft; a submitted application is read-only until recalled. */
export async function updateApplication(
  ctx: AppContext,
  input: { member: PrincipalMember; id: string; form: Form; audit: AuditActor },
) {
  const orgId = input.member.orgId;
  await inTransaction(ctx.db, async (tx) => {
    const { project } = await openProject(tx, input.member, input.id, {
      action: 'application.edit',
      lock: true,
    });
    if (!(await findProjectDic(tx, input.form.projectDicId, orgId))) throw new AppError('NOT_FOUND');
    checkDictionaryCodes(ctx, input.form);
    const parties = await checkParties(tx, input.form);
    await updateProject(tx, project.id, { ...formColumns(input.form), updatedAt: ctx.clock() });
    await replaceParties(tx, project.id, [{ orgId, role: 'CONSTRUCT' }, ...parties]);
    await recordAudit(tx, ctx.clock(), {
      action: 'PROJECT_UPDATED',
      actor: input.audit,
      target: { type: 'project', id: project.id },
    });
  });
}

/** Deletes a draft with everything under it; its attachments' bytes go once that has committed. */
export async function deleteApplication(
  ctx: AppContext,
  input: { member: PrincipalMember; id: string; audit: AuditActor },
) {
  const files = await inTransaction(ctx.db, async (tx) => {
    const { project } = await openProject(tx, input.member, input.id, {
      action: 'application.delete',
      lock: true,
    });
    // A recalled application may hold uploaded materials: their bytes go with it.
    const keys = await storageKeysOfApplication(tx, project.id);
    // Everything under it (buildings, attachments, materials) goes with it by cascade.
    await deleteProject(tx, project.id);
    await recordAudit(tx, ctx.clock(), {
      action: 'PROJECT_DELETED',
      actor: input.audit,
      target: { type: 'project', id: project.id },
      detail: { code: project.code, name: project.name },
    });
    return keys;
  });
  for (const key of files) await ctx.files.remove(key);
}

/**
 * Submits a draft to its design and survey units, who are told. `seen` is the submit count the
 * caller's form showed: a second click, or a form older than a recall and resubmit, is refused.
 * An application needs at least one building.
 */
export async function submitApplication(
  ctx: AppContext,
  input: { member: PrincipalMember; id: string; seen: number; audit: AuditActor },
) {
  await inTransaction(ctx.db, async (tx) => {
    const open = await openProject(tx, input.member, input.id, { action: 'application.submit', lock: true });
    const { project, parties } = open;
    if (project.submitCount !== input.seen) throw new AppError('CONFLICT');
    // The agency reviews buildings: an application without one has nothing to review.
    if ((await countBuildingsOf(tx, project.id)) === 0) throw new AppError('PROJECT_NO_BUILDINGS');
    await updateProject(tx, project.id, {
      status: applicationAfter('submit', project.status),
      submitCount: project.submitCount + 1,
      submittedAt: ctx.clock(),
      updatedAt: ctx.clock(),
    });
    // The units upload into round 1 of the materials from now on (the document repository's step).
    await runApplicationStep(tx, 'submitted', project.id, { at: ctx.clock(), by: input.audit.accountId });
    await recordAudit(tx, ctx.clock(), {
      action: 'PROJECT_SUBMITTED',
      actor: input.audit,
      target: { type: 'project', id: project.id },
      detail: { code: project.code, round: project.submitCount + 1 },
    });
    const units = parties.filter((p) => p.role === 'DESIGN' || p.role === 'SURVEY');
    const construct = parties.find((p) => p.role === 'CONSTRUCT');
    if (units.length > 0)
      await sendMessage(tx, {
        type: 'CONSTRUCT_PROJECT_SUBMIT',
        to: units.map((p) => ({ orgId: p.orgId })),
        at: ctx.clock(),
        by: input.audit.accountId,
        senderOrgId: input.member.orgId,
        projectId: project.id,
        targetId: project.id,
        params: { senderName: construct?.orgName ?? '', projectName: project.name },
      });
  });
}

/** Recalls a submitted application until the review agency accepts it; the units are told. */
export async function revokeApplication(
  ctx: AppContext,
  input: { member: PrincipalMember; id: string; audit: AuditActor },
) {
  await inTransaction(ctx.db, async (tx) => {
    const { project, parties } = await openProject(tx, input.member, input.id, {
      action: 'application.revoke',
      lock: true,
    });
    // A draft again: no submission time shows until it is submitted anew (the audit log keeps this one).
    await updateProject(tx, project.id, {
      status: applicationAfter('revoke', project.status),
      submittedAt: null,
      updatedAt: ctx.clock(),
    });
    // A recalled application's materials are open again: units change and commit them anew.
    await runApplicationStep(tx, 'recalled', project.id, { at: ctx.clock(), by: input.audit.accountId });
    await recordAudit(tx, ctx.clock(), {
      action: 'PROJECT_REVOKED',
      actor: input.audit,
      target: { type: 'project', id: project.id },
      detail: { code: project.code },
    });
    const told = parties.filter((p) => p.role !== 'CONSTRUCT');
    const construct = parties.find((p) => p.role === 'CONSTRUCT');
    if (told.length > 0)
      await sendMessage(tx, {
        type: 'CONSTRUCT_PROJECT_REVOKE',
        to: told.map((p) => ({ orgId: p.orgId })),
        at: ctx.clock(),
        by: input.audit.accountId,
        senderOrgId: input.member.orgId,
        projectId: project.id,
        targetId: project.id,
        params: { senderName: construct?.orgName ?? '', projectName: project.name },
      });
  });
}

function presentDetail({ project, parties, actor, facts }: OpenProject): ProjectDetail {
  const of = (role: ProjectRole) =>
    parties.filter((p) => p.role === role).map((p) => ({ orgId: p.orgId, orgName: p.orgName }));
  const none = { orgId: '', orgName: '' };
  return {
    id: project.id,
    code: project.code ?? '',
    status: project.status,
    isAlter: project.isAlter,
    projectDicId: project.projectDicId ?? '',
    name: project.name,
    regionCode: project.regionCode ?? '',
    region: regionLabel(project.regionCode),
    address: project.address ?? '',
    landUsePermitNo: project.landUsePermitNo,
    planningPermitNo: project.planningPermitNo,
    totalArea: project.totalArea ?? 0,
    aboveGroundArea: project.aboveGroundArea ?? 0,
    belowGroundArea: project.belowGroundArea ?? 0,
    investment: project.investment ?? 0,
    projectType: project.projectType ?? '',
    constructType: project.constructType ?? '',
    stage: project.stage ?? '',
    contactName: project.contactName ?? '',
    contactPhone: project.contactPhone ?? '',
    construct: of('CONSTRUCT')[0] ?? none,
    designList: of('DESIGN'),
    surveyList: of('SURVEY'),
    censor: of('CENSOR')[0] ?? none,
    submitCount: project.submitCount,
    submittedAt: project.submittedAt?.toISOString() ?? null,
    acceptedAt: project.acceptedAt?.toISOString() ?? null,
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
    can: applicationAbilities(actor, facts),
  };
}

export async function describeApplication(ctx: AppContext, input: { member: PrincipalMember; id: string }) {
  return presentDetail(await openProject(ctx.db, input.member, input.id));
}

/** Whether this is the first application under its project master (a later one is a resubmission). */
export async function isFirstApplication(ctx: AppContext, input: { member: PrincipalMember; id: string }) {
  const { project } = await openProject(ctx.db, input.member, input.id);
  return !project.isAlter && !(await hasEarlierApplication(ctx.db, project));
}

export async function isApplicationAccepted(ctx: AppContext, input: { member: PrincipalMember; id: string }) {
  const { project } = await openProject(ctx.db, input.member, input.id);
  return project.acceptedAt !== null;
}

/** One page of the applications the acting organisation sees, kept for its next caller (ctx.projectLists). */
export async function listApplications(
  ctx: AppContext,
  input: { member: PrincipalMember; query: z.output<typeof projectListQuery> },
): Promise<ProjectPage> {
  const { member, query } = input;
  // A normal reviewer's list follows their own missions, which the shared per-organisation cache
  // and its change notices do not: it is read each time (issue 19).
  const through = reviewsOnlyOwnMissions(member)
    ? (_key: string, _now: () => number, read: () => Promise<ProjectPage>) => read()
    : ctx.projectLists.through.bind(ctx.projectLists);
  return through(
    projectListKey(member, query),
    () => ctx.clock().getTime(),
    async () => {
      const filter = { name: query.name, status: query.status, from: query.from, to: query.to };
      const offset = query.page * query.pageSize;
      // A deep page starts at a row an earlier page showed, when one is remembered near it. Lists
      // narrowed by a name or dates are counted in their own scan and always start at the top.
      const positions = ctx.projectListPositions;
      // A normal reviewer's rows stand elsewhere than the organisation's: their places are not kept.
      const seeks = !narrowed(filter) && !reviewsOnlyOwnMissions(member);
      const positionsKey = ProjectListPositions.key(member, filter);
      const generation = positions.token();
      const near = seeks ? positions.nearest(positionsKey, offset, ctx.clock().getTime()) : undefined;
      // Overdue turns with China's day; a kept page lives a minute at most (project-list-cache).
      const { total, items } = await queryProjects(
        ctx.db,
        await projectScopeOf(ctx.db, member),
        filter,
        { limit: query.pageSize, offset: near ? offset - near.offset : offset, from: near },
        chinaDate(ctx.clock()),
      );
      if (seeks && items.length > 0) {
        const at = (i: number) => ({
          offset: offset + i,
          createdAt: items[i]!.createdAtKey,
          id: items[i]!.project.id,
        });
        positions.remember(positionsKey, [at(0), at(items.length - 1)], ctx.clock().getTime(), generation);
      }
      return {
        total,
        items: items.map(({ project, constructName, censorName, overdueMissions }) => ({
          id: project.id,
          code: project.code ?? '',
          name: project.name,
          status: project.status,
          isAlter: project.isAlter,
          region: regionLabel(project.regionCode),
          constructName,
          censorName: censorName ?? '',
          submittedAt: project.submittedAt?.toISOString() ?? null,
          createdAt: project.createdAt.toISOString(),
          overdueMissions,
          // The list's scope already holds only applications the organisation takes part in. Pages
          // are kept per organisation (projectListKey), so only rules that read the part and the
          // status, never a person's profiles, may answer here.
          can: {
            edit: can('application.edit', projectActor(member), {
              status: project.status,
              accepted: project.acceptedAt !== null,
            }),
          },
        })),
      };
    },
  );
}

/**
 * How many applications of the acting organisation's list are in each status: the same scope as
 * `listApplications`, read from the totals the list keeps (project_list_counts).
 */
export async function countApplicationsByStatus(
  ctx: AppContext,
  input: { member: PrincipalMember },
): Promise<ProjectStatusCounts> {
  const byStatus = await countProjectsByStatus(ctx.db, await projectScopeOf(ctx.db, input.member));
  const counts = PROJECT_STATUS_KEYS.map((status) => ({ status, count: byStatus.get(status) ?? 0 }));
  return { total: counts.reduce((sum, c) => sum + c.count, 0), counts };
}
