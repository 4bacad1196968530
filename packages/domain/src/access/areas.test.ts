import { describe, expect, it } from 'vitest';
import type { Profile } from '../accounts/profile.js';
import type { OrgType } from '../orgs/org-type.js';
import {
  AREA_KEYS,
  areaOfPath,
  canEnterArea,
  homeArea,
  qualifyingMembers,
  type AreaKey,
  type Principal,
  type PrincipalMember,
} from './areas.js';

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

const principal = (members: PrincipalMember[], systemAdmin = false): Principal => ({
  accountId: 'account',
  systemAdmin,
  members,
});

/** Principals shaped like the demo users of apps/server/src/db/seed/demo-seed.ts. */
const DEMO: Record<string, { principal: Principal; areas: AreaKey[]; home: AreaKey }> = {
  construct_admin: {
    principal: principal([member('construct', 'CONSTRUCT', true, 'PROJECT_APPLICATION')]),
    areas: ['apply'],
    home: 'apply',
  },
  design_admin: {
    principal: principal([member('design', 'DESIGN', true, 'DATA_UPLOAD')]),
    areas: ['submit'],
    home: 'submit',
  },
  design_user: {
    principal: principal([member('design', 'DESIGN', false, 'DATA_UPLOAD')]),
    areas: ['submit'],
    home: 'submit',
  },
  survey_admin: {
    principal: principal([member('survey', 'SURVEY', true, 'DATA_UPLOAD')]),
    areas: ['submit'],
    home: 'submit',
  },
  censor_admin: {
    principal: principal([member('censor', 'CENSOR', true, 'DRAWING_APPROVAL_ADMIN')]),
    areas: ['audit'],
    home: 'audit',
  },
  censor_director: {
    principal: principal([member('censor', 'CENSOR', false, 'DRAWING_APPROVAL_DIRECTOR')]),
    areas: ['audit'],
    home: 'audit',
  },
  censor_reviewer: {
    principal: principal([member('censor', 'CENSOR', false, 'DRAWING_APPROVAL_NORMAL')]),
    areas: ['audit'],
    home: 'audit',
  },
  censor_print: {
    principal: principal([member('censor', 'CENSOR', false, 'DRAWING_APPROVAL_PRINT')]),
    areas: ['audit'],
    home: 'audit',
  },
  control_admin: {
    principal: principal([member('control', 'CONTROL', true, 'ONLINE_SUPERVISION')]),
    areas: ['supervise'],
    home: 'supervise',
  },
  joint_admin: {
    principal: principal([member('joint', 'JOINTTRIAL', true, 'ONLINE_CENSOR')]),
    areas: ['joint'],
    home: 'joint',
  },
  // The system-admin flag opens both platform-staff areas; admin comes first.
  sysadmin: { principal: principal([], true), areas: ['admin', 'info'], home: 'admin' },
  // Information service staff sit in a CONTROL organisation but do not supervise.
  info_staff: {
    principal: principal([member('operator', 'CONTROL', false, 'INFORMATION_SERVICE')]),
    areas: ['info'],
    home: 'info',
  },
  multi_user: {
    principal: principal([
      member('design', 'DESIGN', false, 'DATA_UPLOAD'),
      member('survey', 'SURVEY', false, 'DATA_UPLOAD'),
    ]),
    areas: ['submit'],
    home: 'submit',
  },
};

describe('area table for the demo users', () => {
  const rows = Object.entries(DEMO).flatMap(([user, { principal, areas }]) =>
    AREA_KEYS.map((area) => ({ user, area, principal, expected: areas.includes(area) })),
  );

  it('covers all seven areas', () => {
    expect(AREA_KEYS).toEqual(['apply', 'submit', 'audit', 'supervise', 'joint', 'admin', 'info']);
  });

  it.each(rows)('$user enters $area: $expected', ({ principal, area, expected }) => {
    expect(canEnterArea(principal, area)).toBe(expected);
  });

  it.each(Object.entries(DEMO))('%s lands in its home area', (_user, { principal, home }) => {
    expect(homeArea(principal)).toBe(home);
  });

  it('a principal with no memberships and no flag has no area and no home', () => {
    const nobody = principal([]);
    for (const area of AREA_KEYS) expect(canEnterArea(nobody, area)).toBe(false);
    expect(homeArea(nobody)).toBeNull();
  });
});

