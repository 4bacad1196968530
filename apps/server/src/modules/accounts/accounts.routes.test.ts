import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AccountDetail } from '@drp/domain';
import { members } from '../../db/schema/accounts.js';
import { orgs } from '../../db/schema/orgs.js';
import { DEMO_PASSWORD } from '../../db/seed/demo-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { loginPassingCaptcha } from '../../test/solve-captcha.js';

const DAY = 86_400_000;
const ANY_ID: unknown = expect.any(String);

interface Body {
  code: string;
  message: string;
  detail?: unknown;
}

function calls(t: TestApp) {
  const account = async (token: string) => {
    const res = await t.app.inject({
      url: '/api/admin/account',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ code: string; detail: AccountDetail }>().detail;
  };
  const changePassword = (
    token: string | undefined,
    oldPassword: unknown,
    newPassword: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/account/password',
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: { oldPassword, newPassword },
    });
  // Answers the captcha that two failed tries bring (captcha.routes.test.ts covers it).
  const login = (username: string, password: string) => loginPassingCaptcha(t, { username, password });
  return { account, changePassword, login };
}

describe('GET /api/admin/account', () => {
  let t: TestApp;
  let c: ReturnType<typeof calls>;
  beforeAll(async () => {
    t = await createTestApp();
    c = calls(t);
  });
  afterAll(() => t.close());

  it('describes design_admin and the design unit it administers', async () => {
    const detail = await c.account(await t.signIn('design_admin'));
    expect(detail).toEqual({
      account: {
        id: ANY_ID,
        name: '陈明',
        avatar: null,
        admin: false,
        username: 'design_admin',
        passwordExpiresInDays: 90,
      },
      members: [
        {
          id: ANY_ID,
          orgId: ANY_ID,
          orgName: '湖南省建筑设计院集团股份有限公司',
          orgType: 'DESIGN',
          admin: true,
          roleList: [{ profileDtoList: [{ name: 'DATA_UPLOAD' }] }],
        },
      ],
    });
  });

  it('lists both units of multi_user, in a design and a survey unit', async () => {
    const detail = await c.account(await t.signIn('multi_user'));
    expect(detail.account.name).toBe('许文');
    // Joined at the same moment: org type decides the order, the same on every engine.
    expect(detail.members.map((m) => [m.orgType, m.orgName])).toEqual([
      ['DESIGN', '湖南省建筑设计院集团股份有限公司'],
      ['SURVEY', '湖南省勘测设计院有限公司'],
    ]);
    for (const m of detail.members) {
      expect(m.admin).toBe(false);
      expect(m.roleList).toEqual([{ profileDtoList: [{ name: 'DATA_UPLOAD' }] }]);
    }
    expect(new Set(detail.members.map((m) => m.orgId)).size).toBe(2);
  });

  it('marks sysadmin as admin with no memberships', async () => {
    const detail = await c.account(await t.signIn('sysadmin'));
    expect(detail.account).toMatchObject({ name: '系统管理员', admin: true, username: 'sysadmin' });
    expect(detail.members).toEqual([]);
  });

  it('shows a colleague in the same unit without the admin mark', async () => {
    const admin = await c.account(await t.signIn('design_admin'));
    const user = await c.account(await t.signIn('design_user'));
    expect(user.account.name).toBe('李娜');
    expect(user.members).toHaveLength(1);
    expect(user.members[0]).toMatchObject({ orgId: admin.members[0]!.orgId, admin: false });
    expect(user.account.id).not.toBe(admin.account.id);
  });

  // A change made straight in the database (another server process, an operator's SQL) reaches
  // this process's session cache by the database's notification, a moment later: hence the polls.
  it('drops a membership disabled in the database, though the token was read before', async () => {
    const token = await t.signIn('design_user');
    const before = await c.account(token);
    expect(before.members).toHaveLength(1);
    await t.database.db.update(members).set({ enabled: false }).where(eq(members.id, before.members[0]!.id));
    await expect.poll(async () => (await c.account(token)).members).toEqual([]);
    expect((await c.account(token)).account.username).toBe('design_user');
    // Re-enabled, it comes back just as quickly.
    await t.database.db.update(members).set({ enabled: true }).where(eq(members.id, before.members[0]!.id));
    await expect.poll(async () => (await c.account(token)).members).toHaveLength(1);
  });

  it('drops every membership in an organisation disabled in the database', async () => {
    const token = await t.signIn('multi_user');
    const before = await c.account(token);
    const survey = before.members.find((m) => m.orgType === 'SURVEY')!;
    await t.database.db.update(orgs).set({ enabled: false }).where(eq(orgs.id, survey.orgId));
    await expect.poll(async () => (await c.account(token)).members.map((m) => m.orgType)).toEqual(['DESIGN']);
    await t.database.db.update(orgs).set({ enabled: true }).where(eq(orgs.id, survey.orgId));
  });

  it('counts down the days until the password must be changed', async () => {
    const token = await t.signIn('censor_print');
    expect((await c.account(token)).account.passwordExpiresInDays).toBe(90);
    t.advance(10 * DAY);
    // A new sign-in: the old session would have gone idle.
    expect((await c.account(await t.signIn('censor_print'))).account.passwordExpiresInDays).toBe(80);
  });

  it('refuses anonymous callers with 401', async () => {
    const res = await t.app.inject({ url: '/api/admin/account' });
    expect(res.statusCode).toBe(401);
    expect(res.json<Body>().code).toBe('UNAUTHORIZED');
  });
});

