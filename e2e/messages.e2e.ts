import { randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCodeCheckChar } from '@drp/domain';
import { DEMO_PASSWORD, baseURL, launchBrowser, newPage, openSignedIn, signIn } from './support/browser';
import { apiSignIn, applyForRegistration, approveRegistration } from './support/server';
import { bellCount } from './support/bell';

/**
 * The messages of the top bar, on the single PGlite server, told through the approval of an
 * enterprise registration: a notice to the new organisation (nothing to do, so under 通知, never
 * 已办). Each test registers an organisation of its own, so tests do not see each other's messages.
 * To-dos (addressed, opened, settled, 已办) are e2e/todos.e2e.ts.
 */

let serial = 0;
/** A valid GB 32100 credit code, random so that it is not one another test uses. */
function uniqueCreditCode(): string {
  for (;;) {
    const first17 = `91430111MA${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
    const check = creditCodeCheckChar(first17);
    if (check) return `${first17}${check}`;
  }
}

interface NewOrg {
  orgId: string;
  name: string;
  username: string;
  password: string;
}

/** An enterprise registers (through the public API) and the system admin approves it. */
async function approvedOrg(sysadminToken: string): Promise<NewOrg> {
  const tag = `${Date.now().toString(36)}${++serial}`;
  const org = {
    orgType: 'DESIGN' as const,
    name: `长沙市消息测试设计有限公司${tag}`,
    creditCode: uniqueCreditCode(),
    username: `msg_${tag}`,
    password: 'Xiao#Xi2026',
  };
  const applicationId = await applyForRegistration(baseURL(), org);
  const orgId = await approveRegistration(baseURL(), sysadminToken, applicationId);
  return { orgId, name: org.name, username: org.username, password: org.password };
}

async function signInTo(page: Page, username: string, password: string, area: string) {
  await openSignedIn(page, username, { password });
  await page.waitForURL((url) => url.pathname === area);
}

const popover = (page: Page) => page.getByTestId('message-popover');
const items = (page: Page) => popover(page).getByTestId('message-item');
const segments = (page: Page) => popover(page).locator('.ant-segmented-item-label').allTextContents();
const toasts = (page: Page) => page.locator('.ant-message-notice').allTextContents();

async function openPopover(page: Page) {
  await page.getByTestId('message-bell').click();
  await popover(page).waitFor({ state: 'visible' });
  // The list has loaded once the spinner is gone.
  await expect.poll(() => popover(page).locator('.ant-spin').count(), { timeout: 5_000 }).toBe(0);
}

const approvalText = (name: string) =>
  `「${name}」的注册申请已通过审核，欢迎使用平台。请在企业后台添加本单位人员。`;

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
  await page.locator('input#oldPassword').fill(password);
  await page.locator('input#newPassword').fill(newPassword);
  await page.locator('input#confirmPassword').fill(newPassword);
  await page.getByRole('button', { name: /提\s*交/ }).click();
  await page.waitForURL((url) => url.pathname === '/sys_sso/login' && url.search === '');
  await signIn(page, username, newPassword);
  await page.waitForURL((url) => url.pathname === area);
}

describe('to-do messages', () => {
  let browser: Browser;
  let sysadmin: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    sysadmin = await apiSignIn(baseURL(), 'sysadmin', DEMO_PASSWORD);
  });
  afterAll(() => browser?.close());

  it('an approved registration waits as a notice for the new admin and leads to the back office', async () => {
    const org = await approvedOrg(sysadmin);
    const page = await newPage(browser);
    await signInTo(page, org.username, org.password, '/sys_submit');
    await expect.poll(() => bellCount(page), { timeout: 5_000 }).toBe(1);

    await openPopover(page);
    // A welcome asks nothing of anyone: a notice, shown first since nothing is to do.
    expect(await segments(page)).toEqual(['待办 (0)', '已办 (0)', '通知 (1)']);
    await expect
      .poll(() => popover(page).getByTestId('message-live').textContent(), { timeout: 5_000 })
      .toBe('新消息实时送达');
    // Once it has finished zooming in.
    await expect.poll(async () => (await popover(page).boundingBox())?.width).toBe(315);
    expect(await items(page).count()).toBe(1);
    const item = items(page).first();
    expect(await item.getAttribute('data-read')).toBe('false');
    expect(await item.locator('.ant-tag').textContent()).toBe('注册申请已通过');
    expect(await item.locator('time').textContent()).toBe('刚刚');
    expect(await item.textContent()).toContain(approvalText(org.name));
    expect(await item.getAttribute('data-state')).toBe('notice');

    await popover(page).getByText('待办 (0)').click();
    await expect.poll(() => items(page).count()).toBe(0);
    expect(await popover(page).getByText('暂无待办').count()).toBe(1);
    await popover(page).getByText('已办 (0)').click();
    await expect.poll(() => items(page).count()).toBe(0);
    expect(await popover(page).getByText('暂无已办').count()).toBe(1);
    await popover(page).getByText('通知 (1)').click();
    await expect.poll(() => items(page).count()).toBe(1);

    await items(page).first().click();
    await page.waitForURL((url) => url.pathname === `/sys_submit/admin/user/${org.orgId}`);
    await expect.poll(() => page.getByRole('row', { name: new RegExp(org.username) }).count()).toBe(1);
    await expect.poll(() => bellCount(page), { timeout: 5_000 }).toBe(0);

    await openPopover(page);
    // Read, the notice stays under 通知; nothing moved to 已办, which is for work done.
    expect(await segments(page)).toEqual(['待办 (0)', '已办 (0)', '通知 (1)']);
    await popover(page).getByText('通知 (1)').click();
    await expect.poll(() => items(page).count()).toBe(1);
    expect(await items(page).first().getAttribute('data-read')).toBe('true');
    expect(await items(page).first().textContent()).toContain(approvalText(org.name));
    await popover(page).getByText('待办 (0)').click();
    await expect.poll(() => items(page).count()).toBe(0);

    // Read stays read: the server keeps it.
    await page.reload();
    await openPopover(page);
    expect(await segments(page)).toEqual(['待办 (0)', '已办 (0)', '通知 (1)']);
    await popover(page).getByText('通知 (1)').click();
    expect(await items(page).first().getAttribute('data-read')).toBe('true');
    expect(await bellCount(page)).toBe(0);
    await page.context().close();
  });

  it('each person of the organisation has their own read state; other organisations see nothing', async () => {
    const org = await approvedOrg(sysadmin);
    // The admin follows the message to the back office and adds a colleague there.
    const admin = await newPage(browser);
    await signInTo(admin, org.username, org.password, '/sys_submit');
    await openPopover(admin);
    await items(admin).first().click();
    await admin.waitForURL((url) => url.pathname === `/sys_submit/admin/user/${org.orgId}`);
    await expect.poll(() => bellCount(admin), { timeout: 5_000 }).toBe(0);
    const colleague = `${org.username}_2`;
    await admin.getByTestId('add-member').click();
    await admin.locator('input#username').fill(colleague);
    await admin.locator('input#name').fill('唐芳');
    await admin.locator('input#phone').fill('13912345678');
    await admin.locator('input#password').fill('Tang#Fang2026');
    await admin.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect.poll(() => admin.getByRole('row', { name: new RegExp(colleague) }).count()).toBe(1);

    // The colleague joined after the message was sent and still has it to do.
    const member = await newPage(browser);
    await firstSignIn(member, '/sys_submit', colleague, 'Tang#Fang2026', 'Tang#Fang2027');
    await expect.poll(() => bellCount(member), { timeout: 5_000 }).toBe(1);
    await openPopover(member);
    expect(await segments(member)).toEqual(['待办 (0)', '已办 (0)', '通知 (1)']);
    expect(await items(member).first().getAttribute('data-read')).toBe('false');
    expect(await items(member).first().textContent()).toContain(approvalText(org.name));
    await admin.reload();
    await openPopover(admin);
    expect(await segments(admin)).toEqual(['待办 (0)', '已办 (0)', '通知 (1)']);
    await popover(admin).getByText('通知 (1)').click();
    expect(await items(admin).first().getAttribute('data-read')).toBe('true');

    // Another design organisation is not told.
    const outsider = await newPage(browser);
    await signInTo(outsider, 'design_admin', DEMO_PASSWORD, '/sys_submit');
    await openPopover(outsider);
    expect((await segments(outsider))[0]).toMatch(/^待办 \(\d+\)$/);
    expect(await popover(outsider).getByText(org.name).count()).toBe(0);
    await admin.context().close();
    await member.context().close();
    await outsider.context().close();
  });

  it('in English the popover, the type and the time are English', async () => {
    const org = await approvedOrg(sysadmin);
    const page = await newPage(browser, 'en-US');
    await page.goto('/sys_sso/login');
    await page.getByText('English', { exact: true }).click();
    await signIn(page, org.username, org.password);
    await page.waitForURL((url) => url.pathname === '/sys_submit');
    await expect.poll(() => bellCount(page), { timeout: 5_000 }).toBe(1);
    await openPopover(page);
    expect(await segments(page)).toEqual(['To do (0)', 'Done (0)', 'Notices (1)']);
    const item = items(page).first();
    expect(await item.locator('.ant-tag').textContent()).toBe('Registration approved');
    expect(await item.locator('time').textContent()).toBe('just now');
    expect(await item.textContent()).toContain(
      `The registration of "${org.name}" was approved. Welcome! Add your colleagues in the back office.`,
    );
    await expect
      .poll(() => popover(page).getByTestId('message-live').textContent(), { timeout: 5_000 })
      .toBe('New messages arrive live');
    await page.context().close();
  });

  it('switching the language in the top bar rewrites the message text too', async () => {
    const org = await approvedOrg(sysadmin);
    const page = await newPage(browser);
    await openSignedIn(page, org.username, { password: org.password });
    await page.waitForURL((url) => url.pathname === '/sys_submit');
    await openPopover(page);
    expect(await items(page).first().textContent()).toContain(approvalText(org.name));
    await page.keyboard.press('Escape');
    await page.getByTestId('language').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await openPopover(page);
    await expect
      .poll(() => items(page).first().textContent(), { timeout: 5_000 })
      .toContain(`The registration of "${org.name}" was approved.`);
    await page.context().close();
  });

  it('a list that fails to load says why, and loads on retry', async () => {
    const page = await newPage(browser);
    const failing = (url: URL) => url.pathname === '/api/message/messages';
    await page.route(failing, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'INTERNAL_ERROR', message: '服务器内部错误，请稍后再试' }),
      }),
    );
    await signInTo(page, 'design_user', DEMO_PASSWORD, '/sys_submit');
    const text = '获取待办列表失败 服务器内部错误，请稍后再试';
    // Told once by a toast (after the automatic retries)...
    await expect.poll(() => toasts(page), { timeout: 15_000 }).toContain(text);
    // ...and inside the popover, where the list would be.
    await page.getByTestId('message-bell').click();
    await popover(page).waitFor({ state: 'visible' });
    const alert = popover(page).getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain(text);

    await page.unroute(failing);
    await alert.getByRole('button', { name: /重\s*试/ }).click();
    await expect.poll(() => alert.count(), { timeout: 5_000 }).toBe(0);
    expect((await segments(page))[0]).toMatch(/^待办 \(\d+\)$/);
    await page.context().close();
  });

  it('a message that cannot be marked read says why and stays to do', async () => {
    const org = await approvedOrg(sysadmin);
    const page = await newPage(browser);
    await signInTo(page, org.username, org.password, '/sys_submit');
    await expect.poll(() => bellCount(page), { timeout: 5_000 }).toBe(1);
    const isRead = (url: URL) => /^\/api\/message\/messageReceivers\/[^/]+\/read$/.test(url.pathname);
    const failReads = (message: string) =>
      page.route(isRead, (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'X', message }),
        }),
      );

    await failReads('服务繁忙');
    await openPopover(page);
    await items(page).first().click();
    await expect.poll(() => toasts(page), { timeout: 5_000 }).toContain('操作失败：服务繁忙');
    await expect.poll(() => items(page).first().isEnabled()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/sys_submit');
    expect(await items(page).first().getAttribute('data-read')).toBe('false');
    expect(await segments(page)).toEqual(['待办 (0)', '已办 (0)', '通知 (1)']);

    // Without a reason from the server, just the failure, with no colon after it.
    await page.unroute(isRead);
    await failReads('');
    await items(page).first().click();
    await expect.poll(() => toasts(page), { timeout: 5_000 }).toContain('操作失败');
    await expect.poll(() => items(page).first().isEnabled()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/sys_submit');
    expect(await items(page).first().getAttribute('data-read')).toBe('false');

    // Still unread on the server: a fresh page counts it.
    await page.unroute(isRead);
    await page.reload();
    await expect.poll(() => bellCount(page), { timeout: 5_000 }).toBe(1);
    await page.context().close();
  });

  it('while the live stream is blocked the popover says it polls, and goes live once the stream is back', async () => {
    const page = await newPage(browser);
    let attempts = 0;
    const events = (url: URL) => url.pathname === '/api/message/events';
    await page.route(events, (route) => {
      attempts++;
      return route.abort();
    });
    await signInTo(page, 'design_user', DEMO_PASSWORD, '/sys_submit');
    await openPopover(page);
    // Refused once, and tried again 5 s later.
    await expect.poll(() => attempts, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(await popover(page).getByTestId('message-live').textContent()).toBe(
      '实时推送已中断，每 15 秒刷新一次',
    );
    await page.unroute(events);
    await expect
      .poll(() => popover(page).getByTestId('message-live').textContent(), { timeout: 25_000 })
      .toBe('新消息实时送达');
    await page.context().close();
  }, 60_000);
});
