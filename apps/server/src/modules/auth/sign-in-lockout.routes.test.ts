import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { AccountDetail, AuditPage, OrgMembersResult } from '@drp/domain';
import { DEMO_PASSWORD } from '../../db/seed/demo-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { loginPassingCaptcha } from '../../test/solve-captcha.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** What the caller of /uaa/login gets to see: nothing else may tell two answers apart. */
const seen = (res: LightMyRequestResponse) => ({
  status: res.statusCode,
  body: res.json<unknown>(),
  cookie: res.cookies.some((c) => c.name === 'drp_login'),
});

function calls(t: TestApp) {
  // After two failures from an address sign-in needs a captcha (captcha.routes.test.ts); these
  // tests are about what comes after it, so they answer it as the person there would.
  const login = (username: string, password: string, remoteAddress = '10.0.0.1', lang = 'zh-CN') =>
    loginPassingCaptcha(t, { username, password, remoteAddress, lang });
  /** Five wrong passwords from one address: the fifth locks. */
  const lockOut = async (username: string, remoteAddress: string) => {
    for (let i = 1; i <= 4; i++)
      expect((await login(username, `Wrong@${i}`, remoteAddress)).statusCode).toBe(401);
    expect((await login(username, 'Wrong@5', remoteAddress)).statusCode).toBe(423);
  };
  const get = <T>(url: string, token: string) =>
    t.app.inject({ url, headers: { authorization: `Bearer ${token}` } }).then((res) => {
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ detail: T }>().detail;
    });
  return { login, lockOut, get };
}

describe('sign-in answers say nothing about which accounts exist', () => {
  let t: TestApp;
  let c: ReturnType<typeof calls>;
  beforeAll(async () => {
    t = await createTestApp();
    c = calls(t);
  });
  afterAll(() => t.close());

  it('answers an unknown username and a wrong password alike, in both languages', async () => {
    for (const lang of ['zh-CN', 'en-US']) {
      const unknown = seen(await c.login('nobody_at_all', 'Wrong@2026', '10.0.1.1', lang));
      const wrong = seen(await c.login('design_user', 'Wrong@2026', '10.0.1.1', lang));
      expect(unknown.status).toBe(401);
      expect(wrong).toEqual(unknown);
    }
  });

  it('locks a known and an unknown username after the same five failures, with the same answer', async () => {
    const known: ReturnType<typeof seen>[] = [];
    const unknown: ReturnType<typeof seen>[] = [];
    for (let i = 1; i <= 6; i++) {
      known.push(seen(await c.login('design2_admin', `Wrong@${i}`, '10.0.2.2')));
      unknown.push(seen(await c.login('design2_ghost', `Wrong@${i}`, '10.0.2.2')));
    }
    expect(known).toEqual(unknown);
    expect(known.map((a) => a.status)).toEqual([401, 401, 401, 401, 423, 423]);
    expect(known[4]!.body).toEqual({
      code: 'ACCOUNT_LOCKED',
      message: '连续登录失败次数过多，账号已锁定，请 10 分钟后再试',
    });
    // Locked, the right password gets the same answer as any password for a name that does not exist.
    t.advance(3 * MINUTE);
    const right = seen(await c.login('design2_admin', DEMO_PASSWORD, '10.0.2.2'));
    const ghost = seen(await c.login('design2_ghost', DEMO_PASSWORD, '10.0.2.2'));
    expect(right).toEqual(ghost);
    expect(right.body).toEqual({
      code: 'ACCOUNT_LOCKED',
      message: '连续登录失败次数过多，账号已锁定，请 7 分钟后再试',
    });
  });
});

