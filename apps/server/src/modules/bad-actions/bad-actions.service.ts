import {
  BAD_ACTION_LIMITS,
  badActionKeyText,
  type BadAction,
  type BadActionFacts,
  type BadActionList,
  type BadActionSubjects,
  type BadActionUnitRole,
  type PrincipalMember,
  type badActionCreateRequest,
} from '@drp/domain';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../db/database.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { cleanFileName } from '../../lib/clean-file-name.js';
import { newFileKey } from '../../lib/file-store.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { findFilesOfProject } from '../doc-repository/doc-repository.repository.js';
import { sendMessage } from '../messages/messages.service.js';
import { insertCreditEntry } from '../portal/portal-credit.repository.js';
import { openProject, type OpenProject } from '../project-access/project-access.service.js';
import { sniffProjectDocType } from '../project-docs/document-type.js';
import { findSheetOfFile } from '../sheets/sheets.repository.js';
import {
  findBadAction,
  findOrgBasics,
  findPersonOf,
  insertBadAction,
  listBadActionsOfProject,
  listPeopleOf,
  lockBadAction,
  updateBadAction,
  type BadActionWithNames,
} from './bad-actions.repository.js';

/**
 * Bad actions (不良行为, issue 19). The review agency records a market-behaviour finding against a
 * unit of the application or one of its people, with evidence; the supervising authority of the
 * application's region confirms or rejects it. Confirming publishes it in the portal's criticism
 * list (as a credit entry, so the portal's staff keep one list and its cache follows the same
 * triggers) and tells the unit.
 */

/** The acting member in one application, as the routes pass it. */
export interface BadActionCaller {
  member: PrincipalMember;
  projectId: string;
  audit: AuditActor;
}

type CreateInput = z.output<typeof badActionCreateRequest>;

/** The day in China (UTC+8, no daylight saving): a notice is dated as its readers' calendar says. */
const chinaDay = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

const facts = (row: { status: BadAction['status'] }): BadActionFacts => ({ status: row.status });

function present(open: OpenProject, found: BadActionWithNames): BadAction {
  const { row } = found;
  return {
    id: row.id,
    projectId: row.projectId,
    key: row.key,
    status: row.status,
    unit: { orgId: row.orgId, name: found.unitName, role: roleOf(open, row.orgId) },
    person:
      row.memberId || row.personName
        ? {
            memberId: row.memberId ?? '',
            name: row.personName ?? '',
            registrationType: found.registrationType ?? null,
            registrationNo: found.registrationNo ?? null,
          }
        : null,
    description: row.description,
    region: row.region ?? null,
    regionFileName: found.regionFileName ?? null,
    regionSheet:
      found.regionVersionId && found.regionFolderId && found.regionCategory
        ? { versionId: found.regionVersionId, folderId: found.regionFolderId, category: found.regionCategory }
        : null,
    evidenceFile:
      row.evidenceKey && row.evidenceName && row.evidenceType
        ? { name: row.evidenceName, size: row.evidenceSize ?? 0, contentType: row.evidenceType }
        : null,
    recordedAt: row.recordedAt.toISOString(),
    recordedBy: { name: found.recorderName, orgName: found.recorderOrgName },
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedByOrgName: found.deciderOrgName ?? null,
    rejectReason: row.rejectReason,
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    can: {
      withdraw: open.can('badAction.withdraw', facts(row)),
      attach: open.can('badAction.withdraw', facts(row)),
      confirm: open.can('badAction.decide', facts(row)),
      reject: open.can('badAction.decide', facts(row)),
    },
  };
}

/** The units a bad action may name: the construction unit and the named design and survey units. */
function unitsOf(open: OpenProject): { orgId: string; role: BadActionUnitRole }[] {
  // The parties come by name; the form lists them by their part, as the application form does.
  const of = (role: 'DESIGN' | 'SURVEY') =>
    open.parties.filter((p) => p.role === role).map((p) => ({ orgId: p.orgId, role }));
  return [{ orgId: open.project.constructOrgId, role: 'CONSTRUCT' }, ...of('DESIGN'), ...of('SURVEY')];
}

function roleOf(open: OpenProject, orgId: string): BadActionUnitRole {
  return unitsOf(open).find((u) => u.orgId === orgId)?.role ?? 'CONSTRUCT';
}

async function found(db: Db, open: OpenProject, id: string) {
  const row = await findBadAction(db, open.project.id, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function listBadActions(ctx: AppContext, caller: BadActionCaller): Promise<BadActionList> {
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'badAction.view' });
  const rows = await listBadActionsOfProject(ctx.db, open.project.id);
  return { items: rows.map((r) => present(open, r)), canRecord: open.can('badAction.record') };
}

export async function getBadAction(ctx: AppContext, caller: BadActionCaller, id: string): Promise<BadAction> {
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'badAction.view' });
  return present(open, await found(ctx.db, open, id));
}

