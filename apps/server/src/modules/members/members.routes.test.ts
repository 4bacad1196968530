import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { count } from 'drizzle-orm';
import {
  canEnterArea,
  checkPassword,
  type AccountDetail,
  type OrgMember,
  type OrgMembersResult,
  type PasswordResetResult,
  type Principal,
} from '@drp/domain';
import { accounts } from '../../db/schema/accounts.js';
import { DEMO_PASSWORD } from '../../db/seed/demo-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { loginPassingCaptcha } from '../../test/solve-captcha.js';

const DESIGN_ORG_NAME = '湖南省建筑设计院集团股份有限公司';

interface Body {
  code: string;
  message: string;
  detail?: unknown;
}
const body = (res: LightMyRequestResponse) => res.json<Body>();

/** The detail of a 200 answer; any other answer fails the test with its body. */
function detailOf<T>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ code: string; detail: T }>().detail;
}

/** Asserts a refusal and returns its envelope. */
function refused(res: LightMyRequestResponse, status: number, code: string): Body {
  expect(res.statusCode, res.body).toBe(status);
  expect(body(res).code).toBe(code);
  return body(res);
}

/** Every call these tests make, through `inject`. A missing token calls anonymously. */
function calls(t: TestApp) {
  const send = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    token: string | undefined,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload === undefined ? {} : { payload }),
    });
  const membersUrl = (orgId: string) => `/api/admin/orgs/${orgId}/members`;
  const memberUrl = (orgId: string, memberId: string) => `${membersUrl(orgId)}/${memberId}`;

  return {
    list: (token: string | undefined, orgId: string) => send('GET', membersUrl(orgId), token),
    add: (token: string | undefined, orgId: string, payload: object, headers?: Record<string, string>) =>
      send('POST', membersUrl(orgId), token, payload, headers),
    invite: (token: string | undefined, orgId: string, payload: object) =>
      send('POST', `/api/admin/orgs/${orgId}/invitations`, token, payload),
    invitations: (token: string | undefined, orgId: string) =>
      send('GET', `/api/admin/orgs/${orgId}/invitations`, token),
    myInvitations: (token: string | undefined) => send('GET', '/api/admin/account/invitations', token),
    accept: (token: string | undefined, id: string) =>
      send('POST', `/api/admin/account/invitations/${id}/accept`, token),
    update: (
      token: string | undefined,
      orgId: string,
      memberId: string,
      payload: object,
      headers?: Record<string, string>,
    ) => send('PUT', memberUrl(orgId, memberId), token, payload, headers),
    resetPassword: (token: string | undefined, orgId: string, memberId: string) =>
      send('POST', `${memberUrl(orgId, memberId)}/password-reset`, token),
    unlock: (token: string | undefined, orgId: string, memberId: string) =>
      send('POST', `${memberUrl(orgId, memberId)}/unlock`, token),
    isBusinessAdmin: (token: string | undefined, orgId?: string) =>
      send(
        'GET',
        `/api/admin/permission/isBusinessAdmin${orgId === undefined ? '' : `?orgId=${encodeURIComponent(orgId)}`}`,
        token,
      ),
    account: (token: string | undefined) => send('GET', '/api/admin/account', token),
    changePassword: (token: string, oldPassword: string, newPassword: string) =>
      send('POST', '/api/admin/account/password', token, { oldPassword, newPassword }),
    // Answers the captcha that two failed tries bring (captcha.routes.test.ts covers it).
    login: (username: string, password: string) => loginPassingCaptcha(t, { username, password }),

    /** Every member route for one org and member, for checks that must hold on all of them. */
    everyRoute: (orgId: string, memberId: string) =>
      [
        ['GET members', (token?: string) => send('GET', membersUrl(orgId), token)],
        [
          'POST members',
          (token?: string) =>
            send('POST', membersUrl(orgId), token, {
              mode: 'new',
              username: 'outsider_made',
              name: '外人',
              phone: '13900000000',
              password: 'Outsider@2026',
              admin: true,
            }),
        ],
        [
          'POST invitations',
          (token?: string) =>
            send('POST', `/api/admin/orgs/${orgId}/invitations`, token, {
              username: 'censor_print',
              admin: true,
            }),
        ],
        ['GET invitations', (token?: string) => send('GET', `/api/admin/orgs/${orgId}/invitations`, token)],
        [
          'POST invitation cancel',
          (token?: string) => send('POST', `/api/admin/orgs/${orgId}/invitations/${memberId}/cancel`, token),
        ],
        [
          'PUT member',
          (token?: string) => send('PUT', memberUrl(orgId, memberId), token, { admin: true, profiles: [] }),
        ],
        [
          'POST password-reset',
          (token?: string) => send('POST', `${memberUrl(orgId, memberId)}/password-reset`, token),
        ],
        ['POST unlock', (token?: string) => send('POST', `${memberUrl(orgId, memberId)}/unlock`, token)],
      ] as const,
  };
}
type Api = ReturnType<typeof calls>;

