import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/accessibility';
import { baseURL, expectRefused, launchBrowser, newPage, openSignedIn, signIn } from './support/browser';

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

  it('详情 reads as a sentence with names, not JSON or ids', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'sysadmin', { to: '/sys_admin/ent' });
    const token = await page.evaluate(() => sessionStorage.getItem('drp.token'));
    // Disable and enable an organisation: its events name it.
    // The filters are query parameters (a body is ignored): other suites add organisations.
    const orgs = await fetch(
      `${baseURL()}/api/admin/company/pasau/getAllCompany?name=${encodeURIComponent('湘江新区开发建设有限公司')}&size=100`,
      { method: 'POST', headers: { authorization: `Bearer ${token}` } },
    );
    const { detail } = (await orgs.json()) as { detail: { items: { id: string; name: string }[] } };
    const org = detail.items.find((o) => o.name === '湘江新区开发建设有限公司')!;
    for (const enabled of [false, true]) {
      const res = await fetch(`${baseURL()}/api/admin/orgs/${org.id}/enabled`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ enabled }),
      });
      expect(res.status).toBe(200);
    }
    await page.goto('/sys_admin/audit');
    // The list of actions is long and scrolls virtually: search it, then pick.
    await page.getByTestId('audit-action').click();
    await page.keyboard.type('停用单位');
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .getByTitle('停用单位', { exact: true })
      .click();
    await expect
      .poll(() => page.getByTestId('audit-action').locator('.ant-select-content').textContent())
      .toBe('停用单位');
    const sentence = page.getByTestId('audit-sentence').first();
    await expect
      .poll(() => sentence.textContent())
      .toBe('系统管理员（sysadmin） 停用了单位「湘江新区开发建设有限公司」');
    const table = (await page.getByRole('table').textContent()) ?? '';
    expect(table).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-|[{}"]|ORG_DISABLED/);
    expect(await page.title()).toContain('审计日志');
    await expectAccessible(page, 'audit log with sentences');
    await page.context().close();
  });

  it('a malformed or unknown id in the address shows the 404 page', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'construct_admin', { to: '/sys_apply/not-a-uuid/workingDrawing' });
    await page.waitForURL((url) => url.pathname === '/common/404');
    await expect.poll(() => page.getByText('404').count()).toBeGreaterThan(0);
    expect(await page.content()).not.toMatch(/invalid uuid/i);
    await expectAccessible(page, '404 page');
    await page.context().close();

    // A record page outside a project: the registration a system admin reviews.
    const admin = await newPage(browser);
    await openSignedIn(admin, 'sysadmin', { to: '/sys_admin/ent/12345' });
    await admin.waitForURL((url) => url.pathname === '/common/404');
    await admin.goto('/sys_admin/ent/00000000-0000-4000-8000-000000000000');
    await admin.waitForURL((url) => url.pathname === '/common/404');
    await admin.context().close();
  });

  it('is not open to anyone else', async () => {
    const page = await newPage(browser);
    await expectRefused(page, () => openSignedIn(page, 'control_admin', { to: '/sys_admin/audit' }));
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
