import { describe, expect, it } from 'vitest';
import type { Principal, PrincipalMember } from './areas.js';
import {
  API_ACCESS,
  ORG_ADMIN,
  PUBLIC,
  SIGNED_IN,
  SYSTEM_ADMIN,
  accessRuleFor,
  decideAccess,
  inArea,
} from './api-access.js';

const design: PrincipalMember = {
  orgId: 'org-design',
  orgType: 'DESIGN',
  admin: false,
  profiles: ['DATA_UPLOAD'],
};
const censorNoProfile: PrincipalMember = {
  orgId: 'org-censor',
  orgType: 'CENSOR',
  admin: false,
  profiles: [],
};
const survey: PrincipalMember = {
  orgId: 'org-survey',
  orgType: 'SURVEY',
  admin: false,
  profiles: ['DATA_UPLOAD'],
};
const censorReviewer: PrincipalMember = {
  orgId: 'org-censor2',
  orgType: 'CENSOR',
  admin: false,
  profiles: ['DRAWING_APPROVAL_NORMAL'],
};

const user: Principal = { accountId: 'a1', systemAdmin: false, members: [design] };
const sysadmin: Principal = { accountId: 'a0', systemAdmin: true, members: [] };

describe('decideAccess', () => {
  it('public allows anonymous callers and signed-in ones alike', () => {
    expect(decideAccess(PUBLIC, null)).toEqual({ allow: true, member: null });
    expect(decideAccess(PUBLIC, user)).toEqual({ allow: true, member: null });
  });

  it('signedIn refuses an anonymous caller with UNAUTHORIZED and admits any principal', () => {
    expect(decideAccess(SIGNED_IN, null)).toEqual({ allow: false, deny: 'UNAUTHORIZED' });
    expect(decideAccess(SIGNED_IN, user)).toEqual({ allow: true, member: null });
    expect(decideAccess(SIGNED_IN, { accountId: 'x', systemAdmin: false, members: [] })).toEqual({
      allow: true,
      member: null,
    });
  });

  it('systemAdmin admits the flag only; others get FORBIDDEN, anonymous UNAUTHORIZED', () => {
    expect(decideAccess(SYSTEM_ADMIN, sysadmin)).toEqual({ allow: true, member: null });
    expect(decideAccess(SYSTEM_ADMIN, user)).toEqual({ allow: false, deny: 'FORBIDDEN' });
    expect(decideAccess(SYSTEM_ADMIN, null)).toEqual({ allow: false, deny: 'UNAUTHORIZED' });
  });

  describe('area rule', () => {
    const submit = inArea('submit');
    const twoOrgs: Principal = { accountId: 'a2', systemAdmin: false, members: [censorNoProfile, design] };

    it('refuses anonymous callers with UNAUTHORIZED', () => {
      expect(decideAccess(submit, null, 'org-design')).toEqual({ allow: false, deny: 'UNAUTHORIZED' });
    });

    it("answers NOT_FOUND when acting for someone else's organisation, even one that would qualify", () => {
      expect(decideAccess(submit, user, 'org-survey')).toEqual({ allow: false, deny: 'NOT_FOUND' });
    });

    it('answers FORBIDDEN for an own organisation without the profile', () => {
      expect(decideAccess(inArea('audit'), twoOrgs, 'org-censor')).toEqual({
        allow: false,
        deny: 'FORBIDDEN',
      });
      expect(decideAccess(submit, twoOrgs, 'org-censor')).toEqual({ allow: false, deny: 'FORBIDDEN' });
    });

    it('allows an own qualifying organisation and acts through that member', () => {
      expect(decideAccess(submit, twoOrgs, 'org-design')).toEqual({ allow: true, member: design });
    });

    it('picks the named organisation, not the first qualifying one', () => {
      const both: Principal = { accountId: 'a3', systemAdmin: false, members: [design, survey] };
      expect(decideAccess(submit, both, 'org-survey')).toEqual({ allow: true, member: survey });
    });

    it('without an orgId acts through the first qualifying member', () => {
      expect(decideAccess(submit, twoOrgs)).toEqual({ allow: true, member: design });
      expect(decideAccess(submit, twoOrgs, null)).toEqual({ allow: true, member: design });
      expect(decideAccess(submit, twoOrgs, '')).toEqual({ allow: true, member: design });
    });

    it('without an orgId and no qualifying member answers FORBIDDEN', () => {
      expect(decideAccess(inArea('apply'), twoOrgs)).toEqual({ allow: false, deny: 'FORBIDDEN' });
    });

    it('a rule naming several areas admits a member of any of them', () => {
      const rule = inArea('submit', 'audit');
      const reviewer: Principal = { accountId: 'a4', systemAdmin: false, members: [censorReviewer] };
      expect(decideAccess(rule, reviewer)).toEqual({ allow: true, member: censorReviewer });
      expect(decideAccess(rule, user, 'org-design')).toEqual({ allow: true, member: design });
    });

    it('the system-admin flag does not open organisation areas', () => {
      expect(decideAccess(submit, sysadmin)).toEqual({ allow: false, deny: 'FORBIDDEN' });
    });

    it("lets the print clerk into the audit area's lists but not into its projects (spec §6)", () => {
      const clerk: PrincipalMember = {
        orgId: 'org-censor',
        orgType: 'CENSOR',
        admin: false,
        profiles: ['DRAWING_APPROVAL_PRINT'],
      };
      const printer: Principal = { accountId: 'a5', systemAdmin: false, members: [clerk] };
      const list = API_ACCESS['GET /api/checkDrawings/project/pagelist']!;
      const buildings = API_ACCESS['GET /api/checkDrawings/:orgId/:projectId/building/getBuildings']!;
      expect(decideAccess(list, printer, 'org-censor')).toEqual({ allow: true, member: clerk });
      expect(decideAccess(buildings, printer, 'org-censor')).toEqual({ allow: false, deny: 'FORBIDDEN' });
      const reviewer: Principal = { accountId: 'a6', systemAdmin: false, members: [censorReviewer] };
      expect(decideAccess(buildings, reviewer, 'org-censor2')).toEqual({
        allow: true,
        member: censorReviewer,
      });
      // Areas without a stricter project rule are unchanged.
      expect(decideAccess(buildings, user, 'org-design')).toEqual({ allow: true, member: design });
    });
  });
});