/** The demo world one test file works in: a fresh app, the orgs' ids and a few tokens. */
async function demoWorld() {
  const t = await createTestApp();
  const api = calls(t);
  const tokens = {
    designAdmin: await t.signIn('design_admin'),
    design2Admin: await t.signIn('design2_admin'),
    designUser: await t.signIn('design_user'),
    sysadmin: await t.signIn('sysadmin'),
  };
  const orgIdOf = async (token: string) =>
    detailOf<AccountDetail>(await api.account(token)).members[0]!.orgId;
  const org = { design: await orgIdOf(tokens.designAdmin), design2: await orgIdOf(tokens.design2Admin) };

  /** The org's people as its admins see them (read with the system admin's token). */
  const membersOf = async (orgId: string) =>
    detailOf<OrgMembersResult>(await api.list(tokens.sysadmin, orgId)).members;
  const memberOf = async (orgId: string, username: string): Promise<OrgMember> => {
    const found = (await membersOf(orgId)).find((m) => m.username === username);
    expect(found, `${username} in ${orgId}`).toBeDefined();
    return found!;
  };
  const accountCount = async () => {
    const [row] = await t.database.db.select({ n: count() }).from(accounts);
    return row!.n;
  };
  const accountOf = async (token: string) => detailOf<AccountDetail>(await api.account(token));
  return { t, api, tokens, org, membersOf, memberOf, accountCount, accountOf };
}
type World = Awaited<ReturnType<typeof demoWorld>>;

/** The access principal a member's own /api/admin/account describes. */
const principalOf = (detail: AccountDetail): Principal => ({
  accountId: detail.account.id,
  systemAdmin: detail.account.admin,
  members: detail.members.map((m) => ({
    orgId: m.orgId,
    orgType: m.orgType,
    admin: m.admin,
    profiles: m.roleList.flatMap((r) => r.profileDtoList.map((p) => p.name)),
  })),
});

/** Five wrong passwords in a row: the fifth locks the account. */
async function lockOut(api: Api, username: string) {
  for (let i = 1; i <= 4; i++) refused(await api.login(username, `Wrong@${i}x`), 401, 'LOGIN_FAILED');
  refused(await api.login(username, 'Wrong@5x'), 423, 'ACCOUNT_LOCKED');
}

