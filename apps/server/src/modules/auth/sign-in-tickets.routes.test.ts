import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { AccountDetail, OrgMembersResult } from '@drp/domain';
import { DEMO_PASSWORD } from '../../db/seed/demo-seed.js';
import { randomToken, sha256Base64Url } from '../../lib/crypto.js';
import { signInFlow } from '../../test/sign-in-flow.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const MINUTE = 60_000;
const ANY_STRING: unknown = expect.any(String);

const codeOf = (res: LightMyRequestResponse) => res.json<{ code: string; message: string }>();

/**
 * The sign-in steps one at a time, so a test can stop between them: a ticket held, a code not
 * yet redeemed, a hand-over code not yet exchanged.
 */
function flow(t: TestApp) {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const base = signInFlow(t);
  const ticket = base.loginCookie;
  // One verifier for the flow, so a code can be redeemed by itself later in a test.
  const verifier = randomToken(32);
  const authorize = (cookie: string) => base.authorize(cookie, base.authorizeBody(sha256Base64Url(verifier)));
  const code = async (username: string) => {
    const res = await authorize(await ticket(username));
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ detail: { code: string } }>().detail.code;
  };
  const redeem = (authorizationCode: string) => base.token(base.tokenBody(authorizationCode, verifier));
  const handover = (token?: string) =>
    t.app.inject({ method: 'POST', url: '/uaa/handover', headers: token ? bearer(token) : {} });
  const handoverCode = async (token: string) => {
    const res = await handover(token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ detail: { code: string } }>().detail.code;
  };
  const exchange = (handoverCodeValue: unknown, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/uaa/handover/token',
      remoteAddress,
      payload: { code: handoverCodeValue },
    });
  const account = (token: string) => base.account(token);
  const username = async (token: string) => {
    const res = await account(token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ detail: AccountDetail }>().detail.account.username;
  };
  const logout = (url: string, token?: string, cookie?: string) =>
    t.app.inject({
      url,
      headers: token ? bearer(token) : {},
      ...(cookie ? { cookies: { drp_login: cookie } } : {}),
    });
  const changePassword = (token: string, oldPassword: string, newPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/account/password',
      headers: bearer(token),
      payload: { oldPassword, newPassword },
    });
  return {
    bearer,
    ticket,
    authorize,
    code,
    redeem,
    handover,
    handoverCode,
    exchange,
    account,
    username,
    logout,
    changePassword,
  };
}

function refusedTicket(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(401);
  expect(codeOf(res).code).toBe('LOGIN_REQUIRED');
}
function refusedCode(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(400);
  expect(codeOf(res).code).toBe('INVALID_GRANT');
}
function refusedHandover(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(400);
  expect(codeOf(res)).toEqual({
    code: 'HANDOVER_CODE_INVALID',
    message: '登录链接无效、已使用或已过期，未登录。请重新获取链接或直接登录',
  });
}

describe('a logout ends the sign-ins under way for the account', () => {
  let t: TestApp;
  let f: ReturnType<typeof flow>;
  beforeAll(async () => {
    t = await createTestApp();
    f = flow(t);
  });
  afterAll(() => t.close());

  it.each(['/uaa/logout', '/api/logout'])(
    'GET %s spends every ticket, hand-over code and unredeemed code of the account',
    async (url) => {
      const session = await t.signIn('design_admin');
      const other = await t.signIn('design_admin');
      const held = await f.ticket('design_admin');
      const unredeemed = await f.code('design_admin');
      const handover = await f.handoverCode(other);
      // Another account's sign-in is not touched.
      const stranger = await f.ticket('design_user');

      expect((await f.logout(url, session)).statusCode).toBe(200);
      refusedTicket(await f.authorize(held));
      refusedCode(await f.redeem(unredeemed));
      refusedHandover(await f.exchange(handover));
      expect((await f.authorize(stranger)).statusCode).toBe(200);
      // Sessions other than the one logged out stay, as before.
      expect(await f.username(other)).toBe('design_admin');
    },
  );

  it('a logout carrying only the sign-in cookie spends that ticket', async () => {
    const held = await f.ticket('design_user');
    expect((await f.logout('/uaa/logout', undefined, held)).statusCode).toBe(200);
    refusedTicket(await f.authorize(held));
  });

  it('a logout with a dead token spends nothing', async () => {
    const held = await f.ticket('design_user');
    expect((await f.logout('/api/logout', randomToken())).statusCode).toBe(200);
    expect((await f.authorize(held)).statusCode).toBe(200);
  });
});

