import type { Browser } from 'playwright-core';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedDrawings } from './support/accepted-drawings';
import { expectAccessible } from './support/accessibility';
import { launchBrowser, newPage, openSignedIn } from './support/browser';

describe('working-day calendar', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("the system admin enters 2027's notice by pasting it, is stopped on a weekday marked worked, and sees the year listed", async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'sysadmin', { to: '/sys_admin' });
    await page.getByRole('menuitem', { name: '工作日历' }).click();
    await page.waitForURL((url) => url.pathname === '/sys_admin/calendar');
    // The published years are there; 2027 is not yet.
    await expect.poll(() => page.getByRole('row', { name: /^2026/ }).count()).toBe(1);
    expect(await page.getByRole('row', { name: /^2027/ }).count()).toBe(0);

    await page.getByRole('button', { name: '录入新年度' }).click();
    await page.getByLabel('年份').fill('2027');
    await page.getByLabel('通知标题').fill('国务院办公厅关于2027年部分节假日安排的通知');
    await page
      .getByLabel('粘贴文本')
      .fill(
        [
          '2027-01-01 放假 元旦',
          '2027-02-06~2027-02-12 放假 春节',
          '2027-02-20 上班 春节',
          '2027-02-22 上班 春节',
        ].join('\n'),
      );
    await page.getByRole('button', { name: '加入下表' }).click();
    await expect.poll(() => page.getByText('共 8 天放假，2 天调休上班').count()).toBe(1);
    await page.getByRole('button', { name: /^保\s*存$/ }).click();
    const alert = page.getByRole('alert').filter({ hasText: '2027-02-22不是周六或周日' });
    await expect.poll(() => alert.count()).toBe(1);
    await expectAccessible(page, 'calendar entry form with an error');

    await page.getByRole('button', { name: '删除此行 4' }).click();
    await page.getByRole('button', { name: /^保\s*存$/ }).click();

    const row = page.getByRole('row', { name: /^2027 国务院办公厅/ });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.textContent()).toContain('系统管理员');
    // The saved year opens: its days, and as months.
    await expect.poll(() => page.getByRole('cell', { name: '2027-02-20', exact: true }).count()).toBe(1);
    await page.getByText('月历').click();
    await expect.poll(() => page.locator('caption').count()).toBe(12);
    expect(await page.getByTitle('2027-02-20 春节').textContent()).toBe('20班');
    await expectAccessible(page, 'calendar with 2027 entered');
    await page.context().close();
  });

  it("the agency sees an accepted application's review clock beside its drawings", async () => {
    const doc = await PDFDocument.create();
    doc.addPage([1191, 842]);
    const pdf = Buffer.from(await doc.save());
    const accepted = await acceptedDrawings({
      name: `审查时限展示项目${Date.now() % 100000}`,
      building: '1号楼',
      drawings: [{ name: '建施-01.pdf', bytes: pdf }],
      survey: { name: '勘察报告.pdf', bytes: pdf },
    });
    const page = await newPage(browser);
    await openSignedIn(page, 'censor_admin', {
      to: `/sys_audit/${accepted.org.censor}/${accepted.project.id}/workingDrawingList`,
    });
    const card = page.locator('.ant-card').filter({ hasText: '审查时限' });
    await expect.poll(() => card.count()).toBe(1);
    // Accepted today: the day of acceptance does not count.
    await expect.poll(() => card.textContent()).toMatch(/施工图审查.*已用 0 \/ 1[05] 个工作日/);
    expect(await card.textContent()).toContain('勘察文件审查');
    await expectAccessible(page, 'review clock card', { include: '.ant-card' });
    await page.context().close();
  }, 180_000);
});