/** The new form's choices: each unit of the application with its people and their credentials. */
export async function listBadActionSubjects(
  ctx: AppContext,
  caller: BadActionCaller,
): Promise<BadActionSubjects> {
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'badAction.record' });
  const units = unitsOf(open);
  const people = await listPeopleOf(
    ctx.db,
    units.map((u) => u.orgId),
  );
  const names = await Promise.all(units.map((u) => findOrgBasics(ctx.db, u.orgId)));
  return {
    units: units.map((u, i) => ({
      ...u,
      name: names[i]?.name ?? '',
      people: people
        .filter((p) => p.orgId === u.orgId)
        .map(({ memberId, name, registrationType, registrationNo }) => ({
          memberId,
          name,
          registrationType,
          registrationNo,
        })),
    })),
  };
}

/** The region must lie on a prepared page of a file of this application. */
async function checkRegion(db: Db, projectId: string, region: NonNullable<CreateInput['region']>) {
  const [file] = await findFilesOfProject(db, projectId, [region.fileId]);
  if (!file) throw new AppError('BAD_ACTION_REGION_INVALID');
  const sheet = await findSheetOfFile(db, file.file.id);
  if (!sheet || sheet.state === 'PENDING') throw new AppError('SHEET_NOT_READY');
  const page = sheet.state === 'READY' ? sheet.pages[region.page] : undefined;
  const { x, y, width, height } = region.rect;
  if (!page || x + width > page.width || y + height > page.height)
    throw new AppError('BAD_ACTION_REGION_INVALID');
}

export async function recordBadAction(
  ctx: AppContext,
  caller: BadActionCaller,
  input: CreateInput,
): Promise<BadAction> {
  return inTransaction(ctx.db, async (tx) => {
    const open = await openProject(tx, caller.member, caller.projectId, { action: 'badAction.record' });
    const unit = unitsOf(open).find((u) => u.orgId === input.orgId);
    if (!unit) throw new AppError('BAD_ACTION_UNIT_NOT_PARTY');
    const person = input.memberId ? await findPersonOf(tx, unit.orgId, input.memberId) : null;
    if (input.memberId && !person) throw new AppError('BAD_ACTION_PERSON_NOT_OF_UNIT');
    if (input.region) await checkRegion(tx, open.project.id, input.region);
    const now = ctx.clock();
    const { id } = await insertBadAction(tx, {
      projectId: open.project.id,
      key: input.key,
      orgId: unit.orgId,
      memberId: person?.memberId ?? null,
      personName: person?.name ?? null,
      description: input.description,
      region: input.region ?? null,
      regionFileId: input.region?.fileId ?? null,
      recordedByOrgId: caller.member.orgId,
      recordedBy: caller.audit.accountId!,
      recordedAt: now,
    });
    const row = await found(tx, open, id);
    await recordAudit(tx, now, {
      action: 'BAD_ACTION_RECORDED',
      actor: caller.audit,
      target: { type: 'badAction', id },
      detail: { projectId: open.project.id, key: input.key, unitName: row.unitName },
    });
    return present(open, row);
  });
}

/** Evidence as a file, while the finding waits for its decision; judged by its bytes. */
export async function attachBadActionEvidence(
  ctx: AppContext,
  caller: BadActionCaller,
  id: string,
  file: { fileName: string; body: Buffer },
): Promise<BadAction> {
  // Access and state first, so an outsider learns nothing from the file check.
  await inTransaction(ctx.db, async (tx) => {
    const open = await openProject(tx, caller.member, caller.projectId, { action: 'badAction.withdraw' });
    open.require('badAction.withdraw', facts((await found(tx, open, id)).row));
  });
  const contentType = sniffProjectDocType(file.body);
  if (!contentType || file.body.length > BAD_ACTION_LIMITS.evidenceBytesMax)
    throw new AppError('BAD_ACTION_EVIDENCE_UNSUPPORTED');
  const fileName = cleanFileName(file.fileName);
  const storageKey = newFileKey('bad-actions');
  await ctx.files.put(storageKey, file.body);
  let replaced: string | null = null;
  try {
    const answer = await inTransaction(ctx.db, async (tx) => {
      const open = await openProject(tx, caller.member, caller.projectId, { action: 'badAction.withdraw' });
      const locked = await lockBadAction(tx, open.project.id, id);
      if (!locked) throw new AppError('NOT_FOUND');
      open.require('badAction.withdraw', facts(locked));
      replaced = locked.evidenceKey;
      await updateBadAction(tx, id, {
        evidenceKey: storageKey,
        evidenceName: fileName,
        evidenceType: contentType,
        evidenceSize: file.body.length,
      });
      const row = await found(tx, open, id);
      await recordAudit(tx, ctx.clock(), {
        action: 'BAD_ACTION_EVIDENCE_ATTACHED',
        actor: caller.audit,
        target: { type: 'badAction', id },
        detail: { projectId: open.project.id, unitName: row.unitName, fileName, size: file.body.length },
      });
      return present(open, row);
    });
    if (replaced) await ctx.files.remove(replaced);
    return answer;
  } catch (error) {
    await ctx.files.remove(storageKey);
    throw error;
  }
}

