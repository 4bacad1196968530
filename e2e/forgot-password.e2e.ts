import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, baseURL, launchBrowser, newPage, openSignedIn, signIn } from './support/browser';
import { expectAccessible } from './support/accessibility';
import { apiSession, call } from './support/project-api';
import { apiSignIn } from './support/server';

/**
 * 忘记密码 end to end: the person asks on the sign-in page, the organisation's admin finds the
 * request in the back office and issues a one-time password, the person signs in with it and must
 * choose a new one. The account is this test's own, so the demo accounts stay as other suites expect.
 */
describe('forgotten password', () => {
  let browser: Browser;
  const person = { username: 'e2e_forgetful', name: '易忘', first: 'Yi#Wang2026', own: 'Yi#Wang2027' };

  beforeAll(async () => {
    browser = await launchBrowser();
    // A surveyor added by the admin, who has chosen their own password since.
    const admin = await apiSession(baseURL(), 'survey_admin', DEMO_PASSWORD);
    await call(admin, 'POST', `/api/admin/orgs/${admin.orgId}/members`, {
      mode: 'new',
      username: person.username,
      name: person.name,
      phone: '13907316666',
      password: person.first,
      profiles: ['DATA_UPLOAD'],
    });
    const token = await apiSignIn(baseURL(), person.username, person.first);
    await call({ baseURL: baseURL(), token }, 'POST', '/api/admin/account/password', {
      oldPassword: person.first,
      newPassword: person.own,
    });
  });
  afterAll(() => browser?.close());

  it('the sign-in page leads to the request, which reaches the admin; the one-time password must be replaced', async () => {
    const page = await newPage(browser);
    await page.goto('/sys_sso/login');
    await expect
      .poll(() => page.getByRole('link', { name: '返回门户首页' }).getAttribute('href'))
      .toBe('/sys_out_sys/home');
    await page.getByRole('link', { name: '忘记密码' }).click();
    await page.waitForURL((url) => url.pathname === '/sys_sso/forgotPassword');
    await expect.poll(() => page.title()).toContain('忘记密码');
    await expect.poll(() => page.getByText('平台不发送邮件或短信').count()).toBe(1);
    await expectAccessible(page, 'forgotten password form');

    // Nothing is sent without a username.
    await page.getByRole('button', { name: /提交申请/ }).click();
    await expect.poll(() => page.getByText('请输入用户名').count()).toBe(1);
    await page.locator('input#username').fill(person.username);
    await page.getByRole('button', { name: /提交申请/ }).click();
    await expect.poll(() => page.getByTestId('forgot-done').textContent()).toContain('申请已提交');
    expect(await page.getByTestId('forgot-done').textContent()).toContain('如果该账号存在');
    await expectAccessible(page, 'request sent');

    // The admin's back office marks the person; issuing the password settles the request.
    const admin = await newPage(browser);
    await openSignedIn(admin, 'survey_admin');
    await admin.waitForURL((url) => url.pathname === '/sys_submit');
    await admin.getByTestId('back-office').click();
    await admin.waitForURL((url) => url.pathname.startsWith('/sys_submit/admin/user/'));
    const row = admin.getByRole('row', { name: new RegExp(person.username) });
    await expect.poll(() => row.getByTestId('reset-requested').textContent()).toBe('申请重置密码');
    await expectAccessible(admin, 'back office with a reset request', { include: '.area-content' });
    await row.getByTestId(`reset-${person.username}`).click();
    await admin.getByRole('button', { name: /确\s*定/ }).click();
    const temporary = (await admin.getByTestId('temporary-password').textContent())!.trim();
    expect(temporary).toMatch(/^\S{14}$/);
    await expectAccessible(admin, 'one-time password shown once', { include: '.ant-modal' });
    await admin.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => row.getByTestId('reset-requested').count()).toBe(0);

    // The old password no longer opens the account; the one-time one leads straight to a change.
    await page.goto('/sys_sso/login');
    await signIn(page, person.username, person.own);
    await expect.poll(() => page.getByTestId('login-error').textContent()).toContain('用户名或密码错误');
    await page.locator('input#username').fill('');
    await signIn(page, person.username, temporary);
    await page.waitForURL((url) => url.pathname === '/sys_submit/password/modify');
    await expect.poll(() => page.getByText('您的密码已超过有效期，请立即修改密码').count()).toBe(1);
    await page.locator('input#oldPassword').fill(temporary);
    await page.locator('input#newPassword').fill('Yi#Wang2028');
    await page.locator('input#confirmPassword').fill('Yi#Wang2028');
    await page.getByRole('button', { name: /提\s*交/ }).click();
    await page.waitForURL((url) => url.pathname === '/sys_sso/login' && url.search === '');
    await signIn(page, person.username, 'Yi#Wang2028');
    await page.waitForURL((url) => url.pathname === '/sys_submit');
    await admin.context().close();
    await page.context().close();
  });

  it('answers an unknown username exactly as a known one', async () => {
    const page = await newPage(browser);
    await page.goto('/sys_sso/forgotPassword');
    await page.locator('input#username').fill('nobody_by_this_name');
    await page.locator('input#orgName').fill('不存在的单位');
    await page.getByRole('button', { name: /提交申请/ }).click();
    await expect.poll(() => page.getByTestId('forgot-done').textContent()).toContain('申请已提交');
    await page.getByRole('link', { name: /返回登录/ }).click();
    await page.waitForURL((url) => url.pathname === '/sys_sso/login');
    await page.context().close();
  });
});
