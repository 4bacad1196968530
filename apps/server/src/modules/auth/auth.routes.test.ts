import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { WEB_REDIRECT_PATH } from '@drp/domain';
import { DEMO_PASSWORD } from '../../db/seed/demo-seed.js';
import { randomToken, sha256Base64Url } from '../../lib/crypto.js';
import { signInFlow } from '../../test/sign-in-flow.js';
import { loginPassingCaptcha } from '../../test/solve-captcha.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const MINUTE = 60_000;
const ANY_STRING: unknown = expect.any(String);

interface Body {
  code: string;
  message: string;
  detail?: unknown;
}
const body = (res: LightMyRequestResponse) => res.json<Body>();

const flow = signInFlow;

describe('POST /uaa/login', () => {
  let t: TestApp;
  let f: ReturnType<typeof flow>;
  beforeAll(async () => {
    t = await createTestApp();
    f = flow(t);
  });
  afterAll(() => t.close());

  it('trims the username and sets the HttpOnly sign-in cookie', async () => {
    const res = await f.login(' design_admin ', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({
      code: 'SUCCESS',
      detail: { username: 'design_admin', passwordExpiresInDays: 90 },
    });
    const cookie = res.cookies.find((c) => c.name === 'drp_login');
    expect(cookie).toMatchObject({ path: '/uaa', httpOnly: true, sameSite: 'Strict', maxAge: 600 });
    expect(cookie!.value).not.toBe('');
  });

  it('answers a wrong password with 401 LOGIN_FAILED in the caller’s language', async () => {
    const zh = await f.login('design_user', 'Wrong@2026');
    expect(zh.statusCode).toBe(401);
    expect(body(zh)).toEqual({ code: 'LOGIN_FAILED', message: '用户名或密码错误' });
    expect(zh.cookies.find((c) => c.name === 'drp_login')).toBeUndefined();

    const en = await f.login('design_user', 'Wrong@2026', { 'accept-language': 'en-US' });
    expect(en.statusCode).toBe(401);
    expect(body(en)).toEqual({ code: 'LOGIN_FAILED', message: 'Incorrect username or password' });
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const res = await f.login('no_such_user', DEMO_PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual({ code: 'LOGIN_FAILED', message: '用户名或密码错误' });
  });

  it('does not treat the username case-insensitively or trim the password', async () => {
    expect((await f.login('DESIGN_ADMIN', DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await f.login('design_admin', ` ${DEMO_PASSWORD}`)).statusCode).toBe(401);
  });

  it('accepts credentials in the query string (legacy clients)', async () => {
    const query = new URLSearchParams({ username: 'design_admin', password: DEMO_PASSWORD });
    // From an address with no failed tries yet (the ones above would ask it for a captcha).
    const res = await t.app.inject({
      method: 'POST',
      url: `/uaa/login?${query.toString()}`,
      remoteAddress: '10.30.0.1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toMatchObject({ code: 'SUCCESS', detail: { username: 'design_admin' } });
    expect(res.cookies.some((c) => c.name === 'drp_login')).toBe(true);
  });

  it('accepts a form-encoded body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/uaa/login',
      remoteAddress: '10.30.0.2',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: 'design_admin', password: DEMO_PASSWORD }).toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each([
    ['no body at all', undefined],
    ['an empty object', {}],
    ['an empty username', { username: '', password: DEMO_PASSWORD }],
    ['a blank username', { username: '   ', password: DEMO_PASSWORD }],
    ['an empty password', { username: 'design_admin', password: '' }],
    ['a missing password', { username: 'design_admin' }],
    ['a 65-character username', { username: 'a'.repeat(65), password: DEMO_PASSWORD }],
    ['a 129-character password', { username: 'design_admin', password: 'a'.repeat(129) }],
    ['a numeric username', { username: 12345, password: DEMO_PASSWORD }],
    ['a numeric password', { username: 'design_admin', password: 12345678 }],
    ['an array username', { username: ['design_admin'], password: DEMO_PASSWORD }],
    ['an object password', { username: 'design_admin', password: { $ne: '' } }],
    ['null fields', { username: null, password: null }],
    ['a JSON array body', [1, 2]],
    ['a JSON string body', 'design_admin'],
  ])('refuses %s with 400 VALIDATION_FAILED', async (_name, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/uaa/login',
      ...(payload === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) }),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(body(res).code).toBe('VALIDATION_FAILED');
    expect(body(res).message).toMatch(/^请求参数有误：/);
  });

  it('refuses garbage in the query string with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/uaa/login?username=${'a'.repeat(65)}&password=x`,
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe('VALIDATION_FAILED');
  });

  it('answers malformed JSON with 400 MALFORMED_BODY', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/uaa/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "design_admin", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ code: 'MALFORMED_BODY', message: '请求内容格式错误，无法解析' });
  });

  it('answers an unsupported content type with 415 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/uaa/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expect(body(res).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('account lockout', () => {
  let t: TestApp;
  let f: ReturnType<typeof flow>;
  beforeAll(async () => {
    t = await createTestApp();
    f = flow(t);
  });
  afterAll(() => t.close());

  it('locks after five consecutive failures, refuses even the right password, and unlocks after ten minutes', async () => {
    for (let i = 1; i <= 4; i++) {
      const res = await f.login('design2_admin', `Wrong@${i}`);
      expect(res.statusCode, `attempt ${i}`).toBe(401);
      expect(body(res).code).toBe('LOGIN_FAILED');
    }
    const fifth = await f.login('design2_admin', 'Wrong@5');
    expect(fifth.statusCode).toBe(423);
    expect(body(fifth)).toEqual({
      code: 'ACCOUNT_LOCKED',
      message: '连续登录失败次数过多，账号已锁定，请 10 分钟后再试',
    });

    const rightWhileLocked = await f.login('design2_admin', DEMO_PASSWORD);
    expect(rightWhileLocked.statusCode).toBe(423);
    expect(body(rightWhileLocked).message).toContain('10 分钟');
    expect(rightWhileLocked.cookies.find((c) => c.name === 'drp_login')).toBeUndefined();

    const en = await f.login('design2_admin', DEMO_PASSWORD, { 'accept-language': 'en-US' });
    expect(body(en).message).toBe('Too many failed sign-ins. The account is locked; try again in 10 min.');

    // The message counts down the minutes that are left.
    t.advance(6 * MINUTE);
    const later = await f.login('design2_admin', DEMO_PASSWORD);
    expect(later.statusCode).toBe(423);
    expect(body(later).message).toContain('4 分钟');

    // Other accounts are unaffected by the lock.
    expect((await f.login('design_admin', DEMO_PASSWORD)).statusCode).toBe(200);

    t.advance(4 * MINUTE + 1000);
    const unlocked = await f.login('design2_admin', DEMO_PASSWORD);
    expect(unlocked.statusCode, unlocked.body).toBe(200);
  });

  it('resets the failure counter on a successful sign-in', async () => {
    // Four failures, a success, four more failures: never five in a row, so never locked.
    for (let i = 0; i < 4; i++) expect((await f.login('design2_admin', 'Wrong@x')).statusCode).toBe(401);
    expect((await f.login('design2_admin', DEMO_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await f.login('design2_admin', 'Wrong@x')).statusCode).toBe(401);
    expect((await f.login('design2_admin', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('does not carry failures from before a lock into the next round', async () => {
    for (let i = 0; i < 5; i++) await f.login('survey_admin', 'Wrong@x');
    expect((await f.login('survey_admin', DEMO_PASSWORD)).statusCode).toBe(423);
    t.advance(10 * MINUTE + 1000);
    // Right after the lock ends, one more failure is just a failure, not a new lock.
    const res = await f.login('survey_admin', 'Wrong@x');
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe('LOGIN_FAILED');
    expect((await f.login('survey_admin', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('locks an unknown username exactly as it locks an account', async () => {
    for (let i = 1; i <= 4; i++) {
      const res = await f.login('ghost_user', 'Wrong@x');
      expect(res.statusCode, `attempt ${i}`).toBe(401);
      expect(body(res).code).toBe('LOGIN_FAILED');
    }
    const fifth = await f.login('ghost_user', 'Wrong@x');
    expect(fifth.statusCode).toBe(423);
    expect(body(fifth)).toEqual({
      code: 'ACCOUNT_LOCKED',
      message: '连续登录失败次数过多，账号已锁定，请 10 分钟后再试',
    });
  });
});

describe('sign-in rate limit', () => {
  let t: TestApp;
  let f: ReturnType<typeof flow>;
  beforeAll(async () => {
    t = await createTestApp();
    f = flow(t);
  });
  afterAll(() => t.close());

  const loginFrom = (remoteAddress: string, username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/uaa/login', remoteAddress, payload: { username, password } });

  it('lets 100 sign-ins a minute through from one address, refuses the 101st, and keeps other addresses open', async () => {
    // 100 attempts against usernames that do not exist, one try each: nothing gets locked. From
    // the third on the address needs a captcha, which these answer (one at a time, as a person).
    const first100 = [];
    for (let i = 0; i < 100; i++)
      first100.push(
        await loginPassingCaptcha(t, {
          username: `nobody_${i}`,
          password: 'Wrong@2026',
          remoteAddress: '10.1.1.1',
        }),
      );
    expect(first100.map((r) => r.statusCode)).toEqual(Array(100).fill(401));
    expect(new Set(first100.map((r) => body(r).code))).toEqual(new Set(['LOGIN_FAILED']));

    // The 101st is refused even with the right password.
    const refused = await loginFrom('10.1.1.1', 'design_admin', DEMO_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(body(refused)).toEqual({ code: 'RATE_LIMITED', message: '请求过于频繁，请稍后再试' });
    expect(refused.cookies.find((c) => c.name === 'drp_login')).toBeUndefined();

    const otherAddress = await loginFrom('10.2.2.2', 'design_admin', DEMO_PASSWORD);
    expect(otherAddress.statusCode, otherAddress.body).toBe(200);

    // The limit counts requests per address, not per account: the refused account still works elsewhere.
    expect((await f.login('design_admin', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('POST /uaa/oauth/authorize', () => {
  let t: TestApp;
  let f: ReturnType<typeof flow>;
  const challenge = sha256Base64Url(randomToken(32));
  beforeAll(async () => {
    t = await createTestApp();
    f = flow(t);
  });
  afterAll(() => t.close());

  it('issues a one-time code, echoes state, and expires the sign-in cookie', async () => {
    const cookie = await f.loginCookie('design_admin');
    const res = await f.authorize(cookie, f.authorizeBody(challenge, { state: 'xyz' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toMatchObject({
      code: 'SUCCESS',
      detail: { code: ANY_STRING, state: 'xyz', redirect_uri: WEB_REDIRECT_PATH, expires_in: 600 },
    });
    const cleared = res.cookies.find((c) => c.name === 'drp_login');
    expect(cleared).toBeDefined();
    expect(cleared!.value).toBe('');
    expect(cleared!.path).toBe('/uaa');
    expect(cleared!.expires!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('spends the ticket: the same cookie value replayed answers LOGIN_REQUIRED', async () => {
    const cookie = await f.loginCookie('design_admin');
    expect((await f.authorize(cookie, f.authorizeBody(challenge))).statusCode).toBe(200);
    const replay = await f.authorize(cookie, f.authorizeBody(challenge));
    expect(replay.statusCode).toBe(401);
    expect(body(replay)).toEqual({ code: 'LOGIN_REQUIRED', message: '尚未登录或登录已超时，请重新登录' });
  });

  it('of two calls racing with one ticket, exactly one gets a code', async () => {
    const cookie = await f.loginCookie('design_admin');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => f.authorize(cookie, f.authorizeBody(challenge))),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401]);
  });

  it('a refused client or redirect does not spend the ticket', async () => {
    const cookie = await f.loginCookie('design_admin');
    expect(
      (await f.authorize(cookie, f.authorizeBody(challenge, { client_id: 'evil-app' }))).statusCode,
    ).toBe(400);
    expect((await f.authorize(cookie, f.authorizeBody(challenge))).statusCode).toBe(200);
  });

  it('refuses a sign-in cookie older than ten minutes', async () => {
    const cookie = await f.loginCookie('design_admin');
    t.advance(10 * MINUTE + 1000);
    const res = await f.authorize(cookie, f.authorizeBody(challenge));
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe('LOGIN_REQUIRED');
  });

  it('answers 401 LOGIN_REQUIRED without the sign-in cookie', async () => {
    const res = await f.authorize(undefined, f.authorizeBody(challenge));
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual({ code: 'LOGIN_REQUIRED', message: '尚未登录或登录已超时，请重新登录' });
  });

  it('answers LOGIN_REQUIRED for a tampered, guessed or foreign cookie', async () => {
    const cookie = await f.loginCookie('design_admin');
    const bearer = await t.signIn('design_admin');
    for (const bad of [
      `${cookie.slice(0, -2)}${cookie.endsWith('AA') ? 'BB' : 'AA'}`,
      randomToken(),
      // A bearer token is no sign-in ticket.
      bearer,
      'x'.repeat(300),
      '',
    ]) {
      const res = await f.authorize(bad, f.authorizeBody(challenge));
      expect(res.statusCode, bad).toBe(401);
      expect(body(res).code).toBe('LOGIN_REQUIRED');
    }
    // None of those spent the real one.
    expect((await f.authorize(cookie, f.authorizeBody(challenge))).statusCode).toBe(200);
  });

  it('answers LOGIN_REQUIRED for a valid cookie whose account was disabled since', async () => {
    const cookie = await f.loginCookie('censor_reviewer2');
    const { sql } = await import('drizzle-orm');
    await t.database.db.execute(sql`update accounts set enabled = false where username = 'censor_reviewer2'`);
    const res = await f.authorize(cookie, f.authorizeBody(challenge));
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe('LOGIN_REQUIRED');
  });

  it('answers INVALID_CLIENT for an unknown client_id', async () => {
    const cookie = await f.loginCookie('design_admin');
    const res = await f.authorize(cookie, f.authorizeBody(challenge, { client_id: 'evil-app' }));
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ code: 'INVALID_CLIENT', message: '客户端未登记' });
  });

  it('answers INVALID_GRANT for a redirect_uri the client did not register', async () => {
    const cookie = await f.loginCookie('design_admin');
    for (const redirect of ['https://evil.example/sys_sso/callback', '/sys_sso/callback/../x', '/']) {
      const res = await f.authorize(cookie, f.authorizeBody(challenge, { redirect_uri: redirect }));
      expect(res.statusCode, redirect).toBe(400);
      expect(body(res).code).toBe('INVALID_GRANT');
    }
  });

  it.each([
    ['code_challenge_method plain', { code_challenge_method: 'plain' }],
    ['no code_challenge_method', { code_challenge_method: undefined }],
    ['a short code_challenge', { code_challenge: 'abc' }],
    ['response_type token', { response_type: 'token' }],
  ])('refuses %s with 400 VALIDATION_FAILED', async (_name, overrides) => {
    const cookie = await f.loginCookie('design_admin');
    const res = await f.authorize(cookie, f.authorizeBody(challenge, overrides));
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe('VALIDATION_FAILED');
  });
});

describe('POST /uaa/oauth/token', () => {
  let t: TestApp;
  let f: ReturnType<typeof flow>;
  beforeAll(async () => {
    t = await createTestApp();
    f = flow(t);
  });
  afterAll(() => t.close());

  it('exchanges a code and its verifier for a bearer token that opens the account', async () => {
    const { code, verifier } = await f.codeFor('design_admin');
    const res = await f.token(f.tokenBody(code, verifier));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const detail = body(res).detail as { access_token: string };
    expect(detail).toEqual({
      access_token: ANY_STRING,
      token_type: 'Bearer',
      expires_in: 12 * 3600,
      idle_timeout: 30 * 60,
    });
    const account = await f.account(detail.access_token);
    expect(account.statusCode).toBe(200);
    expect(account.json<{ detail: { account: { username: string } } }>().detail.account.username).toBe(
      'design_admin',
    );
  });

  it('refuses a wrong verifier with INVALID_GRANT and spends the code', async () => {
    const { code, verifier } = await f.codeFor('design_admin');
    const wrong = await f.token(f.tokenBody(code, randomToken(32)));
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong)).toEqual({ code: 'INVALID_GRANT', message: '授权码无效或已过期，请重新登录' });
    // A guessed verifier burns the code: the rightful holder must sign in again.
    const right = await f.token(f.tokenBody(code, verifier));
    expect(right.statusCode).toBe(400);
    expect(body(right).code).toBe('INVALID_GRANT');
  });

  it('refuses a code used twice, and the token from the first use keeps working', async () => {
    const { code, verifier } = await f.codeFor('design_admin');
    const first = await f.token(f.tokenBody(code, verifier));
    expect(first.statusCode).toBe(200);
    const again = await f.token(f.tokenBody(code, verifier));
    expect(again.statusCode).toBe(400);
    expect(body(again).code).toBe('INVALID_GRANT');
    const accessToken = (body(first).detail as { access_token: string }).access_token;
    expect((await f.account(accessToken)).statusCode).toBe(200);
  });

  it('refuses a code older than ten minutes', async () => {
    const { code, verifier } = await f.codeFor('design_admin');
    t.advance(601_000);
    const res = await f.token(f.tokenBody(code, verifier));
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe('INVALID_GRANT');
  });

  it('accepts a code just under ten minutes old', async () => {
    const { code, verifier } = await f.codeFor('design_admin');
    t.advance(599_000);
    expect((await f.token(f.tokenBody(code, verifier))).statusCode).toBe(200);
  });

  it('refuses an unknown code', async () => {
    const res = await f.token(f.tokenBody(randomToken(), randomToken(32)));
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe('INVALID_GRANT');
  });

  it('refuses a redirect_uri other than the one the code was issued for', async () => {
    const { code, verifier } = await f.codeFor('design_admin');
    const res = await f.token(f.tokenBody(code, verifier, { redirect_uri: '/elsewhere' }));
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe('INVALID_GRANT');
  });

  it('refuses grant_type password with UNSUPPORTED_GRANT_TYPE', async () => {
    const { code, verifier } = await f.codeFor('design_admin');
    const res = await f.token(f.tokenBody(code, verifier, { grant_type: 'password' }));
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ code: 'UNSUPPORTED_GRANT_TYPE', message: '不支持的授权类型' });
    // The refused request did not spend the code.
    expect((await f.token(f.tokenBody(code, verifier))).statusCode).toBe(200);
  });

  it('accepts a form-encoded body', async () => {
    const { code, verifier } = await f.codeFor('design_admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/uaa/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(f.tokenBody(code, verifier) as Record<string, string>).toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((body(res).detail as { token_type: string }).token_type).toBe('Bearer');
  });

  it('refuses a malformed verifier with VALIDATION_FAILED', async () => {
    const res = await f.token(f.tokenBody('code', 'short'));
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe('VALIDATION_FAILED');
  });
});

describe('bearer tokens', () => {
  let t: TestApp;
  let f: ReturnType<typeof flow>;
  beforeAll(async () => {
    t = await createTestApp();
    f = flow(t);
  });
  afterAll(() => t.close());

  it('answers 401 UNAUTHORIZED without a token, in both languages', async () => {
    const zh = await f.account();
    expect(zh.statusCode).toBe(401);
    expect(body(zh)).toEqual({ code: 'UNAUTHORIZED', message: '登录信息已过期，请重新登录' });
    const en = await f.account(undefined, { 'accept-language': 'en-US,en;q=0.9' });
    expect(body(en).message).toBe('Your sign-in has expired. Please sign in again.');
  });

  it('answers 401 for forged or malformed tokens', async () => {
    const real = await t.signIn('design_admin');
    for (const forged of [
      randomToken(),
      `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`,
      'x'.repeat(300),
    ]) {
      const res = await f.account(forged);
      expect(res.statusCode).toBe(401);
      expect(body(res).code).toBe('UNAUTHORIZED');
    }
    const basic = await t.app.inject({
      url: '/api/admin/account',
      headers: { authorization: `Basic ${real}` },
    });
    expect(basic.statusCode).toBe(401);
  });

  it.each(['/api/logout', '/uaa/logout'])('GET %s revokes the token; other sessions stay', async (url) => {
    const token = await t.signIn('design_admin');
    const other = await t.signIn('design_admin');
    expect((await f.account(token)).statusCode).toBe(200);
    const res = await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ code: 'SUCCESS', message: '操作成功', detail: null });
    const after = await f.account(token);
    expect(after.statusCode).toBe(401);
    expect(body(after).code).toBe('UNAUTHORIZED');
    expect((await f.account(other)).statusCode).toBe(200);
  });

  it('logout without a token is harmless', async () => {
    const res = await t.app.inject({ url: '/api/logout' });
    expect(res.statusCode).toBe(200);
  });
});

describe('session expiry', () => {
  let t: TestApp;
  let f: ReturnType<typeof flow>;
  beforeAll(async () => {
    t = await createTestApp();
    f = flow(t);
  });
  afterAll(() => t.close());

  it('ends a session idle for 31 minutes', async () => {
    const token = await t.signIn('design_admin');
    t.advance(31 * MINUTE);
    const res = await f.account(token);
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe('UNAUTHORIZED');
    // A fresh sign-in works at once.
    expect((await f.account(await t.signIn('design_admin'))).statusCode).toBe(200);
  });

  it('keeps a session alive past 31 minutes when it is used every 20 minutes', async () => {
    const token = await t.signIn('design_admin');
    t.advance(20 * MINUTE);
    expect((await f.account(token)).statusCode).toBe(200);
    t.advance(20 * MINUTE);
    expect((await f.account(token)).statusCode).toBe(200);
    t.advance(20 * MINUTE);
    expect((await f.account(token)).statusCode).toBe(200);
    t.advance(31 * MINUTE);
    expect((await f.account(token)).statusCode).toBe(401);
  });

  it('ends even an active session TOKEN_TTL_HOURS (12) after sign-in', async () => {
    const token = await t.signIn('design_admin');
    // Busy every 20 minutes up to 11 h 40 min.
    for (let elapsed = 20; elapsed < 12 * 60; elapsed += 20) {
      t.advance(20 * MINUTE);
      expect((await f.account(token)).statusCode, `after ${elapsed} min`).toBe(200);
    }
    t.advance(19 * MINUTE);
    expect((await f.account(token)).statusCode, 'at 11 h 59 min').toBe(200);
    t.advance(MINUTE + 1000);
    const res = await f.account(token);
    expect(res.statusCode, 'at 12 h').toBe(401);
    expect(body(res).code).toBe('UNAUTHORIZED');
  });

  it('honours a configured TOKEN_TTL_HOURS', async () => {
    const short = await createTestApp({ env: { TOKEN_TTL_HOURS: '1' } });
    try {
      const token = await short.signIn('design_admin');
      const call = () =>
        short.app.inject({ url: '/api/admin/account', headers: { authorization: `Bearer ${token}` } });
      short.advance(25 * MINUTE);
      expect((await call()).statusCode).toBe(200);
      short.advance(25 * MINUTE);
      expect((await call()).statusCode).toBe(200);
      short.advance(10 * MINUTE + 1000);
      expect((await call()).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});
