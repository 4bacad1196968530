import type {
  PassedBuilding,
  PrincipalMember,
  ProjectAlterDetail,
  ProjectAlterSaved,
  projectAlterRequest,
} from '@drp/domain';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../db/database.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import {
  deleteBuildings,
  findBuildingsByIds,
  isBuildingNameTaken,
  type BuildingRow,
} from '../buildings/buildings.repository.js';
import { insertBuildingCopy } from '../buildings/building-basics.service.js';
import { presentPassedBuildings } from '../buildings/building-present.js';
import {
  createApplication,
  describeApplication,
  masterForChange,
  updateApplication,
} from '../projects/projects.service.js';
import {
  openProject,
  type ApplicationParty as Party,
  type OpenProject,
} from '../project-access/project-access.service.js';
import {
  deleteAlterBuildings,
  findAlter,
  insertAlter,
  insertAlterBuildings,
  listAlterBuildings,
  listPassedBuildings,
  updateAlter,
} from './project-alters.repository.js';

type AlterRequest = z.output<typeof projectAlterRequest>;

/** The buildings a change of this master can pick (projectAlterDetail/getPassedBuildings). */
export async function listPassedBuildingsOf(
  ctx: AppContext,
  input: { member: PrincipalMember; projectDicId: string },
): Promise<PassedBuilding[]> {
  const dic = await masterForChange(ctx.db, input.member, input.projectDicId);
  const rows = await listPassedBuildings(ctx.db, dic.id);
  const shown = await presentPassedBuildings(
    ctx.db,
    rows.map((r) => r.building),
  );
  return shown.map((b, i) => ({
    ...b,
    projectCode: rows[i]!.projectCode ?? '',
    projectName: rows[i]!.projectName,
  }));
}

/**
 * Copies a passed building into the change application as a draft: basic data, the units still
 * taking part in the change, hazard sources and those units' design info. The survey findings
 * are left for the survey units to confirm anew.
 */
async function copyIntoChange(
  tx: Db,
  source: BuildingRow,
  projectId: string,
  parties: readonly Party[],
  orgId: string,
  now: Date,
) {
  if (await isBuildingNameTaken(tx, projectId, source.name))
    throw new AppError('BUILDING_NAME_TAKEN', { name: source.name });
  return insertBuildingCopy(tx, source, { projectId, name: source.name, parties, orgId, now });
}

/** Names a building that is not a passed one of the master, without naming other units' buildings. */
async function notPassed(tx: Db, member: PrincipalMember, buildingId: string) {
  const [building] = await findBuildingsByIds(tx, [buildingId]);
  const own =
    building !== undefined &&
    (await openProject(tx, member, building.projectId).then(
      () => true,
      () => false,
    ));
  return new AppError('ALTER_BUILDING_NOT_PASSED', { name: own ? building.name : buildingId });
}

/**
 * Saves a change application (no id) or changes a draft one: the application form, as for a first
 * application, and the change's own part. Passed buildings newly picked are copied in as drafts,
 * so buildings, submit and recall work as for any application; the copies of buildings no longer
 * picked are deleted. Only the construction unit owning the master, only while a draft.
 */
export async function saveAlter(
  ctx: AppContext,
  input: { member: PrincipalMember; request: AlterRequest; audit: AuditActor },
): Promise<ProjectAlterSaved> {
  const { request, member } = input;
  const orgId = member.orgId;
  return inTransaction(ctx.db, async (tx) => {
    const scoped = { ...ctx, db: tx };
    let existing: OpenProject['project'] | null = null;
    if (request.id) {
      const open = await openProject(tx, member, request.id, { lock: true });
      // Only a change application is changed here; a first application answers as if missing.
      if (!open.project.isAlter) throw new AppError('NOT_FOUND');
      open.require('application.edit');
      existing = open.project;
    }
    const dic = await masterForChange(tx, member, request.form.projectDicId);
    const passed = new Map((await listPassedBuildings(tx, dic.id)).map((r) => [r.building.id, r.building]));
    for (const id of request.buildingIds) if (!passed.has(id)) throw await notPassed(tx, member, id);

    const now = ctx.clock();
    const part = { categories: request.categories, content: request.content, reason: request.reason };
    let saved: ProjectAlterSaved;
    if (existing) {
      await updateApplication(scoped, { member, id: existing.id, form: request.form, audit: input.audit });
      await updateAlter(tx, existing.id, { ...part, updatedAt: now });
      saved = { id: existing.id, code: existing.code ?? '' };
    } else {
      saved = await createApplication(scoped, {
        orgId,
        form: request.form,
        isAlter: true,
        audit: input.audit,
      });
      await insertAlter(tx, { projectId: saved.id, ...part, createdAt: now, updatedAt: now });
    }

    const current = existing ? await listAlterBuildings(tx, saved.id) : [];
    const wanted = new Set(request.buildingIds);
    const dropped = current.filter((c) => !wanted.has(c.sourceBuildingId));
    await deleteBuildings(
      tx,
      dropped.flatMap((d) => (d.buildingId ? [d.buildingId] : [])),
    );
    await deleteAlterBuildings(
      tx,
      saved.id,
      dropped.map((d) => d.sourceBuildingId),
    );
    const { parties } = await openProject(tx, member, saved.id);
    const added = request.buildingIds.filter((id) => !current.some((c) => c.sourceBuildingId === id));
    const links = [];
    for (const sourceId of added) {
      const copy = await copyIntoChange(tx, passed.get(sourceId)!, saved.id, parties, orgId, now);
      links.push({ projectId: saved.id, sourceBuildingId: sourceId, buildingId: copy.id });
    }
    await insertAlterBuildings(tx, links);
    await recordAudit(tx, now, {
      action: 'PROJECT_ALTER_SAVED',
      actor: input.audit,
      target: { type: 'project', id: saved.id },
      detail: {
        code: saved.code,
        categories: request.categories,
        added: added.length,
        dropped: dropped.length,
      },
    });
    return saved;
  });
}

/** A change application: its own part and the application, for whoever sees the application. */
export async function describeAlter(
  ctx: AppContext,
  input: { member: PrincipalMember; id: string },
): Promise<ProjectAlterDetail> {
  const project = await describeApplication(ctx, input);
  const alter = project.isAlter ? await findAlter(ctx.db, project.id) : null;
  if (!alter) throw new AppError('NOT_FOUND');
  const buildings = await listAlterBuildings(ctx.db, project.id);
  return {
    projectId: project.id,
    categories: alter.categories,
    content: alter.content,
    reason: alter.reason,
    buildings: buildings.map((b) => ({
      sourceBuildingId: b.sourceBuildingId,
      sourceProjectId: b.sourceProjectId,
      sourceProjectCode: b.sourceProjectCode ?? '',
      name: b.name,
      buildingId: b.buildingId,
    })),
    project,
    createdAt: alter.createdAt.toISOString(),
    updatedAt: alter.updatedAt.toISOString(),
  };
}
