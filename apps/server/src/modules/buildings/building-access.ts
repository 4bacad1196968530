import { type BuildingStatus, type Locale, type PrincipalMember, type ProjectRole } from '@drp/domain';
import { type Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { scopeOf, sees } from '../projects/projects.service.js';
import {
  findProject,
  findProjectForUpdate,
  listParties,
  type ProjectRow,
} from '../projects/projects.repository.js';
import {
  findBuildingsOfProject,
  listUnits,
  type BuildingRow,
  type UnitRole,
} from './buildings.repository.js';

export type Party = Awaited<ReturnType<typeof listParties>>[number];

// ---- who may do what on one project ----

/**
 * The part the acting organisation plays in a project it sees: a party to it, or a reader
 * (supervising authority of the region, joint-review body).
 */
export type Part = ProjectRole | 'READER';

export interface ProjectAccess {
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
export async function projectAccess(
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
export async function partOf(
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
export async function recordPartChanged(
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
export function requireEditor(access: ProjectAccess) {
  if (access.part !== 'CONSTRUCT' && access.part !== 'DESIGN') throw new AppError('FORBIDDEN');
}

export function requirePart(access: ProjectAccess, part: Part) {
  if (access.part !== part) throw new AppError('FORBIDDEN');
}

/** Confirming and rejecting: the review agency's office admin, its director or an org admin. */
export function requireDecider(access: ProjectAccess) {
  const { member } = access;
  const decides =
    member.admin ||
    member.profiles.includes('DRAWING_APPROVAL_ADMIN') ||
    member.profiles.includes('DRAWING_APPROVAL_DIRECTOR');
  if (access.part !== 'CENSOR' || !decides) throw new AppError('FORBIDDEN');
}

/** Buildings change until the construction unit sends the materials to review. */
export function requireProjectOpen(project: ProjectRow) {
  if (project.status !== 'DRAFT' && project.status !== 'SUBMITTED')
    throw new AppError('BUILDING_PROJECT_LOCKED');
}

/**
 * Basic data changes while a building is a draft or was rejected. A building submitted while its
 * application is a draft (never sent, or recalled) has reached no agency yet, so it may change
 * too; it then goes back to draft and is submitted again.
 */
export function isEditable(building: BuildingRow, project: ProjectRow) {
  return (
    building.status === 'DRAFT' ||
    building.status === 'REJECTED' ||
    (building.status === 'SUBMITTED' && project.status === 'DRAFT')
  );
}

export function requireEditable(building: BuildingRow, project: ProjectRow) {
  if (!isEditable(building, project)) throw new AppError('BUILDING_NOT_EDITABLE', { name: building.name });
}

/** A building changed after a submit no agency received goes back to draft, to be submitted again. */
export const afterChange = (building: BuildingRow): BuildingStatus =>
  building.status === 'SUBMITTED' ? 'DRAFT' : building.status;

/** The units' own entries (survey and design info) change until the agency confirms the building. */
export function requireNotConfirmed(building: BuildingRow) {
  if (building.status === 'CONFIRMED') throw new AppError('BUILDING_NOT_EDITABLE', { name: building.name });
}

/** The agency may reject a submitted building only until it accepts the materials. */
export function rejectAllowed(building: BuildingRow, project: ProjectRow) {
  return (
    building.status === 'SUBMITTED' &&
    (project.status === 'SUBMITTED' || project.status === 'MATERIALS_SENT') &&
    project.acceptedAt === null
  );
}

/** Every id must name a building of this project; any other answers NOT_FOUND, as if missing. */
export async function buildingsOf(db: Db, projectId: string, ids: readonly string[], lock = false) {
  const rows = await findBuildingsOfProject(db, projectId, ids, { lock });
  if (rows.length !== new Set(ids).size) throw new AppError('NOT_FOUND');
  return rows;
}

export async function buildingOf(db: Db, projectId: string, id: string, lock = false) {
  return (await buildingsOf(db, projectId, [id], lock))[0]!;
}

/** Error parameters in the reader's language. */
export const UNIT_ROLE_NAMES: Record<UnitRole, Record<Locale, string>> = {
  DESIGN: { 'zh-CN': '设计单位', 'en-US': 'design unit' },
  SURVEY: { 'zh-CN': '勘察单位', 'en-US': 'survey unit' },
};

/** The acting unit must be named on the building to enter its own findings for it. */
export async function requireNamedUnit(db: Db, building: BuildingRow, orgId: string, role: UnitRole) {
  const units = await listUnits(db, [building.id]);
  if (!units.some((u) => u.orgId === orgId && u.role === role))
    throw new AppError('BUILDING_UNIT_NOT_NAMED', { name: building.name, role: UNIT_ROLE_NAMES[role] });
}

export interface ProjectInput {
  member: PrincipalMember | null;
  projectId: string;
}
