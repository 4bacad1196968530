import {
  buildingAbilities,
  type Building,
  type BuildingParty,
  type BuildingStatus,
  type ProjectRole,
} from '@drp/domain';
import type { Db } from '../../db/database.js';
import type { OpenProject } from '../project-access/project-access.service.js';
import { listUnits, type BuildingRow, type UnitRole } from './buildings.repository.js';
import type { Party } from './building-access.js';

export const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Nothing may change a building of an application that passed review (a change copies it). */
const PASSED: Building['can'] = {
  edit: false,
  submit: false,
  confirm: false,
  reject: false,
  editDesignInfo: false,
  editSurveyFindings: false,
};

/** Buildings of passed applications, as a change application picks them. */
export async function presentPassedBuildings(db: Db, rows: readonly BuildingRow[]): Promise<Building[]> {
  return present(db, rows, null);
}

/**
 * Buildings as the API shows them, with their units and what the member who opened their
 * application may do to each (`can`, from PROJECT_POLICY).
 */
export async function present(
  db: Db,
  rows: readonly BuildingRow[],
  open: OpenProject | null,
): Promise<Building[]> {
  const units = await listUnits(
    db,
    rows.map((r) => r.id),
  );
  const of = (id: string, role: UnitRole): BuildingParty[] =>
    units
      .filter((u) => u.buildingId === id && u.role === role)
      .map((u) => ({ orgId: u.orgId, orgName: u.orgName }));
  const abilities = (status: BuildingStatus, design: BuildingParty[], survey: BuildingParty[]) => {
    if (!open) return PASSED;
    const mine = (list: BuildingParty[]) => list.some((u) => u.orgId === open.member.orgId);
    return buildingAbilities(
      open.actor,
      { project: open.facts, building: { status } },
      { design: mine(design), survey: mine(survey) },
    );
  };
  return rows.map((r) => {
    const designUnits = of(r.id, 'DESIGN');
    const surveyUnits = of(r.id, 'SURVEY');
    return {
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
      designUnits,
      surveyUnits,
      submittedAt: iso(r.submittedAt),
      confirmedAt: iso(r.confirmedAt),
      rejectedAt: iso(r.rejectedAt),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      can: abilities(r.status, designUnits, surveyUnits),
    };
  });
}

export const partiesOf = (parties: readonly Party[], role: ProjectRole): BuildingParty[] =>
  parties.filter((p) => p.role === role).map((p) => ({ orgId: p.orgId, orgName: p.orgName }));
