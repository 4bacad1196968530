import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, baseURL, launchBrowser, newPage, sessionToken, signIn } from './support/browser';
import { apiHandoverCode, apiSignIn } from './support/server';
import { expectAccessible } from './support/accessibility';

const REFUSED = '登录链接无效、已使用或已过期，未登录。请重新获取链接或直接登录';

/** Every request the page sends after the one that opened it: none may carry the link's secret. */
function laterRequests(page: Page) {
  const seen: { url: string; authorization: string | undefined }[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && seen.length === 0) return;
    seen.push({ url: request.url(), authorization: request.headers().authorization });
  });
  return seen;
}

const accountStatus = async (token: string) =>
  (await fetch(`${baseURL()}/api/admin/account`, { headers: { authorization: `Bearer ${token}` } })).status;

describe('signing a tab in from a ?token= link', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a stolen bearer token in the link signs a fresh browser in as nobody, and leaves the address at once', async () => {
    const stolen = await apiSignIn(baseURL(), 'joint_admin', DEMO_PASSWORD);
    const page = await newPage(browser);
    const requests = laterRequests(page);
    await page.goto(`/sys_joint/projects?token=${stolen}`);

    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain(REFUSED);
    expect(await dialog.textContent()).toContain('登录链接未能登录');
    expect(page.url()).not.toContain('token=');
    expect(await sessionToken(page)).toBeNull();
    await expectAccessible(page, 'refused link', { include: '.ant-modal-root' });
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL('**/sys_sso/login?from=*');
    expect(new URL(page.url()).searchParams.get('from')).toBe('/sys_joint/projects');
    expect(await sessionToken(page)).toBeNull();

    // The token never went anywhere from the page: not in an address, not as a bearer.
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((r) => r.url.includes(stolen) || r.authorization?.includes(stolen))).toEqual([]);
    // The owner's session is untouched.
    expect(await accountStatus(stolen)).toBe(200);
    await page.context().close();
  });

  it('a hand-over code signs a fresh browser in, once', async () => {
    const owner = await apiSignIn(baseURL(), 'joint_admin', DEMO_PASSWORD);
    const code = await apiHandoverCode(baseURL(), owner);

    const page = await newPage(browser);
    const requests = laterRequests(page);
    await page.goto(`/sys_joint/projects?token=${code}`);
    await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain('林静');
    expect(new URL(page.url()).pathname).toBe('/sys_joint/projects');
    expect(page.url()).not.toContain('token=');
    const session = await sessionToken(page);
    expect(session).toBeTruthy();
    expect(session).not.toBe(owner);
    // The code left the page once, in the body of the exchange, never in an address.
    expect(requests.filter((r) => r.url.includes(code))).toEqual([]);
    await page.context().close();

    // The same link a second time signs nobody in.
    const again = await newPage(browser);
    await again.goto(`/sys_joint/projects?token=${code}`);
    await expect.poll(() => again.getByRole('dialog').textContent()).toContain(REFUSED);
    expect(await sessionToken(again)).toBeNull();
    await again.context().close();
  });

  it('a signed-in browser is asked before its session is replaced, in its language', async () => {
    const page = await newPage(browser);
    await page.goto('/sys_sso/login');
    await signIn(page, 'design_admin');
    await page.waitForURL((url) => url.pathname === '/sys_submit');
    const before = (await sessionToken(page))!;
    const other = await apiSignIn(baseURL(), 'joint_admin', DEMO_PASSWORD);

    // Declined: the tab stays design_admin's, and the code is not spent by it.
    await page.goto(`/sys_submit?token=${await apiHandoverCode(baseURL(), other)}`);
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('此标签页已登录为 design_admin');
    expect(page.url()).not.toContain('token=');
    await expectAccessible(page, 'replace question', { include: '.ant-modal-root' });
    await dialog.getByRole('button', { name: '保持当前登录' }).click();
    await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain('陈明');
    expect(await sessionToken(page)).toBe(before);

    // Accepted: the tab becomes joint_admin's and design_admin's session in it ends.
    await page.goto(`/sys_joint/projects?token=${await apiHandoverCode(baseURL(), other)}`);
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain('用登录链接替换当前登录？');
    await page.getByRole('dialog').getByRole('button', { name: '替换登录' }).click();
    await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain('林静');
    expect(new URL(page.url()).pathname).toBe('/sys_joint/projects');
    expect(await sessionToken(page)).not.toBe(before);
    expect(await accountStatus(before)).toBe(401);
    await page.context().close();
  });

  it('asks in English for an English tab', async () => {
    const page = await newPage(browser, 'en-US');
    await page.goto('/sys_sso/login');
    await page.getByText('English').click();
    await signIn(page, 'survey_admin');
    await page.waitForURL((url) => url.pathname === '/sys_submit');
    const other = await apiSignIn(baseURL(), 'joint_admin', DEMO_PASSWORD);
    await page.goto(`/sys_submit?token=${await apiHandoverCode(baseURL(), other)}`);
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('This tab is signed in as survey_admin.');
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    await expect.poll(() => page.getByTestId('welcome').textContent()).toBe('Welcome, 周平');
    await page.context().close();
  });
});
