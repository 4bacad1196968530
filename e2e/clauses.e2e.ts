import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/accessibility';
import { launchBrowser, newPage, openSignedIn } from './support/browser';

const HEADER = 'number,title,titleEn,specialty,mandatory,text';

describe('clause library', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('the system admin adds a standard and imports its clauses from a CSV, a bad file refused whole', async () => {
    // Runs share one server: a code of its own each time.
    const code = `DBJ43/T ${String(Date.now() % 100000).padStart(5, '0')}-2026`;
    const page = await newPage(browser);
    await openSignedIn(page, 'sysadmin', { to: '/sys_admin' });
    await page.getByRole('menuitem', { name: '规范条文库' }).click();
    await page.waitForURL((url) => url.pathname === '/sys_admin/standards');
    // The seeded general codes are there, energy saving among them.
    await expect.poll(() => page.getByRole('row', { name: /GB 55015-2021/ }).count()).toBe(1);

    await page.getByRole('button', { name: '新增规范' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('标准编号').fill(code);
    await dialog.getByLabel('标准名称', { exact: true }).fill('湖南省施工图审查测试标准');
    await dialog.getByLabel('英文名称').fill('Hunan drawing review test standard');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByRole('link', { name: code, exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sys_admin/standards/'));
    await expect.poll(() => page.getByText('该规范尚无条文').count()).toBe(1);

    const file = page.locator('input[type=file]');
    // A bad row: shown in the preview with its row, and nothing can be sent.
    await file.setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `${HEADER}\n3.0.1,防火分区,Fire compartments,FIRE_PROTECTION,true,\n3.0.2,疏散,Evacuation,NO_SUCH,false,\n`,
      ),
    });
    const problem = page.getByRole('row', { name: /专业代码“NO_SUCH”不存在/ });
    await expect.poll(() => problem.count()).toBe(1);
    expect(await problem.textContent()).toContain('3');
    expect(await page.getByRole('button', { name: /^导\s*入$/ }).count()).toBe(0);

    await file.setInputFiles({
      name: 'clauses.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `\uFEFF${HEADER}\n3.0.1,防火分区面积不应超过规定值,Fire compartments shall not exceed the limits,FIRE_PROTECTION,true,"防火分区的最大允许建筑面积应符合规定。"\n3.0.2,疏散宽度,Evacuation width,FIRE_PROTECTION,false,\n`,
      ),
    });
    await expect.poll(() => page.getByText('2 条待导入，检查无误').count()).toBe(1);
    await page.getByRole('button', { name: /^导\s*入$/ }).click();
    const mandatory = page.getByRole('row', { name: /3\.0\.1.*防火分区面积不应超过规定值/ });
    await expect.poll(() => mandatory.count()).toBe(1);
    expect(await mandatory.textContent()).toContain('强条');
    await expect.poll(() => page.getByRole('row', { name: /3\.0\.2.*疏散宽度/ }).count()).toBe(1);
    expect(await page.title()).toContain('规范条文');
    await expectAccessible(page, 'a standard with its imported clauses');

    await page.getByRole('link', { name: '返回规范列表' }).click();
    const listed = page.getByRole('row').filter({ has: page.getByRole('link', { name: code, exact: true }) });
    // The clause count column.
    await expect.poll(() => listed.getByRole('cell').nth(5).textContent()).toBe('2');
    // The back link sat where the add button now is: measure the button at rest, not hovered.
    await page.mouse.move(0, 0);
    await expectAccessible(page, 'the standards of the clause library');

    // The clause picker, by keyboard: words find the seeded general code's clause, 强条 marked.
    await page.getByRole('combobox', { name: '查找条文' }).focus();
    await page.keyboard.type('耐久性');
    const option = page.locator('.ant-select-item-option', { hasText: 'GB 55001-2021 第2.1.1条' });
    await expect.poll(() => option.count()).toBe(1);
    // The first page before the words were searched is shown until the answer comes: wait for it.
    const shown = page.locator('.ant-select-item-option-active');
    await expect.poll(() => shown.textContent()).toContain('GB 55001-2021 第2.1.1条');
    expect(await shown.textContent()).toContain('强条');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname !== '/sys_admin/standards');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: /GB 55001-2021/ }).count()).toBe(1);
    await page.context().close();
  });
});
