import type { LightMyRequestResponse } from 'fastify';
import type { CaptchaResult } from '@drp/domain';
import { signInCaptchas } from '../db/schema/auth.js';
import type { TestApp } from './test-app.js';

/** What these helpers need of a test app (test-app.ts's own sign-in uses them before it has one). */
type Reach = Pick<TestApp, 'app' | 'database'>;

/**
 * What a person reads off the picture: the answer as the server stored it. Tests that make many
 * failed sign-ins from one address pass the captcha this way, as a person at that address would.
 */
export async function captchaAnswerOf(t: Reach, id: string): Promise<string> {
  const rows = await t.database.db.select().from(signInCaptchas);
  const row = rows.find((r) => r.id === id);
  if (!row) throw new Error(`no captcha ${id}`);
  return row.answer;
}

/** A new captcha for the address (null when the address needs none). */
export async function fetchCaptcha(t: Reach, remoteAddress: string) {
  const res = await t.app.inject({ method: 'GET', url: '/uaa/captcha', remoteAddress });
  if (res.statusCode !== 200) throw new Error(`captcha: ${res.body}`);
  return res.json<{ detail: CaptchaResult }>().detail.captcha;
}

/**
 * POST /uaa/login from the address, answering the captcha correctly when the address needs one,
 * so a test of something else (lockout, password checks) sees the answer it is about.
 */
export async function loginPassingCaptcha(
  t: Reach,
  input: {
    username: string;
    password: string;
    remoteAddress?: string;
    lang?: string;
    headers?: Record<string, string>;
  },
): Promise<LightMyRequestResponse> {
  const remoteAddress = input.remoteAddress ?? '127.0.0.1';
  const captcha = await fetchCaptcha(t, remoteAddress);
  return t.app.inject({
    method: 'POST',
    url: '/uaa/login',
    remoteAddress,
    headers: { 'accept-language': input.lang ?? 'zh-CN', ...input.headers },
    payload: {
      username: input.username,
      password: input.password,
      ...(captcha ? { captchaId: captcha.id, captchaAnswer: await captchaAnswerOf(t, captcha.id) } : {}),
    },
  });
}