describe('homeArea honours the current organisation', () => {
  const designAndCensor = principal([
    member('design', 'DESIGN', false, 'DATA_UPLOAD'),
    member('censor', 'CENSOR', false, 'DRAWING_APPROVAL_NORMAL'),
  ]);

  it('lands where the picked organisation works', () => {
    expect(homeArea(designAndCensor)).toBe('submit');
    expect(homeArea(designAndCensor, 'design')).toBe('submit');
    expect(homeArea(designAndCensor, 'censor')).toBe('audit');
  });

  it('falls back to the first area when the current organisation is unknown or qualifies nowhere', () => {
    expect(homeArea(designAndCensor, 'someone-else')).toBe('submit');
    expect(homeArea(designAndCensor, null)).toBe('submit');
    const withIdleMembership = principal([
      member('censor', 'CENSOR', false),
      member('design', 'DESIGN', false, 'DATA_UPLOAD'),
    ]);
    expect(homeArea(withIdleMembership, 'censor')).toBe('submit');
  });

  it('keeps multi_user in submit whichever unit is picked', () => {
    const { principal: multi } = DEMO.multi_user!;
    expect(homeArea(multi, 'design')).toBe('submit');
    expect(homeArea(multi, 'survey')).toBe('submit');
  });

  it('sends a system admin who is also in an organisation to admin unless that organisation is picked', () => {
    const adminInDesign = principal([member('design', 'DESIGN', false, 'DATA_UPLOAD')], true);
    expect(homeArea(adminInDesign)).toBe('admin');
    expect(homeArea(adminInDesign, 'design')).toBe('submit');
  });
});

describe('areaOfPath', () => {
  it.each([
    ['/sys_apply', 'apply'],
    ['/sys_apply/project/list', 'apply'],
    ['/sys_submit/material', 'submit'],
    ['/sys_audit', 'audit'],
    ['/sys_supervise/overview', 'supervise'],
    ['/sys_joint/list', 'joint'],
    ['/sys_admin/accounts', 'admin'],
    ['/sys_info/enterprises', 'info'],
  ] as const)('%s belongs to %s', (path, area) => {
    expect(areaOfPath(path)).toBe(area);
  });

  it.each(['/sys_applyx', '/sys_apply_old/x', '/sys_', '/', '', '/common/index', '/login', '/api/sys_apply'])(
    '%s belongs to no area',
    (path) => {
      expect(areaOfPath(path)).toBeNull();
    },
  );
});

describe('membership rules that depend on more than the profile', () => {
  it('a CENSOR member with no profile and no admin flag cannot enter audit', () => {
    const p = principal([member('censor', 'CENSOR', false)]);
    expect(canEnterArea(p, 'audit')).toBe(false);
    expect(homeArea(p)).toBeNull();
  });

  it('a CENSOR sub-admin with no profile can enter audit', () => {
    expect(canEnterArea(principal([member('censor', 'CENSOR', true)]), 'audit')).toBe(true);
  });

  it('an admin of a non-CENSOR org does not enter audit', () => {
    expect(canEnterArea(principal([member('design', 'DESIGN', true)]), 'audit')).toBe(false);
  });

  it('a DESIGN member holding PROJECT_APPLICATION cannot enter apply (wrong org type)', () => {
    const p = principal([member('design', 'DESIGN', true, 'PROJECT_APPLICATION')]);
    expect(canEnterArea(p, 'apply')).toBe(false);
    expect(canEnterArea(p, 'submit')).toBe(false);
  });

  it('an approval profile outside a CENSOR org does not open audit', () => {
    const p = principal([member('control', 'CONTROL', true, 'DRAWING_APPROVAL_ADMIN')]);
    expect(canEnterArea(p, 'audit')).toBe(false);
  });

  it('the system-admin flag does not open organisation areas', () => {
    const p = principal([], true);
    for (const area of ['apply', 'submit', 'audit', 'supervise', 'joint'] as const)
      expect(canEnterArea(p, area)).toBe(false);
  });

  it('qualifyingMembers returns only the memberships that work in the area', () => {
    const design = member('design', 'DESIGN', false, 'DATA_UPLOAD');
    const censor = member('censor', 'CENSOR', false, 'DRAWING_APPROVAL_NORMAL');
    const p = principal([design, censor]);
    expect(qualifyingMembers(p, 'submit')).toEqual([design]);
    expect(qualifyingMembers(p, 'audit')).toEqual([censor]);
    expect(qualifyingMembers(p, 'apply')).toEqual([]);
  });
});