describe('POST /api/admin/account/password (djcp policy)', () => {
  let t: TestApp;
  let c: ReturnType<typeof calls>;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    c = calls(t);
    token = await t.signIn('design_user');
  });
  afterAll(() => t.close());

  it('refuses a wrong old password with 400 PASSWORD_INCORRECT', async () => {
    const res = await c.changePassword(token, 'Wrong@2026', 'Newpass@2026');
    expect(res.statusCode).toBe(400);
    expect(res.json<Body>()).toEqual({ code: 'PASSWORD_INCORRECT', message: '原密码不正确' });
    expect((await c.login('design_user', 'Newpass@2026')).statusCode).toBe(401);
  });

  it('refuses a new password equal to the old one with PASSWORD_UNCHANGED', async () => {
    const res = await c.changePassword(token, DEMO_PASSWORD, DEMO_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json<Body>()).toEqual({ code: 'PASSWORD_UNCHANGED', message: '新密码不能与原密码相同' });
  });

  it('refuses a password that breaks the policy, giving the reasons in Chinese', async () => {
    const res = await c.changePassword(token, DEMO_PASSWORD, 'abc');
    expect(res.statusCode).toBe(400);
    const answer = res.json<Body>();
    expect(answer.code).toBe('PASSWORD_POLICY');
    expect(answer.message).toBe(
      '新密码不符合密码策略：长度至少 8 位；需包含大写字母、小写字母、数字、特殊字符中的至少 3 类',
    );
    expect(answer.detail).toEqual({
      reasons: ['长度至少 8 位', '需包含大写字母、小写字母、数字、特殊字符中的至少 3 类'],
    });
  });

  it('gives the reasons in English when asked', async () => {
    const res = await c.changePassword(token, DEMO_PASSWORD, 'abcdefgh', { 'accept-language': 'en-US' });
    expect(res.statusCode).toBe(400);
    expect(res.json<Body>().message).toBe(
      'The new password does not meet the policy: use at least 3 of: upper case, lower case, digits, symbols',
    );
  });

  it('refuses a password containing the username', async () => {
    const res = await c.changePassword(token, DEMO_PASSWORD, 'Design_User2026');
    expect(res.statusCode).toBe(400);
    expect(res.json<Body>().message).toContain('不能包含用户名');
  });

  it('refuses an empty or oversized new password with VALIDATION_FAILED', async () => {
    for (const newPassword of ['', 'Aa1!'.repeat(33), 12345678]) {
      const res = await c.changePassword(token, DEMO_PASSWORD, newPassword);
      expect(res.statusCode).toBe(400);
      expect(res.json<Body>().code).toBe('VALIDATION_FAILED');
    }
  });

  it('after a change, the old password no longer signs in and the new one does', async () => {
    const otherTab = await t.signIn('design_user');
    const colleague = await t.signIn('design_admin');
    const res = await c.changePassword(token, DEMO_PASSWORD, 'Newpass@2026');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Body>()).toEqual({ code: 'SUCCESS', message: '操作成功', detail: null });

    const old = await c.login('design_user', DEMO_PASSWORD);
    expect(old.statusCode).toBe(401);
    expect(old.json<Body>().code).toBe('LOGIN_FAILED');
    expect((await c.login('design_user', 'Newpass@2026')).statusCode).toBe(200);
    // Every session held under the old password has ended, this one and the other tab's.
    for (const ended of [token, otherTab]) {
      const answer = await t.app.inject({
        url: '/api/admin/account',
        headers: { authorization: `Bearer ${ended}` },
      });
      expect(answer.statusCode).toBe(401);
    }
    // Only this account changed.
    expect((await c.account(colleague)).account.name).toBe('陈明');
    expect((await c.login('design_admin', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('restarts the 90-day rotation clock', async () => {
    t.advance(30 * DAY);
    const fresh = await t.signIn('censor_director');
    expect((await c.account(fresh)).account.passwordExpiresInDays).toBe(60);
    expect((await c.changePassword(fresh, DEMO_PASSWORD, 'Rotated@2026')).statusCode).toBe(200);
    const again = await t.signIn('censor_director', 'Rotated@2026');
    expect((await c.account(again)).account.passwordExpiresInDays).toBe(90);
  });

  it('refuses anonymous callers with 401 before looking at the body', async () => {
    const res = await c.changePassword(undefined, DEMO_PASSWORD, 'Newpass@2026');
    expect(res.statusCode).toBe(401);
    expect(res.json<Body>().code).toBe('UNAUTHORIZED');
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/admin/account/password',
      payload: { x: 1 },
    });
    expect(garbage.statusCode).toBe(401);
  });
});

describe('POST /api/admin/account/password (asvs policy)', () => {
  let t: TestApp;
  let c: ReturnType<typeof calls>;
  beforeAll(async () => {
    t = await createTestApp({ env: { PASSWORD_POLICY: 'asvs' } });
    c = calls(t);
  });
  afterAll(() => t.close());

  it('refuses a short complex password and accepts a long simple passphrase', async () => {
    const token = await t.signIn('design_admin');
    const short = await c.changePassword(token, DEMO_PASSWORD, 'Abcdef12!');
    expect(short.statusCode).toBe(400);
    expect(short.json<Body>()).toMatchObject({
      code: 'PASSWORD_POLICY',
      message: '新密码不符合密码策略：长度至少 12 位',
    });

    const passphrase = await c.changePassword(token, DEMO_PASSWORD, 'correct horse battery');
    expect(passphrase.statusCode, passphrase.body).toBe(200);
    expect((await c.login('design_admin', 'correct horse battery')).statusCode).toBe(200);
  });

  it('does not ask for rotation', async () => {
    const detail = await c.account(await t.signIn('design_user'));
    expect(detail.account.passwordExpiresInDays).toBeNull();
    const login = await c.login('design_user', DEMO_PASSWORD);
    expect(
      login.json<{ detail: { passwordExpiresInDays: number | null } }>().detail.passwordExpiresInDays,
    ).toBeNull();
  });
});
