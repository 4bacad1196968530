import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGE_TYPES,
  MESSAGE_TYPE_KEYS,
  messageScreen,
  type MessageTypeDefinition,
  type OrgType,
} from '@drp/domain';
import { giveMission } from './support/accepted-drawings';
import { expectAccessible } from './support/accessibility';
import { bellCount } from './support/bell';
import { DEMO_PASSWORD, baseURL, launchBrowser, newPage, openSignedIn } from './support/browser';
import {
  CENSOR,
  DESIGN,
  SURVEY,
  addBuilding,
  apiSession,
  call,
  createDraftProject,
  listDocTree,
  orgIdOf,
  submitBuildings,
  submitProject,
  uploadDocFile,
  type ApiSession,
  type DraftProject,
} from './support/project-api';

/**
 * To-dos (issue 17), as the people of one application meet them: each is addressed to those who
 * may do its work (the agency's reviewer is never asked to accept materials), opens the screen
 * where that work is done, and is settled by doing it, by anyone entitled; 已办 then says who did
 * it and when. The units' uploads and the construction unit's sending go through the API where the
 * browser part is not what is tested; committing and accepting are done in the browser.
 */

const tag = Date.now().toString(36).slice(-5);
const PROJECT = `梅溪湖待办测试楼${tag}`;

const popover = (page: Page) => page.getByTestId('message-popover');
const items = (page: Page) => popover(page).getByTestId('message-item');
const itemAbout = (page: Page, text: string) => items(page).filter({ hasText: text });
const toasts = (page: Page) => page.locator('.ant-message-notice').allTextContents();

async function openPopover(page: Page) {
  await page.getByTestId('message-bell').click();
  await popover(page).waitFor({ state: 'visible' });
  await expect.poll(() => popover(page).locator('.ant-spin').count(), { timeout: 10_000 }).toBe(0);
}
const tab = (page: Page, name: '待办' | '已办' | '通知') =>
  popover(page).locator('.ant-segmented-item').filter({ hasText: name }).click();

async function signedIn(browser: Browser, username: string, area: string) {
  const page = await newPage(browser);
  await openSignedIn(page, username);
  await page.waitForURL((url) => url.pathname.startsWith(area));
  return page;
}