describe('a password change ends the sign-ins under way for the account', () => {
  let t: TestApp;
  let f: ReturnType<typeof flow>;
  beforeAll(async () => {
    t = await createTestApp();
    f = flow(t);
  });
  afterAll(() => t.close());

  it('the own change spends tickets, hand-over codes and unredeemed codes', async () => {
    const session = await t.signIn('design_user');
    const held = await f.ticket('design_user');
    const unredeemed = await f.code('design_user');
    const handover = await f.handoverCode(session);
    const changed = await f.changePassword(session, DEMO_PASSWORD, 'Xiang#Jiang2026');
    expect(changed.statusCode, changed.body).toBe(200);
    refusedTicket(await f.authorize(held));
    refusedCode(await f.redeem(unredeemed));
    refusedHandover(await f.exchange(handover));
    // The new password signs in as usual.
    expect((await f.authorize(await f.ticket('design_user', 'Xiang#Jiang2026'))).statusCode).toBe(200);
  });

  it('an admin’s reset spends them too', async () => {
    const admin = await t.signIn('design_admin');
    const session = await t.signIn('design2_admin');
    const held = await f.ticket('censor_reviewer');
    const handover = await f.handoverCode(await t.signIn('censor_reviewer'));
    const censorAdmin = await t.signIn('censor_admin');
    const orgId = (await f.account(censorAdmin)).json<{ detail: AccountDetail }>().detail.members[0]!.orgId;
    const list = await t.app.inject({
      url: `/api/admin/orgs/${orgId}/members`,
      headers: f.bearer(censorAdmin),
    });
    const target = list
      .json<{ detail: OrgMembersResult }>()
      .detail.members.find((m) => m.username === 'censor_reviewer')!;
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orgs/${orgId}/members/${target.id}/password-reset`,
      headers: f.bearer(censorAdmin),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    refusedTicket(await f.authorize(held));
    refusedHandover(await f.exchange(handover));
    // Nobody else's sign-in is touched.
    expect(await f.username(admin)).toBe('design_admin');
    expect(await f.username(session)).toBe('design2_admin');
  });
});

describe('hand-over codes', () => {
  let t: TestApp;
  let f: ReturnType<typeof flow>;
  beforeAll(async () => {
    t = await createTestApp();
    f = flow(t);
  });
  afterAll(() => t.close());

  it('a signed-in caller gets a two-minute code that opens a new session of the same account once', async () => {
    const session = await t.signIn('joint_admin');
    const issued = await f.handover(session);
    expect(issued.statusCode).toBe(200);
    expect(issued.headers['cache-control']).toBe('no-store');
    const { code, expires_in } = issued.json<{ detail: { code: string; expires_in: number } }>().detail;
    expect(expires_in).toBe(120);
    expect(code).not.toBe(session);

    const exchanged = await f.exchange(code);
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    expect(exchanged.headers['cache-control']).toBe('no-store');
    const detail = exchanged.json<{ detail: Record<string, unknown> }>().detail;
    expect(detail).toEqual({
      access_token: ANY_STRING,
      token_type: 'Bearer',
      expires_in: 12 * 3600,
      idle_timeout: 30 * 60,
    });
    const fresh = detail.access_token as string;
    expect(fresh).not.toBe(session);
    expect(await f.username(fresh)).toBe('joint_admin');
    // Both sessions live on their own.
    expect(await f.username(session)).toBe('joint_admin');

    refusedHandover(await f.exchange(code));
  });

  it('refuses anonymous callers a code', async () => {
    const res = await f.handover();
    expect(res.statusCode).toBe(401);
    expect(codeOf(res).code).toBe('UNAUTHORIZED');
  });

  it('refuses a bearer token, a sign-in ticket, a guess and an expired code, and signs nobody in', async () => {
    const session = await t.signIn('joint_admin');
    refusedHandover(await f.exchange(session));
    refusedHandover(await f.exchange(await f.ticket('joint_admin')));
    refusedHandover(await f.exchange(randomToken()));
    refusedHandover(await f.exchange('x'.repeat(256)));
    const late = await f.handoverCode(session);
    t.advance(2 * MINUTE + 1000);
    refusedHandover(await f.exchange(late));
  });

  it('answers bad input with 400 VALIDATION_FAILED, in English too', async () => {
    for (const bad of ['', 'x'.repeat(257), 12, null]) {
      const res = await f.exchange(bad);
      expect(res.statusCode).toBe(400);
      expect(codeOf(res).code).toBe('VALIDATION_FAILED');
    }
    const en = await t.app.inject({
      method: 'POST',
      url: '/uaa/handover/token',
      headers: { 'accept-language': 'en-US' },
      payload: { code: randomToken() },
    });
    expect(codeOf(en).message).toBe(
      'This sign-in link is invalid, already used or expired; you were not signed in. Get a new link or sign in directly.',
    );
  });

  it('of calls racing with one code, exactly one gets a session', async () => {
    const code = await f.handoverCode(await t.signIn('joint_admin'));
    const answers = await Promise.all(Array.from({ length: 4 }, () => f.exchange(code)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400]);
  });

  it('refuses a code of an account disabled since', async () => {
    const code = await f.handoverCode(await t.signIn('censor_reviewer2'));
    const { sql } = await import('drizzle-orm');
    await t.database.db.execute(sql`update accounts set enabled = false where username = 'censor_reviewer2'`);
    refusedHandover(await f.exchange(code));
  });

  it('limits exchanges per address as sign-in does', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => f.exchange(randomToken(), '10.9.9.9')),
    );
    expect(new Set(answers.map((r) => r.statusCode))).toEqual(new Set([400]));
    const limited = await f.exchange(randomToken(), '10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(codeOf(limited).code).toBe('RATE_LIMITED');
  });
});