describe('lockout per username and address', () => {
  let t: TestApp;
  let c: ReturnType<typeof calls>;
  let designOrg: string;
  beforeAll(async () => {
    t = await createTestApp();
    c = calls(t);
    designOrg = (await c.get<AccountDetail>('/api/admin/account', await t.signIn('design_admin'))).members[0]!
      .orgId;
  });
  afterAll(() => t.close());

  // The tests move the clock past the idle timeout: each call signs in afresh.
  const designMembers = async () =>
    (await c.get<OrgMembersResult>(`/api/admin/orgs/${designOrg}/members`, await t.signIn('design_admin')))
      .members;
  const lockedMembers = async () => (await designMembers()).filter((m) => m.locked).map((m) => m.username);

  it('a stranger’s five tries lock their address only: the owner signs in from another', async () => {
    await c.lockOut('design_user', '203.0.113.9');
    const stranger = await c.login('design_user', DEMO_PASSWORD, '203.0.113.9');
    expect(stranger.statusCode).toBe(423);
    expect(stranger.cookies.some((x) => x.name === 'drp_login')).toBe(false);

    const owner = await c.login('design_user', DEMO_PASSWORD, '10.8.8.8');
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.cookies.some((x) => x.name === 'drp_login')).toBe(true);
    // The owner's success clears nothing at the stranger's address.
    expect((await c.login('design_user', DEMO_PASSWORD, '203.0.113.9')).statusCode).toBe(423);

    // The member list shows the account locked (from some address) until the lock ends.
    expect(await lockedMembers()).toEqual(['design_user']);
    t.advance(10 * MINUTE + 1000);
    expect(await lockedMembers()).toEqual([]);
    expect((await c.login('design_user', DEMO_PASSWORD, '203.0.113.9')).statusCode).toBe(200);
  });

  it('counts the username as typed, lower-cased: changing its case does not buy more tries', async () => {
    for (const typed of ['Design_User', 'DESIGN_USER', 'design_USER', 'Design_user'])
      expect((await c.login(typed, DEMO_PASSWORD, '198.51.100.7')).statusCode).toBe(401);
    expect((await c.login('design_user', 'Wrong@x', '198.51.100.7')).statusCode).toBe(423);
    expect((await c.login('design_user', DEMO_PASSWORD, '198.51.100.7')).statusCode).toBe(423);
    t.advance(10 * MINUTE + 1000);
  });

  it('a success clears the count of its own address only', async () => {
    for (let i = 0; i < 4; i++) {
      expect((await c.login('censor_admin', 'Wrong@x', '10.1.0.1')).statusCode).toBe(401);
      expect((await c.login('censor_admin', 'Wrong@x', '10.1.0.2')).statusCode).toBe(401);
    }
    expect((await c.login('censor_admin', DEMO_PASSWORD, '10.1.0.1')).statusCode).toBe(200);
    expect((await c.login('censor_admin', 'Wrong@x', '10.1.0.1')).statusCode).toBe(401);
    expect((await c.login('censor_admin', 'Wrong@x', '10.1.0.2')).statusCode).toBe(423);
    t.advance(10 * MINUTE + 1000);
  });

  it('forgets failures a day old', async () => {
    for (let i = 0; i < 4; i++)
      expect((await c.login('survey_admin', 'Wrong@x', '10.2.0.1')).statusCode).toBe(401);
    t.advance(DAY + MINUTE);
    // Any failure prunes the old rows; this one is the first of a new count, not the fifth.
    expect((await c.login('survey_admin', 'Wrong@x', '10.2.0.1')).statusCode).toBe(401);
    for (let i = 0; i < 3; i++)
      expect((await c.login('survey_admin', 'Wrong@x', '10.2.0.1')).statusCode).toBe(401);
    expect((await c.login('survey_admin', 'Wrong@x', '10.2.0.1')).statusCode).toBe(423);
    t.advance(10 * MINUTE + 1000);
  });

  it('writes the lock of a real account to the audit log with the address; an unknown name’s lock is not an account’s', async () => {
    await c.lockOut('design_admin', '192.0.2.44');
    await c.lockOut('no_such_person', '192.0.2.44');
    const page = await c.get<AuditPage>(
      '/api/admin/audit-events?action=ACCOUNT_LOCKED&size=100',
      await t.signIn('sysadmin'),
    );
    const locks = page.items.filter((e) => e.ip === '192.0.2.44');
    expect(locks).toHaveLength(1);
    const designAdminId = (await designMembers()).find((m) => m.username === 'design_admin')!.accountId;
    expect(locks[0]).toMatchObject({
      action: 'ACCOUNT_LOCKED',
      actorUsername: 'design_admin',
      targetType: 'account',
      targetId: designAdminId,
      detail: { minutes: 10 },
    });
    t.advance(10 * MINUTE + 1000);
  });

  it('an admin’s unlock lifts the lock at every address', async () => {
    await c.lockOut('design_user', '10.3.0.1');
    await c.lockOut('design_user', '10.3.0.2');
    expect(await lockedMembers()).toEqual(['design_user']);
    const target = (await designMembers()).find((m) => m.username === 'design_user')!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orgs/${designOrg}/members/${target.id}/unlock`,
      headers: { authorization: `Bearer ${await t.signIn('design_admin')}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await lockedMembers()).toEqual([]);
    expect((await c.login('design_user', DEMO_PASSWORD, '10.3.0.1')).statusCode).toBe(200);
    expect((await c.login('design_user', DEMO_PASSWORD, '10.3.0.2')).statusCode).toBe(200);
  });
});
