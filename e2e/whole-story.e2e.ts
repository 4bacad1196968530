import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/accessibility';
import { DEMO_PASSWORD, launchBrowser, newPage, openSignedIn } from './support/browser';
import { CENSOR, DESIGN } from './support/project-api';
import { choose } from './support/select';
import { sheetPdf } from './support/sheet-pdf';

/**
 * One application from registration to the public record, every step in the browser by the
 * person whose step it is, starting from their landing page or a to-do in their bell (issue 21,
 * "one whole story"): the construction unit registers the application and its building and
 * submits it; the design unit enters its design information, uploads a sheet and commits; the
 * construction unit sends it; the agency accepts it, confirms the building and assigns the
 * missions by the platform's proposal; the reviewers submit their missions and the director
 * accepts them; the round's report is compiled, signed by everyone asked and forwarded (passed:
 * no opinion); the certificate is compiled, signed and issued, and filed; the city bureau
 * confirms the filing; and anyone finds the application in the public record. The steps' own
 * refusals and variants (opinions, answers, a second round, rejections) are the other files'.
 */

const tag = Date.now().toString(36).slice(-5);
const PROJECT = `湘江新区全流程测试楼${tag}`;
const BUILDING = `1#办公楼${tag}`;
const SHEET = `建施-01${tag}.pdf`;

const toasts = (page: Page) => page.locator('.ant-message-notice').allTextContents();

async function signedIn(browser: Browser, username: string, to?: string) {
  const page = await newPage(browser);
  await openSignedIn(page, username, to ? { to } : {});
  return page;
}

