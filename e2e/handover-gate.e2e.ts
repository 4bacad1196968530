import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/accessibility';
import { DEMO_PASSWORD, baseURL, launchBrowser, newPage, openSignedIn } from './support/browser';
import { choose } from './support/select';
import {
  CENSOR,
  DESIGN,
  SURVEY,
  addBuilding,
  apiSession,
  call,
  commitDocs,
  createDraftProject,
  listDocTree,
  orgIdOf,
  submitProject,
  uploadDocFile,
  type ApiSession,
  type DocFolderRoot,
  type DraftProject,
} from './support/project-api';

/**
 * Issue 17's dead end can no longer be reached: an application whose building is still a draft
 * could be sent and accepted, after which nobody could submit or confirm the building. Now the
 * construction unit's send is refused with the building named and linked; once submitted, the
 * warnings (missing specialties) are confirmed and the materials go; the agency accepts them.
 * And a building a reviewer would frown at (18 storeys of masonry) is saved only once confirmed.
 */

const tag = Date.now().toString(36).slice(-5);
const TOWER = `5#住宅楼${tag}`;

const toasts = (page: Page) => page.locator('.ant-message-notice').allTextContents();

async function signedIn(browser: Browser, username: string, to: string) {
  const page = await newPage(browser);
  await openSignedIn(page, username, { to });
  return page;
}

/** One file into a folder of the version and the unit's category committed, as the unit's API calls. */
async function uploadAndCommit(
  s: ApiSession,
  projectId: string,
  versionId: string,
  category: 'DESIGN' | 'SURVEY',
  pick: (roots: DocFolderRoot[]) => string,
) {
  const roots = await listDocTree(s, projectId, versionId, category);
  await uploadDocFile(s, projectId, versionId, pick(roots), `${category}.pdf`);
  await commitDocs(s, projectId, versionId, category);
}

