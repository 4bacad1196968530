import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, openSignedIn } from './support/browser';

describe('enterprise directory', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('information staff add an enterprise, read it and correct its contact', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'info_staff');
    await page.waitForURL((url) => url.pathname === '/sys_info');
    await page.getByRole('menuitem', { name: '企业信息库' }).click();
    await page.getByTestId('add-org').click();
    await page.waitForURL((url) => url.pathname === '/sys_info/ent/add');
    // A directory entry has no administrator account to fill in.
    expect(await page.locator('input#admin_username').count()).toBe(0);

    await page.getByTestId('org-type').click();
    await page.getByTitle('设计单位').click();
    await page.locator('input#name').fill('广东省建筑设计研究院有限公司');
    await page.locator('input#creditCode').fill('91440000455858000T');
    await page.locator('#regionCode').click();
    await page.keyboard.type('越秀');
    await page
      .getByText(/广东省.*广州市.*越秀区/)
      .first()
      .click();
    await page.locator('input#address').fill('广州市越秀区流花路 97 号');
    await page.locator('input#legalRepresentative').fill('陈雄');
    await page.locator('input#contactName').fill('林工');
    await page.locator('input#contactPhone').fill('020-86681234');
    await page.locator('input#qualificationGrade').fill('甲级');
    await page.getByRole('button', { name: /提\s*交/ }).click();
    const failed = await page.getByText('统一社会信用代码不正确').count();
    expect(failed).toBe(0);
    await page.waitForURL((url) => url.pathname === '/sys_info/ent');

    await page.getByRole('link', { name: '广东省建筑设计研究院有限公司' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sys_info/ent/detail/'));
    await expect.poll(() => page.getByTestId('org-detail').textContent()).toContain('广东省/广州市/越秀区');
    await expect
      .poll(() => page.getByTestId('org-detail').textContent())
      .toContain('仅登记信息，暂无平台账号');

    await page.getByRole('button', { name: '编辑' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sys_info/ent/add/'));
    await expect.poll(() => page.locator('input#contactPhone').inputValue()).toBe('020-86681234');
    await page.locator('input#contactPhone').fill('020-86689999');
    await page.getByRole('button', { name: /提\s*交/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sys_info/ent/detail/'));
    await expect.poll(() => page.getByTestId('org-detail').textContent()).toContain('林工 · 020-86689999');
    await page.context().close();
  });
});
