import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './support/browser';

/**
 * The organisation back office. These tests change only accounts they create, so the demo
 * accounts stay as the other suites expect them.
 */
async function openBackOffice(page: Page, admin: string, area: string) {
  await page.goto('/sys_sso/login');
  await signIn(page, admin);
  await page.waitForURL((url) => url.pathname === area);
  await page.getByTestId('back-office').click();
  await page.waitForURL((url) => url.pathname.startsWith(`${area}/admin/user/`));
  await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(1);
}

async function addNewAccount(page: Page, person: { username: string; name: string; password: string }) {
  await page.getByTestId('add-member').click();
  await page.locator('input#username').fill(person.username);
  await page.locator('input#name').fill(person.name);
  await page.locator('input#phone').fill('13912345678');
  await page.locator('input#password').fill(person.password);
  await page.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect.poll(() => page.getByRole('row', { name: new RegExp(person.username) }).count()).toBe(1);
}

/** First sign-in with a password someone else chose: the platform sends the person to change it. */
async function firstSignIn(
  page: Page,
  area: string,
  username: string,
  password: string,
  newPassword: string,
) {
  await page.goto('/sys_sso/login');
  await signIn(page, username, password);
  await page.waitForURL((url) => url.pathname === `${area}/password/modify`);
  await expect.poll(() => page.getByText('您的密码已超过有效期，请立即修改密码').count()).toBe(1);
  await page.locator('input#oldPassword').fill(password);
  await page.locator('input#newPassword').fill(newPassword);
  await page.locator('input#confirmPassword').fill(newPassword);
  await page.getByRole('button', { name: /提\s*交/ }).click();
  await page.waitForURL((url) => url.pathname === '/sys_sso/login' && url.search === '');
  await signIn(page, username, newPassword);
  await page.waitForURL((url) => url.pathname === area);
}

describe('organisation back office', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('an agency admin adds a reviewer with a profile, who then works in /sys_audit', async () => {
    const admin = await newPage(browser);
    await openBackOffice(admin, 'censor_admin', '/sys_audit');
    await admin.getByTestId('add-member').click();
    // Only the profiles a review agency may hold are offered.
    await expect
      .poll(() => admin.locator('.ant-modal .ant-checkbox-wrapper').allTextContents())
      .toEqual(['审查管理员', '审查负责人', '审查人员', '审查打印']);
    await admin
      .locator('.ant-modal')
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await addNewAccount(admin, { username: 'e2e_reviewer', name: '彭涛', password: 'Peng#Tao2026' });
    // Keep only the reviewer profile.
    const row = admin.getByRole('row', { name: /e2e_reviewer/ });
    await row.getByRole('button', { name: '编辑权限' }).click();
    for (const other of ['审查管理员', '审查负责人', '审查打印'])
      await admin.locator('.ant-modal .ant-checkbox-wrapper', { hasText: other }).click();
    await admin.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect.poll(() => row.locator('.ant-tag').allTextContents()).toEqual(['审查人员', '正常']);

    const reviewer = await newPage(browser);
    await firstSignIn(reviewer, '/sys_audit', 'e2e_reviewer', 'Peng#Tao2026', 'Peng#Tao2027');
    await expect.poll(() => reviewer.getByTestId('welcome').textContent()).toContain('彭涛');
    await expect.poll(() => reviewer.getByText('审查人员').count()).toBeGreaterThan(0);
    await admin.context().close();
    await reviewer.context().close();
  });

  it('a member disabled by the admin loses access at once', async () => {
    const admin = await newPage(browser);
    await openBackOffice(admin, 'design_admin', '/sys_submit');
    await addNewAccount(admin, { username: 'e2e_drafter', name: '邓洁', password: 'Deng#Jie2026' });

    const drafter = await newPage(browser);
    await firstSignIn(drafter, '/sys_submit', 'e2e_drafter', 'Deng#Jie2026', 'Deng#Jie2027');

    const row = admin.getByRole('row', { name: /e2e_drafter/ });
    await row.getByRole('button', { name: '停用' }).click();
    await admin.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => row.locator('.ant-tag').allTextContents()).toEqual(['资料上传', '已停用']);

    // The very next page the drafter opens no longer admits them.
    await drafter.reload();
    await expect.poll(() => drafter.getByText('您没有权限。').count()).toBe(1);
    // After the 2-second guard message, home says why there is nothing to open.
    await expect
      .poll(() => drafter.getByText('您的账号尚未在任何单位中分配可用的权限，请联系单位管理员。').count(), {
        timeout: 10_000,
      })
      .toBe(1);
    await admin.context().close();
    await drafter.context().close();
  });

  it('a password reset ends the old session and hands over a one-time password', async () => {
    const admin = await newPage(browser);
    await openBackOffice(admin, 'survey_admin', '/sys_submit');
    await addNewAccount(admin, { username: 'e2e_surveyor', name: '谢宁', password: 'Xie#Ning2026' });
    const surveyor = await newPage(browser);
    await firstSignIn(surveyor, '/sys_submit', 'e2e_surveyor', 'Xie#Ning2026', 'Xie#Ning2027');

    await admin
      .getByRole('row', { name: /e2e_surveyor/ })
      .getByRole('button', { name: '重置密码' })
      .click();
    await admin.getByRole('button', { name: /确\s*定/ }).click();
    const temporary = (await admin.getByTestId('temporary-password').textContent())!.trim();
    expect(temporary).toMatch(/^\S{14}$/);

    await surveyor.reload();
    await expect.poll(() => surveyor.getByText('登录信息已过期，请重新登录').count()).toBe(1);
    await firstSignIn(surveyor, '/sys_submit', 'e2e_surveyor', temporary, 'Xie#Ning2028');
    await admin.context().close();
    await surveyor.context().close();
  });

  it("another organisation's admin cannot open the back office by changing the address", async () => {
    const owner = await newPage(browser);
    await openBackOffice(owner, 'censor_admin', '/sys_audit');
    const ownPath = new URL(owner.url()).pathname;
    await owner.context().close();

    const outsider = await newPage(browser);
    await openBackOffice(outsider, 'censor2_admin', '/sys_audit');
    await outsider.goto(ownPath);
    await expect
      .poll(() => outsider.getByTestId('members-error').textContent())
      .toContain('请求的资源不存在');
    expect(await outsider.getByText('张伟').count()).toBe(0);
    await outsider.context().close();
  });

  it('a plain member sees no back-office link', async () => {
    const page = await newPage(browser);
    await page.goto('/sys_sso/login');
    await signIn(page, 'censor_director');
    await page.waitForURL((url) => url.pathname === '/sys_audit');
    await expect.poll(() => page.getByTestId('welcome').count()).toBe(1);
    expect(await page.getByTestId('back-office').count()).toBe(0);
    await page.context().close();
  });
});
