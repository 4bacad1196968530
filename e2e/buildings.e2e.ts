import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, baseURL, launchBrowser, newPage, openSignedIn } from './support/browser';
import {
  CENSOR,
  DESIGN,
  DESIGN2,
  SURVEY,
  addBuilding,
  apiSession,
  createDraftProject,
  orgIdOf,
  submitBuildings,
  submitProject,
  type ApiSession,
  type DraftProject,
} from './support/project-api';
import { choose } from './support/select';

/**
 * The buildings (单体) of a review application on the single PGlite server with the demo data:
 * the construction unit describes them in the project layout, the design and survey units add
 * their part, the review agency answers, supervisors read; outsiders see nothing. The drafts are
 * set up through the API; every run uses project names of its own.
 */

const tag = Date.now().toString(36).slice(-5);
const CONSTRUCT = '长沙市城市建设投资开发集团有限公司';
const REASON = '3# 住宅楼与 1# 住宅楼为同一栋楼，重复申报，请删除后重新提交';

const pathOf = (page: Page) => new URL(page.url()).pathname;
const toasts = (page: Page) => page.locator('.ant-message-notice').allTextContents();
const fieldErrors = (page: Page) => page.locator('.ant-form-item-explain-error').allTextContents();
const rows = (page: Page) => page.getByTestId('building-table').locator('tbody tr.ant-table-row');
const row = (page: Page, name: string) => rows(page).filter({ hasText: name });
const statusOf = (page: Page, name: string) => row(page, name).getByTestId('building-status').textContent();
/** An antd modal by its test id (the id sits on the modal's zero-size root). */
const modalOf = (page: Page, testId: string) => page.getByTestId(testId).locator('.ant-modal');

/** Waits for a modal to open and finish its zoom, so a click lands where the button comes to rest. */
async function openedModal(page: Page, testId: string) {
  const modal = modalOf(page, testId);
  await modal.waitFor({ state: 'visible' });
  await expect.poll(() => modal.getAttribute('class')).not.toMatch(/zoom/);
  return modal;
}
const menuLabels = (page: Page) =>
  page.getByTestId('project-menu').locator('.ant-menu-item').allTextContents();

/** Signs in with the first password that works (foundation.e2e.ts changes design2_admin's). */
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
      await page.waitForURL((url) => url.pathname.startsWith(area));
      return;
    }
  }
  throw new Error(`${username} could not sign in`);
}

