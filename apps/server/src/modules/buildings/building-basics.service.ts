import {
  buildingPlausibility,
  plausibilityText,
  BUILDING_TRANSITIONS,
  FOUNDATION_TYPES,
  buildingAfter,
  LIQUEFACTION_GRADES,
  SITE_CATEGORIES,
  fixedDictionaryItems,
  type Building,
  type BuildingDictionary,
  type BuildingPage,
  type BuildingParty,
  type BuildingStatus,
  type DictionaryKind,
  type PrincipalMember,
  type SurveyDesignUnits,
  type buildingListQuery,
  type saveBuildingRequest,
} from '@drp/domain';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../db/database.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import type { Dictionaries } from '../dictionaries/dictionary-loader.js';
import { dictionaryEntry } from '../dictionaries/dictionaries.service.js';
import { settleTodos } from '../messages/messages.service.js';
import { openProject } from '../project-access/project-access.service.js';
import {
  deleteBuildings,
  deleteEntriesOfOtherUnits,
  findBuildingsByIds,
  findOrgNames,
  insertBuilding,
  insertDesignInfos,
  insertHazardSources,
  isBuildingNameTaken,
  listBuildingsOfProject,
  listDesignInfos,
  listHazardSources,
  listUnits,
  queryBuildingPage,
  replaceUnits,
  updateBuilding,
  updateBuildings,
  type BuildingRow,
  type UnitRole,
} from './buildings.repository.js';
import {
  buildingOf,
  buildingsOf,
  requireOnBuilding,
  UNIT_ROLE_NAMES,
  type Party,
  type ProjectInput,
} from './building-access.js';
import { present, partiesOf } from './building-present.js';

export function describeBuildingDictionary(dictionaries: Dictionaries): BuildingDictionary {
  const items = (kind: DictionaryKind) => dictionaries[kind].items;
  return {
    uses: items('buildingUse'),
    structureTypes: items('structureType'),
    seismicIntensities: items('seismicIntensity'),
    fireResistanceRatings: items('fireResistanceRating'),
    climaticRegions: items('climaticRegion'),
    hazardSources: items('hazardSourcesName'),
    specialties: items('specialty').filter((i) => i.documentType === 'DESIGN'),
    siteCategories: fixedDictionaryItems(SITE_CATEGORIES),
    foundationTypes: fixedDictionaryItems(FOUNDATION_TYPES),
    liquefactionGrades: fixedDictionaryItems(LIQUEFACTION_GRADES),
  };
}

// ---- reading ----

export async function listBuildingPage(
  ctx: AppContext,
  input: ProjectInput & { query: z.output<typeof buildingListQuery> },
): Promise<BuildingPage> {
  const open = await openProject(ctx.db, input.member, input.projectId);
  const { query } = input;
  const page = await queryBuildingPage(ctx.db, open.project.id, query.searchValue || undefined, {
    limit: query.size,
    offset: query.page * query.size,
  });
  return {
    total: page.total,
    items: await present(ctx.db, page.items, open),
    can: { add: open.can('building.add') },
  };
}

export async function listBuildings(ctx: AppContext, input: ProjectInput & { status?: BuildingStatus }) {
  const open = await openProject(ctx.db, input.member, input.projectId);
  return present(ctx.db, await listBuildingsOfProject(ctx.db, open.project.id, input.status), open);
}

export async function buildingDictionaryOf(
  ctx: AppContext,
  input: ProjectInput & { dictionaries: Dictionaries },
) {
  await openProject(ctx.db, input.member, input.projectId);
  return describeBuildingDictionary(input.dictionaries);
}

export async function describeBuildings(ctx: AppContext, input: ProjectInput & { ids: readonly string[] }) {
  const open = await openProject(ctx.db, input.member, input.projectId);
  return present(ctx.db, await buildingsOf(ctx.db, open.project.id, input.ids), open);
}

export async function describeBuilding(ctx: AppContext, input: ProjectInput & { id: string }) {
  return (await describeBuildings(ctx, { ...input, ids: [input.id] }))[0]!;
}

export async function listProjectUnits(ctx: AppContext, input: ProjectInput & { role: UnitRole }) {
  const { parties } = await openProject(ctx.db, input.member, input.projectId);
  return partiesOf(parties, input.role);
}

/**
 * The design and survey units recorded for some buildings (a change application starts from
 * them). Every building must be in a project the acting organisation sees.
 */
export async function surveyDesignUnitsOf(
  ctx: AppContext,
  input: { member: PrincipalMember; buildingIds: readonly string[] },
): Promise<SurveyDesignUnits> {
  const rows = await findBuildingsByIds(ctx.db, input.buildingIds);
  if (rows.length !== new Set(input.buildingIds).size) throw new AppError('NOT_FOUND');
  for (const projectId of new Set(rows.map((r) => r.projectId)))
    await openProject(ctx.db, input.member, projectId);
  const units = await listUnits(
    ctx.db,
    rows.map((r) => r.id),
  );
  const distinct = (role: UnitRole) => {
    const seen = new Map<string, BuildingParty>();
    for (const u of units) if (u.role === role) seen.set(u.orgId, { orgId: u.orgId, orgName: u.orgName });
    return [...seen.values()];
  };
  return { designList: distinct('DESIGN'), surveyList: distinct('SURVEY') };
}

