import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCodeCheckChar } from '@drp/domain';
import { launchBrowser, newPage, openSignedIn, signIn } from './support/browser';
import { choose } from './support/select';

const code = (first17: string) => `${first17}${creditCodeCheckChar(first17)}`;
const MINIMAL_PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

async function fillApplication(
  page: Page,
  a: { name: string; creditCode: string; username: string; password: string; licence: string },
) {
  await page.getByTestId('org-type').click();
  await page.getByTitle('设计单位').click();
  await page.locator('input#name').fill(a.name);
  await page.locator('input#creditCode').fill(a.creditCode);
  await page.locator('#regionCode').click();
  await page.keyboard.type('雨花');
  await page
    .getByText(/湖南省.*长沙市.*雨花区/)
    .first()
    .click();
  await page.locator('input#address').fill('长沙市雨花区韶山中路 88 号');
  await page.locator('input#legalRepresentative').fill('唐明');
  await page.locator('input#contactName').fill('唐明');
  await page.locator('input#contactPhone').fill('13907318888');
  // The 资质 the user agreement makes the enterprise answer for.
  await choose(page, 'qualification-type', '工程设计行业资质');
  await choose(page, 'qualification-grade', '甲级');
  await page.getByTestId('qualification-no').fill('A143009988');
  await page.locator('input#qualificationValidUntil').fill('2030-12-31');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('input#qualificationValidUntil').inputValue()).toBe('2030-12-31');
  await page.locator('input[type=file]').setInputFiles(a.licence);
  await expect.poll(() => page.getByTestId('licence-name').count()).toBe(1);
  await page.locator('input#admin_username').fill(a.username);
  await page.locator('input#admin_name').fill('唐明');
  await page.locator('input#admin_phone').fill('13907318888');
  await page.locator('input#admin_password').fill(a.password);
  await page.locator('input#admin_confirmPassword').fill(a.password);
  await page.getByTestId('agreement').check();
}

async function review(browser: Browser, name: string, decide: (page: Page) => Promise<void>) {
  const page = await newPage(browser);
  await openSignedIn(page, 'sysadmin', { to: '/sys_admin/ent?tab=applications' });
  await page.getByRole('link', { name }).click();
  await page.waitForURL((url) => /^\/sys_admin\/ent\/[0-9a-f-]{36}$/.test(url.pathname));
  await expect
    .poll(() => page.getByTestId('application-detail').textContent())
    .toContain('湖南省/长沙市/雨花区');
  await expect.poll(() => page.locator('iframe').count()).toBe(1);
  await decide(page);
  await page.context().close();
}

describe('registration', () => {
  let browser: Browser;
  let licence: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    licence = path.join(os.tmpdir(), 'drp-e2e-licence.pdf');
    await writeFile(licence, MINIMAL_PDF);
  });
  afterAll(() => browser?.close());

  it('an enterprise registers, waits, is approved and then signs in to its area', async () => {
    const page = await newPage(browser);
    await page.goto('/sys_sso/login');
    await page.getByRole('link', { name: '企业注册' }).click();
    await page.waitForURL((url) => url.pathname === '/sys_sso/register');
    // The agreement must be accepted before anything is sent.
    await page.getByRole('button', { name: '提交注册申请' }).click();
    await expect.poll(() => page.getByText('请阅读并同意平台用户协议').count()).toBe(1);
    await fillApplication(page, {
      name: '长沙市雨花建筑设计有限公司',
      creditCode: code('91430111MA4T8Y2K1'),
      username: 'yuhua_admin',
      password: 'Yu#Hua2026',
      licence,
    });
    await page.getByRole('button', { name: '提交注册申请' }).click();
    await expect.poll(() => page.getByTestId('register-done').count()).toBe(1);

    await page.goto('/sys_sso/login');
    await signIn(page, 'yuhua_admin', 'Yu#Hua2026');
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toContain('您的注册申请正在审核中');

    await review(browser, '长沙市雨花建筑设计有限公司', async (admin) => {
      const detail = admin.getByTestId('application-detail');
      await expect.poll(() => detail.textContent()).toContain('工程设计行业资质');
      expect(await detail.textContent()).toContain('A143009988');
      expect(await admin.getByTestId('qualification-valid-until').textContent()).toBe('2030-12-31');
      await admin.getByTestId('approve').click();
      await admin.getByRole('button', { name: /确\s*定/ }).click();
      await admin.waitForURL((url) => url.pathname === '/sys_admin/ent');
    });

    await signIn(page, 'yuhua_admin', 'Yu#Hua2026');
    await page.waitForURL((url) => url.pathname === '/sys_submit');
    await expect.poll(() => page.getByTestId('current-org').textContent()).toBe('长沙市雨花建筑设计有限公司');
    await page.context().close();
  });

  it('a returned application is corrected and submitted again', async () => {
    const page = await newPage(browser);
    await page.goto('/sys_sso/register');
    await fillApplication(page, {
      name: '长沙市韶山路设计咨询有限公司',
      creditCode: code('91430111MA4T8Y2K2'),
      username: 'shaoshan_admin',
      password: 'Shao#Shan2026',
      licence,
    });
    await page.getByRole('button', { name: '提交注册申请' }).click();
    await expect.poll(() => page.getByTestId('register-done').count()).toBe(1);

    await review(browser, '长沙市韶山路设计咨询有限公司', async (admin) => {
      await admin.getByTestId('reject').click();
      await admin.locator('textarea#reason').fill('营业执照不清晰，请重新上传');
      await admin.locator('.ant-modal-footer .ant-btn-primary').click();
      await admin.waitForURL((url) => url.pathname === '/sys_admin/ent');
    });

    await page.goto('/sys_sso/login');
    await signIn(page, 'shaoshan_admin', 'Shao#Shan2026');
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toContain('营业执照不清晰，请重新上传');
    await page.getByTestId('resubmit-link').click();
    await page.waitForURL((url) => url.pathname === '/sys_sso/register');
    await expect.poll(() => page.locator('input#name').inputValue()).toBe('长沙市韶山路设计咨询有限公司');
    await page.locator('input[type=file]').setInputFiles(licence);
    await expect.poll(() => page.getByTestId('licence-name').count()).toBe(1);
    await page.locator('input#admin_password').fill('Shao#Shan2027');
    await page.locator('input#admin_confirmPassword').fill('Shao#Shan2027');
    await page.getByTestId('agreement').check();
    await page.getByRole('button', { name: '重新提交' }).click();
    await expect.poll(() => page.getByTestId('register-done').count()).toBe(1);

    await page.goto('/sys_sso/login');
    await signIn(page, 'shaoshan_admin', 'Shao#Shan2027');
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toContain('您的注册申请正在审核中');
    await page.context().close();
  });
});