describe('decideAccess: orgAdmin rule', () => {
  const designAdmin: PrincipalMember = { ...design, admin: true, profiles: [] };
  /** Admin of the design unit, plain member of the survey unit. */
  const admin: Principal = { accountId: 'a5', systemAdmin: false, members: [survey, designAdmin] };
  const sysadminInDesign: Principal = { accountId: 'a6', systemAdmin: true, members: [design] };

  it('allows an admin of the named organisation and acts through that membership', () => {
    expect(decideAccess(ORG_ADMIN, admin, 'org-design')).toEqual({ allow: true, member: designAdmin });
  });

  it('answers FORBIDDEN to a plain member of the organisation, even an admin elsewhere', () => {
    expect(decideAccess(ORG_ADMIN, user, 'org-design')).toEqual({ allow: false, deny: 'FORBIDDEN' });
    expect(decideAccess(ORG_ADMIN, admin, 'org-survey')).toEqual({ allow: false, deny: 'FORBIDDEN' });
  });

  it('answers NOT_FOUND to someone who does not belong to the organisation, admin elsewhere or not', () => {
    expect(decideAccess(ORG_ADMIN, admin, 'org-censor')).toEqual({ allow: false, deny: 'NOT_FOUND' });
    expect(decideAccess(ORG_ADMIN, user, 'org-survey')).toEqual({ allow: false, deny: 'NOT_FOUND' });
  });

  it('answers NOT_FOUND to an org admin when no organisation is named', () => {
    for (const orgId of [undefined, null, ''])
      expect(decideAccess(ORG_ADMIN, admin, orgId)).toEqual({ allow: false, deny: 'NOT_FOUND' });
  });

  it('allows the system admin without a membership, acting through no member', () => {
    expect(decideAccess(ORG_ADMIN, sysadmin, 'org-design')).toEqual({ allow: true, member: null });
    expect(decideAccess(ORG_ADMIN, sysadmin, 'org-anything')).toEqual({ allow: true, member: null });
  });

  it('allows the system admin who is a plain member there, through that membership', () => {
    expect(decideAccess(ORG_ADMIN, sysadminInDesign, 'org-design')).toEqual({ allow: true, member: design });
  });

  it('refuses an anonymous caller with UNAUTHORIZED', () => {
    expect(decideAccess(ORG_ADMIN, null, 'org-design')).toEqual({ allow: false, deny: 'UNAUTHORIZED' });
  });

  it('guards every member administration route', () => {
    const memberRoutes = Object.keys(API_ACCESS).filter((key) =>
      key.includes('/api/admin/orgs/:orgId/members'),
    );
    expect(memberRoutes.sort()).toEqual([
      'GET /api/admin/orgs/:orgId/members',
      'POST /api/admin/orgs/:orgId/members',
      'POST /api/admin/orgs/:orgId/members/:memberId/password-reset',
      'POST /api/admin/orgs/:orgId/members/:memberId/unlock',
      'PUT /api/admin/orgs/:orgId/members/:memberId',
    ]);
    for (const key of memberRoutes) expect(API_ACCESS[key], key).toBe(ORG_ADMIN);
    // Whether one administers an org is a question any signed-in caller may ask about itself.
    expect(accessRuleFor('GET', '/api/admin/permission/isBusinessAdmin')).toBe(SIGNED_IN);
  });
});