/** The evidence file, for whoever reads the bad action. */
export async function openBadActionEvidence(ctx: AppContext, caller: BadActionCaller, id: string) {
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'badAction.view' });
  const { row } = await found(ctx.db, open, id);
  if (!row.evidenceKey || !row.evidenceName || !row.evidenceType) throw new AppError('NOT_FOUND');
  const file = await ctx.files.open(row.evidenceKey);
  if (!file) throw new AppError('NOT_FOUND');
  return { ...file, fileName: row.evidenceName, contentType: row.evidenceType };
}

export async function withdrawBadAction(ctx: AppContext, caller: BadActionCaller, id: string) {
  return inTransaction(ctx.db, async (tx) => {
    const open = await openProject(tx, caller.member, caller.projectId, { action: 'badAction.withdraw' });
    const locked = await lockBadAction(tx, open.project.id, id);
    if (!locked) throw new AppError('NOT_FOUND');
    open.require('badAction.withdraw', facts(locked));
    const now = ctx.clock();
    await updateBadAction(tx, id, { status: 'WITHDRAWN', withdrawnAt: now });
    const row = await found(tx, open, id);
    await recordAudit(tx, now, {
      action: 'BAD_ACTION_WITHDRAWN',
      actor: caller.audit,
      target: { type: 'badAction', id },
      detail: { projectId: open.project.id, unitName: row.unitName },
    });
    return present(open, row);
  });
}

/**
 * The supervising authority confirms: the finding is published in the portal's criticism list
 * (the unit's name and credit code, the key's text, the authority as issuer, today's date; no
 * person's name, as a credit notice names organisations) and the unit is told.
 */
export async function confirmBadAction(ctx: AppContext, caller: BadActionCaller, id: string) {
  return inTransaction(ctx.db, async (tx) => {
    const open = await openProject(tx, caller.member, caller.projectId, { action: 'badAction.decide' });
    const locked = await lockBadAction(tx, open.project.id, id);
    if (!locked) throw new AppError('NOT_FOUND');
    open.require('badAction.decide', facts(locked));
    const now = ctx.clock();
    const [unit, authority] = await Promise.all([
      findOrgBasics(tx, locked.orgId),
      findOrgBasics(tx, caller.member.orgId),
    ]);
    const keyText = badActionKeyText(locked.key, 'zh-CN');
    const entry = await insertCreditEntry(tx, {
      kind: 'CRITICISM',
      scope: 'PROVINCE',
      orgName: unit?.name ?? '',
      creditCode: unit?.creditCode ?? null,
      reason: `不良行为：${keyText}（项目「${open.project.name}」）`,
      issuer: authority?.name ?? '',
      issuedOn: chinaDay(now),
      documentNo: null,
      published: true,
      createdBy: caller.audit.accountId!,
      updatedBy: caller.audit.accountId!,
      createdAt: now,
      updatedAt: now,
    });
    await updateBadAction(tx, id, {
      status: 'CONFIRMED',
      decidedAt: now,
      decidedBy: caller.audit.accountId!,
      decidedByOrgId: caller.member.orgId,
      creditEntryId: entry.id,
    });
    await sendMessage(tx, {
      type: 'CONTROL_BAD_ACTION_CONFIRM',
      to: [{ orgId: locked.orgId }],
      at: now,
      by: caller.audit.accountId ?? null,
      senderOrgId: caller.member.orgId,
      projectId: open.project.id,
      targetId: id,
      params: { senderName: authority?.name ?? '', projectName: open.project.name, reason: keyText },
    });
    const row = await found(tx, open, id);
    await recordAudit(tx, now, {
      action: 'BAD_ACTION_CONFIRMED',
      actor: caller.audit,
      target: { type: 'badAction', id },
      detail: { projectId: open.project.id, unitName: row.unitName, creditEntryId: entry.id },
    });
    return present(open, row);
  });
}

export async function rejectBadAction(ctx: AppContext, caller: BadActionCaller, id: string, reason: string) {
  return inTransaction(ctx.db, async (tx) => {
    const open = await openProject(tx, caller.member, caller.projectId, { action: 'badAction.decide' });
    const locked = await lockBadAction(tx, open.project.id, id);
    if (!locked) throw new AppError('NOT_FOUND');
    open.require('badAction.decide', facts(locked));
    const now = ctx.clock();
    await updateBadAction(tx, id, {
      status: 'REJECTED',
      decidedAt: now,
      decidedBy: caller.audit.accountId!,
      decidedByOrgId: caller.member.orgId,
      rejectReason: reason,
    });
    const row = await found(tx, open, id);
    await recordAudit(tx, now, {
      action: 'BAD_ACTION_REJECTED',
      actor: caller.audit,
      target: { type: 'badAction', id },
      detail: { projectId: open.project.id, unitName: row.unitName, reason },
    });
    return present(open, row);
  });
}
