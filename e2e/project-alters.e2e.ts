import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openSignedIn } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/**
 * Change applications (变更) on a server of their own with the demo applications: the construction
 * unit's "湘江新区科创中心办公楼" has been reviewed and filed with two confirmed buildings, so a
 * change can start from it. The construction unit drafts a change of one building, submits it like an
 * application, and its units, agency and supervisors read it at their changedetail screens.
 */

const MASTER = '湘江新区科创中心办公楼';
const CONTENT = 'A栋三层会议室改为档案室，楼面活荷载由 3.0 kN/m² 调整为 5.0 kN/m²；相应加大该层梁截面。';
const REASON = '使用单位调整功能需求，增设集中档案库房。';

const pathOf = (page: Page) => new URL(page.url()).pathname;
const toasts = (page: Page) => page.locator('.ant-message-notice').allTextContents();
const fieldErrors = (page: Page) => page.locator('.ant-form-item-explain-error').allTextContents();
const rows = (page: Page) => page.getByTestId('project-table').locator('tbody tr.ant-table-row');

/** The value shown next to a label of the application's details. */
const detailValue = (page: Page, label: string) =>
  page
    .getByTestId('project-detail')
    .locator('th', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::td[1]')
    .textContent();

async function confirmDialog(page: Page, expected: string) {
  const dialog = page.locator('.ant-modal-confirm');
  await dialog.waitFor({ state: 'visible' });
  expect(await dialog.textContent()).toContain(expected);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('change applications', () => {
  let server: RunningServer;
  let browser: Browser;
  let changeId = '';

  beforeAll(async () => {
    server = await startServer({ DATABASE_URL: '', SEED_DEMO_PROJECTS: '1' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signedIn(
    username: string,
    area: string,
    options: { locale?: 'zh-CN' | 'en-US'; to?: string } = {},
  ): Promise<Page> {
    const locale = options.locale ?? 'zh-CN';
    const context = await browser.newContext({
      baseURL: server.baseURL,
      locale,
      viewport: { width: 1366, height: 900 },
    });
    const page = await context.newPage();
    await openSignedIn(page, username, {
      server: server.baseURL,
      ...(locale === 'en-US' ? { locale } : {}),
      ...(options.to ? { to: options.to } : {}),
    });
    await page.waitForURL((url) => url.pathname.startsWith(area));
    return page;
  }

  it('offers only the project that passed review, with its passed buildings and its application filled in', async () => {
    const page = await signedIn('construct_admin', '/sys_apply');
    let saves = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/projectAlterDetail/saveOrUpdate')) saves++;
    });
    await page.goto('/sys_apply/projects');
    await page.getByTestId('new-change').click();
    await page.waitForURL((url) => url.pathname === '/sys_apply/newchange');

    // The draft and the submitted application's masters have not passed: only one qualifies.
    await page.getByTestId('project-dic-select').click();
    const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    await expect.poll(() => dropdown.locator('.ant-select-item-option').allInnerTexts()).toHaveLength(1);
    expect((await dropdown.locator('.ant-select-item-option').innerText()).split('\n')[0]).toBe(MASTER);
    expect(await page.getByTestId('create-project-dic').count()).toBe(0);
    await dropdown.getByText(MASTER).first().click();

    const buildings = page.getByTestId('passed-buildings').locator('tbody tr.ant-table-row');
    await expect.poll(() => buildings.count()).toBe(2);
    expect(await buildings.allInnerTexts()).toEqual([
      expect.stringMatching(/A栋办公楼[\s\S]*430104-\d{4}-\d{4}/),
      expect.stringMatching(/地下车库/),
    ]);
    // The application starts from the one that passed review.
    await expect.poll(() => page.locator('input#project_name').inputValue()).toBe(MASTER);
    await expect.poll(() => page.locator('input#project_totalArea').inputValue()).toBe('52300.00');
    // ...at the design-change stage.
    await expect
      .poll(() => page.locator('.ant-form-item', { has: page.locator('#project_stage') }).innerText())
      .toContain('施工图设计变更');

    // The change's own part is required, checked before anything is sent.
    await page.getByTestId('save-draft').click();
    await expect
      .poll(() => fieldErrors(page))
      .toEqual(
        expect.arrayContaining(['请选择变更单体', '请选择变更涉及', '请输入变更内容', '请输入变更原因']),
      );
    expect(saves).toBe(0);
    expect(pathOf(page)).toBe('/sys_apply/newchange');
    await page.context().close();
  });

  it('the construction unit saves a change of one building and finds it in its list as a change', async () => {
    const page = await signedIn('construct_admin', '/sys_apply', { to: '/sys_apply/newchange' });
    await page.getByTestId('project-dic-select').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .getByText(MASTER)
      .first()
      .click();
    const building = page.getByTestId('passed-buildings').getByRole('row', { name: /A栋办公楼/ });
    await building.locator('input[type=checkbox]').check();
    await page.getByTestId('alter-categories').getByText('地基基础和主体结构安全').click();
    await page.getByTestId('alter-categories').getByText('使用功能').click();
    await page.locator('textarea#project_content').fill(CONTENT);
    await page.locator('textarea#project_reason').fill(REASON);
    await expect.poll(() => page.locator('input#project_name').inputValue()).toBe(MASTER);
    await page.getByTestId('save-draft').click();

    await page.waitForURL((url) => url.pathname.startsWith('/sys_apply/changedetail/'));
    changeId = pathOf(page).split('/').pop()!;
    await expect.poll(() => toasts(page)).toContain('变更申请草稿已保存');
    await expect.poll(() => page.getByTestId('navbar').textContent()).toContain('变更详情');
    const summary = page.getByTestId('alter-summary');
    await expect.poll(() => page.getByTestId('alter-content').textContent()).toBe(CONTENT);
    expect(await page.getByTestId('alter-reason').textContent()).toBe(REASON);
    expect(await summary.textContent()).toContain('地基基础和主体结构安全');
    expect(await summary.textContent()).toContain('使用功能');
    expect(await page.getByTestId('alter-buildings').textContent()).toMatch(
      /^A栋办公楼\s*（原报审 430104-\d{4}-\d{4}）$/,
    );
    expect(await detailValue(page, '状态')).toBe('草稿');
    expect(await page.getByTestId('alter-tag').textContent()).toBe('变更');

    // The list tells it from first applications and leads to its own detail.
    await page.goto('/sys_apply/projects');
    await expect.poll(() => rows(page).count()).toBe(5);
    const row = rows(page).filter({ has: page.getByTestId('alter-tag') });
    expect(await row.count()).toBe(1);
    expect(await row.getByTestId('project-status').textContent()).toBe('草稿');
    await row.getByTestId('project-view').click();
    await page.waitForURL((url) => url.pathname === `/sys_apply/changedetail/${changeId}`);

    // Its application's old address leads to the change's detail as well.
    await page.goto(`/sys_apply/reportdetail/${changeId}`);
    await page.waitForURL((url) => url.pathname === `/sys_apply/changedetail/${changeId}`);
    await page.context().close();
  });

  it('the draft is edited: the other building is added and the reason sharpened', async () => {
    const page = await signedIn('construct_admin', '/sys_apply', {
      to: `/sys_apply/changedetail/${changeId}`,
    });
    await page.getByTestId('edit-project').click();
    await page.waitForURL((url) => url.pathname === `/sys_apply/newchange/${changeId}`);
    const checked = page.getByTestId('passed-buildings').locator('tbody input[type=checkbox]:checked');
    await expect.poll(() => checked.count()).toBe(1);
    // A saved change keeps its project master: its buildings were copied from it.
    expect(await page.getByTestId('project-dic-select').getAttribute('class')).toContain(
      'ant-select-disabled',
    );
    await page
      .getByTestId('passed-buildings')
      .getByRole('row', { name: /地下车库/ })
      .locator('input[type=checkbox]')
      .check();
    await page.locator('textarea#project_reason').fill(`${REASON}档案库房位于地下车库上方。`);
    await page.getByTestId('save-draft').click();
    await page.waitForURL((url) => url.pathname === `/sys_apply/changedetail/${changeId}`);
    await expect.poll(() => page.getByTestId('alter-buildings').locator('li').count()).toBe(2);
    expect(await page.getByTestId('alter-reason').textContent()).toBe(`${REASON}档案库房位于地下车库上方。`);
    await page.context().close();
  });

  it('is submitted like an application, after a confirmation', async () => {
    const page = await signedIn('construct_admin', '/sys_apply', {
      to: `/sys_apply/changedetail/${changeId}`,
    });
    await page.getByTestId('submit-project').click();
    await confirmDialog(page, '提交后设计、勘察单位将收到通知');
    await expect.poll(() => toasts(page)).toContain('报审已提交');
    await expect.poll(() => detailValue(page, '状态')).toBe('已提交，资料上传中');
    expect(await page.getByTestId('edit-project').count()).toBe(0);
    // The form refuses a submitted change and leads back to its detail.
    await page.goto(`/sys_apply/newchange/${changeId}`);
    await expect
      .poll(() => page.locator('.ant-result-title').textContent())
      .toBe('该变更申请已提交，不能编辑；如需修改，请先撤回。');
    await page.context().close();
  });

  it.each([
    ['design_admin', '/sys_submit', '/sys_submit/changedetail/'],
    ['censor_admin', '/sys_audit', '/sys_audit/changedetail/'],
    ['control_admin', '/sys_supervise', '/sys_supervise/projects/changedetail/'],
    ['joint_admin', '/sys_joint', '/sys_joint/projects/changedetail/'],
  ])('%s lists it as a change and reads it at %s…changedetail', async (username, area, detail) => {
    const page = await signedIn(username, area, { to: `${area}/projects` });
    const row = rows(page).filter({ has: page.getByTestId('alter-tag') });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByTestId('project-view').click();
    await page.waitForURL((url) => url.pathname === `${detail}${changeId}`);
    await expect.poll(() => page.getByTestId('alter-content').textContent()).toBe(CONTENT);
    await expect.poll(() => page.getByTestId('alter-buildings').locator('li').count()).toBe(2);
    expect(await detailValue(page, '状态')).toBe('已提交，资料上传中');
    // Read-only for everyone but the construction unit.
    expect(await page.getByTestId('submit-project').count()).toBe(0);
    expect(await page.getByTestId('edit-project').count()).toBe(0);
    await page.context().close();
  });

  it('design and survey units cannot start a change: the submit area has no change form', async () => {
    const page = await signedIn('design_admin', '/sys_submit', { to: '/sys_submit/newchange' });
    // Spec §2 routes newchange in the submit area; it says why there is no form and leads to the list.
    await page.waitForURL((url) => url.pathname === '/sys_submit/projects');
    await expect
      .poll(() => page.locator('.ant-message-notice').allTextContents())
      .toContain('报审申请和变更申请由建设单位填报，勘察、设计单位不能新建或修改申请。');
    expect(await page.locator('form').count()).toBe(0);
    await page.context().close();
  });

  it('in English the change reads in English', async () => {
    const page = await signedIn('censor_admin', '/sys_audit', {
      locale: 'en-US',
      to: `/sys_audit/changedetail/${changeId}`,
    });
    const summary = page.getByTestId('alter-summary');
    await expect.poll(() => summary.textContent()).toContain('Foundation and structural safety');
    expect(await summary.textContent()).toContain('What changed');
    await expect.poll(() => page.getByTestId('navbar').textContent()).toContain('Change application details');
    await page.context().close();
  });
});
