import { type BuildingFeedback, type PrincipalMember } from '@drp/domain';
import { inTransaction } from '../../db/database.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { sendMessage } from '../messages/messages.service.js';
import {
  findBuildingsByIds,
  insertFeedback,
  latestFeedbackSince,
  listBuildingsOfProject,
  listBuildingsWithMissions,
  listFeedbacks,
  listUnits,
  updateBuilding,
} from './buildings.repository.js';
import {
  projectAccess,
  requirePart,
  requireDecider,
  rejectAllowed,
  buildingsOf,
  buildingOf,
  type ProjectInput,
} from './building-access.js';
import { present } from './building-present.js';

// ---- the review agency ----

/** The confirmed buildings: those the review agency can give review missions for. */
export async function listTaskBuildings(ctx: AppContext, input: ProjectInput) {
  const access = await projectAccess(ctx.db, input.member, input.projectId);
  requirePart(access, 'CENSOR');
  return present(ctx.db, await listBuildingsOfProject(ctx.db, access.project.id, 'CONFIRMED'));
}

/**
 * The buildings the signed-in reviewer has review missions for in the acting agency: the same
 * project access as the mission buildings; a reviewer sees only their own missions.
 */
export async function listAssignedTaskBuildings(
  ctx: AppContext,
  input: ProjectInput & { accountId: string | null },
) {
  const access = await projectAccess(ctx.db, input.member, input.projectId);
  requirePart(access, 'CENSOR');
  if (!input.accountId) return [];
  return present(
    ctx.db,
    await listBuildingsWithMissions(ctx.db, access.project.id, {
      accountId: input.accountId,
      censorOrgId: access.member.orgId,
    }),
  );
}

/** Whether the review agency may still reject the building (spec: `allowReject`). */
export async function canRejectBuilding(ctx: AppContext, input: ProjectInput & { id: string }) {
  const access = await projectAccess(ctx.db, input.member, input.projectId);
  requirePart(access, 'CENSOR');
  const building = await buildingOf(ctx.db, access.project.id, input.id);
  return rejectAllowed(building, access.project);
}

/** The agency confirms that submitted buildings belong to the application. */
export async function confirmBuilding(
  ctx: AppContext,
  input: ProjectInput & { id: string; audit: AuditActor },
) {
  await inTransaction(ctx.db, async (tx) => {
    const access = await projectAccess(tx, input.member, input.projectId, { lock: true });
    requireDecider(access);
    const building = await buildingOf(tx, access.project.id, input.id, true);
    if (building.status !== 'SUBMITTED')
      throw new AppError('BUILDING_NOT_SUBMITTED', { name: building.name });
    const now = ctx.clock();
    await updateBuilding(tx, building.id, { status: 'CONFIRMED', confirmedAt: now, updatedAt: now });
    await recordAudit(tx, now, {
      action: 'BUILDING_CONFIRMED',
      actor: input.audit,
      target: { type: 'building', id: building.id },
      detail: { projectId: access.project.id, name: building.name },
    });
  });
}

function presentFeedback(row: Awaited<ReturnType<typeof listFeedbacks>>[number]): BuildingFeedback {
  return {
    id: row.feedback.id,
    buildingId: row.feedback.buildingId,
    orgId: row.feedback.orgId,
    orgName: row.orgName,
    reason: row.feedback.reason,
    createdAt: row.feedback.createdAt.toISOString(),
  };
}

/** Records why the agency rejects a building; the reject call that follows uses it. */
export async function addBuildingFeedback(
  ctx: AppContext,
  input: { member: PrincipalMember | null; buildingId: string; reason: string; accountId: string | null },
): Promise<BuildingFeedback> {
  return inTransaction(ctx.db, async (tx) => {
    const [found] = await findBuildingsByIds(tx, [input.buildingId]);
    if (!found) throw new AppError('NOT_FOUND');
    const access = await projectAccess(tx, input.member, found.projectId, { lock: true });
    requireDecider(access);
    const building = await buildingOf(tx, access.project.id, found.id, true);
    if (!rejectAllowed(building, access.project))
      throw new AppError('BUILDING_REJECT_NOT_ALLOWED', { name: building.name });
    const row = await insertFeedback(tx, {
      buildingId: building.id,
      orgId: access.member.orgId,
      accountId: input.accountId,
      reason: input.reason,
      createdAt: ctx.clock(),
    });
    return presentFeedback({
      feedback: row,
      orgName: access.parties.find((p) => p.orgId === row.orgId)?.orgName ?? '',
    });
  });
}

export async function listBuildingFeedback(
  ctx: AppContext,
  input: { member: PrincipalMember | null; buildingId: string },
) {
  const [building] = await findBuildingsByIds(ctx.db, [input.buildingId]);
  if (!building) throw new AppError('NOT_FOUND');
  await projectAccess(ctx.db, input.member, building.projectId);
  return (await listFeedbacks(ctx.db, building.id)).map(presentFeedback);
}

/**
 * Rejects submitted buildings with a reason, while `allowReject` holds. The reason comes with the
 * call or was added just before (`buildingFeedback/add`) since the building's last submission.
 * The construction unit and the building's design units are told in the same transaction.
 */
export async function rejectBuildings(
  ctx: AppContext,
  input: ProjectInput & {
    ids: readonly string[];
    reason: string | undefined;
    accountId: string | null;
    audit: AuditActor;
  },
) {
  await inTransaction(ctx.db, async (tx) => {
    const access = await projectAccess(tx, input.member, input.projectId, { lock: true });
    requireDecider(access);
    const { project, parties } = access;
    const rows = await buildingsOf(tx, project.id, input.ids, true);
    const now = ctx.clock();
    const reasons = new Map<string, string>();
    for (const row of rows) {
      if (!rejectAllowed(row, project)) throw new AppError('BUILDING_REJECT_NOT_ALLOWED', { name: row.name });
      const reason =
        input.reason ?? (await latestFeedbackSince(tx, row.id, row.submittedAt ?? new Date(0)))?.reason;
      if (!reason) throw new AppError('BUILDING_REJECT_REASON_MISSING', { name: row.name });
      reasons.set(row.id, reason);
    }
    const censorName = parties.find((p) => p.orgId === access.member.orgId)?.orgName ?? '';
    const units = await listUnits(
      tx,
      rows.map((r) => r.id),
    );
    for (const row of rows) {
      const reason = reasons.get(row.id)!;
      if (input.reason !== undefined)
        await insertFeedback(tx, {
          buildingId: row.id,
          orgId: access.member.orgId,
          accountId: input.accountId,
          reason,
          createdAt: now,
        });
      await updateBuilding(tx, row.id, { status: 'REJECTED', rejectedAt: now, updatedAt: now });
      await recordAudit(tx, now, {
        action: 'BUILDING_REJECTED',
        actor: input.audit,
        target: { type: 'building', id: row.id },
        detail: { projectId: project.id, name: row.name, reason },
      });
      const designOrgs = units.filter((u) => u.buildingId === row.id && u.role === 'DESIGN');
      await sendMessage(tx, {
        type: 'CENSOR_BUILDING_REJECT',
        to: [{ orgId: project.constructOrgId }, ...designOrgs.map((u) => ({ orgId: u.orgId }))],
        at: now,
        senderOrgId: access.member.orgId,
        projectId: project.id,
        targetId: row.id,
        params: { senderName: censorName, projectName: project.name, buildingName: row.name, reason },
      });
    }
  });
}
