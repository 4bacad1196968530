import { expect } from 'vitest';
import { WEB_CLIENT_ID, WEB_REDIRECT_PATH } from '@drp/domain';
import { DEMO_PASSWORD } from '../db/seed/demo-seed.js';
import { randomToken, sha256Base64Url } from '../lib/crypto.js';
import type { TestApp } from './test-app.js';
import { loginPassingCaptcha } from './solve-captcha.js';

/** The three steps of the sign-in flow, each callable on its own so tests can break one. */
export function signInFlow(t: TestApp) {
  // Answers the captcha that two failed tries from the test's address bring (captcha.routes.test.ts).
  const login = (username: string, password: string, headers: Record<string, string> = {}) =>
    loginPassingCaptcha(t, { username, password, headers });

  const loginCookie = async (username: string, password = DEMO_PASSWORD) => {
    const res = await login(username, password);
    expect(res.statusCode, res.body).toBe(200);
    return res.cookies.find((c) => c.name === 'drp_login')!.value;
  };

  const authorizeBody = (challenge: string, overrides: Record<string, unknown> = {}) => ({
    response_type: 'code',
    client_id: WEB_CLIENT_ID,
    redirect_uri: WEB_REDIRECT_PATH,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...overrides,
  });

  const authorize = (cookie: string | undefined, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/uaa/oauth/authorize',
      ...(cookie === undefined ? {} : { cookies: { drp_login: cookie } }),
      payload,
    });

  /** Login and authorize; returns a fresh code and the verifier it is bound to. */
  const codeFor = async (username: string) => {
    const verifier = randomToken(32);
    const res = await authorize(await loginCookie(username), authorizeBody(sha256Base64Url(verifier)));
    expect(res.statusCode, res.body).toBe(200);
    return { code: res.json<{ detail: { code: string } }>().detail.code, verifier };
  };

  const tokenBody = (code: string, verifier: string, overrides: Record<string, unknown> = {}) => ({
    grant_type: 'authorization_code',
    code,
    redirect_uri: WEB_REDIRECT_PATH,
    client_id: WEB_CLIENT_ID,
    code_verifier: verifier,
    ...overrides,
  });

  const token = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/uaa/oauth/token', payload });

  const account = (accessToken?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      url: '/api/admin/account',
      headers: { ...headers, ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}) },
    });

  return { login, loginCookie, authorizeBody, authorize, codeFor, tokenBody, token, account };
}
