import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, launchBrowser, signIn } from './support/browser';
import { expectAccessible } from './support/accessibility';
import { startServer, type RunningServer } from './support/server';

/**
 * The captcha after two failed sign-ins from one address. Its own server: the failures it makes
 * from this machine's address would otherwise ask every later suite for a captcha.
 */
describe('sign-in captcha', () => {
  let browser: Browser;
  let server: RunningServer;
  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startServer()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const open = async (): Promise<Page> => {
    const context = await browser.newContext({
      baseURL: server.baseURL,
      locale: 'zh-CN',
      viewport: { width: 1366, height: 800 },
    });
    const page = await context.newPage();
    await page.goto('/sys_sso/login');
    return page;
  };
  const picture = (page: Page) => page.getByTestId('captcha-image');

  it('shows none at first, and a picture after the second failure; the right password alone is then refused', async () => {
    const page = await open();
    await expect.poll(() => page.getByRole('button', { name: /登\s*录/ }).count()).toBe(1);
    expect(await picture(page).count()).toBe(0);

    await signIn(page, 'design_user', 'Wrong@2026');
    await expect.poll(() => page.getByTestId('login-error').textContent()).toContain('用户名或密码错误');
    expect(await picture(page).count()).toBe(0);
    await signIn(page, 'design_user', 'Wrong@2027');
    await expect.poll(() => picture(page).count()).toBe(1);
    expect(await picture(page).getAttribute('alt')).toBe('图形验证码');
    await expectAccessible(page, 'sign-in with a captcha');

    // The form asks for the answer before sending anything.
    await signIn(page, 'design_user', DEMO_PASSWORD);
    await expect.poll(() => page.getByText('请输入验证码').count()).toBe(1);

    // A wrong answer is refused by the server, even with the right password, and a new picture comes.
    const first = await picture(page).getAttribute('src');
    await page.getByTestId('captcha-answer').fill('ZZZZ');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toContain('验证码错误或已失效，请输入新图片中的验证码');
    await expect.poll(() => picture(page).getAttribute('src')).not.toBe(first);
    expect(await page.getByTestId('captcha-answer').inputValue()).toBe('');
    expect(new URL(page.url()).pathname).toBe('/sys_sso/login');

    // 换一张 draws another picture.
    const second = await picture(page).getAttribute('src');
    await page.getByRole('button', { name: '换一张' }).click();
    await expect.poll(() => picture(page).getAttribute('src')).not.toBe(second);
    await page.context().close();
  });

  it('a page opened later from the same address shows the captcha at once', async () => {
    const page = await open();
    await expect.poll(() => picture(page).count()).toBe(1);
    await expectAccessible(page, 'sign-in page opened with a captcha');
    await page.context().close();
  });

  it('the API refuses a sign-in from that address without a captcha', async () => {
    const res = await fetch(`${server.baseURL}/uaa/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'design_user', password: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(428);
    expect(await res.json()).toEqual({
      code: 'CAPTCHA_REQUIRED',
      message: '登录失败次数较多，请输入图片中的验证码',
    });
  });

  it('links back to the public portal', async () => {
    const page = await open();
    await page.getByRole('link', { name: '返回门户首页' }).click();
    await page.waitForURL((url) => url.pathname === '/sys_out_sys/home');
    await page.context().close();
  });
});
