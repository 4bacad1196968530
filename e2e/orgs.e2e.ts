import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefused, launchBrowser, newPage, openSignedIn, signIn } from './support/browser';
import { expectAccessible } from './support/accessibility';

describe('organisation management', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('the system admin creates a joint-review body whose admin then works in /sys_joint, and disabling it locks them out', async () => {
    const admin = await newPage(browser);
    await openSignedIn(admin, 'sysadmin');
    await admin.waitForURL((url) => url.pathname === '/sys_admin');
    await admin.getByRole('menuitem', { name: '单位管理' }).click();
    await expect.poll(() => admin.getByRole('row').count()).toBeGreaterThan(5);
    await admin.getByTestId('add-org').click();
    await admin.waitForURL((url) => url.pathname === '/sys_admin/ent/add');

    await admin.getByTestId('org-type').click();
    await admin.getByTitle('联审部门').click();
    await admin.locator('input#name').fill('长沙市人民防空办公室');
    // A credit code with a wrong check character is caught before sending.
    await admin.locator('input#creditCode').fill('11430100MB1P2Q3R4X');
    await admin.locator('input#address').click();
    await expect
      .poll(() => admin.getByText('统一社会信用代码不正确（18 位，按 GB 32100 校验）').count())
      .toBe(1);
    await admin.locator('input#creditCode').fill('11430100MB1P2Q3R43');
    await admin.locator('#regionCode').click();
    await admin.keyboard.type('岳麓');
    await admin
      .getByText(/湖南省.*长沙市.*岳麓区/)
      .first()
      .click();
    await admin.locator('input#address').fill('长沙市岳麓区银杉路 31 号');
    await admin.locator('input#legalRepresentative').fill('罗建');
    await admin.locator('input#contactName').fill('罗建');
    await admin.locator('input#contactPhone').fill('0731-88665544');
    await admin.locator('input#admin_username').fill('rf_admin');
    await admin.locator('input#admin_name').fill('罗建');
    await admin.locator('input#admin_phone').fill('13907310001');
    await admin.locator('input#admin_password').fill('Ren#Fang2026');
    await admin.getByRole('button', { name: /提\s*交/ }).click();
    await admin.waitForURL((url) => url.pathname === '/sys_admin/ent');
    const row = admin.getByRole('row', { name: /长沙市人民防空办公室/ });
    await expect.poll(() => row.textContent()).toContain('湖南省/长沙市/岳麓区');

    const joint = await newPage(browser);
    await joint.goto('/sys_sso/login');
    await signIn(joint, 'rf_admin', 'Ren#Fang2026');
    await joint.waitForURL((url) => url.pathname === '/sys_joint/password/modify');
    await joint.locator('input#oldPassword').fill('Ren#Fang2026');
    await joint.locator('input#newPassword').fill('Ren#Fang2027');
    await joint.locator('input#confirmPassword').fill('Ren#Fang2027');
    await joint.getByRole('button', { name: /提\s*交/ }).click();
    await joint.waitForURL((url) => url.pathname === '/sys_sso/login' && url.search === '');
    await signIn(joint, 'rf_admin', 'Ren#Fang2027');
    await joint.waitForURL((url) => url.pathname === '/sys_joint/projects');
    await expect
      .poll(() => joint.getByTestId('org-switcher').textContent())
      .toContain('长沙市人民防空办公室');

    await row.getByRole('button', { name: '停用' }).click();
    await admin.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => row.textContent()).toContain('已停用');
    await expectRefused(joint, () => joint.reload());
    await admin.context().close();
    await joint.context().close();
  });

  it('marks the platform operator in the list and offers no second one in the form, both accessible', async () => {
    const admin = await newPage(browser);
    await openSignedIn(admin, 'sysadmin');
    await admin.waitForURL((url) => url.pathname === '/sys_admin');
    await admin.getByRole('menuitem', { name: '单位管理' }).click();
    // Other suites add organisations to the list; the housing bureaus are the 主管部门 type.
    await admin.getByTestId('org-type-filter').click();
    await admin.getByTitle('主管部门').click();
    const operator = admin.getByRole('row', { name: /湖南省住房和城乡建设厅/ });
    await expect.poll(() => operator.textContent()).toContain('平台运营单位');
    const bureau = admin.getByRole('row', { name: /长沙市住房和城乡建设局/ });
    await expect.poll(() => bureau.count()).toBe(1);
    expect(await bureau.textContent()).not.toContain('平台运营单位');
    await expectAccessible(admin, 'organisation list', {
      include: '.ant-layout-content',
      bestPractice: false,
    });

    await admin.getByTestId('add-org').click();
    await admin.waitForURL((url) => url.pathname === '/sys_admin/ent/add');
    await admin.getByTestId('org-type').click();
    await admin.getByTitle('主管部门').click();
    await expect.poll(() => admin.locator('input#name').count()).toBe(1);
    // The installation has its operator, so a new CONTROL organisation cannot be named one.
    expect(await admin.getByTestId('platform-operator').count()).toBe(0);
    await expectAccessible(admin, 'organisation form', {
      include: '.ant-layout-content',
      bestPractice: false,
    });
    await admin.context().close();
  });

  it('filters the list by type and by name', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'sysadmin', { to: '/sys_admin/ent' });
    await page.getByTestId('org-type-filter').click();
    await page.getByTitle('审查机构').click();
    await expect.poll(() => page.getByRole('row').count()).toBe(3);
    await page.getByTestId('org-search').locator('input').fill('长沙市建筑工程');
    await page.getByTestId('org-search').locator('input').press('Enter');
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await expect.poll(() => page.getByText('共 1 家单位').count()).toBe(1);
    await page.context().close();
  });
});