async function confirmDialog(page: Page, expected: string) {
  const dialog = page.locator('.ant-modal-confirm');
  await dialog.waitFor({ state: 'visible' });
  await expect.poll(() => dialog.getAttribute('class')).not.toMatch(/zoom/);
  expect(await dialog.textContent()).toContain(expected);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The value shown next to a label of the building's Descriptions. */
const detailValue = (page: Page, label: string) =>
  page
    .getByTestId('building-detail')
    .locator('th', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::td[1]')
    .textContent();

/** Fills the basic data of the open building form (the units keep their default: all of the project's). */
async function fillBuilding(
  page: Page,
  b: {
    name: string;
    use: string;
    structure: string;
    above: number;
    below: number;
    height: number;
    area: number;
    seismic: string;
    fire: string;
  },
) {
  await page.locator('input#building_name').fill(b.name);
  await choose(page, 'building-use', b.use);
  await choose(page, 'building-structure', b.structure);
  await page.locator('input#building_floorsAbove').fill(String(b.above));
  await page.locator('input#building_floorsBelow').fill(String(b.below));
  await page.locator('input#building_height').fill(String(b.height));
  await page.locator('input#building_floorArea').fill(String(b.area));
  await choose(page, 'building-seismic', b.seismic);
  await choose(page, 'building-fire', b.fire);
}

async function addHazard(page: Page, kind: string, description: string) {
  await page.getByTestId('add-hazard').click();
  const modal = await openedModal(page, 'hazard-modal');
  await choose(page, 'hazard-code', kind);
  await page.locator('textarea#hazard_description').fill(description);
  await modal.getByRole('button', { name: /保\s*存/ }).click();
  await modal.waitFor({ state: 'hidden' });
  await expect.poll(() => page.getByTestId('hazard-table').textContent()).toContain(kind);
}

describe('buildings of a review application', () => {
  let browser: Browser;
  let construct: ApiSession;
  let project: DraftProject;
  const name = `麓谷安置房一期${tag}`;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    browser = await launchBrowser();
    construct = await apiSession(baseURL(), 'construct_admin', DEMO_PASSWORD);
    project = await createDraftProject(construct, {
      name,
      design: [DESIGN],
      survey: [SURVEY],
      censor: CENSOR,
    });
  });
  afterAll(() => browser?.close());

  it('the construction unit adds two buildings with hazard sources, copies one, deletes one and submits', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'construct_admin', { to: '/sys_apply/projects' });
    await page.getByTestId('project-search').locator('input').fill(name);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('project-table').locator('tbody tr.ant-table-row').count())
      .toBe(1);
    await page.getByTestId('project-buildings').click();
    await page.waitForURL(
      (url) => url.pathname === `/sys_apply/${construct.orgId}/${project.id}/buildingList`,
    );

    // The project layout names the project, its code and status, and who acts in it.
    await expect.poll(() => page.getByTestId('project-navbar-name').textContent()).toBe(name);
    expect(await page.getByTestId('project-navbar-code').textContent()).toBe(project.code);
    expect(await page.getByTestId('project-navbar').getByTestId('project-status').textContent()).toBe('草稿');
    expect(await page.getByTestId('acting-org').textContent()).toBe(CONSTRUCT);
    // Only the screens built so far are in the menu, the application form (报审信息) first.
    expect(await menuLabels(page)).toEqual([
      '报审信息',
      '单体列表',
      '施工图审查资料',
      '审查意见告知书',
      '施工图审查意见回复',
      '节能审查意见回复',
      '电子签章',
    ]);
    expect(await page.getByTestId('building-table').textContent()).toContain('暂无数据');

    // A height too low for the storeys is caught in the form; nothing is sent.
    let saves = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('/building/saveBuildingInfo')) saves++;
    });
    await page.getByTestId('new-building').click();
    await page.getByTestId('building-form').waitFor();
    await fillBuilding(page, {
      name: '1# 住宅楼',
      use: '住宅',
      structure: '剪力墙结构',
      above: 30,
      below: 1,
      height: 40,
      area: 12800,
      seismic: '6度(0.05g)',
      fire: '一级',
    });
    await page.getByTestId('save-building').click();
    await expect.poll(() => fieldErrors(page)).toContain('地上 30 层的建筑高度至少为 60 m（每层不低于 2 m）');
    expect(saves).toBe(0);
    await page.locator('input#building_floorsAbove').fill('18');
    await page.locator('input#building_height').fill('54.6');
    await page.getByTestId('save-building').click();
    await page.waitForURL((url) =>
      url.pathname.startsWith(`/sys_apply/${construct.orgId}/${project.id}/buildingList/`),
    );
    ids['1#'] = pathOf(page).split('/').pop()!;
    await expect.poll(() => toasts(page)).toContain('单体「1# 住宅楼」已保存');
    await expect.poll(() => detailValue(page, '层数')).toBe('地上 18 层 / 地下 1 层');
    expect(await detailValue(page, '结构体系')).toBe('剪力墙结构');
    expect(await detailValue(page, '建筑热工分区')).toBe('夏热冬冷地区');
    expect(await detailValue(page, '设计单位')).toBe(DESIGN);
    expect(await detailValue(page, '勘察单位')).toBe(SURVEY);

    // A deep pit is beyond scale by the national list; scaffolding is not.
    await page.getByTestId('add-hazard').click();
    await openedModal(page, 'hazard-modal');
    await choose(page, 'hazard-code', '深基坑工程');
    const beyond = modalOf(page, 'hazard-modal').locator('input[type=checkbox]');
    expect(await beyond.isChecked()).toBe(true);
    expect(await beyond.isDisabled()).toBe(true);
    await modalOf(page, 'hazard-modal')
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await modalOf(page, 'hazard-modal').waitFor({ state: 'hidden' });
    await addHazard(page, '深基坑工程', '基坑开挖深度 6.5 m，采用排桩加内支撑支护');
    await addHazard(page, '脚手架工程', '落地式钢管脚手架，搭设高度 50 m');
    const hazardRows = page.getByTestId('hazard-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => hazardRows.count()).toBe(2);
    expect(await hazardRows.filter({ hasText: '深基坑工程' }).textContent()).toContain('超过一定规模');
    expect(await hazardRows.filter({ hasText: '脚手架工程' }).textContent()).toContain('一般');

    // The second building, added from the list as well.
    await page.getByTestId('back-to-buildings').click();
    await page.waitForURL((url) => url.pathname.endsWith('/buildingList'));
    await page.getByTestId('new-building').click();
    await page.getByTestId('building-form').waitFor();
    await fillBuilding(page, {
      name: '2# 商业楼',
      use: '商业',
      structure: '框架结构',
      above: 4,
      below: 1,
      height: 18.5,
      area: 6800,
      seismic: '6度(0.05g)',
      fire: '二级',
    });
    await page.getByTestId('save-building').click();
    await page.waitForURL(
      (url) => /\/buildingList\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(ids['1#']!),
    );
    await addHazard(page, '高大模板支撑工程', '中庭搭设高度 9.2 m 的模板支撑体系');

    // Copy 1# under a new name: its hazard sources come along.
    await page.getByTestId('back-to-buildings').click();
    await expect.poll(() => rows(page).count()).toBe(2);
    await row(page, '1# 住宅楼').getByTestId('building-more').click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByText('复制', { exact: true }).click();
    const copyName = page.locator('input#copyBuilding_name');
    await expect.poll(() => copyName.inputValue()).toBe('1# 住宅楼（复制）');
    await copyName.fill('3# 住宅楼');
    await modalOf(page, 'copy-building-modal')
      .getByRole('button', { name: /复\s*制/ })
      .click();
    await expect.poll(() => toasts(page)).toContain('已复制为「3# 住宅楼」');
    await expect.poll(() => rows(page).count()).toBe(3);
    await row(page, '3# 住宅楼').getByRole('link', { name: '3# 住宅楼' }).click();
    await page.waitForURL((url) => /\/buildingList\/[0-9a-f-]{36}$/.test(url.pathname));
    ids['3#'] = pathOf(page).split('/').pop()!;
    await expect.poll(() => hazardRows.count()).toBe(2);
    await page.getByTestId('back-to-buildings').click();

    // Delete 2#.
    await row(page, '2# 商业楼').getByTestId('building-more').click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByText('删除', { exact: true }).click();
    await confirmDialog(page, '确定删除单体「2# 商业楼」吗？');
    await expect.poll(() => toasts(page)).toContain('单体「2# 商业楼」已删除');
    await expect.poll(() => rows(page).count()).toBe(2);

    // Both at once to the review agency, then the application itself.
    await page.getByTestId('building-table').locator('thead input[type=checkbox]').check();
    await page.getByTestId('submit-selected').click();
    await confirmDialog(page, '确定提交单体「1# 住宅楼」「3# 住宅楼」吗？');
    await expect.poll(() => toasts(page)).toContain('已提交 2 个单体');
    await expect.poll(() => statusOf(page, '1# 住宅楼')).toBe('已提交');
    expect(await statusOf(page, '3# 住宅楼')).toBe('已提交');

    await page.getByTestId('project-navbar-name').click();
    await page.waitForURL((url) => url.pathname === `/sys_apply/reportdetail/${project.id}`);
    await page.getByTestId('submit-project').click();
    await confirmDialog(page, '提交后设计、勘察单位将收到通知');
    await expect.poll(() => toasts(page)).toContain('报审已提交');
    // The detail leads back to the buildings.
    await page.getByTestId('project-buildings').click();
    await page.waitForURL((url) => url.pathname.endsWith(`/${project.id}/buildingList`));
    await expect
      .poll(() => page.getByTestId('project-navbar').getByTestId('project-status').textContent())
      .toBe('已提交，资料上传中');
    // Submitted to an agency that has not answered: no more changes from the list (once the list
    // has read the submitted application: the navbar may be told before it).
    await expect
      .poll(() =>
        row(page, '1# 住宅楼')
          .getByRole('button', { name: /编\s*辑/ })
          .count(),
      )
      .toBe(0);
    await page.context().close();
  });

  it('the design unit fills in its design information for a specialty', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'design_admin', { to: '/sys_submit/projects' });
    await page.getByTestId('project-search').locator('input').fill(name);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('project-table').locator('tbody tr.ant-table-row').count())
      .toBe(1);
    await page.getByTestId('project-buildings').click();
    await page.waitForURL((url) => url.pathname === `/sys_submit/${project.id}/buildingList`);
    await expect.poll(() => page.getByTestId('acting-org').textContent()).toBe(DESIGN);
    expect(await menuLabels(page)).toEqual([
      '报审信息',
      '单体列表',
      '施工图资料上传',
      '施工图审查意见回复',
      '节能审查意见回复',
      '审查意见告知书',
      '电子签章',
    ]);

    await row(page, '1# 住宅楼').getByRole('link', { name: '1# 住宅楼' }).click();
    await page.waitForURL(
      (url) => url.pathname === `/sys_submit/${project.id}/buildingList/${ids['1#']}/ProjectInfo`,
    );
    await page.getByTestId('add-design-info').click();
    const modal = await openedModal(page, 'design-modal');
    await choose(page, 'design-specialty', '结构');
    await page.locator('input#designInfo_chiefDesigner').fill('李娜');
    await page.locator('input#designInfo_engineerCertNo').fill('AB');
    await modal.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => fieldErrors(page)).toContain('请输入 4–32 位字母、数字或连字符');
    await page.locator('input#designInfo_engineerCertNo').fill('S194301234');
    await modal.getByRole('button', { name: /保\s*存/ }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => toasts(page)).toContain('设计信息已保存');
    const designRow = page.getByTestId('design-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => designRow.count()).toBe(1);
    const text = await designRow.textContent();
    expect(text).toContain(DESIGN);
    expect(text).toContain('结构');
    expect(text).toContain('李娜');
    expect(text).toContain('S194301234');
    // Survey findings are the survey unit's.
    expect(await page.getByTestId('fill-survey-info').count()).toBe(0);
    await page.context().close();
  });

  it('the survey unit fills in the survey information of a building', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'survey_admin', {
      to: `/sys_submit/${project.id}/buildingList/${ids['1#']}/ProjectInfo`,
    });
    await expect.poll(() => page.getByTestId('acting-org').textContent()).toBe(SURVEY);
    // Basic data, hazard sources and design information are not the survey unit's to change.
    await page.getByTestId('survey-panel').waitFor();
    expect(await page.getByTestId('add-hazard').count()).toBe(0);
    expect(await page.getByTestId('add-design-info').count()).toBe(0);
    expect(await page.getByTestId('survey-panel').textContent()).toContain('尚未填写');

    await page.getByTestId('fill-survey-info').click();
    const modal = await openedModal(page, 'survey-modal');
    await choose(page, 'survey-site', 'Ⅱ类');
    await choose(page, 'survey-foundation', '桩基础');
    await choose(page, 'survey-liquefaction', '不液化');
    await page.locator('input#surveyInfo_bearingStratum').fill('中风化泥质粉砂岩');
    await modal.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => fieldErrors(page)).toContain('请输入地下水位埋深，或勾选未见地下水');
    await modal.getByText('未见地下水', { exact: true }).click();
    await modal.getByRole('button', { name: /保\s*存/ }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => toasts(page)).toContain('勘察信息已保存');
    const unit = page.getByTestId('survey-unit').filter({ hasText: SURVEY });
    await expect.poll(() => unit.textContent()).toContain('桩基础');
    const text = await unit.textContent();
    expect(text).toContain('Ⅱ类');
    expect(text).toContain('中风化泥质粉砂岩');
    expect(text).toContain('未见地下水');
    await page.context().close();
  });

  it('the review agency confirms one building and sends one back with a reason, which the construction unit reads', async () => {
    const censor = await newPage(browser);
    await openSignedIn(censor, 'censor_admin', { to: '/sys_audit/projects' });
    await censor.getByTestId('project-search').locator('input').fill(name);
    await censor.keyboard.press('Enter');
    await expect
      .poll(() => censor.getByTestId('project-table').locator('tbody tr.ant-table-row').count())
      .toBe(1);
    await censor.getByTestId('project-buildings').click();
    await censor.waitForURL((url) => url.pathname.endsWith(`/${project.id}/buildingList`));
    await expect.poll(() => censor.getByTestId('acting-org').textContent()).toBe(CENSOR);

    // The reason is required before anything is sent.
    await row(censor, '3# 住宅楼')
      .getByRole('button', { name: /退\s*回/ })
      .click();
    const modal = await openedModal(censor, 'reject-building-modal');
    await modal.getByRole('button', { name: /退\s*回/ }).click();
    await expect.poll(() => fieldErrors(censor)).toContain('请输入退回原因');
    await censor.locator('textarea#rejectBuilding_reason').fill(REASON);
    await modal.getByRole('button', { name: /退\s*回/ }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => toasts(censor)).toContain('已退回单体「3# 住宅楼」');
    await expect.poll(() => statusOf(censor, '3# 住宅楼')).toBe('已退回');

    await row(censor, '1# 住宅楼')
      .getByRole('button', { name: /确\s*认/ })
      .click();
    await confirmDialog(censor, '确认单体「1# 住宅楼」属于本报审吗？');
    await expect.poll(() => statusOf(censor, '1# 住宅楼')).toBe('已确认');
    // Once confirmed there is nothing left to answer on it.
    await row(censor, '1# 住宅楼').getByRole('link', { name: '1# 住宅楼' }).click();
    await censor.getByTestId('building-detail').waitFor();
    expect(await censor.getByTestId('reject-building').count()).toBe(0);
    expect(await censor.getByTestId('confirm-building').count()).toBe(0);
    await censor.context().close();

    // The construction unit's message opens the building, with the reason.
    const page = await newPage(browser);
    await signInTo(page, 'construct_admin', '/sys_apply');
    await page.getByTestId('message-bell').click();
    const popover = page.getByTestId('message-popover');
    await popover.waitFor({ state: 'visible' });
    await popover.getByTestId('message-item').filter({ hasText: '3# 住宅楼' }).first().click();
    await page.waitForURL(
      (url) => url.pathname === `/sys_apply/${construct.orgId}/${project.id}/buildingList/${ids['3#']}`,
    );
    await expect.poll(() => page.getByTestId('latest-reason').textContent()).toBe(REASON);
    expect(await page.getByTestId('feedback-panel').textContent()).toContain(CENSOR);
    expect(await page.getByTestId('building-status').first().textContent()).toBe('已退回');
    // Sent back, it can be changed or deleted again.
    expect(await page.getByTestId('edit-building').count()).toBe(1);
    expect(await page.getByTestId('delete-building').count()).toBe(1);
    await page.context().close();
  });

  it.each([
    ['control_admin', '/sys_supervise'],
    ['joint_admin', '/sys_joint'],
  ])('%s reads the buildings without any action', async (username, area) => {
    const page = await newPage(browser);
    await signInTo(page, username, area);
    // A supervised project opens on its buildings (spec §2).
    await page.goto(
      area === '/sys_supervise'
        ? `${area}/projects/${project.id}`
        : `${area}/projects/${project.id}/buildings`,
    );
    await page.waitForURL((url) => url.pathname === `${area}/projects/${project.id}/buildings`);
    await expect.poll(() => rows(page).count()).toBe(2);
    // The supervising authority also confirms bad actions (issue 19).
    expect(await menuLabels(page)).toEqual(
      area === '/sys_supervise'
        ? [
            '报审信息',
            '单体列表',
            '勘察文件',
            '设计文件',
            '审查意见告知书',
            '施工图审查意见回复',
            '节能审查意见回复',
            '不良行为',
          ]
        : [
            '报审信息',
            '单体列表',
            '勘察文件',
            '设计文件',
            '审查意见告知书',
            '施工图审查意见回复',
            '节能审查意见回复',
          ],
    );
    expect(await page.getByTestId('new-building').count()).toBe(0);
    expect(await page.getByTestId('submit-selected').count()).toBe(0);
    expect(await page.getByTestId('building-table').locator('input[type=checkbox]').count()).toBe(0);
    expect(
      await row(page, '1# 住宅楼').getByTestId('building-actions').locator('button').allTextContents(),
    ).toEqual(['查看']);

    await row(page, '1# 住宅楼').getByRole('link', { name: '1# 住宅楼' }).click();
    await page.waitForURL((url) => url.pathname === `${area}/projects/${project.id}/buildings/${ids['1#']}`);
    await expect.poll(() => page.getByTestId('design-table').textContent()).toContain('李娜');
    await expect.poll(() => page.getByTestId('survey-panel').textContent()).toContain('中风化泥质粉砂岩');
    expect(await page.getByTestId('hazard-table').textContent()).toContain('深基坑工程');
    for (const action of [
      'edit-building',
      'delete-building',
      'submit-building',
      'confirm-building',
      'reject-building',
      'copy-building',
      'add-hazard',
      'add-design-info',
      'fill-survey-info',
    ])
      expect(await page.getByTestId(action).count(), action).toBe(0);
    await page.context().close();
  });

  it("a design unit not named in the project, or an organisation not the user's, finds no project", async () => {
    const page = await newPage(browser);
    await signInTo(
      page,
      'design2_admin',
      '/sys_submit',
      [DEMO_PASSWORD, 'Xiang#Jiang2026'],
      `/sys_submit/${project.id}/buildingList`,
    );
    // Out of reach answers as a missing project: the 404 page.
    await page.waitForURL((url) => url.pathname === '/common/404');
    expect(await page.getByTestId('building-table').count()).toBe(0);
    await page.context().close();

    // The review agency's own project, but in the name of an organisation it does not belong to.
    const censor = await newPage(browser);
    await openSignedIn(censor, 'censor_admin', {
      to: `/sys_audit/${construct.orgId}/${project.id}/buildingList`,
    });
    await censor.waitForURL((url) => url.pathname === '/common/404');
    await censor.context().close();
  });

  it('the sidebar of the project layout stays collapsed after a reload', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'construct_admin', {
      to: `/sys_apply/${construct.orgId}/${project.id}/buildingList`,
    });
    const sidebar = page.getByTestId('sidebar');
    await expect.poll(() => sidebar.getAttribute('data-open')).toBe('1');
    await page.getByTestId('project-menu').waitFor();
    await page.getByTestId('hamburger').click();
    await expect.poll(() => sidebar.getAttribute('data-open')).toBe('0');
    expect(await page.evaluate(() => localStorage.getItem('sidebarStatus'))).toBe('0');
    await page.reload();
    await page.getByTestId('project-menu').waitFor();
    expect(await sidebar.getAttribute('data-open')).toBe('0');
    await page.getByTestId('hamburger').click();
    await expect.poll(() => sidebar.getAttribute('data-open')).toBe('1');
    expect(await page.evaluate(() => localStorage.getItem('sidebarStatus'))).toBe('1');
    await page.context().close();
  });

  it('multi_user works as its survey unit in a project that names only that one of its units', async () => {
    // A project naming design2 and multi_user's survey unit, submitted with one building.
    const other = await createDraftProject(construct, {
      name: `梅溪湖小学${tag}`,
      design: [DESIGN2],
      survey: [SURVEY],
      censor: CENSOR,
    });
    const surveyOrg = await orgIdOf(construct, 'SURVEY', SURVEY);
    const designOrg = await orgIdOf(construct, 'DESIGN', DESIGN);
    const building = await addBuilding(construct, other.id, {
      name: '教学楼',
      use: 'EDUCATION',
      structureType: 'FRAME',
      floorsAbove: 5,
      height: 21.3,
      floorArea: 9600,
      designOrgIds: [await orgIdOf(construct, 'DESIGN', DESIGN2)],
      surveyOrgIds: [surveyOrg],
    });
    await submitBuildings(construct, other.id, [building.id]);
    await submitProject(construct, other.id);

    const page = await newPage(browser);
    const calls: { path: string; org: string | undefined }[] = [];
    page.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (pathname.startsWith('/api/') && pathname.includes('/building'))
        calls.push({ path: pathname, org: r.headers()['x-org-id'] });
    });
    await openSignedIn(page, 'multi_user', { to: `/sys_submit/${other.id}/buildingList` });
    const acting = page.getByTestId('acting-org');
    await expect.poll(() => acting.textContent()).toBe(SURVEY);
    expect(await acting.getAttribute('data-org-id')).toBe(surveyOrg);
    await expect.poll(() => rows(page).count()).toBe(1);
    // A survey unit adds no buildings; it fills in its findings.
    expect(await page.getByTestId('new-building').count()).toBe(0);
    await row(page, '教学楼').getByRole('link', { name: '教学楼' }).click();
    await page.getByTestId('fill-survey-info').waitFor();
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call.path).toMatch(new RegExp(`^/api/checkDrawings/${surveyOrg}/`));
      expect(call.org).toBe(surveyOrg);
    }

    // Where both of its units take part, its current organisation's kind (design) acts.
    await page.goto(`/sys_submit/${project.id}/buildingList`);
    await expect.poll(() => acting.textContent()).toBe(DESIGN);
    expect(await acting.getAttribute('data-org-id')).toBe(designOrg);
    await page.context().close();
  });
});
