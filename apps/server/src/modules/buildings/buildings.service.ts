import {
  DICTIONARY_KIND_LABELS,
  FOUNDATION_TYPES,
  LIQUEFACTION_GRADES,
  SITE_CATEGORIES,
  fixedDictionaryItems,
  type Building,
  type BuildingDesignInfo,
  type BuildingDictionary,
  type BuildingFeedback,
  type BuildingHazardSource,
  type BuildingPage,
  type BuildingParty,
  type BuildingStatus,
  type BuildingSurveyInfo,
  type DictionaryKind,
  type Locale,
  type PrincipalMember,
  type ProjectRole,
  type SurveyDesignUnits,
  type buildingListQuery,
  type saveBuildingDesignInfosRequest,
  type saveBuildingHazardSourcesRequest,
  type saveBuildingRequest,
  type saveBuildingSurveyInfoRequest,
} from '@drp/domain';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../db/database.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import type { Dictionaries } from '../dictionaries/dictionary-loader.js';
import { dictionaryEntry } from '../dictionaries/dictionaries.service.js';
import { sendMessage } from '../messages/messages.service.js';
import { scopeOf, sees } from '../projects/projects.service.js';
import {
  findOrgsByIds,
  findProject,
  findProjectForUpdate,
  listParties,
  type ProjectRow,
} from '../projects/projects.repository.js';
import {
  deleteBuildings,
  deleteDesignInfos,
  deleteEntriesOfOtherUnits,
  deleteHazardSources,
  findBuildingsByIds,
  findBuildingsOfProject,
  findDesignInfosByIds,
  findHazardSourcesByIds,
  insertBuilding,
  insertDesignInfos,
  insertFeedback,
  insertHazardSources,
  isBuildingNameTaken,
  latestFeedbackSince,
  listBuildingsOfProject,
  listBuildingsWithMissions,
  listDesignInfos,
  listFeedbacks,
  listHazardSources,
  listSurveyInfos,
  listUnits,
  queryBuildingPage,
  replaceUnits,
  updateBuilding,
  updateBuildings,
  updateDesignInfo,
  updateHazardSource,
  upsertSurveyInfo,
  type BuildingRow,
  type UnitRole,
} from './buildings.repository.js';

type Party = Awaited<ReturnType<typeof listParties>>[number];

// ---- who may do what on one project ----

/**
 * The part the acting organisation plays in a project it sees: a party to it, or a reader
 * (supervising authority of the region, joint-review body).
 */
type Part = ProjectRole | 'READER';

interface ProjectAccess {
  project: ProjectRow;
  parties: Party[];
  part: Part;
  member: PrincipalMember;
}

/**
 * The project as the acting organisation sees it, or NOT_FOUND as if missing. The same rules as
 * the project list (projects.service `scopeOf`/`sees`, not exported there): the construction unit
 * its own, drafts too; design, survey and review units those naming them once submitted; a
 * supervising authority every submitted one in its region; a joint-review body every submitted one.
 */
async function projectAccess(
  db: Db,
  member: PrincipalMember | null,
  projectId: string,
  options: { lock?: boolean } = {},
): Promise<ProjectAccess> {
  if (!member) throw new AppError('NOT_FOUND');
  const project = options.lock ? await findProjectForUpdate(db, projectId) : await findProject(db, projectId);
  if (!project) throw new AppError('NOT_FOUND');
  const parties = await listParties(db, projectId);
  const part = await partOf(db, member, project, parties);
  if (!part) throw new AppError('NOT_FOUND');
  return { project, parties, part, member };
}

/** The part the acting organisation plays, if it sees the project at all (the projects.service rule). */
async function partOf(
  db: Db,
  member: PrincipalMember,
  project: ProjectRow,
  parties: readonly Party[],
): Promise<Part | null> {
  if (!sees(await scopeOf(db, member), project, parties)) return null;
  const { orgType } = member;
  if (orgType === 'CONSTRUCT' || orgType === 'DESIGN' || orgType === 'SURVEY' || orgType === 'CENSOR')
    return orgType;
  return 'READER';
}

/** One audit record for a change to one part of a building (survey, hazard sources, design info). */
async function recordPartChanged(
  tx: Db,
  at: Date,
  actor: AuditActor,
  building: { id: string; projectId: string; name: string },
  part: 'surveyInfo' | 'hazardSources' | 'designInfo',
) {
  await recordAudit(tx, at, {
    action: 'BUILDING_UPDATED',
    actor,
    target: { type: 'building', id: building.id },
    detail: { projectId: building.projectId, name: building.name, part },
  });
}

