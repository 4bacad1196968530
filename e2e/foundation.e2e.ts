import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  baseURL,
  expectRefused,
  expectSessionExpired,
  launchBrowser,
  newPage,
  openSignedIn,
  sessionToken,
  signIn,
} from './support/browser';
import { apiSession, call } from './support/project-api';
import { apiHandoverCode } from './support/server';

/** Where each demo user lands after signing in, and the name the workbench greets. */
const LANDINGS: [username: string, path: string, name: string][] = [
  ['construct_admin', '/sys_apply', '王建国'],
  ['construct2_admin', '/sys_apply', '刘志强'],
  ['design_admin', '/sys_submit', '陈明'],
  ['design_user', '/sys_submit', '李娜'],
  ['design2_admin', '/sys_submit', '赵磊'],
  ['survey_admin', '/sys_submit', '周平'],
  ['censor_admin', '/sys_audit', '张伟'],
  ['censor_director', '/sys_audit', '孙立'],
  ['censor_reviewer', '/sys_audit', '吴芳'],
  ['censor_reviewer2', '/sys_audit', '郑浩'],
  ['censor_print', '/sys_audit', '冯敏'],
  ['censor2_admin', '/sys_audit', '何军'],
  ['control_admin', '/sys_supervise', '黄涛'],
  // The joint area opens on its project list (spec §2: projects is the default).
  ['joint_admin', '/sys_joint/projects', '林静'],
  ['sysadmin', '/sys_admin', '系统管理员'],
  ['info_staff', '/sys_info', '郭丽'],
  ['multi_user', '/sys_submit', '许文'],
];

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('sign-in and guarded areas', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it.each(LANDINGS)('%s signs in and lands in %s', async (username, area, name) => {
    const page = await newPage(browser);
    await page.goto('/sys_sso');
    await page.waitForURL('**/sys_sso/login');
    await signIn(page, username);
    await page.waitForURL((url) => url.pathname === area);
    await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain(name);
    await page.context().close();
  });

  it('a wrong password is refused with the server message and no session', async () => {
    const page = await newPage(browser);
    await page.goto('/sys_sso/login');
    await signIn(page, 'design_user', 'not-the-password');
    await expect.poll(() => page.getByTestId('login-error').textContent()).toContain('用户名或密码错误');
    expect(await sessionToken(page)).toBeNull();
    await page.context().close();
  });

  it('an anonymous deep link goes to sign-in and back there afterwards', async () => {
    const page = await newPage(browser);
    await page.goto('/sys_apply/password/modify');
    await page.waitForURL('**/sys_sso/login?from=*');
    expect(new URL(page.url()).searchParams.get('from')).toBe('/sys_apply/password/modify');
    await signIn(page, 'construct_admin');
    await page.waitForURL((url) => url.pathname === '/sys_apply/password/modify');
    await expect.poll(() => page.getByText('原密码').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('a wrong area shows "您没有权限。" and then goes to /', async () => {
    const page = await newPage(browser);
    await expectRefused(page, () => openSignedIn(page, 'design_admin', { to: '/sys_audit' }));
    expect(pathOf(page)).toBe('/sys_audit');
    // After the 2-second message the user is sent to `/`, which leads home.
    await page.waitForURL((url) => url.pathname === '/sys_submit', { timeout: 10_000 });
    await page.context().close();
  });

  it('the organisation switcher changes the current organisation', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'multi_user');
    await page.waitForURL((url) => url.pathname === '/sys_submit');
    await expect
      .poll(() => page.getByTestId('current-org').textContent())
      .toBe('湖南省建筑设计院集团股份有限公司');
    const before = await page.evaluate(() => sessionStorage.getItem('drp.currentOrgId'));
    await page.getByTestId('org-switcher').click();
    await expect
      .poll(() => page.locator('.ant-dropdown-menu').getByRole('menuitem').allTextContents())
      .toEqual(['湖南省建筑设计院集团股份有限公司（设计单位）', '湖南省勘测设计院有限公司（勘察单位）']);
    await page.getByRole('menuitem', { name: '湖南省勘测设计院有限公司（勘察单位）' }).click();
    await expect.poll(() => page.getByTestId('current-org').textContent()).toBe('湖南省勘测设计院有限公司');
    const after = await page.evaluate(() => sessionStorage.getItem('drp.currentOrgId'));
    expect(after).not.toBe(before);
    await page.reload();
    await expect.poll(() => page.getByTestId('current-org').textContent()).toBe('湖南省勘测设计院有限公司');
    await page.context().close();
  });

  it('sign-out makes the old token fail on the server', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'censor_reviewer');
    await page.waitForURL((url) => url.pathname === '/sys_audit');
    const token = await sessionToken(page);
    expect(token).toBeTruthy();
    const before = await fetch(`${baseURL()}/api/admin/account`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(before.status).toBe(200);
    await page.getByTestId('sign-out').click();
    await page.waitForURL((url) => url.pathname === '/sys_sso/login' && url.search === '');
    expect(await sessionToken(page)).toBeNull();
    const after = await fetch(`${baseURL()}/api/admin/account`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.status).toBe(401);
    await page.context().close();
  });

  it('the sidebar state survives a reload', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'control_admin');
    await page.waitForURL((url) => url.pathname === '/sys_supervise');
    await expect.poll(() => page.getByTestId('sidebar').getAttribute('data-open')).toBe('1');
    await page.getByTestId('hamburger').click();
    await expect.poll(() => page.getByTestId('sidebar').getAttribute('data-open')).toBe('0');
    expect(await page.evaluate(() => localStorage.getItem('sidebarStatus'))).toBe('0');
    await page.reload();
    await expect.poll(() => page.getByTestId('sidebar').getAttribute('data-open')).toBe('0');
    await page.getByTestId('hamburger').click();
    await page.reload();
    await expect.poll(() => page.getByTestId('sidebar').getAttribute('data-open')).toBe('1');
    await page.context().close();
  });

  it('an expired or revoked session says so and returns to sign-in', async () => {
    const page = await newPage(browser);
    await page.goto('/sys_sso/login');
    await page.evaluate(() => sessionStorage.setItem('drp.token', 'revoked-or-forged-token'));
    await expectSessionExpired(page, () => page.goto('/sys_joint'));
    await page.waitForURL('**/sys_sso/login?from=*');
    await page.context().close();
  });

  it('a hand-over code in the address signs the tab in and leaves the address', async () => {
    const first = await newPage(browser);
    await openSignedIn(first, 'joint_admin');
    await first.waitForURL((url) => url.pathname === '/sys_joint/projects');
    // A session token in the address signs nobody in (sign-in-handover.e2e.ts): a one-time code does.
    const code = await apiHandoverCode(baseURL(), (await sessionToken(first))!);
    await first.context().close();

    const page = await newPage(browser);
    await page.goto(`/sys_joint/projects?token=${code}`);
    await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain('林静');
    expect(page.url()).not.toContain('token=');
    await page.context().close();
  });

  it('unknown paths show the 404 page', async () => {
    const page = await newPage(browser);
    await page.goto('/no/such/page');
    await page.waitForURL('**/common/404');
    await expect.poll(() => page.getByText('抱歉，您访问的页面不存在。').count()).toBe(1);
    await page.context().close();
  });

  it('the language switch turns the whole frame English', async () => {
    const page = await newPage(browser);
    await page.goto('/sys_sso/login');
    await page.getByText('English').click();
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).count()).toBe(1);
    await signIn(page, 'survey_admin');
    await page.waitForURL((url) => url.pathname === '/sys_submit');
    await expect.poll(() => page.getByTestId('welcome').textContent()).toBe('Welcome, 周平');
    await expect.poll(() => page.getByTestId('sign-out').textContent()).toContain('Sign out');
    await expect.poll(() => page.getByTestId('org-switcher').textContent()).toContain('(Survey unit)');
    await page.context().close();
  });

  it('a password change takes effect: the old password fails, the new one works', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'design2_admin');
    await page.waitForURL((url) => url.pathname === '/sys_submit');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '修改密码', exact: true }).click();
    await page.waitForURL('**/sys_submit/password/modify');
    await page.locator('input#oldPassword').fill('Demo@2026');
    await page.locator('input#newPassword').fill('short');
    await page.locator('input#confirmPassword').fill('short');
    await page.getByRole('button', { name: /提\s*交/ }).click();
    await expect.poll(() => page.getByText('长度至少 8 位').count()).toBeGreaterThan(0);
    await page.locator('input#newPassword').fill('Xiang#Jiang2026');
    await page.locator('input#confirmPassword').fill('Xiang#Jiang2026');
    await page.getByRole('button', { name: /提\s*交/ }).click();
    await page.waitForURL((url) => url.pathname === '/sys_sso/login' && url.search === '');
    await expect.poll(() => page.getByText('密码已修改，请使用新密码重新登录').count()).toBe(1);
    await signIn(page, 'design2_admin');
    await expect.poll(() => page.getByTestId('login-error').textContent()).toContain('用户名或密码错误');
    await signIn(page, 'design2_admin', 'Xiang#Jiang2026');
    await page.waitForURL((url) => url.pathname === '/sys_submit');
    await page.context().close();
    // The demo password again, as the other files expect it: they share this server in any order.
    const session = await apiSession(baseURL(), 'design2_admin', 'Xiang#Jiang2026');
    await call(session, 'POST', '/api/admin/account/password', {
      oldPassword: 'Xiang#Jiang2026',
      newPassword: DEMO_PASSWORD,
    });
  });
});