describe('accessRuleFor', () => {
  it('finds exact entries, whatever the case of the method', () => {
    expect(accessRuleFor('GET', '/api/health')).toBe(PUBLIC);
    expect(accessRuleFor('get', '/api/admin/account')).toBe(SIGNED_IN);
    expect(accessRuleFor('POST', '/uaa/login')).toBe(PUBLIC);
  });

  it('matches the method as well as the URL', () => {
    expect(accessRuleFor('POST', '/api/health')).toBeUndefined();
    expect(accessRuleFor('DELETE', '/api/admin/account')).toBeUndefined();
  });

  it('covers every URL under the docs prefix entry', () => {
    expect(API_ACCESS['GET /api/docs*']).toBe(PUBLIC);
    for (const url of [
      '/api/docs',
      '/api/docs/',
      '/api/docs/json',
      '/api/docs/static/*',
      '/api/docs/static/index.html',
    ])
      expect(accessRuleFor('GET', url)).toBe(PUBLIC);
    expect(accessRuleFor('POST', '/api/docs/json')).toBeUndefined();
  });

  it('a prefix entry stops at a path boundary: /api/documents is not part of /api/docs', () => {
    expect(accessRuleFor('GET', '/api/documents')).toBeUndefined();
    expect(accessRuleFor('GET', '/api/docsx/json')).toBeUndefined();
  });

  it('answers undefined for a route the table does not name', () => {
    expect(accessRuleFor('GET', '/api/not-in-table')).toBeUndefined();
    expect(accessRuleFor('GET', '/api/admin/account/')).toBeUndefined();
    expect(accessRuleFor('GET', '/api')).toBeUndefined();
  });
});

describe('platform-staff areas', () => {
  const sysadmin = { accountId: 'a', systemAdmin: true, members: [] };
  const infoStaff = {
    accountId: 'b',
    systemAdmin: false,
    members: [
      { orgId: 'op', orgType: 'CONTROL' as const, admin: false, profiles: ['INFORMATION_SERVICE' as const] },
    ],
  };
  const supervisor = {
    accountId: 'c',
    systemAdmin: false,
    members: [
      { orgId: 'ctl', orgType: 'CONTROL' as const, admin: true, profiles: ['ONLINE_SUPERVISION' as const] },
    ],
  };

  it('admit the system admin by account even without a membership', () => {
    expect(decideAccess(inArea('info'), sysadmin)).toEqual({ allow: true, member: null });
  });
  it('admit information-service staff through their membership', () => {
    expect(decideAccess(inArea('info'), infoStaff)).toMatchObject({ allow: true, member: { orgId: 'op' } });
  });
  it('refuse everyone else', () => {
    expect(decideAccess(inArea('info'), supervisor)).toEqual({ allow: false, deny: 'FORBIDDEN' });
    expect(decideAccess(inArea('info'), null)).toEqual({ allow: false, deny: 'UNAUTHORIZED' });
  });
});