/** Basic data and hazard sources: the construction unit and the project's design units. */
function requireEditor(access: ProjectAccess) {
  if (access.part !== 'CONSTRUCT' && access.part !== 'DESIGN') throw new AppError('FORBIDDEN');
}

function requirePart(access: ProjectAccess, part: Part) {
  if (access.part !== part) throw new AppError('FORBIDDEN');
}

/** Confirming and rejecting: the review agency's office admin, its director or an org admin. */
function requireDecider(access: ProjectAccess) {
  const { member } = access;
  const decides =
    member.admin ||
    member.profiles.includes('DRAWING_APPROVAL_ADMIN') ||
    member.profiles.includes('DRAWING_APPROVAL_DIRECTOR');
  if (access.part !== 'CENSOR' || !decides) throw new AppError('FORBIDDEN');
}

/** Buildings change until the construction unit sends the materials to review. */
function requireProjectOpen(project: ProjectRow) {
  if (project.status !== 'DRAFT' && project.status !== 'SUBMITTED')
    throw new AppError('BUILDING_PROJECT_LOCKED');
}

/**
 * Basic data changes while a building is a draft or was rejected. A building submitted while its
 * application is a draft (never sent, or recalled) has reached no agency yet, so it may change
 * too; it then goes back to draft and is submitted again.
 */
function isEditable(building: BuildingRow, project: ProjectRow) {
  return (
    building.status === 'DRAFT' ||
    building.status === 'REJECTED' ||
    (building.status === 'SUBMITTED' && project.status === 'DRAFT')
  );
}

function requireEditable(building: BuildingRow, project: ProjectRow) {
  if (!isEditable(building, project)) throw new AppError('BUILDING_NOT_EDITABLE', { name: building.name });
}

/** A building changed after a submit no agency received goes back to draft, to be submitted again. */
const afterChange = (building: BuildingRow): BuildingStatus =>
  building.status === 'SUBMITTED' ? 'DRAFT' : building.status;

/** The units' own entries (survey and design info) change until the agency confirms the building. */
function requireNotConfirmed(building: BuildingRow) {
  if (building.status === 'CONFIRMED') throw new AppError('BUILDING_NOT_EDITABLE', { name: building.name });
}

/** The agency may reject a submitted building only until it accepts the materials. */
function rejectAllowed(building: BuildingRow, project: ProjectRow) {
  return (
    building.status === 'SUBMITTED' &&
    (project.status === 'SUBMITTED' || project.status === 'MATERIALS_SENT') &&
    project.acceptedAt === null
  );
}

/** Every id must name a building of this project; any other answers NOT_FOUND, as if missing. */
async function buildingsOf(db: Db, projectId: string, ids: readonly string[], lock = false) {
  const rows = await findBuildingsOfProject(db, projectId, ids, { lock });
  if (rows.length !== new Set(ids).size) throw new AppError('NOT_FOUND');
  return rows;
}

async function buildingOf(db: Db, projectId: string, id: string, lock = false) {
  return (await buildingsOf(db, projectId, [id], lock))[0]!;
}

/** Error parameters in the reader's language. */
const UNIT_ROLE_NAMES: Record<UnitRole, Record<Locale, string>> = {
  DESIGN: { 'zh-CN': '设计单位', 'en-US': 'design unit' },
  SURVEY: { 'zh-CN': '勘察单位', 'en-US': 'survey unit' },
};

/** The acting unit must be named on the building to enter its own findings for it. */
async function requireNamedUnit(db: Db, building: BuildingRow, orgId: string, role: UnitRole) {
  const units = await listUnits(db, [building.id]);
  if (!units.some((u) => u.orgId === orgId && u.role === role))
    throw new AppError('BUILDING_UNIT_NOT_NAMED', { name: building.name, role: UNIT_ROLE_NAMES[role] });
}

// ---- dictionaries ----

function designSpecialty(dictionaries: Dictionaries, code: string) {
  const item = dictionaryEntry(dictionaries, 'specialty', code);
  if (item.documentType !== 'DESIGN')
    throw new AppError('DICTIONARY_CODE_UNKNOWN', { field: DICTIONARY_KIND_LABELS.specialty, code });
  return item;
}

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