describe('to-dos: addressed, opened, settled by the work, listed as done', () => {
  let browser: Browser;
  let project: DraftProject;
  let construct: ApiSession;
  let survey: ApiSession;
  const org: Partial<Record<OrgType, string>> = {};
  let buildingId = '';
  let versionId = '';

  /** One PDF into the first folder of a category, as the unit `s`, the way the web app saves it. */
  async function upload(s: ApiSession, category: 'DESIGN' | 'SURVEY', name: string) {
    const [top] = await listDocTree(s, project.id, versionId, category);
    const folderId = category === 'DESIGN' ? top!.children[0]!.id : top!.id;
    await uploadDocFile(s, project.id, versionId, folderId, name);
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    construct = await apiSession(baseURL(), 'construct_admin', DEMO_PASSWORD);
    org.CONSTRUCT = construct.orgId;
    project = await createDraftProject(construct, {
      name: PROJECT,
      design: [DESIGN],
      survey: [SURVEY],
      censor: CENSOR,
    });
    org.DESIGN = await orgIdOf(construct, 'DESIGN', DESIGN);
    org.SURVEY = await orgIdOf(construct, 'SURVEY', SURVEY);
    org.CENSOR = await orgIdOf(construct, 'CENSOR', CENSOR);
    org.CONTROL = (await apiSession(baseURL(), 'control_admin', DEMO_PASSWORD)).orgId;
    buildingId = (
      await addBuilding(construct, project.id, { name: `1#综合楼${tag}`, designOrgIds: [org.DESIGN] })
    ).id;
    await submitBuildings(construct, project.id, [buildingId]);
    await submitProject(construct, project.id);
    const design = { ...(await apiSession(baseURL(), 'design_admin', DEMO_PASSWORD)), orgId: org.DESIGN };
    await call(
      design,
      'POST',
      `/api/checkDrawings/${org.DESIGN}/${project.id}/building/saveBuildingDesignInfos`,
      {
        buildingId,
        items: [{ specialty: 'ARCHITECTURE', chiefDesigner: '陈明', engineerCertNo: 'A43-2026-018' }],
      },
    );
    survey = { ...(await apiSession(baseURL(), 'survey_admin', DEMO_PASSWORD)), orgId: org.SURVEY };
    const [version] = await call<{ id: string }[]>(
      survey,
      'GET',
      `/api/checkDrawings/${org.SURVEY}/${project.id}/docRepositoryVersion/listAll`,
    );
    versionId = version!.id;
    await upload(design, 'DESIGN', '建筑设计总说明.pdf');
  });
  afterAll(() => browser?.close());

  it('the designer is asked to upload, lands on the upload screen, and the commit settles it', async () => {
    const designer = await signedIn(browser, 'design_user', '/sys_submit');
    await openPopover(designer);
    await tab(designer, '待办');
    const todo = itemAbout(designer, PROJECT);
    await expect.poll(() => todo.count(), { timeout: 10_000 }).toBe(1);
    expect(await todo.getAttribute('data-state')).toBe('todo');
    expect(await todo.locator('.ant-tag').textContent()).toBe('建设单位提交报审');
    await todo.click();
    await designer.waitForURL((url) => url.pathname === `/sys_submit/${project.id}/workingDrawing`);
    await expect.poll(() => designer.title()).toMatch(/^施工图资料上传 - /);

    // Opened and read, it is still to do until the work is done.
    await openPopover(designer);
    await expect.poll(() => itemAbout(designer, PROJECT).getAttribute('data-read')).toBe('true');
    expect(await itemAbout(designer, PROJECT).getAttribute('data-state')).toBe('todo');
    await designer.keyboard.press('Escape');

    await designer.getByTestId('commit-doc').click();
    await designer.getByTestId('commit-ok').click();
    await expect.poll(() => toasts(designer)).toContain('资料已提交');
    await openPopover(designer);
    await tab(designer, '待办');
    await expect.poll(() => itemAbout(designer, PROJECT).count(), { timeout: 10_000 }).toBe(0);
    await tab(designer, '已办');
    const done = itemAbout(designer, PROJECT);
    await expect.poll(() => done.count()).toBe(1);
    expect(await done.getAttribute('data-state')).toBe('done');
    expect(await done.getByTestId('message-settled').textContent()).toMatch(
      /^李娜 于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 办结 · 设计单位提交资料$/,
    );
    await designer.context().close();

    // The survey unit's own upload to-do is still open: only its own commit settles it.
    await upload(survey, 'SURVEY', '岩土工程勘察报告.pdf');
    const surveyor = await signedIn(browser, 'survey_admin', '/sys_submit');
    await openPopover(surveyor);
    await tab(surveyor, '待办');
    await expect.poll(() => itemAbout(surveyor, PROJECT).count(), { timeout: 10_000 }).toBe(1);
    await itemAbout(surveyor, PROJECT).click();
    await surveyor.waitForURL((url) => url.pathname === `/sys_submit/${project.id}/reconnaissance`);
    await surveyor.context().close();
    await call(
      survey,
      'GET',
      `/api/checkDrawings/${org.SURVEY}/${project.id}/docRepositoryOrg/commitDoc?versionId=${versionId}&category=SURVEY`,
    );
  });

  it('the construction unit is asked to send; sending settles both units’ hand-overs', async () => {
    const owner = await signedIn(browser, 'construct_admin', '/sys_apply');
    await openPopover(owner);
    await tab(owner, '待办');
    await expect.poll(() => itemAbout(owner, PROJECT).count(), { timeout: 10_000 }).toBe(2);
    await itemAbout(owner, PROJECT).filter({ hasText: '施工图' }).click();
    await owner.waitForURL((url) => url.pathname === `/sys_apply/${project.id}/workingDrawing`);
    await owner.getByTestId('send-doc').waitFor();
    await call(
      construct,
      'GET',
      `/api/checkDrawings/${org.CONSTRUCT}/${project.id}/docRepositoryOrg/confirmApplyDoc?versionId=${versionId}&confirmWarnings=true`,
    );
    // Settling tells the settled organisation's open pages at once (the live stream).
    await openPopover(owner);
    await tab(owner, '待办');
    await expect.poll(() => itemAbout(owner, PROJECT).count(), { timeout: 10_000 }).toBe(0);
    await tab(owner, '已办');
    await expect.poll(() => itemAbout(owner, PROJECT).count()).toBe(2);
    for (const note of await itemAbout(owner, PROJECT).getByTestId('message-settled').allTextContents())
      expect(note).toMatch(/^王建国 于 .+ 办结 · 建设单位送审资料$/);
    await owner.context().close();
  });

  it('the agency’s reviewer is not asked to accept; its administrator accepts on 资料受理 and the director sees it done', async () => {
    const reviewer = await signedIn(browser, 'censor_reviewer', '/sys_audit');
    await openPopover(reviewer);
    for (const name of ['待办', '已办', '通知'] as const) {
      await tab(reviewer, name);
      expect(await itemAbout(reviewer, PROJECT).count(), name).toBe(0);
    }
    await reviewer.context().close();

    const director = await signedIn(browser, 'censor_director', '/sys_audit');
    await openPopover(director);
    await tab(director, '待办');
    await expect.poll(() => itemAbout(director, PROJECT).count(), { timeout: 10_000 }).toBe(1);

    const agency = await signedIn(browser, 'censor_admin', '/sys_audit');
    await openPopover(agency);
    await tab(agency, '待办');
    const todo = itemAbout(agency, PROJECT);
    await expect.poll(() => todo.count(), { timeout: 10_000 }).toBe(1);
    expect(await todo.textContent()).toContain('请查收并受理');
    await todo.click();
    await agency.waitForURL(
      (url) => url.pathname === `/sys_audit/${org.CENSOR}/${project.id}/workingDrawing`,
    );
    await expect.poll(() => agency.title()).toMatch(/^资料受理 - /);
    await agency.getByTestId('accept-doc').click();
    await agency.getByTestId('accept-ok').click();
    await expect.poll(() => toasts(agency)).toContain('资料已接收');
    await openPopover(agency);
    await tab(agency, '待办');
    await expect.poll(() => itemAbout(agency, PROJECT).count(), { timeout: 10_000 }).toBe(0);
    await agency.context().close();

    // Anyone entitled may do it: the director's open list drops the to-do the administrator's
    // work settled, live.
    await expect.poll(() => itemAbout(director, PROJECT).count(), { timeout: 10_000 }).toBe(0);
    await tab(director, '已办');
    const done = itemAbout(director, PROJECT);
    await expect.poll(() => done.count()).toBe(1);
    expect(await done.getByTestId('message-settled').textContent()).toMatch(
      /^张伟 于 .+ 办结 · 审查机构受理资料$/,
    );

    // 查看全部: the audit area's message centre, done to-dos with who and when.
    await director.getByTestId('message-centre-link').click();
    await director.waitForURL((url) => url.pathname === '/sys_audit/messages');
    await expect.poll(() => director.title()).toMatch(/^消息中心 - /);
    const centre = director.getByTestId('message-centre');
    await centre.waitFor();
    await director.getByTestId('message-centre-state').click();
    await director.locator('.ant-select-item-option').filter({ hasText: '已办' }).click();
    await director.getByTestId('message-centre-project').click();
    await director.locator('.ant-select-item-option').filter({ hasText: PROJECT }).click();
    await expect.poll(() => centre.locator('.ant-table-row').count(), { timeout: 10_000 }).toBe(1);
    const row = centre.locator('.ant-table-row').first();
    expect(await row.textContent()).toContain('请查收并受理');
    expect(await row.getByTestId('message-settled').textContent()).toMatch(/^张伟 于 .+ 办结/);
    await expect.poll(() => centre.locator('.ant-spin-spinning').count()).toBe(0);
    await expectAccessible(director, 'the message centre');
    // Its row opens the same screen as the popover.
    await row.getByRole('button', { name: /查看/ }).click();
    await director.waitForURL(
      (url) => url.pathname === `/sys_audit/${org.CENSOR}/${project.id}/workingDrawing`,
    );
    await director.context().close();
  });

  it('the popover works from the keyboard and in English; 全部已读 leaves only the open to-dos on the bell', async () => {
    const page = await newPage(browser, 'en-US');
    await openSignedIn(page, 'design_admin', { locale: 'en-US' });
    await page.waitForURL((url) => url.pathname.startsWith('/sys_submit'));
    await page.getByTestId('message-bell').focus();
    await page.keyboard.press('Enter');
    await popover(page).waitFor({ state: 'visible' });
    await expect.poll(() => popover(page).locator('.ant-spin').count(), { timeout: 10_000 }).toBe(0);
    const labels = await popover(page).locator('.ant-segmented-item-label').allTextContents();
    expect(labels.map((l) => l.replace(/ \(\d+\)$/, ''))).toEqual(['To do', 'Done', 'Notices']);
    const open = Number(/\((\d+)\)/.exec(labels[0]!)![1]);
    await expectAccessible(page, 'the message popover', { include: '[data-testid="message-popover"]' });
    // The agency's acceptance above told the design unit (a notice, unread): 全部已读 reads it.
    await expect.poll(() => bellCount(page), { timeout: 10_000 }).toBeGreaterThan(open);
    await popover(page).getByTestId('message-read-all').click();
    await expect.poll(() => bellCount(page), { timeout: 10_000 }).toBe(open);
    expect(await popover(page).getByTestId('message-read-all').isDisabled()).toBe(true);
    // The open to-dos are still to do: reading is not doing.
    expect(await popover(page).locator('.ant-segmented-item-label').first().textContent()).toBe(labels[0]);
    await popover(page).getByTestId('message-centre-link').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/sys_submit/messages');
    await expect.poll(() => page.title()).toMatch(/^Message centre - /);
    expect(await page.getByTestId('message-centre').locator('h1').textContent()).toBe('Message centre');
    await page.context().close();
  });

  /** The screen each message type opens, by its template, as the navbar and document title name it. */
  const SCREEN_TITLES: Record<string, string> = {
    '/sys_submit/:projectId/workingDrawing': '施工图资料上传',
    '/sys_submit/:projectId/reconnaissance': '勘察文件上传',
    '/sys_submit/projects': '项目列表',
    '/sys_audit/projects': '项目列表',
    '/sys_apply/:projectId/workingDrawing': '施工图审查资料',
    '/sys_apply/:projectId/reconnaissance': '勘察报告资料',
    '/sys_audit/:orgId/:projectId/workingDrawing': '资料受理',
    '/sys_audit/:orgId/:projectId/workingDrawingList': '图纸审查资料',
    '/sys_apply/reportdetail/:projectId': '报审详情',
    '/sys_submit/reportdetail/:projectId': '报审详情',
    '/sys_apply/:orgId/:projectId/buildingList/:targetId': '单体详情',
    '/sys_submit/:projectId/buildingList/:targetId/ProjectInfo': '单体详情',
    '/sys_apply/admin/user/:orgId': '人员管理',
    '/sys_submit/admin/user/:orgId': '人员管理',
    '/sys_audit/admin/user/:orgId': '人员管理',
    '/sys_supervise/admin/user/:orgId': '人员管理',
    '/sys_audit/:orgId/:projectId/mission/:targetId': '审查任务',
    '/sys_apply/:orgId/:projectId/report': '审查意见告知书',
    '/sys_submit/:orgId/:projectId/report': '审查意见告知书',
    '/sys_submit/:orgId/:projectId/answerCensorConstRes': '施工图审查意见回复',
    '/sys_audit/:orgId/:projectId/signature': '电子签章',
    '/sys_apply/:orgId/:projectId/signature': '电子签章',
    '/sys_submit/:orgId/:projectId/signature': '电子签章',
    '/sys_supervise/approval/tbc': '审查备案',
    '/sys_audit/:orgId/:projectId/filing': '备案',
    '/sys_audit/:orgId/:projectId/report': '审查意见告知书',
    '/sys_audit/:orgId/:projectId/certification': '审查合格书',
  };
  const MEMBER: Partial<Record<OrgType, string>> = {
    CONSTRUCT: 'construct_admin',
    DESIGN: 'design_admin',
    SURVEY: 'survey_admin',
    CENSOR: 'censor_admin',
    CONTROL: 'control_admin',
  };

  it('every message type opens a real screen, the one named for its work, for each org type it reaches', async () => {
    const pages: Partial<Record<OrgType, Page>> = {};
    // A mission's message names the mission: the agency (materials accepted above) confirms the
    // building and assigns one, so its screen has something real to open.
    const agency = { ...(await apiSession(baseURL(), 'censor_admin', DEMO_PASSWORD)), orgId: org.CENSOR! };
    await call(
      agency,
      'PUT',
      `/api/checkDrawings/${org.CENSOR}/${project.id}/building/confirm/${buildingId}`,
    );
    const missionId = await giveMission(agency, {
      projectId: project.id,
      buildingId,
      username: 'censor_reviewer',
      specialty: 'ARCHITECTURE',
    });
    for (const type of MESSAGE_TYPE_KEYS) {
      const receivers = (MESSAGE_TYPES[type] as MessageTypeDefinition).receivers;
      for (const [orgType, receiver] of Object.entries(receivers) as [OrgType, { opens: string }][]) {
        const expected = SCREEN_TITLES[receiver.opens];
        expect(expected, `${type} → ${receiver.opens} has no expected screen`).toBeDefined();
        const username = MEMBER[orgType];
        expect(username, `${type}: nobody of ${orgType} to open it`).toBeDefined();
        const orgId = org[orgType]!;
        // A building's screen is opened with the building, a mission's with the mission (an org
        // id there is a 404 that lands after the test has moved on, and takes the next screen's
        // place).
        const target = receiver.opens.includes('/buildingList/:targetId')
          ? buildingId
          : receiver.opens.includes('/mission/:targetId')
            ? missionId
            : orgId;
        const path = messageScreen({ type, orgId, projectId: project.id, targetId: target }, orgType);
        expect(path, type).not.toBeNull();
        let page = pages[orgType];
        if (!page) {
          page = await signedIn(browser, username!, '/sys_');
          pages[orgType] = page;
          await page.goto(path!);
        } else {
          // Within the signed-in app, as a click on the message does: a full reload for each of
          // some fifty screens took most of a minute, and deep links are tested elsewhere.
          await page.evaluate((to) => {
            window.history.pushState(null, '', to);
            window.dispatchEvent(new PopStateEvent('popstate'));
          }, path!);
        }
        await expect
          .poll(() => page.title(), { timeout: 10_000, message: `${type} (${orgType}) → ${path}` })
          .toMatch(new RegExp(`^${expected} - `));
        expect(new URL(page.url()).pathname, `${type} (${orgType})`).toBe(path);
      }
    }
    for (const page of Object.values(pages)) await page.context().close();
  });
});
