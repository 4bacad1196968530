import { type Building, type BuildingParty, type ProjectRole } from '@drp/domain';
import { type Db } from '../../db/database.js';
import { listUnits, type BuildingRow, type UnitRole } from './buildings.repository.js';
import { type Party } from './building-access.js';

// ---- presenting ----

export const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Buildings as the API shows them, with their units; change applications show passed ones alike. */
export async function presentBuildings(db: Db, rows: readonly BuildingRow[]): Promise<Building[]> {
  return present(db, rows);
}

export async function present(db: Db, rows: readonly BuildingRow[]): Promise<Building[]> {
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

export const partiesOf = (parties: readonly Party[], role: ProjectRole): BuildingParty[] =>
  parties.filter((p) => p.role === role).map((p) => ({ orgId: p.orgId, orgName: p.orgName }));