describe('who may administer an organisation’s people', () => {
  let w: World;
  let api: Api;
  beforeAll(async () => {
    w = await demoWorld();
    api = w.api;
  });
  afterAll(() => w.t.close());

  it('shows design_admin its own organisation and the people in it', async () => {
    const result = detailOf<OrgMembersResult>(await api.list(w.tokens.designAdmin, w.org.design));
    expect(result.org).toEqual({
      id: w.org.design,
      name: DESIGN_ORG_NAME,
      orgType: 'DESIGN',
      platformOperator: false,
      allowedProfiles: ['DATA_UPLOAD'],
    });
    expect(result.members.map((m) => m.username).sort()).toEqual([
      'design_admin',
      'design_user',
      'multi_user',
    ]);
    const byUsername = new Map(result.members.map((m) => [m.username, m]));
    const common = { enabled: true, locked: false, profiles: ['DATA_UPLOAD'] };
    expect(byUsername.get('design_admin')).toMatchObject({
      ...common,
      name: '陈明',
      phone: '13800000021',
      admin: true,
    });
    expect(byUsername.get('design_user')).toMatchObject({ ...common, name: '李娜', admin: false });
    expect(byUsername.get('multi_user')).toMatchObject({ ...common, name: '许文', admin: false });
    for (const m of result.members) {
      expect(m.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(m.accountId).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Date(m.createdAt).toISOString()).toBe(m.createdAt);
    }
    // A password hash or a lock counter never leaves the server.
    expect(JSON.stringify(result)).not.toMatch(/password|argon|failed/i);
  });

  it('lets the system admin see any organisation', async () => {
    const result = detailOf<OrgMembersResult>(await api.list(w.tokens.sysadmin, w.org.design2));
    expect(result.org).toMatchObject({ id: w.org.design2, orgType: 'DESIGN' });
    expect(result.members.map((m) => [m.username, m.admin])).toEqual([['design2_admin', true]]);
  });

  it('answers an admin of another organisation 404 on every member route, like a missing record, and changes nothing', async () => {
    const before = await w.membersOf(w.org.design);
    const designUser = before.find((m) => m.username === 'design_user')!;
    const missing = await api.list(w.tokens.sysadmin, randomUUID());
    for (const [route, call] of api.everyRoute(w.org.design, designUser.id)) {
      const res = await call(w.tokens.design2Admin);
      expect(res.statusCode, route).toBe(404);
      // The same answer as for an organisation that does not exist: ids cannot be probed.
      expect(res.json(), route).toEqual(missing.json());
    }
    // Nothing behind the refusals took effect: no new member, no admin flag, no password reset.
    expect(await w.membersOf(w.org.design)).toEqual(before);
    expect((await api.login('design_user', DEMO_PASSWORD)).statusCode).toBe(200);
    detailOf(await api.account(w.tokens.designUser));
  });

  it('refuses even a malformed body from an outsider with 404, before reading it', async () => {
    const designUser = await w.memberOf(w.org.design, 'design_user');
    refused(await api.add(w.tokens.design2Admin, w.org.design, { mode: 'nonsense' }), 404, 'NOT_FOUND');
    refused(
      await api.update(w.tokens.design2Admin, w.org.design, designUser.id, { admin: 'yes' }),
      404,
      'NOT_FOUND',
    );
  });

  it('answers a plain member of the organisation 403 on every member route, and changes nothing', async () => {
    const before = await w.membersOf(w.org.design);
    const designUser = before.find((m) => m.username === 'design_user')!;
    for (const [route, call] of api.everyRoute(w.org.design, designUser.id)) {
      const res = await call(w.tokens.designUser);
      expect(res.statusCode, route).toBe(403);
      expect(res.json(), route).toEqual({ code: 'FORBIDDEN', message: '您没有权限。' });
    }
    // In particular design_user did not make itself an admin.
    expect(await w.membersOf(w.org.design)).toEqual(before);
  });

  it('answers anonymous callers 401 on every member route', async () => {
    const designUser = await w.memberOf(w.org.design, 'design_user');
    for (const [route, call] of api.everyRoute(w.org.design, designUser.id)) {
      const res = await call(undefined);
      expect(res.statusCode, route).toBe(401);
      expect(body(res).code, route).toBe('UNAUTHORIZED');
    }
    const badToken = await api.list('not-a-real-token', w.org.design);
    refused(badToken, 401, 'UNAUTHORIZED');
  });

  it('answers 404 for an organisation that does not exist, to the system admin too', async () => {
    const nowhere = randomUUID();
    for (const token of [w.tokens.sysadmin, w.tokens.designAdmin])
      for (const [route, call] of api.everyRoute(nowhere, randomUUID())) {
        const res = await call(token);
        expect(res.statusCode, route).toBe(404);
        expect(body(res).code, route).toBe('NOT_FOUND');
      }
  });

  it.each([
    ['not-a-uuid'],
    ['1'],
    ['00000000-0000-0000-0000-00000000000g'],
    [`${randomUUID()}x`],
    [encodeURIComponent("' or '1'='1")],
    ['%E4%B8%AD%E6%96%87'],
  ])('answers a malformed orgId (%s) with 400 or 404, never 500', async (orgId) => {
    for (const token of [w.tokens.sysadmin, w.tokens.designAdmin]) {
      for (const [route, call] of api.everyRoute(orgId, randomUUID())) {
        const res = await call(token);
        expect([400, 404], `${route}: ${res.body}`).toContain(res.statusCode);
        expect(['VALIDATION_FAILED', 'NOT_FOUND']).toContain(body(res).code);
      }
    }
  });

  it('answers a malformed memberId in the own organisation 404, like a missing one', async () => {
    for (const res of [
      await api.update(w.tokens.designAdmin, w.org.design, 'not-a-uuid', { admin: true }),
      await api.resetPassword(w.tokens.designAdmin, w.org.design, '42'),
      await api.unlock(w.tokens.designAdmin, w.org.design, 'x'.repeat(36)),
    ])
      refused(res, 404, 'NOT_FOUND');
  });

  it('answers 404 for a member of another organisation named under the own orgId, and changes nothing', async () => {
    const foreign = await w.memberOf(w.org.design2, 'design2_admin');
    const beforeDesign2 = await w.membersOf(w.org.design2);
    refused(
      await api.update(w.tokens.designAdmin, w.org.design, foreign.id, { enabled: false, admin: false }),
      404,
      'NOT_FOUND',
    );
    refused(await api.resetPassword(w.tokens.designAdmin, w.org.design, foreign.id), 404, 'NOT_FOUND');
    refused(await api.unlock(w.tokens.designAdmin, w.org.design, foreign.id), 404, 'NOT_FOUND');
    expect(await w.membersOf(w.org.design2)).toEqual(beforeDesign2);
    // design2_admin keeps its password, its session and its admin rights.
    expect((await api.login('design2_admin', DEMO_PASSWORD)).statusCode).toBe(200);
    detailOf(await api.list(w.tokens.design2Admin, w.org.design2));
  });
});

