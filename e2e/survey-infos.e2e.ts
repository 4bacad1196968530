import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, baseURL, launchBrowser, newPage, openSignedIn } from './support/browser';
import {
  CENSOR,
  DESIGN,
  SURVEY,
  addBuilding,
  apiSession,
  createDraftProject,
  orgIdOf,
  submitProject,
  type DraftProject,
} from './support/project-api';
import { choose } from './support/select';

/**
 * A survey unit's project survey information (勘察信息) on the single PGlite server: survey_admin
 * fills it in for a submitted application, in the project's screens of the submit area, saves it
 * as a draft and submits it; then the construction unit and the agency read it with the
 * application. The application is set up through the API; every run uses a name of its own.
 */

const tag = Date.now().toString(36).slice(-5);
const REPORT_NO = `KC-${tag}`;
const CONCLUSION = '场地整体稳定，适宜建设；建议采用旋挖成孔灌注桩，以中风化灰岩为桩端持力层。';

const toasts = (page: Page) => page.locator('.ant-message-notice').allTextContents();
const fieldErrors = (page: Page) => page.locator('.ant-form-item-explain-error').allTextContents();
const infoRows = (page: Page) => page.getByTestId('survey-info-table').locator('tbody tr.ant-table-row');

/** The value next to a label of a Descriptions. */
const valueOf = (scope: ReturnType<Page['getByTestId']>, label: string) =>
  scope
    .locator('th', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::td[1]')
    .first()
    .textContent();

async function signInTo(page: Page, username: string, area: string) {
  await openSignedIn(page, username);
  await page.waitForURL((url) => url.pathname.startsWith(area));
}

describe('survey information of an application', () => {
  let browser: Browser;
  let project: DraftProject;
  let surveyOrgId = '';
  let designOrgId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    const construct = await apiSession(baseURL(), 'construct_admin', DEMO_PASSWORD);
    project = await createDraftProject(construct, {
      name: `坪塘污水处理厂提标改造${tag}`,
      design: [DESIGN],
      survey: [SURVEY],
      censor: CENSOR,
    });
    surveyOrgId = await orgIdOf(construct, 'SURVEY', SURVEY);
    designOrgId = await orgIdOf(construct, 'DESIGN', DESIGN);
    // The server refuses to submit an application without a building.
    await addBuilding(construct, project.id, { name: '综合楼', designOrgIds: [designOrgId] });
    await submitProject(construct, project.id);
  });
  afterAll(() => browser?.close());

  it('survey_admin finds the survey screen from its project list; the form checks like the server', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'survey_admin', { to: '/sys_submit/projects' });
    await page.getByTestId('project-search').locator('input').fill(project.name);
    await page.keyboard.press('Enter');
    const row = page.getByRole('row', { name: new RegExp(project.name) });
    await row.getByTestId('project-buildings').click();
    await page.getByTestId('project-menu-surveyInfo').click();
    await page.waitForURL(
      (url) => url.pathname === `/sys_submit/${surveyOrgId}/${project.id}/surveyInfoList`,
    );
    await expect.poll(() => page.getByTestId('survey-info-table').textContent()).toContain('暂无勘察信息');

    await page.getByTestId('fill-survey-info').click();
    await page.waitForURL((url) => url.pathname === `/sys_submit/${surveyOrgId}/${project.id}/surveyInfo`);
    await page.getByTestId('survey-info-form').waitFor();
    await page.getByTestId('survey-save').click();
    await expect
      .poll(() => fieldErrors(page))
      .toEqual(
        expect.arrayContaining([
          '请选择勘察阶段',
          '请输入勘察报告编号',
          '请选择报告完成日期',
          '请选择岩土工程勘察等级',
          '请输入注册证书编号',
          '请输入结论与建议',
        ]),
      );
    // Groundwater and adverse geology may stay empty.
    expect(await fieldErrors(page)).not.toContain('请输入地下水位埋深');

    // GB 50021 §3.1.4: a grade-1 site makes it 甲级, filled in; the others are not offered.
    await choose(page, 'survey-importance', '二级（一般工程，后果严重）');
    await choose(page, 'survey-site', '一级场地（复杂场地）');
    await choose(page, 'survey-ground', '二级地基（中等复杂地基）');
    await expect.poll(() => page.getByTestId('survey-grade-select').textContent()).toBe('甲级');
    expect(await page.getByTestId('survey-info-form').textContent()).toContain(
      '按 GB 50021 第3.1.4条，应为甲级',
    );

    await page.locator('input#surveyInfo_engineerCertNo').fill('证书 123');
    await page.locator('input#surveyInfo_totalDrilling').click();
    await expect.poll(() => fieldErrors(page)).toContain('注册证书编号为 4 至 32 位字母、数字或连字符');
    await page.context().close();
  });

  it('saves a draft, comes back to it, and submits it after a confirmation; then it is read-only', async () => {
    const page = await newPage(browser);
    await signInTo(page, 'survey_admin', '/sys_submit');
    const form = `/sys_submit/${surveyOrgId}/${project.id}/surveyInfo`;
    await page.goto(form);
    await page.getByTestId('survey-info-form').waitFor();
    await choose(page, 'survey-stage', '详细勘察');
    await page.locator('input#surveyInfo_reportNo').fill(REPORT_NO);
    await page.locator('input#surveyInfo_reportDate').fill('2026-03-15');
    await page.locator('input#surveyInfo_reportDate').press('Enter');
    await choose(page, 'survey-importance', '二级（一般工程，后果严重）');
    await choose(page, 'survey-site', '二级场地（中等复杂场地）');
    await choose(page, 'survey-ground', '三级地基（简单地基）');
    await expect.poll(() => page.getByTestId('survey-grade-select').textContent()).toBe('乙级');
    await page.locator('input#surveyInfo_projectLeader').fill('刘志强');
    await page.locator('input#surveyInfo_engineerName').fill('陈晓燕');
    await page.locator('input#surveyInfo_engineerCertNo').fill('AY184300123');
    await page.locator('input#surveyInfo_explorationPoints').fill('46');
    await page.locator('input#surveyInfo_totalDrilling').fill('1380.5');
    await page.locator('textarea#surveyInfo_adverseGeology').fill('场地西侧揭露浅层溶洞，最大洞高 2.1 m');
    await page.locator('textarea#surveyInfo_conclusion').fill(CONCLUSION);
    await page.getByTestId('survey-save').click();
    await expect.poll(() => toasts(page)).toContain('勘察信息已保存');

    // The list shows the draft; opening the form again brings the saved values back.
    await page.goto(`/sys_submit/${surveyOrgId}/${project.id}/surveyInfoList`);
    await expect.poll(() => infoRows(page).count()).toBe(1);
    expect(await infoRows(page).first().getByTestId('survey-info-status').textContent()).toBe('草稿');
    expect(await page.getByTestId('fill-survey-info').textContent()).toContain('继续填写');
    await page.getByTestId('fill-survey-info').click();
    await page.waitForURL((url) => url.pathname.startsWith(`${form}/`));
    await expect.poll(() => page.locator('input#surveyInfo_reportNo').inputValue()).toBe(REPORT_NO);
    expect(await page.locator('input#surveyInfo_totalDrilling').inputValue()).toBe('1380.50');
    expect(await page.locator('input#surveyInfo_groundwaterDepth').inputValue()).toBe('');

    await page.locator('input#surveyInfo_groundwaterDepth').fill('3.2');
    await page.getByTestId('survey-submit').click();
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.textContent()).toContain('提交后勘察信息不能再修改');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => toasts(page)).toContain('勘察信息已提交');

    const view = page.getByTestId('survey-info-view');
    await view.waitFor();
    expect(await page.getByTestId('survey-info-form').count()).toBe(0);
    expect(await valueOf(view, '状态')).toBe('已提交');
    expect(await valueOf(view, '地下水位埋深')).toBe('3.2 m');
    expect(await valueOf(view, '岩土工程勘察等级')).toBe('乙级');

    await page.getByTestId('back-to-survey-list').click();
    await expect
      .poll(() => infoRows(page).first().getByTestId('survey-info-status').textContent())
      .toBe('已提交');
    expect(await page.getByTestId('fill-survey-info').count()).toBe(0);
    // The form address now shows the submitted information, read-only.
    await page.goto(form);
    await expect.poll(() => valueOf(page.getByTestId('survey-info-view'), '勘察报告编号')).toBe(REPORT_NO);
    await page.context().close();
  });

  it.each([
    ['construct_admin', '/sys_apply'],
    ['censor_admin', '/sys_audit'],
  ])('%s reads it with the application, read-only', async (username, area) => {
    const page = await newPage(browser);
    await openSignedIn(page, username, { to: `${area}/reportdetail/${project.id}` });
    const card = page.getByTestId('survey-infos');
    await expect.poll(() => card.textContent()).toContain(SURVEY);
    const view = card.getByTestId('survey-info-view');
    await expect.poll(() => valueOf(view, '勘察报告编号')).toBe(REPORT_NO);
    expect(await valueOf(view, '结论与建议')).toBe(CONCLUSION);
    expect(await valueOf(view, '状态')).toBe('已提交');
    expect(await card.locator('input, textarea, button.ant-btn').count()).toBe(0);
    await page.context().close();
  });

  it('the design unit has no survey screen to fill in', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'design_admin', { to: `/sys_submit/${project.id}/buildingList` });
    await page.getByTestId('project-menu').waitFor();
    expect(await page.getByTestId('project-menu-surveyInfo').count()).toBe(0);
    await page.goto(`/sys_submit/${designOrgId}/${project.id}/surveyInfo`);
    await expect
      .poll(() => page.getByTestId('not-survey-unit').textContent())
      .toContain('当前单位不是该项目的勘察单位');
    await page.context().close();
  });
});
