import { describe, expect, it } from 'vitest';
import type { MissionCandidate } from './mission-contracts.js';
import { proposeAssignments } from './propose-assignments.js';

const person = (
  accountId: string,
  name: string,
  specialties: string[],
  openMissions = 0,
  director = false,
): MissionCandidate => ({ accountId, name, specialties, openMissions, director });

const cells = (...specs: [string, string, string | null][]) =>
  specs.map(([buildingId, specialty, missionId]) => ({ buildingId, specialty, missionId }));

describe('proposeAssignments', () => {
  it('gives each unassigned cell the holder of its specialty with the least work, counting what it proposes', () => {
    const proposal = proposeAssignments(
      cells(
        ['b1', 'STRUCTURE', null],
        ['b2', 'STRUCTURE', null],
        ['b3', 'STRUCTURE', null],
        ['b4', 'STRUCTURE', null],
      ),
      [person('a', '甲', ['STRUCTURE'], 1), person('b', '乙', ['STRUCTURE', 'ARCHITECTURE'], 0)],
    );
    // 乙 starts idle and takes b1; then both hold one and the name decides; and so on.
    expect(proposal.cells.map((c) => c.reviewerAccountId)).toEqual(['b', 'a', 'b', 'a']);
    expect(proposal.uncovered).toEqual([]);
  });

  it('leaves assigned cells alone, names the cells nobody holds the specialty for, and prefers reviewers to directors', () => {
    const proposal = proposeAssignments(
      cells(
        ['b1', 'STRUCTURE', 'm1'],
        ['b1', 'HVAC', null],
        ['b1', 'ARCHITECTURE', null],
        ['b1', 'SURVEY', null],
      ),
      [person('d', '主任', ['ARCHITECTURE', 'SURVEY'], 0, true), person('r', '审图员', ['ARCHITECTURE'], 9)],
    );
    expect(proposal.cells).toEqual([
      { buildingId: 'b1', specialty: 'ARCHITECTURE', reviewerAccountId: 'r' },
      // Only the director holds the survey: proposed rather than left empty.
      { buildingId: 'b1', specialty: 'SURVEY', reviewerAccountId: 'd' },
    ]);
    expect(proposal.uncovered).toEqual([{ buildingId: 'b1', specialty: 'HVAC' }]);
  });
});
