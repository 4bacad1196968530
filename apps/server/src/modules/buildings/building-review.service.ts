import { buildingAfter, rejectAllowed, type BuildingFeedback, type PrincipalMember } from '@drp/domain';
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
import { openProject } from '../project-access/project-access.service.js';
import {
  buildingFacts,
  buildingOf,
  buildingsOf,
  requireOnBuilding,
  type ProjectInput,
} from './building-access.js';
import { present } from './building-present.js';

// ---- the review agency ----

/** The confirmed buildings: those the review agency can give review missions for. */
export async function listTaskBuildings(ctx: AppContext, input: ProjectInput) {
  const open = await openProject(ctx.db, input.member, input.projectId, { action: 'building.tasks' });
  return present(ctx.db, await listBuildingsOfProject(ctx.db, open.project.id, 'CONFIRMED'), open);
}

/**
 * The buildings the signed-in reviewer has review missions for in the acting agency: the same
 * project access as the mission buildings; a reviewer sees only their own missions.
 */
export async function listAssignedTaskBuildings(
  ctx: AppContext,
  input: ProjectInput & { accountId: string | null },
) {
  const open = await openProject(ctx.db, input.member, input.projectId, { action: 'building.tasks' });
  if (!input.accountId) return [];
  return present(
    ctx.db,
    await listBuildingsWithMissions(ctx.db, open.project.id, {
      accountId: input.accountId,
      censorOrgId: open.member.orgId,
    }),
    open,
  );
}

/** Whether the review agency may still reject the building (spec: `allowReject`). */
export async function canRejectBuilding(ctx: AppContext, input: ProjectInput & { id: string }) {
  const open = await openProject(ctx.db, input.member, input.projectId, { action: 'building.tasks' });
  const building = await buildingOf(ctx.db, open.project.id, input.id);
  return rejectAllowed(buildingFacts(open, building));
}

/** The agency confirms that submitted buildings belong to the application. */
export async function confirmBuilding(
  ctx: AppContext,
  input: ProjectInput & { id: string; audit: AuditActor },
) {
  await inTransaction(ctx.db, async (tx) => {
    const open = await openProject(tx, input.member, input.projectId, {
      action: 'building.confirm',
      lock: true,
    });
    const building = await buildingOf(tx, open.project.id, input.id, true);
    requireOnBuilding(open, 'building.confirm', building);
    const now = ctx.clock();
    await updateBuilding(tx, building.id, {
      status: buildingAfter('confirm', building.status),
      confirmedAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, now, {
      action: 'BUILDING_CONFIRMED',
      actor: input.audit,
      target: { type: 'building', id: building.id },
      detail: { projectId: open.project.id, name: building.name },
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
  input: { member: PrincipalMember; buildingId: string; reason: string; accountId: string | null },
): Promise<BuildingFeedback> {
  return inTransaction(ctx.db, async (tx) => {
    const [found] = await findBuildingsByIds(tx, [input.buildingId]);
    if (!found) throw new AppError('NOT_FOUND');
    const open = await openProject(tx, input.member, found.projectId, {
      action: 'building.reject',
      lock: true,
    });
    const building = await buildingOf(tx, open.project.id, found.id, true);
    requireOnBuilding(open, 'building.reject', building);
    const row = await insertFeedback(tx, {
      buildingId: building.id,
      orgId: open.member.orgId,
      accountId: input.accountId,
      reason: input.reason,
      createdAt: ctx.clock(),
    });
    return presentFeedback({
      feedback: row,
      orgName: open.nameOf(row.orgId),
    });
  });
}

export async function listBuildingFeedback(
  ctx: AppContext,
  input: { member: PrincipalMember; buildingId: string },
) {
  const [building] = await findBuildingsByIds(ctx.db, [input.buildingId]);
  if (!building) throw new AppError('NOT_FOUND');
  await openProject(ctx.db, input.member, building.projectId);
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
    const open = await openProject(tx, input.member, input.projectId, {
      action: 'building.reject',
      lock: true,
    });
    const { project, member } = open;
    const rows = await buildingsOf(tx, project.id, input.ids, true);
    const now = ctx.clock();
    const reasons = new Map<string, string>();
    for (const row of rows) {
      requireOnBuilding(open, 'building.reject', row);
      const reason =
        input.reason ?? (await latestFeedbackSince(tx, row.id, row.submittedAt ?? new Date(0)))?.reason;
      if (!reason) throw new AppError('BUILDING_REJECT_REASON_MISSING', { name: row.name });
      reasons.set(row.id, reason);
    }
    const censorName = open.nameOf(member.orgId);
    const units = await listUnits(
      tx,
      rows.map((r) => r.id),
    );
    for (const row of rows) {
      const reason = reasons.get(row.id)!;
      if (input.reason !== undefined)
        await insertFeedback(tx, {
          buildingId: row.id,
          orgId: member.orgId,
          accountId: input.accountId,
          reason,
          createdAt: now,
        });
      await updateBuilding(tx, row.id, {
        status: buildingAfter('reject', row.status),
        rejectedAt: now,
        updatedAt: now,
      });
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
        by: input.audit.accountId,
        senderOrgId: member.orgId,
        projectId: project.id,
        targetId: row.id,
        params: { senderName: censorName, projectName: project.name, buildingName: row.name, reason },
      });
    }
  });
}