describe('the hand-over gate in the browser', () => {
  let browser: Browser;
  let project: DraftProject;
  let construct: ApiSession;
  let censorOrgId = '';
  let buildingId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    construct = await apiSession(baseURL(), 'construct_admin', DEMO_PASSWORD);
    project = await createDraftProject(construct, {
      name: `含浦安置房二期${tag}`,
      design: [DESIGN],
      survey: [SURVEY],
      censor: CENSOR,
    });
    const designOrgId = await orgIdOf(construct, 'DESIGN', DESIGN);
    const surveyOrgId = await orgIdOf(construct, 'SURVEY', SURVEY);
    censorOrgId = await orgIdOf(construct, 'CENSOR', CENSOR);
    // The building stays a draft: the application is submitted without submitting it.
    ({ id: buildingId } = await addBuilding(construct, project.id, {
      name: TOWER,
      designOrgIds: [designOrgId],
      surveyOrgIds: [surveyOrgId],
    }));
    await submitProject(construct, project.id);

    // The units fill in their part and hand their materials over.
    const design = { ...(await apiSession(baseURL(), 'design_admin', DEMO_PASSWORD)), orgId: designOrgId };
    const survey = { ...(await apiSession(baseURL(), 'survey_admin', DEMO_PASSWORD)), orgId: surveyOrgId };
    await call(
      design,
      'POST',
      `/api/checkDrawings/${designOrgId}/${project.id}/building/saveBuildingDesignInfos`,
      {
        buildingId,
        items: [
          { specialty: 'ARCHITECTURE', chiefDesigner: '陈明', engineerCertNo: 'A43-2026-018' },
          { specialty: 'STRUCTURE', chiefDesigner: '李娜', engineerCertNo: 'S43-2019-0312' },
        ],
      },
    );
    await call(
      survey,
      'POST',
      `/api/checkDrawings/${surveyOrgId}/${project.id}/building/saveBuildingSurveyInfo`,
      {
        buildingId,
        siteCategory: 'II',
        foundationType: 'PILE',
        bearingStratum: '中风化泥质粉砂岩',
        groundwaterDepth: 3.2,
        liquefaction: 'NONE',
        remark: null,
      },
    );
    const [version] = await call<{ id: string }[]>(
      design,
      'GET',
      `/api/checkDrawings/${designOrgId}/${project.id}/docRepositoryVersion/listAll`,
    );
    await uploadAndCommit(design, project.id, version!.id, 'DESIGN', (roots) => roots[0]!.children[0]!.id);
    await uploadAndCommit(survey, project.id, version!.id, 'SURVEY', (roots) => roots[0]!.id);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('refuses to send a draft building, links to it, then sends with the warnings confirmed; the agency accepts', async () => {
    const owner = await signedIn(browser, 'construct_admin', `/sys_apply/${project.id}/workingDrawing`);
    // Before anything is clicked, the screen says what stands in the way.
    const blockers = owner.getByTestId('handover-blockers');
    await blockers.waitFor();
    expect(await blockers.textContent()).toContain(`${TOWER}：仍是草稿，请先提交单体`);
    expect(await owner.getByTestId('doc-handover-state').count()).toBe(0);
    await expectAccessible(owner, 'the send screen with what blocks it', {
      include: '[data-testid="doc-repository"]',
    });

    // Sending anyway is refused, naming the building; the item leads to it.
    await owner.getByTestId('send-doc').click();
    await owner.getByTestId('send-ok').click();
    const refusal = owner.getByTestId('handover-refusal-items');
    await refusal.waitFor();
    expect(await owner.locator('.ant-modal-title').last().textContent()).toBe('尚不能送审');
    expect(await refusal.locator('li').allTextContents()).toEqual([`${TOWER}：仍是草稿，请先提交单体`]);
    await expectAccessible(owner, 'the refusal', { include: '.ant-modal' });
    await refusal.getByRole('link', { name: `${TOWER}：仍是草稿，请先提交单体` }).click();
    await owner.waitForURL(
      (url) => url.pathname === `/sys_apply/${construct.orgId}/${project.id}/buildingList/${buildingId}`,
    );
    expect(await owner.getByTestId('handover-refusal-items').count()).toBe(0);

    // The construction unit submits the building where the link led.
    await owner.getByTestId('submit-building').click();
    await owner
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定|提\s*交/ })
      .click();
    await expect
      .poll(() => owner.getByTestId('building-status').first().getAttribute('data-status'))
      .toBe('SUBMITTED');

    // Back on the materials: nothing blocks, but specialties are missing: confirmed, then sent.
    await owner.goto(`/sys_apply/${project.id}/workingDrawing`);
    await expect
      .poll(() => owner.getByTestId('doc-handover-state').textContent())
      .toBe('各单位均已提交资料，请核对后确认送审。');
    expect(await owner.getByTestId('handover-blockers').count()).toBe(0);
    await owner.getByTestId('send-doc').click();
    await owner.getByTestId('send-ok').click();
    const warnings = owner.getByTestId('handover-refusal-items');
    await warnings.waitFor();
    expect(await owner.locator('.ant-modal-title').last().textContent()).toBe('请确认以下提醒');
    // The architecture was drawn; the dwelling's other specialties are asked about.
    expect(await warnings.locator('li').allTextContents()).toEqual([
      `${TOWER}：缺少结构专业的资料`,
      `${TOWER}：缺少给水排水专业的资料`,
      `${TOWER}：缺少暖通空调专业的资料`,
      `${TOWER}：缺少电气专业的资料`,
      `${TOWER}：缺少节能专业的资料`,
    ]);
    // The structure folder exists (the designer answers for it): its item opens that folder.
    await warnings.getByRole('link', { name: `${TOWER}：缺少结构专业的资料` }).click();
    await owner.waitForURL((url) => url.pathname === `/sys_apply/${project.id}/workingDrawing`);
    expect(new URL(owner.url()).searchParams.get('folder')).not.toBeNull();
    await expect.poll(() => owner.getByTestId('doc-selected-folder').textContent()).toBe('结构');
    await owner.getByTestId('send-doc').click();
    await owner.getByTestId('send-ok').click();
    await owner.getByTestId('warnings-ok').click();
    await expect.poll(() => toasts(owner)).toContain('资料已送审');
    await expect.poll(() => owner.getByTestId('doc-version-status').textContent()).toBe('已送审，待接收');

    // The agency accepts: the review begins.
    const agency = await signedIn(
      browser,
      'censor_admin',
      `/sys_audit/${censorOrgId}/${project.id}/workingDrawing`,
    );
    await agency.getByTestId('accept-doc').click();
    await agency.getByTestId('accept-ok').click();
    await expect.poll(() => toasts(agency)).toContain('资料已接收');
    await expect.poll(() => agency.getByTestId('doc-version-status').textContent()).toBe('审查中');
    for (const page of [owner, agency]) await page.context().close();
  });
});

