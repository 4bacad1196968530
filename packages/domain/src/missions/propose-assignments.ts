import type { MissionCandidate, MissionProposal } from './mission-contracts.js';

/**
 * The platform's proposal for the cells nobody holds: for each, the reviewer of that specialty
 * with the fewest open missions, counting the ones proposed so far, so one save spreads the
 * round's work rather than giving it all to whoever was idlest at the start. Ties go to the name,
 * so the same grid always gets the same proposal. Directors are proposed only where no one else
 * holds the specialty: they check rather than review.
 */
export function proposeAssignments(
  cells: readonly { buildingId: string; specialty: string; missionId: string | null }[],
  candidates: readonly MissionCandidate[],
): MissionProposal {
  const load = new Map(candidates.map((c) => [c.accountId, c.openMissions]));
  const proposal: MissionProposal = { cells: [], uncovered: [] };
  for (const cell of cells) {
    if (cell.missionId !== null) continue;
    const holders = candidates.filter((c) => c.specialties.includes(cell.specialty));
    const reviewers = holders.some((c) => !c.director) ? holders.filter((c) => !c.director) : holders;
    const best = [...reviewers].sort(
      (a, b) =>
        load.get(a.accountId)! - load.get(b.accountId)! ||
        a.name.localeCompare(b.name, 'zh-CN') ||
        a.accountId.localeCompare(b.accountId),
    )[0];
    if (!best) {
      proposal.uncovered.push({ buildingId: cell.buildingId, specialty: cell.specialty });
      continue;
    }
    load.set(best.accountId, load.get(best.accountId)! + 1);
    proposal.cells.push({
      buildingId: cell.buildingId,
      specialty: cell.specialty,
      reviewerAccountId: best.accountId,
    });
  }
  return proposal;
}