// ---- basic data ----

type BuildingForm = z.output<typeof saveBuildingRequest>;

function checkBasicCodes(dictionaries: Dictionaries, form: BuildingForm) {
  dictionaryEntry(dictionaries, 'buildingUse', form.use);
  dictionaryEntry(dictionaries, 'structureType', form.structureType);
  dictionaryEntry(dictionaries, 'seismicIntensity', form.seismicIntensity);
  dictionaryEntry(dictionaries, 'fireResistanceRating', form.fireResistanceRating);
  dictionaryEntry(dictionaries, 'climaticRegion', form.climaticRegion);
}

/** The named units must be the project's own design and survey units. */
async function checkUnits(db: Db, parties: readonly Party[], form: BuildingForm) {
  const wanted = [
    ...form.designOrgIds.map((orgId) => ({ orgId, role: 'DESIGN' as const })),
    ...form.surveyOrgIds.map((orgId) => ({ orgId, role: 'SURVEY' as const })),
  ];
  const orgsFound = await findOrgNames(db, [...new Set(wanted.map((w) => w.orgId))]);
  for (const w of wanted)
    if (!parties.some((p) => p.orgId === w.orgId && p.role === w.role))
      throw new AppError('BUILDING_UNIT_NOT_IN_PROJECT', {
        name: orgsFound.find((o) => o.id === w.orgId)?.name ?? w.orgId,
        role: UNIT_ROLE_NAMES[w.role],
      });
  return wanted;
}

function basicColumns(form: BuildingForm) {
  return {
    name: form.name,
    use: form.use,
    structureType: form.structureType,
    floorsAbove: form.floorsAbove,
    floorsBelow: form.floorsBelow,
    height: form.height,
    floorArea: form.floorArea,
    seismicIntensity: form.seismicIntensity,
    fireResistanceRating: form.fireResistanceRating,
    climaticRegion: form.climaticRegion,
  };
}

/** Saves a new building (no id) or changes one; the name is unique within the application. */
export async function saveBuilding(
  ctx: AppContext,
  input: ProjectInput & { form: BuildingForm; dictionaries: Dictionaries; audit: AuditActor },
): Promise<Building> {
  const { form } = input;
  return inTransaction(ctx.db, async (tx) => {
    const open = await openProject(tx, input.member, input.projectId, {
      action: 'building.edit',
      lock: true,
    });
    const { project } = open;
    const existing = form.id ? await buildingOf(tx, project.id, form.id, true) : null;
    if (existing) requireOnBuilding(open, 'building.edit', existing);
    else open.require('building.add');
    checkBasicCodes(input.dictionaries, form);
    // What a reviewer would frown at is saved only once the user has confirmed it.
    const warnings = buildingPlausibility(form);
    if (warnings.length > 0 && !form.confirmWarnings)
      throw new AppError('BUILDING_IMPLAUSIBLE', { items: plausibilityText(warnings) }, { warnings });
    const units = await checkUnits(tx, open.parties, form);
    if (await isBuildingNameTaken(tx, project.id, form.name, existing?.id))
      throw new AppError('BUILDING_NAME_TAKEN', { name: form.name });
    const now = ctx.clock();
    const saved = existing
      ? await updateBuilding(tx, existing.id, {
          ...basicColumns(form),
          status: buildingAfter('change', existing.status),
          updatedAt: now,
        })
      : await insertBuilding(tx, {
          ...basicColumns(form),
          projectId: project.id,
          createdByOrgId: open.member.orgId,
          createdAt: now,
          updatedAt: now,
        });
    await replaceUnits(tx, saved.id, units);
    await deleteEntriesOfOtherUnits(tx, saved.id, { design: form.designOrgIds, survey: form.surveyOrgIds });
    await recordAudit(tx, now, {
      action: existing ? 'BUILDING_UPDATED' : 'BUILDING_CREATED',
      actor: input.audit,
      target: { type: 'building', id: saved.id },
      detail: { projectId: project.id, name: saved.name },
    });
    return (await present(tx, [saved], open))[0]!;
  });
}

/**
 * Writes a draft copy of `source` into `projectId` under `name`: basic data, the units working on it
 * that take part in the target project, hazard sources and those design units' design info.
 * Survey findings are not copied: the survey unit confirms them for the copy.
 */