describe('adding people to an organisation', () => {
  let w: World;
  let api: Api;
  const newPerson = (overrides: Record<string, unknown> = {}) => ({
    mode: 'new',
    username: 'fresh_person',
    name: '张绘图',
    phone: '13912345678',
    password: 'Start@2026',
    profiles: ['DATA_UPLOAD'],
    ...overrides,
  });
  beforeAll(async () => {
    w = await demoWorld();
    api = w.api;
  });
  afterAll(() => w.t.close());

  /** Runs a refused add and checks that neither an account nor a membership appeared. */
  async function refusedWithoutTrace(payload: object, status: number, code: string) {
    const members = (await w.membersOf(w.org.design)).length;
    const accountsBefore = await w.accountCount();
    const answer = refused(await api.add(w.tokens.designAdmin, w.org.design, payload), status, code);
    expect((await w.membersOf(w.org.design)).length).toBe(members);
    expect(await w.accountCount()).toBe(accountsBefore);
    return answer;
  }

  it('answers a double submit of the same new account once with 200 and once with a conflict, never 500', async () => {
    const payload = newPerson({ username: 'double_click' });
    const answers = await Promise.all([
      api.add(w.tokens.designAdmin, w.org.design, payload),
      api.add(w.tokens.designAdmin, w.org.design, payload),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const conflict = answers.find((a) => a.statusCode === 409)!;
    expect(['USERNAME_TAKEN', 'CONFLICT']).toContain(body(conflict).code);
    expect((await w.membersOf(w.org.design)).filter((m) => m.username === 'double_click')).toHaveLength(1);
  });

  it('creates a new account that signs in with the given password and must change it first', async () => {
    const added = detailOf<{ id: string }>(
      await api.add(w.tokens.designAdmin, w.org.design, newPerson({ username: 'zhang_drafter' })),
    );
    const listed = await w.memberOf(w.org.design, 'zhang_drafter');
    expect(listed).toMatchObject({
      id: added.id,
      name: '张绘图',
      phone: '13912345678',
      admin: false,
      enabled: true,
      locked: false,
      profiles: ['DATA_UPLOAD'],
    });

    const login = await api.login('zhang_drafter', 'Start@2026');
    expect(detailOf<{ passwordExpiresInDays: number }>(login).passwordExpiresInDays).toBe(0);
    const token = await w.t.signIn('zhang_drafter', 'Start@2026');
    const detail = await w.accountOf(token);
    expect(detail.account).toMatchObject({ name: '张绘图', username: 'zhang_drafter', admin: false });
    expect(detail.account.passwordExpiresInDays).toBe(0);
    expect(detail.members).toEqual([
      {
        id: added.id,
        orgId: w.org.design,
        orgName: DESIGN_ORG_NAME,
        orgType: 'DESIGN',
        admin: false,
        roleList: [{ profileDtoList: [{ name: 'DATA_UPLOAD' }] }],
      },
    ]);
    expect(canEnterArea(principalOf(detail), 'submit')).toBe(true);

    // Choosing an own password starts the normal 90-day rotation.
    detailOf(await api.changePassword(token, 'Start@2026', 'Mine@2026x'));
    const fresh = await w.t.signIn('zhang_drafter', 'Mine@2026x');
    expect((await w.accountOf(fresh)).account.passwordExpiresInDays).toBe(90);
  });

  it('can make a new person an admin from the start, with a landline number', async () => {
    detailOf(
      await api.add(
        w.tokens.designAdmin,
        w.org.design,
        newPerson({ username: 'wang.office', phone: '0731-88888888', admin: true, profiles: [] }),
      ),
    );
    expect(await w.memberOf(w.org.design, 'wang.office')).toMatchObject({
      admin: true,
      phone: '0731-88888888',
      profiles: [],
    });
    const token = await w.t.signIn('wang.office', 'Start@2026');
    detailOf(await api.list(token, w.org.design));
  });

  it('saves a profile named twice once', async () => {
    detailOf(
      await api.add(
        w.tokens.designAdmin,
        w.org.design,
        newPerson({ username: 'twice_named', profiles: ['DATA_UPLOAD', 'DATA_UPLOAD'] }),
      ),
    );
    expect((await w.memberOf(w.org.design, 'twice_named')).profiles).toEqual(['DATA_UPLOAD']);
  });

  it('refuses a username already in use with 409 USERNAME_TAKEN, and leaves that account alone', async () => {
    const answer = await refusedWithoutTrace(
      newPerson({ username: 'design2_admin', password: 'Takeover@2026' }),
      409,
      'USERNAME_TAKEN',
    );
    expect(answer).toEqual({
      code: 'USERNAME_TAKEN',
      message: '用户名已被使用',
      detail: { field: 'username' },
    });
    refused(await api.login('design2_admin', 'Takeover@2026'), 401, 'LOGIN_FAILED');
    expect((await api.login('design2_admin', DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await w.membersOf(w.org.design)).some((m) => m.username === 'design2_admin')).toBe(false);
  });

  it.each([
    ['a username starting with a digit', { username: '1abc' }, 'username'],
    ['a two-letter username', { username: 'ab' }, 'username'],
    ['a Chinese username', { username: '中文名' }, 'username'],
    ['a username with a space', { username: 'li na' }, 'username'],
    ['a 33-character username', { username: `a${'b'.repeat(32)}` }, 'username'],
    ['a three-digit phone', { phone: '123' }, 'phone'],
    ['a ten-digit mobile', { phone: '1391234567' }, 'phone'],
    ['a missing phone', { phone: undefined }, 'phone'],
    ['an empty name', { name: '  ' }, 'name'],
    ['an empty password', { password: '' }, 'password'],
    ['an unknown profile', { profiles: ['SUPERUSER'] }, 'profiles'],
    ['a string for admin', { admin: 'yes' }, 'admin'],
  ])('refuses %s with 400 VALIDATION_FAILED and creates nothing', async (_name, overrides, field) => {
    const answer = await refusedWithoutTrace(newPerson(overrides), 400, 'VALIDATION_FAILED');
    expect(answer.message).toMatch(/^请求参数有误：/);
    expect(answer.message).toContain(field);
    // Not signed in: LOGIN_FAILED, or ACCOUNT_LOCKED once these cases have tried the same name five times.
    expect((await api.login(String(newPerson(overrides).username), 'Start@2026')).statusCode).not.toBe(200);
  });

  it('refuses an unknown mode with 400 VALIDATION_FAILED', async () => {
    await refusedWithoutTrace({ ...newPerson(), mode: 'invite' }, 400, 'VALIDATION_FAILED');
    await refusedWithoutTrace({ username: 'nomode_user' }, 400, 'VALIDATION_FAILED');
  });

  it.each([
    [
      'too short and too simple',
      'abc',
      ['长度至少 8 位', '需包含大写字母、小写字母、数字、特殊字符中的至少 3 类'],
    ],
    ['one character class', 'abcdefghij', ['需包含大写字母、小写字母、数字、特殊字符中的至少 3 类']],
    ['containing the username', 'Fresh_Person1', ['不能包含用户名']],
  ])(
    'refuses a weak password (%s) with 400 PASSWORD_POLICY and creates nothing',
    async (_name, password, reasons) => {
      const answer = await refusedWithoutTrace(newPerson({ password }), 400, 'PASSWORD_POLICY');
      expect(answer.message).toBe(`新密码不符合密码策略：${reasons.join('；')}`);
      expect(answer.detail).toEqual({ field: 'password', reasons });
    },
  );

  it('no longer adds an existing account at once: that mode is gone, and nothing changes', async () => {
    // An existing account joins only by accepting an invitation (invitations.routes.test.ts).
    for (const username of ['design2_admin', 'sysadmin', 'nobody_here'])
      await refusedWithoutTrace({ mode: 'existing', username, admin: true }, 400, 'VALIDATION_FAILED');
    expect((await w.accountOf(w.tokens.design2Admin)).members).toHaveLength(1);
  });

  it.each([
    ['PROJECT_APPLICATION', '项目报审', ['PROJECT_APPLICATION']],
    ['DRAWING_APPROVAL_ADMIN', '审查管理员', ['DATA_UPLOAD', 'DRAWING_APPROVAL_ADMIN']],
  ])(
    'refuses %s for a design organisation with 400 PROFILE_NOT_ALLOWED and saves nothing',
    async (profile, label, profiles) => {
      const fresh = await refusedWithoutTrace(
        newPerson({ username: 'wrong_profile', profiles }),
        400,
        'PROFILE_NOT_ALLOWED',
      );
      expect(fresh.message).toBe(`该单位类型不能分配以下权限：${label}`);
      expect(fresh.detail).toEqual({ refused: [profile] });
      refused(await api.login('wrong_profile', 'Start@2026'), 401, 'LOGIN_FAILED');

      // The same rule when inviting an existing account: nothing is sent.
      const invited = refused(
        await api.invite(w.tokens.designAdmin, w.org.design, { username: 'censor_reviewer', profiles }),
        400,
        'PROFILE_NOT_ALLOWED',
      );
      expect(invited.message).toContain(label);
      expect(detailOf<unknown[]>(await api.invitations(w.tokens.designAdmin, w.org.design))).toEqual([]);
    },
  );

  it('lets a review agency admin hand out review profiles, and not upload', async () => {
    const censorAdmin = await w.t.signIn('censor_admin');
    const censorOrg = (await w.accountOf(censorAdmin)).members[0]!.orgId;
    const org = detailOf<OrgMembersResult>(await api.list(censorAdmin, censorOrg)).org;
    expect(org.allowedProfiles).toEqual([
      'DRAWING_APPROVAL_ADMIN',
      'DRAWING_APPROVAL_DIRECTOR',
      'DRAWING_APPROVAL_NORMAL',
      'DRAWING_APPROVAL_PRINT',
    ]);
    const upload = await api.add(
      censorAdmin,
      censorOrg,
      newPerson({ username: 'censor_new', profiles: ['DATA_UPLOAD'] }),
    );
    // Named as the screen names it, not by its code.
    expect(refused(upload, 400, 'PROFILE_NOT_ALLOWED').message).toBe('该单位类型不能分配以下权限：资料上传');
    detailOf(
      await api.add(
        censorAdmin,
        censorOrg,
        newPerson({ username: 'censor_new', profiles: ['DRAWING_APPROVAL_NORMAL'] }),
      ),
    );
    const token = await w.t.signIn('censor_new', 'Start@2026');
    expect(canEnterArea(principalOf(await w.accountOf(token)), 'audit')).toBe(true);
  });
});

describe('changing a member', () => {
  let w: World;
  let api: Api;
  let ids: { designAdmin: string; designUser: string };
  beforeAll(async () => {
    w = await demoWorld();
    api = w.api;
    ids = {
      designAdmin: (await w.memberOf(w.org.design, 'design_admin')).id,
      designUser: (await w.memberOf(w.org.design, 'design_user')).id,
    };
  });
  afterAll(() => w.t.close());

  const put = (token: string, memberId: string, payload: object, headers?: Record<string, string>) =>
    api.update(token, w.org.design, memberId, payload, headers);

  it('taking DATA_UPLOAD away shuts the submission area for that person at once, and giving it back reopens it', async () => {
    const answer = await put(w.tokens.designAdmin, ids.designUser, { profiles: [] });
    expect(answer.json()).toEqual({ code: 'SUCCESS', message: '操作成功', detail: null });
    expect((await w.memberOf(w.org.design, 'design_user')).profiles).toEqual([]);
    // The same token design_user already holds.
    const without = await w.accountOf(w.tokens.designUser);
    expect(without.members[0]!.roleList).toEqual([{ profileDtoList: [] }]);
    expect(canEnterArea(principalOf(without), 'submit')).toBe(false);

    detailOf(await put(w.tokens.designAdmin, ids.designUser, { profiles: ['DATA_UPLOAD', 'DATA_UPLOAD'] }));
    const back = await w.accountOf(w.tokens.designUser);
    expect(back.members[0]!.roleList).toEqual([{ profileDtoList: [{ name: 'DATA_UPLOAD' }] }]);
    expect(canEnterArea(principalOf(back), 'submit')).toBe(true);
  });

  it('refuses a profile the organisation type may not hold and keeps the old ones', async () => {
    const answer = refused(
      await put(w.tokens.designAdmin, ids.designUser, { profiles: ['DRAWING_APPROVAL_ADMIN'] }),
      400,
      'PROFILE_NOT_ALLOWED',
    );
    expect(answer.message).toBe('该单位类型不能分配以下权限：审查管理员');
    expect((await w.memberOf(w.org.design, 'design_user')).profiles).toEqual(['DATA_UPLOAD']);
  });

  it('refuses a malformed change with 400 and keeps the member as it was', async () => {
    const before = await w.memberOf(w.org.design, 'design_user');
    for (const payload of [
      { admin: 'true' },
      { profiles: 'DATA_UPLOAD' },
      { enabled: null },
      { profiles: ['X'] },
    ])
      refused(await put(w.tokens.designAdmin, ids.designUser, payload), 400, 'VALIDATION_FAILED');
    expect(await w.memberOf(w.org.design, 'design_user')).toEqual(before);
  });

  it('making design_user an admin lets it manage the people at once; unmaking it takes that away', async () => {
    refused(await api.list(w.tokens.designUser, w.org.design), 403, 'FORBIDDEN');
    detailOf(await put(w.tokens.designAdmin, ids.designUser, { admin: true }));
    const listed = detailOf<OrgMembersResult>(await api.list(w.tokens.designUser, w.org.design));
    expect(listed.members.find((m) => m.username === 'design_user')!.admin).toBe(true);
    expect(detailOf<boolean>(await api.isBusinessAdmin(w.tokens.designUser, w.org.design))).toBe(true);
    // The profiles were not touched by a change of the admin flag alone.
    expect((await w.memberOf(w.org.design, 'design_user')).profiles).toEqual(['DATA_UPLOAD']);

    detailOf(await put(w.tokens.designAdmin, ids.designUser, { admin: false }));
    refused(await api.list(w.tokens.designUser, w.org.design), 403, 'FORBIDDEN');
    expect(detailOf<boolean>(await api.isBusinessAdmin(w.tokens.designUser, w.org.design))).toBe(false);
  });

  it('never lets the organisation lose its last admin', async () => {
    const demote = await put(w.tokens.designAdmin, ids.designAdmin, { admin: false });
    expect(refused(demote, 409, 'LAST_ADMIN').message).toBe(
      '不能取消或停用本单位最后一名管理员，请先指定其他管理员',
    );
    // Not even the system admin may disable the only admin.
    refused(await put(w.tokens.sysadmin, ids.designAdmin, { enabled: false }), 409, 'LAST_ADMIN');
    refused(await put(w.tokens.sysadmin, ids.designAdmin, { admin: false, profiles: [] }), 409, 'LAST_ADMIN');
    expect(await w.memberOf(w.org.design, 'design_admin')).toMatchObject({
      admin: true,
      enabled: true,
      profiles: ['DATA_UPLOAD'],
    });
    detailOf(await api.list(w.tokens.designAdmin, w.org.design));
  });

  it('answers LAST_ADMIN in English when asked', async () => {
    const res = await put(
      w.tokens.designAdmin,
      ids.designAdmin,
      { admin: false },
      { 'accept-language': 'en-US' },
    );
    expect(refused(res, 409, 'LAST_ADMIN').message).toBe(
      'The last administrator cannot be removed or disabled; appoint another one first',
    );
  });

  it('refuses to let an admin disable itself with 409 CANNOT_DISABLE_SELF', async () => {
    const res = await put(w.tokens.designAdmin, ids.designAdmin, { enabled: false });
    expect(refused(res, 409, 'CANNOT_DISABLE_SELF').message).toBe('不能停用自己的账号');
    expect((await w.memberOf(w.org.design, 'design_admin')).enabled).toBe(true);
  });

  it('a disabled admin does not count as the other admin', async () => {
    detailOf(await put(w.tokens.designAdmin, ids.designUser, { admin: true }));
    detailOf(await put(w.tokens.designAdmin, ids.designUser, { enabled: false }));
    refused(await put(w.tokens.designAdmin, ids.designAdmin, { admin: false }), 409, 'LAST_ADMIN');
    detailOf(await put(w.tokens.designAdmin, ids.designUser, { enabled: true, admin: false }));
    expect(await w.memberOf(w.org.design, 'design_user')).toMatchObject({ admin: false, enabled: true });
  });

  it('disabling design_user drops its membership from its own session at once; re-enabling restores it', async () => {
    detailOf(await put(w.tokens.designAdmin, ids.designUser, { enabled: false }));
    expect((await w.memberOf(w.org.design, 'design_user')).enabled).toBe(false);
    const disabled = await w.accountOf(w.tokens.designUser);
    expect(disabled.account.username).toBe('design_user');
    expect(disabled.members).toEqual([]);
    expect(canEnterArea(principalOf(disabled), 'submit')).toBe(false);

    detailOf(await put(w.tokens.designAdmin, ids.designUser, { enabled: true }));
    const enabled = await w.accountOf(w.tokens.designUser);
    expect(enabled.members.map((m) => [m.orgId, m.admin])).toEqual([[w.org.design, false]]);
    expect(canEnterArea(principalOf(enabled), 'submit')).toBe(true);
  });

  it('with a second admin appointed, the first may step down, and then loses the page', async () => {
    detailOf(await put(w.tokens.designAdmin, ids.designUser, { admin: true }));
    detailOf(await put(w.tokens.designAdmin, ids.designAdmin, { admin: false }));
    refused(await api.list(w.tokens.designAdmin, w.org.design), 403, 'FORBIDDEN');
    const members = await w.membersOf(w.org.design);
    expect(members.filter((m) => m.admin).map((m) => m.username)).toEqual(['design_user']);
    // Now design_user is the last admin and cannot step down either.
    refused(await put(w.tokens.designUser, ids.designUser, { admin: false }), 409, 'LAST_ADMIN');
    // Put things back as they were.
    detailOf(await put(w.tokens.designUser, ids.designAdmin, { admin: true }));
    detailOf(await put(w.tokens.designAdmin, ids.designUser, { admin: false }));
  });

  it('two admins demoting each other at the same moment leave one admin behind', async () => {
    for (let round = 0; round < 10; round++) {
      detailOf(await put(w.tokens.designAdmin, ids.designUser, { admin: true }));
      const [a, b] = await Promise.all([
        put(w.tokens.designAdmin, ids.designUser, { admin: false }),
        put(w.tokens.designUser, ids.designAdmin, { admin: false }),
      ]);
      // One step-down wins; the other is refused as LAST_ADMIN, or as FORBIDDEN when the winner
      // had already committed before the loser's access check ran.
      const statuses = [a.statusCode, b.statusCode].sort();
      expect(statuses[0], `round ${round}: ${a.body} ${b.body}`).toBe(200);
      expect([403, 409], `round ${round}: ${a.body} ${b.body}`).toContain(statuses[1]);
      const admins = (await w.membersOf(w.org.design)).filter((m) => m.admin);
      expect(admins, `round ${round}`).toHaveLength(1);
      // Restore design_admin as the only admin for the next round.
      if (admins[0]!.username === 'design_user') {
        detailOf(await put(w.tokens.designUser, ids.designAdmin, { admin: true }));
        detailOf(await put(w.tokens.designAdmin, ids.designUser, { admin: false }));
      }
    }
  });
});

describe('password resets and unlocking', () => {
  let w: World;
  let api: Api;
  let designUserId: string;
  beforeAll(async () => {
    w = await demoWorld();
    api = w.api;
    designUserId = (await w.memberOf(w.org.design, 'design_user')).id;
  });
  afterAll(() => w.t.close());

  const reset = async (token: string, memberId: string) =>
    detailOf<PasswordResetResult>(await api.resetPassword(token, w.org.design, memberId)).temporaryPassword;

  it('gives a temporary password that meets the policy, ends the member’s sessions and must be changed', async () => {
    const heldToken = await w.t.signIn('design_user');
    const temporary = await reset(w.tokens.designAdmin, designUserId);
    expect(temporary.length).toBeGreaterThanOrEqual(12);
    expect(checkPassword('djcp', temporary, 'zh-CN', 'design_user')).toEqual([]);
    expect(checkPassword('asvs', temporary, 'zh-CN', 'design_user')).toEqual([]);

    for (const ended of [heldToken, w.tokens.designUser])
      refused(await api.account(ended), 401, 'UNAUTHORIZED');
    refused(await api.login('design_user', DEMO_PASSWORD), 401, 'LOGIN_FAILED');

    const login = await api.login('design_user', temporary);
    expect(detailOf<{ passwordExpiresInDays: number }>(login).passwordExpiresInDays).toBe(0);
    const token = await w.t.signIn('design_user', temporary);
    expect((await w.accountOf(token)).account.passwordExpiresInDays).toBe(0);
    // The admin's own session is untouched.
    detailOf(await api.list(w.tokens.designAdmin, w.org.design));

    detailOf(await api.changePassword(token, temporary, DEMO_PASSWORD));
    const after = await w.t.signIn('design_user');
    expect((await w.accountOf(after)).account.passwordExpiresInDays).toBe(90);
  });

  it('gives a different temporary password each time', async () => {
    const first = await reset(w.tokens.designAdmin, designUserId);
    const second = await reset(w.tokens.designAdmin, designUserId);
    expect(second).not.toBe(first);
    refused(await api.login('design_user', first), 401, 'LOGIN_FAILED');
    expect((await api.login('design_user', second)).statusCode).toBe(200);
  });

  it('shows a locked-out member as locked, and unlocking lets the right password in at once', async () => {
    const temporary = await reset(w.tokens.designAdmin, designUserId);
    await lockOut(api, 'design_user');
    const members = await w.membersOf(w.org.design);
    expect(members.filter((m) => m.locked).map((m) => m.username)).toEqual(['design_user']);
    refused(await api.login('design_user', temporary), 423, 'ACCOUNT_LOCKED');

    const answer = await api.unlock(w.tokens.designAdmin, w.org.design, designUserId);
    expect(answer.json()).toEqual({ code: 'SUCCESS', message: '操作成功', detail: null });
    expect((await w.memberOf(w.org.design, 'design_user')).locked).toBe(false);
    expect((await api.login('design_user', temporary)).statusCode).toBe(200);
  });

  it('a reset also lifts a lockout', async () => {
    await lockOut(api, 'design_user');
    expect((await w.memberOf(w.org.design, 'design_user')).locked).toBe(true);
    refused(await api.login('design_user', DEMO_PASSWORD), 423, 'ACCOUNT_LOCKED');
    const temporary = await reset(w.tokens.designAdmin, designUserId);
    expect((await w.memberOf(w.org.design, 'design_user')).locked).toBe(false);
    expect((await api.login('design_user', temporary)).statusCode).toBe(200);
  });

  it('unlocking an account that is not locked changes nothing', async () => {
    const before = await w.memberOf(w.org.design, 'design_user');
    detailOf(await api.unlock(w.tokens.designAdmin, w.org.design, designUserId));
    expect(await w.memberOf(w.org.design, 'design_user')).toEqual(before);
  });

  it('cannot be used to take over an account that also belongs elsewhere', async () => {
    // design2_admin accepted an invitation into the design org: it is a member there now, but the
    // account also runs another organisation, so design_admin must not get its password.
    const invitation = detailOf<{ id: string }>(
      await api.invite(w.tokens.designAdmin, w.org.design, { username: 'design2_admin' }),
    );
    detailOf(await api.accept(w.tokens.design2Admin, invitation.id));
    const added = await w.memberOf(w.org.design, 'design2_admin');
    refused(await api.resetPassword(w.tokens.designAdmin, w.org.design, added.id), 403, 'RESET_NOT_ALLOWED');
    expect((await api.login('design2_admin', DEMO_PASSWORD)).statusCode).toBe(200);
    // Nor lift the lockout that stops someone guessing its password.
    await lockOut(api, 'design2_admin');
    refused(await api.unlock(w.tokens.designAdmin, w.org.design, added.id), 403, 'UNLOCK_NOT_ALLOWED');
    refused(await api.login('design2_admin', DEMO_PASSWORD), 423, 'ACCOUNT_LOCKED');
    detailOf(await api.unlock(w.tokens.sysadmin, w.org.design, added.id));
    expect((await api.login('design2_admin', DEMO_PASSWORD)).statusCode).toBe(200);
    // multi_user is also in a survey unit design_admin does not run.
    const multi = await w.memberOf(w.org.design, 'multi_user');
    refused(await api.resetPassword(w.tokens.designAdmin, w.org.design, multi.id), 403, 'RESET_NOT_ALLOWED');
    expect((await api.login('multi_user', DEMO_PASSWORD)).statusCode).toBe(200);
    // The system admin can still reset such an account.
    const temporary = detailOf<PasswordResetResult>(
      await api.resetPassword(w.tokens.sysadmin, w.org.design, multi.id),
    ).temporaryPassword;
    expect((await api.login('multi_user', temporary)).statusCode).toBe(200);
  });
});

describe('GET /api/admin/permission/isBusinessAdmin', () => {
  let w: World;
  let api: Api;
  beforeAll(async () => {
    w = await demoWorld();
    api = w.api;
  });
  afterAll(() => w.t.close());

  it('answers whether the caller administers the named organisation', async () => {
    const answer = await api.isBusinessAdmin(w.tokens.designAdmin, w.org.design);
    expect(answer.json()).toEqual({ code: 'SUCCESS', message: '操作成功', detail: true });
    expect(detailOf(await api.isBusinessAdmin(w.tokens.designUser, w.org.design))).toBe(false);
    expect(detailOf(await api.isBusinessAdmin(w.tokens.designAdmin, w.org.design2))).toBe(false);
    expect(detailOf(await api.isBusinessAdmin(w.tokens.design2Admin, w.org.design2))).toBe(true);
    expect(detailOf(await api.isBusinessAdmin(w.tokens.designAdmin, randomUUID()))).toBe(false);
  });

  it('without an orgId answers whether the caller administers any organisation', async () => {
    for (const username of ['design_admin', 'design2_admin', 'censor_admin', 'construct_admin'])
      expect(detailOf(await api.isBusinessAdmin(await w.t.signIn(username))), username).toBe(true);
    for (const username of ['design_user', 'multi_user', 'censor_reviewer'])
      expect(detailOf(await api.isBusinessAdmin(await w.t.signIn(username))), username).toBe(false);
  });

  it('follows a disabled membership at once', async () => {
    const designUser = await w.memberOf(w.org.design, 'design_user');
    detailOf(await api.update(w.tokens.designAdmin, w.org.design, designUser.id, { admin: true }));
    expect(detailOf(await api.isBusinessAdmin(w.tokens.designUser))).toBe(true);
    detailOf(await api.update(w.tokens.designAdmin, w.org.design, designUser.id, { enabled: false }));
    expect(detailOf(await api.isBusinessAdmin(w.tokens.designUser, w.org.design))).toBe(false);
    expect(detailOf(await api.isBusinessAdmin(w.tokens.designUser))).toBe(false);
  });

  it('refuses anonymous callers with 401 and a malformed orgId with 400', async () => {
    refused(await api.isBusinessAdmin(undefined), 401, 'UNAUTHORIZED');
    refused(await api.isBusinessAdmin(undefined, w.org.design), 401, 'UNAUTHORIZED');
    refused(await api.isBusinessAdmin(w.tokens.designAdmin, 'not-a-uuid'), 400, 'VALIDATION_FAILED');
  });
});
