import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  baseURL,
  launchBrowser,
  newPage,
  openSignedIn,
  sessionToken,
  signIn,
} from './support/browser';
import { addBuilding, apiSession, orgIdOf } from './support/project-api';
import { apiHandoverCode } from './support/server';
import { bellCount } from './support/bell';

/**
 * Review applications (报审) on the single PGlite server with the demo data: the construction unit
 * drafts, edits, submits and recalls one; the parties it names see it and are told; others do not.
 * Every run uses project names of its own, so runs against one server do not meet.
 */

const tag = Date.now().toString(36).slice(-5);
const DESIGN = '湖南省建筑设计院集团股份有限公司';
const SURVEY = '湖南省勘测设计院有限公司';
const CENSOR = '湖南省建设工程施工图审查中心有限公司';
const YEAR = new Date().getFullYear();

const pathOf = (page: Page) => new URL(page.url()).pathname;
const toasts = (page: Page) => page.locator('.ant-message-notice').allTextContents();
const fieldErrors = (page: Page) => page.locator('.ant-form-item-explain-error').allTextContents();

/**
 * Opens `to` (or the area) signed in with the first password that works: foundation.e2e.ts changes design2_admin's demo
 * password earlier in the same run, and this file also runs on its own.
 */
async function signInTo(
  page: Page,
  username: string,
  area: string,
  passwords = [DEMO_PASSWORD],
  to?: string,
) {
  for (const password of passwords) {
    const opened = await openSignedIn(page, username, { password, ...(to ? { to } : {}) }).catch(() => null);
    if (opened !== null) {
      if (!to) await page.waitForURL((url) => url.pathname === area);
      return;
    }
  }
  throw new Error(`${username} could not sign in`);
}
/** design2_admin's password after foundation.e2e.ts has changed it. */
const DESIGN2_PASSWORDS = [DEMO_PASSWORD, 'Xiang#Jiang2026'];

/** Opens an antd Select and clicks the option with this text; multiple selects are closed again. */
async function choose(page: Page, testId: string, ...options: string[]) {
  await page.getByTestId(testId).click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  for (const option of options) await dropdown.getByTitle(option, { exact: true }).click();
  await page.keyboard.press('Escape');
  await dropdown.waitFor({ state: 'hidden' });
}

async function openPopover(page: Page) {
  await page.getByTestId('message-bell').click();
  const popover = page.getByTestId('message-popover');
  await popover.waitFor({ state: 'visible' });
  await expect.poll(() => popover.locator('.ant-spin').count(), { timeout: 5_000 }).toBe(0);
  return popover;
}

/** The value shown next to a label of the detail's Descriptions. */
const detailValue = (page: Page, label: string) =>
  page
    .getByTestId('project-detail')
    .locator('th', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::td[1]')
    .textContent();

/** Rows of the project table (the empty-table placeholder row is not one). */
const rows = (page: Page) => page.getByTestId('project-table').locator('tbody tr.ant-table-row');

/**
 * Searches the project list and waits for the server's answer to that search: the table shows
 * "no data" while its first page is still loading, so the placeholder alone proves nothing.
 */
async function searchProjects(page: Page, text: string) {
  const answered = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname.startsWith('/api/checkDrawings/project/') && url.searchParams.get('name') === text;
  });
  await page.getByTestId('project-search').locator('input').fill(text);
  await page.keyboard.press('Enter');
  await answered;
}

