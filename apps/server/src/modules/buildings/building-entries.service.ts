import {
  DICTIONARY_KIND_LABELS,
  buildingAfter,
  type BuildingDesignInfo,
  type BuildingHazardSource,
  type BuildingSurveyInfo,
  type PrincipalMember,
  type saveBuildingDesignInfosRequest,
  type saveBuildingHazardSourcesRequest,
  type saveBuildingSurveyInfoRequest,
} from '@drp/domain';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../db/database.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { type AuditActor } from '../audit/audit.service.js';
import type { Dictionaries } from '../dictionaries/dictionary-loader.js';
import { dictionaryEntry } from '../dictionaries/dictionaries.service.js';
import {
  deleteDesignInfos,
  deleteHazardSources,
  findBuildingsByIds,
  findDesignInfosByIds,
  findHazardSourcesByIds,
  insertDesignInfos,
  insertHazardSources,
  listDesignInfos,
  listHazardSources,
  listSurveyInfos,
  updateBuilding,
  updateDesignInfo,
  updateHazardSource,
  upsertSurveyInfo,
} from './buildings.repository.js';
import { openProject, type OpenProject } from '../project-access/project-access.service.js';
import {
  buildingFacts,
  buildingOf,
  recordPartChanged,
  requireOnBuilding,
  requireOwnEntries,
  type ProjectInput,
} from './building-access.js';

// ---- dictionaries ----

function designSpecialty(dictionaries: Dictionaries, code: string) {
  const item = dictionaryEntry(dictionaries, 'specialty', code);
  if (item.documentType !== 'DESIGN')
    throw new AppError('DICTIONARY_CODE_UNKNOWN', { field: DICTIONARY_KIND_LABELS.specialty, code });
  return item;
}