describe('plausible building data', () => {
  let browser: Browser;
  let project: DraftProject;
  let construct: ApiSession;

  beforeAll(async () => {
    browser = await launchBrowser();
    construct = await apiSession(baseURL(), 'construct_admin', DEMO_PASSWORD);
    project = await createDraftProject(construct, {
      name: `岳麓区砌体住宅${tag}`,
      design: [DESIGN],
      survey: [SURVEY],
      censor: CENSOR,
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('warns of an 18-storey, 62.5 m masonry building in the form and saves it only once confirmed', async () => {
    const page = await signedIn(
      browser,
      'construct_admin',
      `/sys_apply/${construct.orgId}/${project.id}/buildingList`,
    );
    await page.getByTestId('new-building').click();
    await page.getByTestId('building-form').waitFor();
    await page.locator('input#building_name').fill('6#住宅楼');
    await choose(page, 'building-use', '住宅');
    await choose(page, 'building-structure', '砌体结构');
    await page.locator('input#building_floorsAbove').fill('18');
    await page.locator('input#building_floorsBelow').fill('0');
    await page.locator('input#building_height').fill('62.5');
    await page.locator('input#building_floorArea').fill('9800');
    await choose(page, 'building-seismic', '6度(0.05g)');
    await choose(page, 'building-fire', '一级');

    const warning = page.getByTestId('building-plausibility');
    await warning.waitFor();
    const text = await warning.textContent();
    expect(text).toContain('砌体结构在6度时总高度不应超过 21 m，填写为 62.5 m');
    expect(text).toContain('层数不应超过 7 层，填写为 18 层');
    await expectAccessible(page, 'the building form with its warning', {
      include: '[data-testid="building-form"]',
    });

    // Saving asks first; going back to the form saves nothing.
    let saves = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('/building/saveBuildingInfo')) saves++;
    });
    await page.getByTestId('save-building').click();
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('单体数据与常见情况不符，确定保存吗？');
    await dialog.getByRole('button', { name: '返回修改' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(saves).toBe(0);

    await page.getByTestId('save-building').click();
    await page.getByTestId('plausibility-ok').click();
    await expect.poll(() => toasts(page)).toContain('单体「6#住宅楼」已保存');
    expect(saves).toBe(1);
    await page.waitForURL((url) => /\/buildingList\/[0-9a-f-]{36}$/.test(url.pathname));
    await page.context().close();
  });

  it('opens the location picker on the province the platform serves, choosing nothing by itself', async () => {
    const page = await signedIn(browser, 'construct_admin', '/sys_apply/newreport');
    await page.getByRole('button', { name: /新建工程项目/ }).click();
    const picker = page.locator('.ant-cascader:visible').first();
    await picker.click();
    const menus = page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu');
    await expect.poll(() => menus.count()).toBe(2);
    expect(await menus.first().locator('.ant-cascader-menu-item-active').textContent()).toBe('湖南省');
    expect(await menus.nth(1).locator('.ant-cascader-menu-item').first().textContent()).toBe('长沙市');
    await page.keyboard.press('Escape');
    await expect.poll(() => menus.count()).toBe(0);
    expect(await picker.locator('.ant-select-content').textContent()).not.toContain('湖南省');
    await picker.click();
    await page.locator('.ant-cascader-menu-item', { hasText: '长沙市' }).click();
    await page.locator('.ant-cascader-menu-item', { hasText: '岳麓区' }).click();
    await expect.poll(() => picker.textContent()).toContain('湖南省 / 长沙市 / 岳麓区');
    await page.context().close();
  });
});