async function confirmDialog(page: Page, expected: string) {
  const dialog = page.locator('.ant-modal-confirm');
  await dialog.waitFor({ state: 'visible' });
  expect(await dialog.textContent()).toContain(expected);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('review applications', () => {
  let browser: Browser;
  const name = `湘江科创中心一期${tag}`;
  let projectId = '';
  let code = '';

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('the construction unit fills the empty form, with a new project master, and saves a draft', async () => {
    const page = await newPage(browser);
    await signInTo(page, 'construct_admin', '/sys_apply');
    await page.locator('.area-sider').getByText('项目列表').click();
    await page.waitForURL((url) => url.pathname === '/sys_apply/projects');
    await page.getByTestId('new-project').click();
    await page.waitForURL((url) => url.pathname === '/sys_apply/newreport');

    // Step 1: a project master of its own, registered on the spot.
    // With no master yet the form asks for one at once; otherwise the person asks for a new one.
    const creator = page.getByTestId('project-dic-creator');
    const select = page.getByTestId('project-dic-select');
    await creator.or(select).first().waitFor();
    if (await select.isVisible()) await page.getByTestId('create-project-dic').click();
    await creator.waitFor({ state: 'visible' });
    await page.locator('input#projectDic_name').fill(name);
    await page.locator('#projectDic_regionCode').click();
    await page.keyboard.type('岳麓');
    await page
      .getByText(/湖南省.*长沙市.*岳麓区/)
      .first()
      .click();
    await page.locator('input#projectDic_address').fill('长沙市岳麓区尖山路 39 号');
    await page.getByTestId('save-project-dic').click();
    await expect.poll(() => toasts(page)).toContain(`工程项目「${name}」已创建`);

    // Step 2: the application, with what the master already says filled in.
    const form = page.getByTestId('project-form');
    await form.waitFor({ state: 'visible' });
    expect(await page.locator('input#project_name').inputValue()).toBe(name);
    expect(await page.locator('input#project_address').inputValue()).toBe('长沙市岳麓区尖山路 39 号');
    await expect
      .poll(() => page.getByTestId('project-code').inputValue())
      .toMatch(new RegExp(`^430104-${YEAR}-\\d{4}$`));
    expect(await form.textContent()).toContain('预览编号，保存时正式分配');

    await page.locator('input#project_landUsePermitNo').fill('地字第430104202600123号');
    await page.locator('input#project_planningPermitNo').fill('建字第430104202600456号');
    await page.locator('input#project_totalArea').fill('12000');
    await page.locator('input#project_aboveGroundArea').fill('9000');
    await page.locator('input#project_belowGroundArea').fill('3000');
    await page.locator('input#project_investment').fill('25000');
    await choose(page, 'project-type', '住宅');
    await choose(page, 'construct-type', '新建');
    await choose(page, 'stage', '施工图设计');
    await page.locator('input#project_contactName').fill('王建国');
    await page.locator('input#project_contactPhone').fill('0731-88776655');
    await choose(page, 'design-orgs', DESIGN);
    await choose(page, 'survey-orgs', SURVEY);
    await choose(page, 'censor-org', CENSOR);
    await page.getByTestId('save-draft').click();

    await page.waitForURL((url) => url.pathname.startsWith('/sys_apply/reportdetail/'));
    projectId = pathOf(page).split('/').pop()!;
    await expect.poll(() => toasts(page)).toContain('报审草稿已保存');
    await expect.poll(() => detailValue(page, '状态')).toBe('草稿');
    code = (await page.getByTestId('project-code').textContent())!;
    expect(code).toMatch(new RegExp(`^430104-${YEAR}-\\d{4}$`));
    expect(await page.getByTestId('navbar').textContent()).toContain('报审详情');
    // Dictionary names, region and parties by name, not codes and ids.
    expect(await detailValue(page, '报审名称')).toBe(name);
    expect(await detailValue(page, '项目所在地')).toBe('湖南省/长沙市/岳麓区');
    expect(await detailValue(page, '项目类型')).toBe('房屋建筑工程 / 住宅');
    expect(await detailValue(page, '建设性质')).toBe('新建');
    expect(await detailValue(page, '审查阶段')).toBe('施工图设计');
    expect(await detailValue(page, '设计单位')).toBe(DESIGN);
    expect(await detailValue(page, '勘察单位')).toBe(SURVEY);
    expect(await detailValue(page, '审查机构')).toBe(CENSOR);
    expect(await detailValue(page, '建设单位')).toBe('长沙市城市建设投资开发集团有限公司');
    const area = page.getByTestId('project-area');
    expect(await area.locator('> span').first().textContent()).toBe('12,000 m²');
    expect(await area.locator('.project-area-split').textContent()).toBe('地上 9,000 m²，地下 3,000 m²');
    expect(await detailValue(page, '总投资')).toBe('25,000 万元');
    expect(await detailValue(page, '提交次数')).toBe('0');

    // The list shows it, found by its code.
    // The application form sits in its workspace, whose way back is the back-to-projects button.
    await page.getByTestId('back-to-projects').click();
    await page.waitForURL((url) => url.pathname === '/sys_apply/projects');
    await searchProjects(page, code);
    await expect.poll(() => rows(page).count()).toBe(1);
    const row = rows(page).first();
    expect(await row.textContent()).toContain(name);
    expect(await row.getByTestId('project-status').textContent()).toBe('草稿');
    expect(await row.textContent()).toContain(CENSOR);
    await page.context().close();
  });

  it('the draft is edited and then submitted; the design unit is told at once', async () => {
    const design = await newPage(browser);
    await signInTo(design, 'design_admin', '/sys_submit');
    await expect.poll(() => design.getByTestId('message-count').count(), { timeout: 5_000 }).toBe(1);
    const before = (await bellCount(design)) ?? 0;

    const page = await newPage(browser);
    await signInTo(page, 'construct_admin', '/sys_apply', undefined, '/sys_apply/projects');
    await rows(page).first().waitFor();
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    await page.waitForURL((url) => url.pathname === `/sys_apply/newreport/${projectId}`);
    expect(await page.getByTestId('project-code').inputValue()).toBe(code);
    const investment = page.locator('input#project_investment');
    await expect.poll(() => investment.inputValue()).toBe('25000.00');
    await investment.fill('26500.5');
    await page.getByTestId('save-draft').click();
    await page.waitForURL((url) => url.pathname === `/sys_apply/reportdetail/${projectId}`);
    await expect.poll(() => detailValue(page, '总投资')).toBe('26,500.5 万元');

    // A second tab (signed in by a hand-over code in the address) still shows the draft.
    const stale = await page.context().newPage();
    const handover = await apiHandoverCode(baseURL(), (await sessionToken(page))!);
    await stale.goto(`/sys_apply/reportdetail/${projectId}?token=${handover}`);
    await expect.poll(() => detailValue(stale, '状态')).toBe('草稿');

    // Without a building there is nothing to review: refused in the server's words, still a draft.
    await page.getByTestId('submit-project').click();
    await confirmDialog(page, '提交后设计、勘察单位将收到通知');
    await expect.poll(() => toasts(page)).toContain('请先添加单体后再提交');
    expect(await detailValue(page, '状态')).toBe('草稿');
    const owner = await apiSession(baseURL(), 'construct_admin', DEMO_PASSWORD);
    await addBuilding(owner, projectId, {
      name: '1#住宅楼',
      designOrgIds: [await orgIdOf(owner, 'DESIGN', DESIGN)],
    });

    await page.getByTestId('submit-project').click();
    await confirmDialog(page, '提交后设计、勘察单位将收到通知');
    await expect.poll(() => toasts(page)).toContain('报审已提交');
    await expect.poll(() => detailValue(page, '状态')).toBe('已提交，资料上传中');
    expect(await detailValue(page, '提交次数')).toBe('1');
    expect(await page.getByTestId('edit-project').count()).toBe(0);
    expect(await page.getByTestId('revoke-project').count()).toBe(1);

    // Submitting again from the stale tab is refused in the server's words, and the tab catches up.
    await stale.getByTestId('submit-project').click();
    await confirmDialog(stale, '提交后设计、勘察单位将收到通知');
    await expect.poll(() => toasts(stale)).toContain('该报审已提交，不能修改、删除或重复提交');
    await expect.poll(() => detailValue(stale, '状态')).toBe('已提交，资料上传中');
    expect(await stale.getByTestId('submit-project').count()).toBe(0);

    // Live: the bell counts the new message without a reload.
    await expect.poll(() => bellCount(design), { timeout: 10_000 }).toBe(before + 1);
    await design.context().close();
    await page.context().close();
  });

  it("the design unit's message opens the application in its own area", async () => {
    const page = await newPage(browser);
    await signInTo(page, 'design_admin', '/sys_submit');
    const popover = await openPopover(page);
    const item = popover.getByTestId('message-item').filter({ hasText: name }).first();
    expect(await item.locator('.ant-tag').textContent()).toBe('建设单位提交报审');
    expect(await item.textContent()).toContain(
      `长沙市城市建设投资开发集团有限公司已提交项目「${name}」的报审，请上传并提交本单位的资料。`,
    );
    await item.click();
    // The to-do opens the screen of its work, the upload (issue 17); the application is the
    // workspace's first item.
    await page.waitForURL((url) => url.pathname === `/sys_submit/${projectId}/workingDrawing`);
    await page.getByTestId('project-menu-application').click();
    await page.waitForURL((url) => url.pathname === `/sys_submit/reportdetail/${projectId}`);
    await expect.poll(() => detailValue(page, '项目编号')).toBe(code);
    expect(await detailValue(page, '报审名称')).toBe(name);
    expect(await detailValue(page, '状态')).toBe('已提交，资料上传中');
    // Read-only for the design unit.
    expect(await page.getByTestId('submit-project').count()).toBe(0);
    expect(await page.getByTestId('edit-project').count()).toBe(0);

    await page.getByTestId('back-to-projects').click();
    await page.waitForURL((url) => url.pathname === '/sys_submit/projects');
    await expect.poll(() => page.getByRole('row', { name: new RegExp(name) }).count()).toBe(1);
    await page.context().close();
  });

  it.each([
    ['survey_admin', '/sys_submit'],
    ['censor_admin', '/sys_audit'],
  ])('%s finds it in %s/projects and reads it', async (username, area) => {
    const page = await newPage(browser);
    await signInTo(page, username, area, undefined, `${area}/projects`);
    await searchProjects(page, name);
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain(code);
    // 查看 opens the application form; the name opens the workspace (workspaces.e2e.ts).
    await rows(page).first().getByTestId('project-view').click();
    await page.waitForURL((url) => url.pathname === `${area}/reportdetail/${projectId}`);
    await expect.poll(() => detailValue(page, '项目编号')).toBe(code);
    expect(await page.getByTestId('revoke-project').count()).toBe(0);
    await page.context().close();
  });

  it('in English the list and the details are English, dictionary names included', async () => {
    const page = await newPage(browser, 'en-US');
    await page.goto('/sys_sso/login');
    await page.getByText('English', { exact: true }).click();
    await signIn(page, 'survey_admin');
    await page.waitForURL((url) => url.pathname === '/sys_submit');
    await page.locator('.area-sider').getByText('Projects').click();
    await page.waitForURL((url) => url.pathname === '/sys_submit/projects');
    await searchProjects(page, code);
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().getByTestId('project-status').textContent()).toBe(
      'Submitted, materials uploading',
    );
    expect(await page.getByTestId('project-table').locator('thead').textContent()).toContain(
      'Construction unit',
    );
    // 查看 opens the application form; the name opens the workspace (workspaces.e2e.ts).
    await rows(page).first().getByTestId('project-view').click();
    await page.waitForURL((url) => url.pathname === `/sys_submit/reportdetail/${projectId}`);
    await expect.poll(() => detailValue(page, 'Project type')).toBe('Building works / Residential building');
    expect(await detailValue(page, 'Construct type')).toBe('New construction');
    expect(await detailValue(page, 'Review stage')).toBe('Construction drawing design');
    expect(await page.getByTestId('navbar').textContent()).toContain('Application details');
    await page.context().close();
  });

  it.each([
    ['design2_admin', '/sys_submit'],
    ['censor2_admin', '/sys_audit'],
  ])('%s, not named in it, neither lists it nor opens it', async (username, area) => {
    const page = await newPage(browser);
    await signInTo(
      page,
      username,
      area,
      username === 'design2_admin' ? DESIGN2_PASSWORDS : undefined,
      `${area}/projects`,
    );
    await searchProjects(page, name);
    await expect.poll(() => page.getByTestId('project-table').textContent()).toContain('暂无数据');
    expect(await rows(page).count()).toBe(0);

    await page.goto(`${area}/reportdetail/${projectId}`);
    // Out of reach answers as a missing project: the 404 page.
    await page.waitForURL((url) => url.pathname === '/common/404');
    await page.context().close();
  });

  it('the supervising authority of the region and the joint-review body read it too', async () => {
    const control = await newPage(browser);
    await signInTo(control, 'control_admin', '/sys_supervise');
    await control.locator('.area-sider').getByText('项目列表').click();
    await control.waitForURL((url) => url.pathname === '/sys_supervise/projects');
    await searchProjects(control, code);
    await expect.poll(() => rows(control).count()).toBe(1);
    await rows(control).first().getByTestId('project-view').click();
    await control.waitForURL((url) => url.pathname === `/sys_supervise/projects/rptinfo/${projectId}`);
    await expect.poll(() => detailValue(control, '报审名称')).toBe(name);
    await control.context().close();

    // The joint area opens on its projects (spec §2).
    const joint = await newPage(browser);
    await openSignedIn(joint, 'joint_admin');
    await joint.waitForURL((url) => url.pathname === '/sys_joint/projects');
    await searchProjects(joint, code);
    await expect.poll(() => rows(joint).count()).toBe(1);
    await rows(joint).first().getByTestId('project-view').click();
    await joint.waitForURL((url) => url.pathname === `/sys_joint/projects/rptinfo/${projectId}`);
    await expect.poll(() => detailValue(joint, '设计单位')).toBe(DESIGN);
    await joint.context().close();
  });

  it("the construction unit recalls it; the design unit's message is then out of date", async () => {
    const page = await newPage(browser);
    await signInTo(page, 'construct_admin', '/sys_apply', undefined, `/sys_apply/reportdetail/${projectId}`);
    await page.getByTestId('revoke-project').click();
    await confirmDialog(page, '撤回后报审回到草稿状态');
    await expect.poll(() => toasts(page)).toContain('报审已撤回');
    await expect.poll(() => detailValue(page, '状态')).toBe('草稿');
    expect(await page.getByTestId('submit-project').count()).toBe(1);
    await page.context().close();

    const design = await newPage(browser);
    await signInTo(design, 'design_admin', '/sys_submit');
    const popover = await openPopover(design);
    // The recall settled the to-do: it is listed under 已办 now.
    await popover.getByText(/^已办/).click();
    await popover
      .getByTestId('message-item')
      .filter({ hasText: name })
      .filter({ hasText: '建设单位提交报审' })
      .first()
      .click();
    await expect.poll(() => toasts(design), { timeout: 5_000 }).toContain('消息已失效！');
    expect(pathOf(design)).toBe('/sys_submit');
    await design.context().close();
  });

  it('areas that do not add up and missing fields are caught in the form, and nothing is saved', async () => {
    const page = await newPage(browser);
    let saves = 0;
    page.on('request', (request) => {
      if (/\/api\/checkDrawings\/project\/(add|update)$/.test(new URL(request.url()).pathname)) saves++;
    });
    await signInTo(page, 'construct_admin', '/sys_apply', undefined, '/sys_apply/newreport');
    await choose(page, 'project-dic-select', name);
    await page.getByTestId('project-form').waitFor({ state: 'visible' });

    await page.locator('input#project_totalArea').fill('1000');
    await page.locator('input#project_aboveGroundArea').fill('800');
    await page.locator('input#project_belowGroundArea').fill('150');
    await page.locator('input#project_contactPhone').fill('12345');
    await page.locator('input#project_name').fill('');
    await page.getByTestId('save-draft').click();

    await expect
      .poll(() => fieldErrors(page))
      .toEqual(
        expect.arrayContaining([
          '请输入报审名称',
          '地上与地下建筑面积之和（950 m²）与总建筑面积不符，允许误差 5 m²',
          '请输入总投资',
          '请选择项目类型',
          '请选择建设性质',
          '请选择审查阶段',
          '请选择设计单位',
          '请选择审查机构',
          '请输入手机号或座机号（如 0731-88888888）',
        ]),
      );
    // The survey unit may be left out.
    expect(await fieldErrors(page)).not.toContain('请选择勘察单位');

    // Within the tolerance (max(1 m², 0.5 %)) the areas count as adding up.
    await page.locator('input#project_belowGroundArea').fill('196');
    await page.locator('input#project_totalArea').click();
    await expect
      .poll(() => fieldErrors(page))
      .not.toContain('地上与地下建筑面积之和（996 m²）与总建筑面积不符，允许误差 5 m²');
    await expect
      .poll(() => fieldErrors(page).then((errors) => errors.some((e) => e.startsWith('地上与地下'))))
      .toBe(false);

    expect(pathOf(page)).toBe('/sys_apply/newreport');
    expect(saves).toBe(0);
    await page.context().close();
  });

  it('the recalled draft can be deleted, after a confirmation, and leaves the list', async () => {
    const page = await newPage(browser);
    await signInTo(page, 'construct_admin', '/sys_apply', undefined, `/sys_apply/reportdetail/${projectId}`);
    await page.getByTestId('delete-project').click();
    await confirmDialog(page, `确定删除报审草稿「${name}」吗？`);
    await page.waitForURL((url) => url.pathname === '/sys_apply/projects');
    await expect.poll(() => toasts(page)).toContain('报审草稿已删除');
    await searchProjects(page, code);
    await expect.poll(() => page.getByTestId('project-table').textContent()).toContain('暂无数据');
    expect(await rows(page).count()).toBe(0);
    await page.goto(`/sys_apply/reportdetail/${projectId}`);
    await page.waitForURL((url) => url.pathname === '/common/404');
    await page.context().close();
  });
});