/** Opens the bell's 待办 and the to-do of this type (its tag) about the story's application. */
async function openTodo(page: Page, typeName: string) {
  const popover = page.getByTestId('message-popover');
  const todo = popover
    .getByTestId('message-item')
    .filter({ hasText: PROJECT })
    .filter({ has: page.locator('.ant-tag', { hasText: typeName }) });
  // A to-do sent a moment ago may reach the bell after it was opened: open it again until it shows.
  await expect
    .poll(
      async () => {
        if (!(await popover.isVisible())) await page.getByTestId('message-bell').click();
        await popover.locator('.ant-segmented-item').filter({ hasText: '待办' }).click();
        if ((await todo.count()) === 0) {
          await page.keyboard.press('Escape');
          await popover.waitFor({ state: 'hidden' });
        }
        return todo.count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  await todo.click();
}

/** A multiple select (the application's units): picked, then closed again. */
async function chooseMany(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await dropdown.getByTitle(option, { exact: true }).click();
  await page.keyboard.press('Escape');
  await dropdown.waitFor({ state: 'hidden' });
}

async function confirmDialog(page: Page) {
  const dialog = page.locator('.ant-modal-confirm');
  await dialog.waitFor({ state: 'visible' });
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * The signatures asked of this person, signed from their to-do with their password again: every
 * one they may give now, or `once` (the director, an admin of the agency too, would otherwise go
 * on to the seal, which the admin gives).
 */
async function signFromTodo(browser: Browser, username: string, once = false) {
  const page = await signedIn(browser, username);
  await openTodo(page, '电子签章待签署');
  await page.waitForURL('**/signature');
  const row = page
    .getByTestId('signature-list')
    .locator('tbody tr.ant-table-row', { has: page.getByTestId('signature-mine') });
  await expect.poll(() => row.count()).toBe(1);
  await row.getByRole('button', { name: /签\s*署/ }).click();
  await page.waitForURL('**/signature/detail/*');
  // A reviewer of several specialties signs once for each.
  const progress = page.getByTestId('signature-progress');
  const mine = page.getByTestId('sign-mine');
  await mine.waitFor();
  while ((await mine.count()) > 0) {
    const before = await progress.textContent();
    await mine.click();
    await page.getByTestId('sign-password').fill(DEMO_PASSWORD);
    await page.getByTestId('sign-confirm').click();
    await expect.poll(() => progress.textContent(), { timeout: 30_000 }).not.toBe(before);
    if (once) break;
  }
  await page.context().close();
}

describe('one application from registration to the public record, in the browser', () => {
  let browser: Browser;
  let projectId = '';
  let censorOrgId = '';
  /** Who reviewed in round 1 (the agency's proposal chose them), and so signs. */
  const reviewers: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('the construction unit registers the application and its building and submits it', async () => {
    const page = await signedIn(browser, 'construct_admin');
    await page.waitForURL((url) => url.pathname === '/sys_apply');
    await page.locator('.area-sider').getByText('项目列表').click();
    await page.getByTestId('new-project').click();
    await page.waitForURL((url) => url.pathname === '/sys_apply/newreport');
    const creator = page.getByTestId('project-dic-creator');
    const select = page.getByTestId('project-dic-select');
    await creator.or(select).first().waitFor();
    if (await select.isVisible()) await page.getByTestId('create-project-dic').click();
    await page.locator('input#projectDic_name').fill(PROJECT);
    await page.locator('#projectDic_regionCode').click();
    await page.keyboard.type('岳麓');
    await page
      .getByText(/湖南省.*长沙市.*岳麓区/)
      .first()
      .click();
    await page.locator('input#projectDic_address').fill('长沙市岳麓区学士路 88 号');
    await page.getByTestId('save-project-dic').click();
    await page.getByTestId('project-form').waitFor({ state: 'visible' });
    await page.locator('input#project_landUsePermitNo').fill('地字第430104202600777号');
    await page.locator('input#project_planningPermitNo').fill('建字第430104202600888号');
    await page.locator('input#project_totalArea').fill('8600');
    await page.locator('input#project_aboveGroundArea').fill('7000');
    await page.locator('input#project_belowGroundArea').fill('1600');
    await page.locator('input#project_investment').fill('18000');
    await choose(page, 'project-type', '公共建筑');
    await choose(page, 'construct-type', '新建');
    await choose(page, 'stage', '施工图设计');
    await page.locator('input#project_contactName').fill('王建国');
    await page.locator('input#project_contactPhone').fill('0731-88776655');
    await chooseMany(page, 'design-orgs', DESIGN);
    await choose(page, 'censor-org', CENSOR);
    await page.getByTestId('save-draft').click();
    await page.waitForURL((url) => url.pathname.startsWith('/sys_apply/reportdetail/'));
    projectId = new URL(page.url()).pathname.split('/').pop()!;

    // Its building, from the application's detail, submitted; then the application.
    await page.getByTestId('project-buildings').click();
    await page.getByTestId('new-building').click();
    await page.getByTestId('building-form').waitFor();
    await page.locator('input#building_name').fill(BUILDING);
    await choose(page, 'building-use', '办公');
    await choose(page, 'building-structure', '框架结构');
    await page.locator('input#building_floorsAbove').fill('6');
    await page.locator('input#building_floorsBelow').fill('1');
    await page.locator('input#building_height').fill('23.4');
    await page.locator('input#building_floorArea').fill('8600');
    await choose(page, 'building-seismic', '6度(0.05g)');
    await choose(page, 'building-fire', '二级');
    await page.getByTestId('save-building').click();
    await page.waitForURL((url) => /\/buildingList\/[^/]+$/.test(url.pathname));
    await page.getByTestId('back-to-buildings').click();
    await page.getByTestId('building-table').locator('thead input[type=checkbox]').check();
    await page.getByTestId('submit-selected').click();
    await confirmDialog(page);
    await expect.poll(() => toasts(page)).toContain('已提交 1 个单体');
    await page.getByTestId('project-navbar-name').click();
    await page.waitForURL((url) => url.pathname === `/sys_apply/reportdetail/${projectId}`);
    await page.getByTestId('submit-project').click();
    await confirmDialog(page);
    await expect.poll(() => toasts(page)).toContain('报审已提交');
    await page.context().close();
  }, 240_000);

  it('the design unit, from its to-do, enters its design information, uploads its sheet and commits', async () => {
    const page = await signedIn(browser, 'design_admin');
    await openTodo(page, '建设单位提交报审');
    await page.waitForURL((url) => url.pathname === `/sys_submit/${projectId}/workingDrawing`);
    // The design information first: the hand-over waits for it.
    await page.getByTestId('project-menu').getByText('单体列表').click();
    await page.getByRole('link', { name: BUILDING }).click();
    await page.getByTestId('add-design-info').click();
    await choose(page, 'design-specialty', '建筑');
    await page.locator('input#designInfo_chiefDesigner').fill('陈明');
    await page.locator('input#designInfo_engineerCertNo').fill('A43-2026-018');
    await page
      .getByTestId('design-modal')
      .locator('.ant-modal')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await expect.poll(() => toasts(page)).toContain('设计信息已保存');

    await page.getByTestId('project-menu').getByText('施工图资料上传').click();
    await page.locator('[data-testid="doc-folder"][data-folder-name="建筑"]').first().click();
    await expect.poll(() => page.getByTestId('doc-selected-folder').textContent()).toBe('建筑');
    await page
      .locator('.doc-repository-files input[type=file]:not([webkitdirectory])')
      .setInputFiles({ name: SHEET, mimeType: 'application/pdf', buffer: await sheetPdf() });
    await expect
      .poll(() =>
        page
          .getByTestId('upload-item')
          .and(page.locator(`[data-name="${SHEET}"]`))
          .getAttribute('data-status'),
      )
      .toBe('done');
    await page.getByTestId('commit-doc').click();
    await page.getByTestId('commit-ok').click();
    await expect.poll(() => toasts(page)).toContain('资料已提交');
    await page.context().close();
  }, 240_000);

  it('the construction unit, from its to-do, sends the materials to review', async () => {
    const page = await signedIn(browser, 'construct_admin');
    await openTodo(page, '设计单位提交资料');
    await page.waitForURL((url) => url.pathname === `/sys_apply/${projectId}/workingDrawing`);
    await page.getByTestId('send-doc').click();
    await page.getByTestId('send-ok').click();
    // Only the architecture is drawn: the other specialties are warnings the sender confirms.
    await page.getByTestId('handover-refusal-items').waitFor();
    await page.getByTestId('warnings-ok').click();
    await expect.poll(() => page.getByTestId('doc-version-status').textContent()).toBe('已送审，待接收');
    await page.context().close();
  }, 240_000);

  it('the agency accepts from its to-do, confirms the building and assigns the missions by proposal', async () => {
    const admin = await signedIn(browser, 'censor_admin');
    await openTodo(admin, '建设单位送审资料');
    await admin.waitForURL((url) => url.pathname.endsWith(`/${projectId}/workingDrawing`));
    censorOrgId = new URL(admin.url()).pathname.split('/')[2]!;
    await admin.getByTestId('accept-doc').click();
    await admin.getByTestId('accept-ok').click();
    await expect.poll(() => admin.getByTestId('doc-version-status').textContent()).toBe('审查中');
    await admin.getByTestId('project-menu').getByText('单体列表').click();
    const row = admin.getByTestId('building-table').locator('tbody tr.ant-table-row', { hasText: BUILDING });
    await row.getByRole('button', { name: /确\s*认/ }).click();
    await confirmDialog(admin);
    await expect.poll(() => row.getByTestId('building-status').textContent()).toBe('已确认');

    // Who reviews what (专业) is the agency's own record, kept on its members screen: 郑浩 is
    // recorded for every specialty of an office building he does not hold yet.
    await admin.goto('/sys_audit');
    await admin.getByTestId('back-office').click();
    await admin.waitForURL((url) => url.pathname.startsWith('/sys_audit/admin/user/'));
    await admin
      .getByRole('row', { name: /censor_reviewer2/ })
      .getByRole('button', { name: '编辑权限' })
      .click();
    const specialties = admin.getByTestId('credential-specialties');
    await specialties.waitFor();
    for (const name of ['建筑', '结构', '给水排水', '暖通空调', '电气', '节能']) {
      if ((await specialties.textContent())?.includes(name)) continue;
      await specialties.click();
      await admin.keyboard.type(name);
      await admin
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
        .getByTitle(name, { exact: true })
        .click();
      await expect.poll(() => specialties.textContent()).toContain(name);
    }
    await specialties.locator('input').blur();
    await admin.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect
      .poll(() =>
        admin
          .getByRole('row', { name: /censor_reviewer2/ })
          .getByTestId('member-credentials')
          .textContent(),
      )
      .toContain('暖通空调');
    await admin.context().close();

    // The director's board lists the application with cells nobody reviews yet.
    const director = await signedIn(browser, 'censor_director');
    await director.waitForURL((url) => url.pathname === '/sys_audit');
    await director
      .getByTestId('board-unassigned')
      .getByRole('link', { name: new RegExp(PROJECT) })
      .click();
    await director.waitForURL((url) => url.pathname.endsWith(`/${projectId}/missions`));
    await director.getByTestId('mission-grid').waitFor();
    await director.getByTestId('mission-propose').click();
    // Every specialty of an office building is held by one of the agency's reviewers.
    const notice = director.getByTestId('mission-notice');
    await expect.poll(() => notice.textContent()).toMatch(/^已填入 [1-9]\d* 项推荐，保存后生效$/);
    await director.getByTestId('mission-save').click();
    const grid = director.getByTestId('mission-grid');
    await expect
      .poll(async () => {
        const states = await grid
          .getByTestId('mission-status')
          .evaluateAll((tags) => tags.map((tag) => tag.getAttribute('data-status')));
        return states.length > 0 && states.every((s) => s === 'ASSIGNED');
      })
      .toBe(true);
    await director.context().close();
  }, 240_000);

  it('the reviewers submit their missions from their landing; the director accepts each from his board', async () => {
    // Whoever the proposal gave missions to finds them on their landing.
    for (const username of ['censor_reviewer', 'censor_reviewer2']) {
      const page = await signedIn(browser, username);
      const line = page.getByTestId('my-missions').getByRole('link', { name: new RegExp(PROJECT) });
      for (;;) {
        await page.waitForURL((url) => url.pathname === '/sys_audit');
        // The list is read once per visit: it has arrived when it, or its empty note, shows.
        const card = page.getByTestId('workbench-my-missions');
        await card.getByTestId('my-missions').or(card.locator('.ant-empty')).first().waitFor();
        if ((await line.count()) === 0) break;
        await line.first().click();
        if (!reviewers.includes(username)) reviewers.push(username);
        await page.getByTestId('mission-submit').click();
        await expect
          .poll(() =>
            page.getByTestId('mission-detail').getByTestId('mission-status').getAttribute('data-status'),
          )
          .toBe('SUBMITTED');
        await page.goto('/sys_audit');
      }
      await page.context().close();
    }
    expect(reviewers).toContain('censor_reviewer2');

    const director = await signedIn(browser, 'censor_director');
    const waiting = director.getByTestId('board-waiting').getByRole('link', { name: new RegExp(PROJECT) });
    for (;;) {
      await director.waitForURL((url) => url.pathname === '/sys_audit');
      await director.getByTestId('mission-board').waitFor();
      if ((await waiting.count()) === 0) break;
      await waiting.first().click();
      await director.getByTestId('mission-accept').click();
      await expect
        .poll(() =>
          director.getByTestId('mission-detail').getByTestId('mission-status').getAttribute('data-status'),
        )
        .toBe('DONE');
      await director.goto('/sys_audit');
    }
    await director.context().close();
  }, 240_000);

  it('the round’s report: compiled from the to-do, signed by everyone asked, forwarded from the to-do', async () => {
    const director = await signedIn(browser, 'censor_director');
    await director.getByTestId('message-bell').click();
    await expectAccessible(director, 'the bell with the agency’s review to-dos', {
      include: '[data-testid="message-popover"]',
    });
    await director.keyboard.press('Escape');
    await openTodo(director, '审查任务已全部完成');
    await director.waitForURL((url) => url.pathname === `/sys_audit/${censorOrgId}/${projectId}/report`);
    await director.getByTestId('report-compile').click();
    await director.waitForURL('**/report/detail/*');
    await expect
      .poll(() => director.getByTestId('report-status').getAttribute('data-status'), { timeout: 30_000 })
      .toBe('READY');
    expect(await director.getByTestId('report-conclusion').textContent()).toBe('审查合格');
    await director.context().close();

    for (const username of reviewers) await signFromTodo(browser, username);
    await signFromTodo(browser, 'censor_director', true);
    await signFromTodo(browser, 'censor_admin');

    const admin = await signedIn(browser, 'censor_admin');
    await openTodo(admin, '告知书已签章待送达');
    await admin.waitForURL((url) => url.pathname === `/sys_audit/${censorOrgId}/${projectId}/report`);
    await admin.getByTestId('report-view').click();
    await admin.waitForURL('**/report/detail/*');
    await admin.getByTestId('report-forward').click();
    await admin
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(() => admin.getByTestId('report-status').getAttribute('data-status')).toBe('FORWARDED');
    await admin.context().close();
  }, 240_000);

  it('the certificate: compiled from the to-do, signed, issued from the to-do, filed from the to-do', async () => {
    const director = await signedIn(browser, 'censor_director');
    await openTodo(director, '待出具审查合格书');
    await director.waitForURL(
      (url) => url.pathname === `/sys_audit/${censorOrgId}/${projectId}/certification`,
    );
    await director.getByTestId('certificate-compile').click();
    await director.waitForURL('**/certification/detail/*');
    await expect
      .poll(() => director.getByTestId('certificate-status').getAttribute('data-status'), { timeout: 30_000 })
      .toBe('READY');
    await director.context().close();

    for (const username of reviewers) await signFromTodo(browser, username);
    await signFromTodo(browser, 'censor_director', true);
    await signFromTodo(browser, 'censor_admin');

    const admin = await signedIn(browser, 'censor_admin');
    await openTodo(admin, '合格书已签章待签发');
    await admin.waitForURL((url) => url.pathname === `/sys_audit/${censorOrgId}/${projectId}/certification`);
    await admin.getByTestId('certificate-view').click();
    await admin.waitForURL('**/certification/detail/*');
    await admin.getByTestId('certificate-issue').click();
    await admin.getByRole('button', { name: /确\s*定/ }).click();
    await expect
      .poll(() => admin.getByTestId('certificate-status').getAttribute('data-status'))
      .toBe('ISSUED');
    await openTodo(admin, '审查合格书待备案');
    await admin.waitForURL((url) => url.pathname === `/sys_audit/${censorOrgId}/${projectId}/filing`);
    // It says to whom: the bureau of the application's city.
    await expect
      .poll(() => admin.getByTestId('filing-hint').textContent())
      .toContain('备案将提交至：长沙市住房和城乡建设局');
    await expectAccessible(admin, 'the filing form', { include: '[data-testid="filing-form"]' });
    await admin.getByTestId('filing-submit').click();
    await expect
      .poll(() => admin.getByTestId('filing-status').first().getAttribute('data-status'))
      .toBe('PENDING');
    await admin.context().close();

    // The construction unit reads the issued certificate on its 电子签章 screen.
    const owner = await signedIn(browser, 'construct_admin', `/sys_apply/${projectId}/workingDrawing`);
    await owner.getByTestId('project-menu').getByText('电子签章').click();
    await expect
      .poll(() =>
        owner
          .getByTestId('signature-list')
          .locator('tbody tr.ant-table-row', { hasText: '审查合格书' })
          .textContent(),
      )
      .toContain('已全部签署');
    await owner.context().close();
  }, 240_000);

  it('the city bureau confirms the filing from its to-do; anyone finds the application in the public record', async () => {
    const bureau = await signedIn(browser, 'control_admin');
    await openTodo(bureau, '审查备案待确认');
    await bureau.waitForURL((url) => url.pathname === '/sys_supervise/approval/tbc');
    await bureau
      .getByTestId('filing-approval-table')
      .locator('tbody tr.ant-table-row', { hasText: PROJECT })
      .getByTestId('filing-view')
      .click();
    await bureau.getByTestId('filing-confirm').click();
    await bureau.getByRole('button', { name: /确\s*定/ }).click();
    await expect
      .poll(() => bureau.getByTestId('filing-status').getAttribute('data-status'))
      .toBe('CONFIRMED');
    await bureau.context().close();

    const visitor = await newPage(browser);
    await visitor.goto('/sys_out_sys/home');
    await visitor.getByTestId('portal-menu').getByRole('link', { name: '审查信息公开' }).click();
    await visitor.getByLabel('项目名称').fill(PROJECT);
    await visitor.getByTestId('record-search').click();
    const row = visitor.getByTestId('review-record');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('有效');
    await row.getByRole('link', { name: PROJECT }).click();
    const record = visitor.getByTestId('review-record-detail');
    await expect.poll(() => record.textContent()).toContain(BUILDING);
    expect(await record.textContent()).toContain(CENSOR);
    await visitor.context().close();
  }, 240_000);
});
