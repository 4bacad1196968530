import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed/demo-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { captchaAnswerOf, fetchCaptcha } from '../../test/solve-captcha.js';

const DAY = 86_400_000;

describe('a captcha after two failed sign-ins from one address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (
    remoteAddress: string,
    body: { username: string; password: string; captchaId?: string; captchaAnswer?: string },
    lang = 'zh-CN',
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/uaa/login',
      remoteAddress,
      headers: { 'accept-language': lang },
      payload: body,
    });
  const fail = async (remoteAddress: string, username = 'design_user') =>
    expect((await login(remoteAddress, { username, password: 'Wrong@2026' })).statusCode).toBe(401);

  it('asks for none until the second failure, whatever usernames were tried', async () => {
    const ip = '10.20.0.1';
    expect(await fetchCaptcha(t, ip)).toBeNull();
    await fail(ip, 'design_user');
    expect(await fetchCaptcha(t, ip)).toBeNull();
    await fail(ip, 'someone_unknown');
    const captcha = await fetchCaptcha(t, ip);
    expect(captcha).not.toBeNull();
    expect(captcha!.svg).toMatch(/^<svg[^>]*>.*<\/svg>$/s);
    // Strokes only: no text for a program to read the answer from.
    expect(captcha!.svg).not.toMatch(/<text/);
    expect(captcha!.svg).not.toContain(await captchaAnswerOf(t, captcha!.id));
    // Another address is not affected.
    expect(await fetchCaptcha(t, '10.20.0.99')).toBeNull();
  });

  it('refuses the right password called directly without a captcha, in both languages', async () => {
    const ip = '10.20.1.1';
    await fail(ip);
    await fail(ip);
    const zh = await login(ip, { username: 'design_user', password: DEMO_PASSWORD });
    expect(zh.statusCode).toBe(428);
    expect(zh.json()).toEqual({
      code: 'CAPTCHA_REQUIRED',
      message: '登录失败次数较多，请输入图片中的验证码',
    });
    expect(zh.cookies.some((c) => c.name === 'drp_login')).toBe(false);
    const en = await login(ip, { username: 'design_user', password: DEMO_PASSWORD }, 'en-US');
    expect(en.json<{ message: string }>().message).toBe(
      'After several failed sign-ins, enter the characters shown in the picture',
    );
    // An id without an answer is no answer.
    const captcha = (await fetchCaptcha(t, ip))!;
    const half = await login(ip, { username: 'design_user', password: DEMO_PASSWORD, captchaId: captcha.id });
    expect(half.statusCode).toBe(428);
  });

  it('refuses a wrong answer and spends the captcha: the right answer after it is refused too', async () => {
    const ip = '10.20.2.1';
    await fail(ip);
    await fail(ip);
    const captcha = (await fetchCaptcha(t, ip))!;
    const answer = await captchaAnswerOf(t, captcha.id);
    const wrong = await login(ip, {
      username: 'design_user',
      password: DEMO_PASSWORD,
      captchaId: captcha.id,
      captchaAnswer: answer === 'AAAA' ? 'CCCC' : 'AAAA',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: 'CAPTCHA_INVALID',
      message: '验证码错误或已失效，请输入新图片中的验证码',
    });
    const again = await login(ip, {
      username: 'design_user',
      password: DEMO_PASSWORD,
      captchaId: captcha.id,
      captchaAnswer: answer,
    });
    expect(again.json<{ code: string }>().code).toBe('CAPTCHA_INVALID');
  });

  it('takes the right answer once (any case): a reused captcha is refused', async () => {
    const ip = '10.20.3.1';
    await fail(ip);
    await fail(ip);
    const captcha = (await fetchCaptcha(t, ip))!;
    const answer = await captchaAnswerOf(t, captcha.id);
    // A right captcha with a wrong password is a failed sign-in like any other.
    const wrongPassword = await login(ip, {
      username: 'design_user',
      password: 'Wrong@2026',
      captchaId: captcha.id,
      captchaAnswer: answer.toLowerCase(),
    });
    expect(wrongPassword.json<{ code: string }>().code).toBe('LOGIN_FAILED');
    const reused = await login(ip, {
      username: 'design_user',
      password: DEMO_PASSWORD,
      captchaId: captcha.id,
      captchaAnswer: answer,
    });
    expect(reused.json<{ code: string }>().code).toBe('CAPTCHA_INVALID');

    const next = (await fetchCaptcha(t, ip))!;
    const ok = await login(ip, {
      username: 'design_user',
      password: DEMO_PASSWORD,
      captchaId: next.id,
      captchaAnswer: ` ${(await captchaAnswerOf(t, next.id)).toLowerCase()} `,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.cookies.some((c) => c.name === 'drp_login')).toBe(true);
    // A success from the address starts its count again.
    expect(await fetchCaptcha(t, ip)).toBeNull();
  });

  it('refuses a captcha handed to another address, and one past its five minutes', async () => {
    const ip = '10.20.4.1';
    await fail(ip);
    await fail(ip);
    await fail('10.20.4.2');
    await fail('10.20.4.2');
    const elsewhere = (await fetchCaptcha(t, '10.20.4.2'))!;
    const borrowed = await login(ip, {
      username: 'design_user',
      password: DEMO_PASSWORD,
      captchaId: elsewhere.id,
      captchaAnswer: await captchaAnswerOf(t, elsewhere.id),
    });
    expect(borrowed.json<{ code: string }>().code).toBe('CAPTCHA_INVALID');

    const old = (await fetchCaptcha(t, ip))!;
    t.advance(5 * 60_000 + 1000);
    const late = await login(ip, {
      username: 'design_user',
      password: DEMO_PASSWORD,
      captchaId: old.id,
      captchaAnswer: await captchaAnswerOf(t, old.id),
    });
    expect(late.json<{ code: string }>().code).toBe('CAPTCHA_INVALID');
  });

  it('refuses malformed captcha fields with a 400, never a 5xx', async () => {
    const ip = '10.20.5.1';
    for (const body of [
      { username: 'design_user', password: DEMO_PASSWORD, captchaId: 'not-a-uuid', captchaAnswer: 'AAAA' },
      { username: 'design_user', password: DEMO_PASSWORD, captchaId: 42 },
      { username: 'design_user', password: DEMO_PASSWORD, captchaAnswer: 'X'.repeat(200) },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/uaa/login', remoteAddress: ip, payload: body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
    }
  });

  it('forgets failures a day old', async () => {
    const ip = '10.20.6.1';
    await fail(ip);
    await fail(ip);
    expect(await fetchCaptcha(t, ip)).not.toBeNull();
    t.advance(DAY + 60_000);
    expect(await fetchCaptcha(t, ip)).toBeNull();
    expect((await login(ip, { username: 'design_user', password: DEMO_PASSWORD })).statusCode).toBe(200);
  });
});