export async function insertBuildingCopy(
  tx: Db,
  source: BuildingRow,
  target: { projectId: string; name: string; parties: readonly Party[]; orgId: string; now: Date },
): Promise<BuildingRow> {
  const { now } = target;
  const copy = await insertBuilding(tx, {
    projectId: target.projectId,
    name: target.name,
    use: source.use,
    structureType: source.structureType,
    floorsAbove: source.floorsAbove,
    floorsBelow: source.floorsBelow,
    height: source.height,
    floorArea: source.floorArea,
    seismicIntensity: source.seismicIntensity,
    fireResistanceRating: source.fireResistanceRating,
    climaticRegion: source.climaticRegion,
    createdByOrgId: target.orgId,
    createdAt: now,
    updatedAt: now,
  });
  const units = (await listUnits(tx, [source.id]))
    .filter((u) => target.parties.some((p) => p.orgId === u.orgId && p.role === u.role))
    .map((u) => ({ orgId: u.orgId, role: u.role }));
  await replaceUnits(tx, copy.id, units);
  await insertHazardSources(
    tx,
    (await listHazardSources(tx, source.id)).map((h) => ({
      buildingId: copy.id,
      code: h.code,
      description: h.description,
      beyondScale: h.beyondScale,
      createdAt: now,
      updatedAt: now,
    })),
  );
  await insertDesignInfos(
    tx,
    (await listDesignInfos(tx, source.id))
      .filter((d) => units.some((u) => u.role === 'DESIGN' && u.orgId === d.orgId))
      .map((d) => ({
        buildingId: copy.id,
        orgId: d.orgId,
        specialty: d.specialty,
        chiefDesigner: d.chiefDesigner,
        engineerCertNo: d.engineerCertNo,
        remark: d.remark,
        createdAt: now,
        updatedAt: now,
      })),
  );
  return copy;
}

/** Copies a building's basic data, hazard sources and design info under a new name, as a draft. */
export async function copyBuilding(
  ctx: AppContext,
  input: ProjectInput & { buildingId: string; name: string; audit: AuditActor },
): Promise<Building> {
  return inTransaction(ctx.db, async (tx) => {
    const open = await openProject(tx, input.member, input.projectId, {
      action: 'building.edit',
      lock: true,
    });
    const { project } = open;
    const source = await buildingOf(tx, project.id, input.buildingId);
    open.require('building.add');
    if (await isBuildingNameTaken(tx, project.id, input.name))
      throw new AppError('BUILDING_NAME_TAKEN', { name: input.name });
    const now = ctx.clock();
    const copy = await insertBuildingCopy(tx, source, {
      projectId: project.id,
      name: input.name,
      parties: open.parties,
      orgId: open.member.orgId,
      now,
    });
    await recordAudit(tx, now, {
      action: 'BUILDING_CREATED',
      actor: input.audit,
      target: { type: 'building', id: copy.id },
      detail: { projectId: project.id, name: copy.name, copiedFrom: source.id },
    });
    return (await present(tx, [copy], open))[0]!;
  });
}

export async function removeBuildings(
  ctx: AppContext,
  input: ProjectInput & { ids: readonly string[]; audit: AuditActor },
) {
  await inTransaction(ctx.db, async (tx) => {
    const open = await openProject(tx, input.member, input.projectId, {
      action: 'building.edit',
      lock: true,
    });
    const rows = await buildingsOf(tx, open.project.id, input.ids, true);
    for (const row of rows) requireOnBuilding(open, 'building.edit', row);
    await deleteBuildings(
      tx,
      rows.map((r) => r.id),
    );
    for (const row of rows)
      await recordAudit(tx, ctx.clock(), {
        action: 'BUILDING_DELETED',
        actor: input.audit,
        target: { type: 'building', id: row.id },
        detail: { projectId: open.project.id, name: row.name },
      });
  });
}

/** Hands buildings to the review agency for confirmation. */
export async function submitBuildings(
  ctx: AppContext,
  input: ProjectInput & { ids: readonly string[]; audit: AuditActor },
) {
  await inTransaction(ctx.db, async (tx) => {
    const open = await openProject(tx, input.member, input.projectId, {
      action: 'building.submit',
      lock: true,
    });
    const rows = await buildingsOf(tx, open.project.id, input.ids, true);
    for (const row of rows) requireOnBuilding(open, 'building.submit', row);
    const now = ctx.clock();
    await updateBuildings(
      tx,
      rows.map((r) => r.id),
      { status: BUILDING_TRANSITIONS.submit.to, submittedAt: now, updatedAt: now },
    );
    for (const row of rows)
      await recordAudit(tx, now, {
        action: 'BUILDING_SUBMITTED',
        actor: input.audit,
        target: { type: 'building', id: row.id },
        detail: { projectId: open.project.id, name: row.name },
      });
    // Submitting a rejected building again is the work its rejection asked for.
    for (const row of rows)
      await settleTodos(tx, {
        type: 'CENSOR_BUILDING_REJECT',
        projectId: open.project.id,
        targetId: row.id,
        by: input.audit.accountId,
        at: now,
      });
  });
}
