import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, openSignedIn, signIn } from './support/browser';

describe('audit log', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('the system admin sees failed sign-ins in plain words and can filter them', async () => {
    const page = await newPage(browser);
    await page.goto('/sys_sso/login');
    await signIn(page, 'no_such_person', 'whatever');
    await expect.poll(() => page.getByTestId('login-error').count()).toBe(1);
    await signIn(page, 'sysadmin');
    await page.waitForURL((url) => url.pathname === '/sys_admin');
    await page.getByRole('menuitem', { name: '审计日志' }).click();
    await page.waitForURL((url) => url.pathname === '/sys_admin/audit');

    const failed = page.getByRole('row', { name: /no_such_person/ });
    await expect.poll(() => failed.count()).toBe(1);
    await expect.poll(() => failed.textContent()).toContain('登录失败');
    await expect.poll(() => failed.textContent()).toContain('用户名不存在');

    await page.getByTestId('audit-action').click();
    await page.getByTitle('登录成功').click();
    await expect.poll(() => page.getByRole('row', { name: /no_such_person/ }).count()).toBe(0);
    await expect.poll(() => page.getByRole('row', { name: /sysadmin/ }).count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('is not open to anyone else', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'control_admin', { to: '/sys_admin/audit' });
    await expect.poll(() => page.getByText('您没有权限。').count()).toBe(1);
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/admin/audit-events', {
        headers: { authorization: `Bearer ${sessionStorage.getItem('drp.token')}` },
      });
      return res.status;
    });
    expect(status).toBe(403);
    await page.context().close();
  });
});