export async function listSurveyInfo(
  ctx: AppContext,
  input: ProjectInput & { buildingId: string },
): Promise<BuildingSurveyInfo[]> {
  const { project } = await openProject(ctx.db, input.member, input.projectId);
  const building = await buildingOf(ctx.db, project.id, input.buildingId);
  return (await listSurveyInfos(ctx.db, building.id)).map((r) => ({
    buildingId: r.buildingId,
    orgId: r.orgId,
    orgName: r.orgName,
    siteCategory: r.siteCategory,
    foundationType: r.foundationType,
    bearingStratum: r.bearingStratum,
    groundwaterDepth: r.groundwaterDepth,
    liquefaction: r.liquefaction,
    remark: r.remark,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

const presentHazard = (r: Awaited<ReturnType<typeof listHazardSources>>[number]): BuildingHazardSource => ({
  id: r.id,
  buildingId: r.buildingId,
  code: r.code,
  description: r.description,
  beyondScale: r.beyondScale,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function listHazards(ctx: AppContext, input: ProjectInput & { buildingId: string }) {
  const { project } = await openProject(ctx.db, input.member, input.projectId);
  const building = await buildingOf(ctx.db, project.id, input.buildingId);
  return (await listHazardSources(ctx.db, building.id)).map(presentHazard);
}

const presentDesignInfo = (r: Awaited<ReturnType<typeof listDesignInfos>>[number]): BuildingDesignInfo => ({
  id: r.id,
  buildingId: r.buildingId,
  orgId: r.orgId,
  orgName: r.orgName,
  specialty: r.specialty,
  chiefDesigner: r.chiefDesigner,
  engineerCertNo: r.engineerCertNo,
  remark: r.remark,
  updatedAt: r.updatedAt.toISOString(),
});

export async function listDesignInfo(ctx: AppContext, input: ProjectInput & { buildingId: string }) {
  const { project } = await openProject(ctx.db, input.member, input.projectId);
  const building = await buildingOf(ctx.db, project.id, input.buildingId);
  return (await listDesignInfos(ctx.db, building.id)).map(presentDesignInfo);
}

// ---- survey info ----

export async function saveSurveyInfo(
  ctx: AppContext,
  input: ProjectInput & { request: z.output<typeof saveBuildingSurveyInfoRequest>; audit: AuditActor },
): Promise<BuildingSurveyInfo> {
  const { request } = input;
  return inTransaction(ctx.db, async (tx) => {
    const open = await openProject(tx, input.member, input.projectId, {
      action: 'building.surveyFindings',
      lock: true,
    });
    const building = await buildingOf(tx, open.project.id, request.buildingId, true);
    await requireOwnEntries(tx, open, 'building.surveyFindings', building);
    const orgId = open.member.orgId;
    const now = ctx.clock();
    await upsertSurveyInfo(tx, {
      buildingId: building.id,
      orgId,
      siteCategory: request.siteCategory,
      foundationType: request.foundationType,
      bearingStratum: request.bearingStratum,
      groundwaterDepth: request.groundwaterDepth,
      liquefaction: request.liquefaction,
      remark: request.remark,
      updatedAt: now,
    });
    await recordPartChanged(tx, now, input.audit, building, 'surveyInfo');
    const saved = (await listSurveyInfos(tx, building.id)).find((r) => r.orgId === orgId)!;
    return {
      buildingId: saved.buildingId,
      orgId: saved.orgId,
      orgName: saved.orgName,
      siteCategory: saved.siteCategory,
      foundationType: saved.foundationType,
      bearingStratum: saved.bearingStratum,
      groundwaterDepth: saved.groundwaterDepth,
      liquefaction: saved.liquefaction,
      remark: saved.remark,
      updatedAt: saved.updatedAt.toISOString(),
    };
  });
}

// ---- hazard sources ----

/** Adds entries without an id and changes those with one; answers the building's whole list. */
export async function saveHazards(
  ctx: AppContext,
  input: ProjectInput & {
    request: z.output<typeof saveBuildingHazardSourcesRequest>;
    dictionaries: Dictionaries;
    audit: AuditActor;
  },
) {
  const { request } = input;
  return inTransaction(ctx.db, async (tx) => {
    const open = await openProject(tx, input.member, input.projectId, {
      action: 'building.edit',
      lock: true,
    });
    const building = await buildingOf(tx, open.project.id, request.buildingId, true);
    requireOnBuilding(open, 'building.edit', building);
    const current = await listHazardSources(tx, building.id);
    const now = ctx.clock();
    const entries = request.items.map((item) => {
      const entry = dictionaryEntry(input.dictionaries, 'hazardSourcesName', item.code);
      if (entry.beyondScale && item.beyondScale === false)
        throw new AppError('HAZARD_BEYOND_SCALE', { name: entry.name });
      if (item.id && !current.some((c) => c.id === item.id)) throw new AppError('NOT_FOUND');
      return { ...item, beyondScale: item.beyondScale ?? entry.beyondScale ?? false };
    });
    for (const e of entries)
      if (e.id)
        await updateHazardSource(tx, e.id, {
          code: e.code,
          description: e.description,
          beyondScale: e.beyondScale,
          updatedAt: now,
        });
    await insertHazardSources(
      tx,
      entries
        .filter((e) => !e.id)
        .map((e) => ({
          buildingId: building.id,
          code: e.code,
          description: e.description,
          beyondScale: e.beyondScale,
          createdAt: now,
          updatedAt: now,
        })),
    );
    await updateBuilding(tx, building.id, {
      status: buildingAfter('change', building.status),
      updatedAt: now,
    });
    await recordPartChanged(tx, now, input.audit, building, 'hazardSources');
    return (await listHazardSources(tx, building.id)).map(presentHazard);
  });
}

/**
 * Loads the buildings some entries hang on and checks the acting organisation's part in each of
 * their projects: an entry of a project out of reach answers NOT_FOUND, as if missing.
 */
async function entriesContext(
  tx: Db,
  member: PrincipalMember,
  buildingIds: readonly string[],
  action: 'building.edit' | 'building.designInfo',
) {
  const rows = await findBuildingsByIds(tx, [...new Set(buildingIds)]);
  const openByProject = new Map<string, OpenProject>();
  for (const projectId of [...new Set(rows.map((r) => r.projectId))].sort())
    openByProject.set(projectId, await openProject(tx, member, projectId, { action, lock: true }));
  return { byId: new Map(rows.map((r) => [r.id, r])), openByProject };
}

export async function removeHazards(
  ctx: AppContext,
  input: { member: PrincipalMember; ids: readonly string[]; audit: AuditActor },
) {
  await inTransaction(ctx.db, async (tx) => {
    const hazards = await findHazardSourcesByIds(tx, input.ids);
    if (hazards.length !== new Set(input.ids).size) throw new AppError('NOT_FOUND');
    const { byId, openByProject } = await entriesContext(
      tx,
      input.member,
      hazards.map((h) => h.buildingId),
      'building.edit',
    );
    for (const h of hazards) {
      const building = byId.get(h.buildingId)!;
      requireOnBuilding(openByProject.get(building.projectId)!, 'building.edit', building);
    }
    await deleteHazardSources(
      tx,
      hazards.map((h) => h.id),
    );
    for (const building of new Set(hazards.map((h) => byId.get(h.buildingId)!))) {
      await updateBuilding(tx, building.id, {
        status: buildingAfter('change', building.status),
        updatedAt: ctx.clock(),
      });
      await recordPartChanged(tx, ctx.clock(), input.audit, building, 'hazardSources');
    }
  });
}

// ---- design info ----

/** A design unit's own rows for a building, one per specialty: adds without id, changes with one. */
export async function saveDesignInfo(
  ctx: AppContext,
  input: ProjectInput & {
    request: z.output<typeof saveBuildingDesignInfosRequest>;
    dictionaries: Dictionaries;
    audit: AuditActor;
  },
) {
  const { request } = input;
  return inTransaction(ctx.db, async (tx) => {
    const open = await openProject(tx, input.member, input.projectId, {
      action: 'building.designInfo',
      lock: true,
    });
    const building = await buildingOf(tx, open.project.id, request.buildingId, true);
    await requireOwnEntries(tx, open, 'building.designInfo', building);
    const orgId = open.member.orgId;
    const current = await listDesignInfos(tx, building.id);
    for (const item of request.items) {
      designSpecialty(input.dictionaries, item.specialty);
      if (!item.id) continue;
      const row = current.find((c) => c.id === item.id);
      if (!row) throw new AppError('NOT_FOUND');
      if (row.orgId !== orgId) throw new AppError('FORBIDDEN');
    }
    // One row per unit and specialty, counting the rows this save leaves alone.
    const changed = new Set(request.items.flatMap((i) => (i.id ? [i.id] : [])));
    const untouched = current.filter((c) => c.orgId === orgId && !changed.has(c.id));
    for (const item of request.items)
      if (untouched.some((c) => c.specialty === item.specialty))
        throw new AppError('DESIGN_SPECIALTY_TAKEN', {
          name: building.name,
          specialty: designSpecialty(input.dictionaries, item.specialty).name,
        });
    const now = ctx.clock();
    for (const item of request.items)
      if (item.id)
        await updateDesignInfo(tx, item.id, {
          specialty: item.specialty,
          chiefDesigner: item.chiefDesigner,
          engineerCertNo: item.engineerCertNo,
          remark: item.remark,
          updatedAt: now,
        });
    await insertDesignInfos(
      tx,
      request.items
        .filter((i) => !i.id)
        .map((i) => ({
          buildingId: building.id,
          orgId,
          specialty: i.specialty,
          chiefDesigner: i.chiefDesigner,
          engineerCertNo: i.engineerCertNo,
          remark: i.remark,
          createdAt: now,
          updatedAt: now,
        })),
    );
    await recordPartChanged(tx, now, input.audit, building, 'designInfo');
    return (await listDesignInfos(tx, building.id)).map(presentDesignInfo);
  });
}

export async function removeDesignInfo(
  ctx: AppContext,
  input: { member: PrincipalMember; ids: readonly string[]; audit: AuditActor },
) {
  await inTransaction(ctx.db, async (tx) => {
    const infos = await findDesignInfosByIds(tx, input.ids);
    if (infos.length !== new Set(input.ids).size) throw new AppError('NOT_FOUND');
    const { byId, openByProject } = await entriesContext(
      tx,
      input.member,
      infos.map((i) => i.buildingId),
      'building.designInfo',
    );
    // A unit removes its own rows only; it was named on the building when it entered them.
    if (infos.some((i) => i.orgId !== input.member.orgId)) throw new AppError('FORBIDDEN');
    for (const info of infos) {
      const building = byId.get(info.buildingId)!;
      const open = openByProject.get(building.projectId)!;
      open.require('building.designInfo', buildingFacts(open, building, true), { name: building.name });
    }
    await deleteDesignInfos(
      tx,
      infos.map((i) => i.id),
    );
    for (const building of new Set(infos.map((i) => byId.get(i.buildingId)!)))
      await recordPartChanged(tx, ctx.clock(), input.audit, building, 'designInfo');
  });
}