// ---- presenting ----

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Buildings as the API shows them, with their units; change applications show passed ones alike. */
export async function presentBuildings(db: Db, rows: readonly BuildingRow[]): Promise<Building[]> {
  return present(db, rows);
}

async function present(db: Db, rows: readonly BuildingRow[]): Promise<Building[]> {
  const units = await listUnits(
    db,
    rows.map((r) => r.id),
  );
  const of = (id: string, role: UnitRole): BuildingParty[] =>
    units
      .filter((u) => u.buildingId === id && u.role === role)
      .map((u) => ({ orgId: u.orgId, orgName: u.orgName }));
  return rows.map((r) => ({
    id: r.id,
    projectId: r.projectId,
    name: r.name,
    use: r.use,
    structureType: r.structureType,
    floorsAbove: r.floorsAbove,
    floorsBelow: r.floorsBelow,
    height: r.height,
    floorArea: r.floorArea,
    seismicIntensity: r.seismicIntensity,
    fireResistanceRating: r.fireResistanceRating,
    climaticRegion: r.climaticRegion,
    status: r.status,
    designUnits: of(r.id, 'DESIGN'),
    surveyUnits: of(r.id, 'SURVEY'),
    submittedAt: iso(r.submittedAt),
    confirmedAt: iso(r.confirmedAt),
    rejectedAt: iso(r.rejectedAt),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

const partiesOf = (parties: readonly Party[], role: ProjectRole): BuildingParty[] =>
  parties.filter((p) => p.role === role).map((p) => ({ orgId: p.orgId, orgName: p.orgName }));

interface ProjectInput {
  member: PrincipalMember | null;
  projectId: string;
}

// ---- reading ----

export async function listBuildingPage(
  ctx: AppContext,
  input: ProjectInput & { query: z.output<typeof buildingListQuery> },
): Promise<BuildingPage> {
  const { project } = await projectAccess(ctx.db, input.member, input.projectId);
  const { query } = input;
  const page = await queryBuildingPage(ctx.db, project.id, query.searchValue || undefined, {
    limit: query.size,
    offset: query.page * query.size,
  });
  return { total: page.total, items: await present(ctx.db, page.items) };
}

export async function listBuildings(ctx: AppContext, input: ProjectInput & { status?: BuildingStatus }) {
  const { project } = await projectAccess(ctx.db, input.member, input.projectId);
  return present(ctx.db, await listBuildingsOfProject(ctx.db, project.id, input.status));
}

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

export async function buildingDictionaryOf(
  ctx: AppContext,
  input: ProjectInput & { dictionaries: Dictionaries },
) {
  await projectAccess(ctx.db, input.member, input.projectId);
  return describeBuildingDictionary(input.dictionaries);
}

export async function describeBuildings(ctx: AppContext, input: ProjectInput & { ids: readonly string[] }) {
  const { project } = await projectAccess(ctx.db, input.member, input.projectId);
  return present(ctx.db, await buildingsOf(ctx.db, project.id, input.ids));
}

export async function describeBuilding(ctx: AppContext, input: ProjectInput & { id: string }) {
  return (await describeBuildings(ctx, { ...input, ids: [input.id] }))[0]!;
}

export async function listProjectUnits(ctx: AppContext, input: ProjectInput & { role: UnitRole }) {
  const { parties } = await projectAccess(ctx.db, input.member, input.projectId);
  return partiesOf(parties, input.role);
}

export async function listSurveyInfo(
  ctx: AppContext,
  input: ProjectInput & { buildingId: string },
): Promise<BuildingSurveyInfo[]> {
  const { project } = await projectAccess(ctx.db, input.member, input.projectId);
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
  const { project } = await projectAccess(ctx.db, input.member, input.projectId);
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
  const { project } = await projectAccess(ctx.db, input.member, input.projectId);
  const building = await buildingOf(ctx.db, project.id, input.buildingId);
  return (await listDesignInfos(ctx.db, building.id)).map(presentDesignInfo);
}

/** Whether the review agency may still reject the building (spec: `allowReject`). */
export async function canRejectBuilding(ctx: AppContext, input: ProjectInput & { id: string }) {
  const access = await projectAccess(ctx.db, input.member, input.projectId);
  requirePart(access, 'CENSOR');
  const building = await buildingOf(ctx.db, access.project.id, input.id);
  return rejectAllowed(building, access.project);
}

/**
 * The design and survey units recorded for some buildings (a change application starts from
 * them). Every building must be in a project the acting organisation sees.
 */
export async function surveyDesignUnitsOf(
  ctx: AppContext,
  input: { member: PrincipalMember | null; buildingIds: readonly string[] },
): Promise<SurveyDesignUnits> {
  const rows = await findBuildingsByIds(ctx.db, input.buildingIds);
  if (rows.length !== new Set(input.buildingIds).size) throw new AppError('NOT_FOUND');
  for (const projectId of new Set(rows.map((r) => r.projectId)))
    await projectAccess(ctx.db, input.member, projectId);
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
  const orgsFound = await findOrgsByIds(db, [...new Set(wanted.map((w) => w.orgId))]);
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
    const access = await projectAccess(tx, input.member, input.projectId, { lock: true });
    requireEditor(access);
    const { project } = access;
    const existing = form.id ? await buildingOf(tx, project.id, form.id, true) : null;
    requireProjectOpen(project);
    if (existing) requireEditable(existing, project);
    checkBasicCodes(input.dictionaries, form);
    const units = await checkUnits(tx, access.parties, form);
    if (await isBuildingNameTaken(tx, project.id, form.name, existing?.id))
      throw new AppError('BUILDING_NAME_TAKEN', { name: form.name });
    const now = ctx.clock();
    const saved = existing
      ? await updateBuilding(tx, existing.id, {
          ...basicColumns(form),
          status: afterChange(existing),
          updatedAt: now,
        })
      : await insertBuilding(tx, {
          ...basicColumns(form),
          projectId: project.id,
          createdByOrgId: access.member.orgId,
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
    return (await present(tx, [saved]))[0]!;
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
    const access = await projectAccess(tx, input.member, input.projectId, { lock: true });
    requireEditor(access);
    const { project } = access;
    const source = await buildingOf(tx, project.id, input.buildingId);
    requireProjectOpen(project);
    if (await isBuildingNameTaken(tx, project.id, input.name))
      throw new AppError('BUILDING_NAME_TAKEN', { name: input.name });
    const now = ctx.clock();
    const copy = await insertBuildingCopy(tx, source, {
      projectId: project.id,
      name: input.name,
      parties: access.parties,
      orgId: access.member.orgId,
      now,
    });
    await recordAudit(tx, now, {
      action: 'BUILDING_CREATED',
      actor: input.audit,
      target: { type: 'building', id: copy.id },
      detail: { projectId: project.id, name: copy.name, copiedFrom: source.id },
    });
    return (await present(tx, [copy]))[0]!;
  });
}

export async function removeBuildings(
  ctx: AppContext,
  input: ProjectInput & { ids: readonly string[]; audit: AuditActor },
) {
  await inTransaction(ctx.db, async (tx) => {
    const access = await projectAccess(tx, input.member, input.projectId, { lock: true });
    requireEditor(access);
    const rows = await buildingsOf(tx, access.project.id, input.ids, true);
    requireProjectOpen(access.project);
    for (const row of rows) requireEditable(row, access.project);
    await deleteBuildings(
      tx,
      rows.map((r) => r.id),
    );
    for (const row of rows)
      await recordAudit(tx, ctx.clock(), {
        action: 'BUILDING_DELETED',
        actor: input.audit,
        target: { type: 'building', id: row.id },
        detail: { projectId: access.project.id, name: row.name },
      });
  });
}

/** Hands buildings to the review agency for confirmation. */
export async function submitBuildings(
  ctx: AppContext,
  input: ProjectInput & { ids: readonly string[]; audit: AuditActor },
) {
  await inTransaction(ctx.db, async (tx) => {
    const access = await projectAccess(tx, input.member, input.projectId, { lock: true });
    requireEditor(access);
    const rows = await buildingsOf(tx, access.project.id, input.ids, true);
    requireProjectOpen(access.project);
    for (const row of rows)
      if (row.status !== 'DRAFT' && row.status !== 'REJECTED')
        throw new AppError('BUILDING_NOT_EDITABLE', { name: row.name });
    const now = ctx.clock();
    await updateBuildings(
      tx,
      rows.map((r) => r.id),
      { status: 'SUBMITTED', submittedAt: now, updatedAt: now },
    );
    for (const row of rows)
      await recordAudit(tx, now, {
        action: 'BUILDING_SUBMITTED',
        actor: input.audit,
        target: { type: 'building', id: row.id },
        detail: { projectId: access.project.id, name: row.name },
      });
  });
}

// ---- survey info ----

export async function saveSurveyInfo(
  ctx: AppContext,
  input: ProjectInput & { request: z.output<typeof saveBuildingSurveyInfoRequest>; audit: AuditActor },
): Promise<BuildingSurveyInfo> {
  const { request } = input;
  return inTransaction(ctx.db, async (tx) => {
    const access = await projectAccess(tx, input.member, input.projectId, { lock: true });
    requirePart(access, 'SURVEY');
    const building = await buildingOf(tx, access.project.id, request.buildingId, true);
    requireProjectOpen(access.project);
    requireNotConfirmed(building);
    const orgId = access.member.orgId;
    await requireNamedUnit(tx, building, orgId, 'SURVEY');
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
    const access = await projectAccess(tx, input.member, input.projectId, { lock: true });
    requireEditor(access);
    const building = await buildingOf(tx, access.project.id, request.buildingId, true);
    requireProjectOpen(access.project);
    requireEditable(building, access.project);
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
    await updateBuilding(tx, building.id, { status: afterChange(building), updatedAt: now });
    await recordPartChanged(tx, now, input.audit, building, 'hazardSources');
    return (await listHazardSources(tx, building.id)).map(presentHazard);
  });
}

/**
 * Loads the buildings some entries hang on and checks the acting organisation's part in each of
 * their projects: an entry of a project out of reach answers NOT_FOUND, as if missing.
 */
async function entriesContext(tx: Db, member: PrincipalMember | null, buildingIds: readonly string[]) {
  const rows = await findBuildingsByIds(tx, [...new Set(buildingIds)]);
  const accessByProject = new Map<string, ProjectAccess>();
  for (const projectId of [...new Set(rows.map((r) => r.projectId))].sort())
    accessByProject.set(projectId, await projectAccess(tx, member, projectId, { lock: true }));
  return { byId: new Map(rows.map((r) => [r.id, r])), accessByProject };
}

export async function removeHazards(
  ctx: AppContext,
  input: { member: PrincipalMember | null; ids: readonly string[]; audit: AuditActor },
) {
  await inTransaction(ctx.db, async (tx) => {
    const hazards = await findHazardSourcesByIds(tx, input.ids);
    if (hazards.length !== new Set(input.ids).size) throw new AppError('NOT_FOUND');
    const { byId, accessByProject } = await entriesContext(
      tx,
      input.member,
      hazards.map((h) => h.buildingId),
    );
    for (const access of accessByProject.values()) requireEditor(access);
    for (const access of accessByProject.values()) requireProjectOpen(access.project);
    for (const h of hazards) {
      const building = byId.get(h.buildingId)!;
      requireEditable(building, accessByProject.get(building.projectId)!.project);
    }
    await deleteHazardSources(
      tx,
      hazards.map((h) => h.id),
    );
    for (const building of new Set(hazards.map((h) => byId.get(h.buildingId)!))) {
      await updateBuilding(tx, building.id, { status: afterChange(building), updatedAt: ctx.clock() });
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
    const access = await projectAccess(tx, input.member, input.projectId, { lock: true });
    requirePart(access, 'DESIGN');
    const building = await buildingOf(tx, access.project.id, request.buildingId, true);
    requireProjectOpen(access.project);
    requireNotConfirmed(building);
    const orgId = access.member.orgId;
    await requireNamedUnit(tx, building, orgId, 'DESIGN');
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
  input: { member: PrincipalMember | null; ids: readonly string[]; audit: AuditActor },
) {
  await inTransaction(ctx.db, async (tx) => {
    const infos = await findDesignInfosByIds(tx, input.ids);
    if (infos.length !== new Set(input.ids).size) throw new AppError('NOT_FOUND');
    const { byId, accessByProject } = await entriesContext(
      tx,
      input.member,
      infos.map((i) => i.buildingId),
    );
    for (const access of accessByProject.values()) requirePart(access, 'DESIGN');
    // A unit removes its own rows only.
    if (infos.some((i) => i.orgId !== input.member?.orgId)) throw new AppError('FORBIDDEN');
    for (const access of accessByProject.values()) requireProjectOpen(access.project);
    for (const info of infos) requireNotConfirmed(byId.get(info.buildingId)!);
    await deleteDesignInfos(
      tx,
      infos.map((i) => i.id),
    );
    for (const building of new Set(infos.map((i) => byId.get(i.buildingId)!)))
      await recordPartChanged(tx, ctx.clock(), input.audit, building, 'designInfo');
  });
}

// ---- the review agency ----

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
