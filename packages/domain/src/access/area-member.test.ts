import { describe, expect, it } from 'vitest';
import { PROFILES_BY_ORG_TYPE, type Profile } from '../accounts/profile.js';
import type { OrgType } from '../orgs/org-type.js';
import { receivesDocs } from '../project-access/project-policy.js';
import { areaMember, auditLandingPage, byWeight, leadingProfile, memberWeight } from './area-member.js';
import type { PrincipalMember } from './areas.js';

const member = (
  orgId: string,
  orgType: OrgType,
  admin: boolean,
  ...profiles: Profile[]
): PrincipalMember => ({
  orgId,
  orgType,
  admin,
  profiles,
});
const principal = (...members: PrincipalMember[]) => ({ accountId: 'a', systemAdmin: false, members });

describe('role weights (spec §9: admin approval 2, director 3, others 1)', () => {
  it('reads a membership by its heaviest profile', () => {
    expect(leadingProfile(member('c', 'CENSOR', false, 'DRAWING_APPROVAL_NORMAL'))).toBe(
      'DRAWING_APPROVAL_NORMAL',
    );
    expect(
      leadingProfile(member('c', 'CENSOR', false, 'DRAWING_APPROVAL_NORMAL', 'DRAWING_APPROVAL_DIRECTOR')),
    ).toBe('DRAWING_APPROVAL_DIRECTOR');
    expect(
      leadingProfile(member('c', 'CENSOR', false, 'DRAWING_APPROVAL_ADMIN', 'DRAWING_APPROVAL_NORMAL')),
    ).toBe('DRAWING_APPROVAL_ADMIN');
    expect(
      leadingProfile(member('c', 'CENSOR', false, 'DRAWING_APPROVAL_ADMIN', 'DRAWING_APPROVAL_DIRECTOR')),
    ).toBe('DRAWING_APPROVAL_DIRECTOR');
    expect(leadingProfile(member('c', 'CENSOR', true))).toBeNull();
    expect(memberWeight(member('c', 'CENSOR', true))).toBe(1);
    expect(memberWeight(member('c', 'CENSOR', false, 'DRAWING_APPROVAL_PRINT'))).toBe(1);
    expect(memberWeight(member('c', 'CENSOR', false, 'DRAWING_APPROVAL_ADMIN'))).toBe(2);
    expect(memberWeight(member('c', 'CENSOR', false, 'DRAWING_APPROVAL_DIRECTOR'))).toBe(3);
  });

  it('orders memberships heaviest first and keeps the order of equals', () => {
    const a = member('a', 'CENSOR', false, 'DRAWING_APPROVAL_NORMAL');
    const b = member('b', 'CENSOR', false, 'DRAWING_APPROVAL_ADMIN');
    const c = member('c', 'CENSOR', false, 'DRAWING_APPROVAL_DIRECTOR');
    const d = member('d', 'CENSOR', false, 'DRAWING_APPROVAL_PRINT');
    expect(byWeight([a, d, b, c]).map((m) => m.orgId)).toEqual(['c', 'b', 'a', 'd']);
  });

  it('works in an area through the current organisation, else the heaviest membership that qualifies', () => {
    const normal = member('normal', 'CENSOR', false, 'DRAWING_APPROVAL_NORMAL');
    const director = member('director', 'CENSOR', false, 'DRAWING_APPROVAL_DIRECTOR');
    const design = member('design', 'DESIGN', false, 'DATA_UPLOAD');
    const person = principal(design, normal, director);
    // Current organisation elsewhere (a design unit): the director's membership, not the first one.
    expect(areaMember(person, 'audit', 'design')?.orgId).toBe('director');
    expect(areaMember(person, 'audit', null)?.orgId).toBe('director');
    // The person picked the reviewer's organisation: that choice stands.
    expect(areaMember(person, 'audit', 'normal')?.orgId).toBe('normal');
    expect(areaMember(person, 'submit', 'normal')?.orgId).toBe('design');
    expect(areaMember(person, 'supervise', 'design')).toBeNull();
  });

  it('opens an audit project on the receive page for admins and directors, on the review list for reviewers', () => {
    expect(auditLandingPage(member('c', 'CENSOR', false, 'DRAWING_APPROVAL_NORMAL'))).toBe(
      'workingDrawingList',
    );
    expect(
      auditLandingPage(member('c', 'CENSOR', false, 'DRAWING_APPROVAL_NORMAL', 'DRAWING_APPROVAL_DIRECTOR')),
    ).toBe('workingDrawing');
    expect(auditLandingPage(member('c', 'CENSOR', false, 'DRAWING_APPROVAL_ADMIN'))).toBe('workingDrawing');
    expect(auditLandingPage(member('c', 'CENSOR', true, 'DRAWING_APPROVAL_NORMAL'))).toBe('workingDrawing');
  });

  it('sends to the receive page exactly those whom the project policy lets receive', () => {
    const censorProfiles = PROFILES_BY_ORG_TYPE.CENSOR;
    for (let mask = 0; mask < 1 << censorProfiles.length; mask++) {
      const profiles = censorProfiles.filter((_, i) => mask & (1 << i));
      for (const admin of [false, true]) {
        const m = member('c', 'CENSOR', admin, ...profiles);
        if (profiles.length === 0 && !admin) continue;
        expect(auditLandingPage(m) === 'workingDrawing', `${admin} ${profiles.join(',')}`).toBe(
          receivesDocs(m),
        );
      }
    }
  });
});
