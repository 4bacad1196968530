import type { BuildingFacts, Locale, PrincipalMember } from '@drp/domain';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import type { ApplicationParty, OpenProject } from '../project-access/project-access.service.js';
import {
  findBuildingsOfProject,
  listUnits,
  type BuildingRow,
  type UnitRole,
} from './buildings.repository.js';

/*
 * What the building use cases share beyond the project-access door: the buildings of the opened
 * application, the facts PROJECT_POLICY reads of one, and one audit record per changed part.
 */

export type Party = ApplicationParty;

export interface ProjectInput {
  member: PrincipalMember;
  projectId: string;
}

/** The actions on one building, checked once it is loaded. */
type BuildingAction =
  | 'building.edit'
  | 'building.submit'
  | 'building.confirm'
  | 'building.reject'
  | 'building.designInfo'
  | 'building.surveyFindings';

export const buildingFacts = (open: OpenProject, building: BuildingRow, named = false): BuildingFacts => ({
  project: open.facts,
  building: { status: building.status },
  named,
});

/** Error parameters in the reader's language. */
export const UNIT_ROLE_NAMES: Record<UnitRole, Record<Locale, string>> = {
  DESIGN: { 'zh-CN': '设计单位', 'en-US': 'design unit' },
  SURVEY: { 'zh-CN': '勘察单位', 'en-US': 'survey unit' },
};

/** The rule's refusal for this building: the application's state first, then the building's. */
export function requireOnBuilding(open: OpenProject, action: BuildingAction, building: BuildingRow) {
  open.require(action, buildingFacts(open, building), { name: building.name });
}

/**
 * A unit's own entries on a building (survey findings, design info): the rule, where the unit must
 * also be named on the building.
 */
export async function requireOwnEntries(
  db: Db,
  open: OpenProject,
  action: 'building.designInfo' | 'building.surveyFindings',
  building: BuildingRow,
) {
  const role: UnitRole = action === 'building.designInfo' ? 'DESIGN' : 'SURVEY';
  const units = await listUnits(db, [building.id]);
  const named = units.some((u) => u.orgId === open.member.orgId && u.role === role);
  open.require(action, buildingFacts(open, building, named), {
    name: building.name,
    role: UNIT_ROLE_NAMES[role],
  });
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
