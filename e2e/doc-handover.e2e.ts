import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, baseURL, launchBrowser, newPage, openSignedIn } from './support/browser';
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
  submitBuildings,
  submitProject,
  testPdf,
  uploadDocFile,
  type ApiSession,
  type DraftProject,
} from './support/project-api';
import { giveMission } from './support/accepted-drawings';

/**
 * The hand-over of one round of materials, as the people involved do it in the browser
 * (domain.md steps 2–3): the designer uploads the drawings of two buildings and commits them; the
 * construction unit sees every unit has committed and sends them to review; a reviewer without
 * director authority and without a mission cannot open it yet; the agency's administrator returns
 * one building with a reason; the designer reads it, adds the missing drawing and commits again; the
 * construction unit sends again; the agency accepts and gives the reviewer missions, after which the
 * reviewer lands on the review list, which shows the version and the designer's folders are read-only. The survey unit's part goes through the API.
 */

const tag = Date.now().toString(36).slice(-5);
const TEACHING = `1#教学楼${tag}`;
const CANTEEN = `2#食堂${tag}`;
const REASON = '缺少食堂厨房排油烟竖井详图';

const toasts = (page: Page) => page.locator('.ant-message-notice').allTextContents();
const folder = (page: Page, name: string) =>
  page.getByTestId('doc-folder-tree').locator(`[data-testid="doc-folder"][data-folder-name="${name}"]`);
const fileNames = (page: Page) =>
  page.getByTestId('doc-file-table').getByTestId('file-open').allTextContents();
const queueStatus = (page: Page, name: string) =>
  page
    .getByTestId('upload-item')
    .and(page.locator(`[data-name="${name}"]`))
    .getAttribute('data-status');

const pdf = (label: string) => testPdf(label, 200_000);

async function signedIn(browser: Browser, username: string, area: string, to?: string) {
  const page = await newPage(browser);
  await openSignedIn(page, username, to ? { to } : {});
  await page.waitForURL((url) => url.pathname.startsWith(area));
  return page;
}

/** Opens the chosen building's 建筑 folder: the tree shows one per building, in building order. */
async function openArchitecture(page: Page, buildingIndex: number) {
  await page.locator('[data-testid="doc-folder"][data-folder-name="建筑"]').nth(buildingIndex).click();
  await expect.poll(() => page.getByTestId('doc-selected-folder').textContent()).toBe('建筑');
}

async function uploadInto(page: Page, files: string[]) {
  await page.locator('.doc-repository-files input[type=file]:not([webkitdirectory])').setInputFiles(files);
  await uploaded(page, files);
}

/** Each file goes through the queue to 100 % (the progress bar says so) and is saved. */
async function uploaded(page: Page, files: string[]) {
  for (const file of files) {
    await expect.poll(() => queueStatus(page, path.basename(file))).toBe('done');
    const item = page.getByTestId('upload-item').and(page.locator(`[data-name="${path.basename(file)}"]`));
    expect(await item.getByTestId('upload-progress').getAttribute('data-percent')).toBe('100');
  }
}

async function commitDrawings(page: Page) {
  await page.getByTestId('commit-doc').click();
  await page.getByTestId('commit-ok').click();
  await expect.poll(() => toasts(page)).toContain('资料已提交');
  await page.getByTestId('doc-committed').waitFor();
}

async function sendToReview(page: Page, projectId: string) {
  // The application opens on its materials (spec §2: workingDrawing is the default page).
  await page.goto(`/sys_apply/${projectId}`);
  await page.waitForURL((url) => url.pathname === `/sys_apply/${projectId}/workingDrawing`);
  await page.getByTestId('doc-units').waitFor();
  await expect.poll(() => page.getByTestId('unit-pending').count()).toBe(0);
  expect(await page.getByTestId('unit-committed').count()).toBe(2);
  await expect
    .poll(() => page.getByTestId('doc-handover-state').textContent())
    .toBe('各单位均已提交资料，请核对后确认送审。');
  // The construction unit reads but does not upload.
  expect(await page.getByTestId('doc-upload').count()).toBe(0);
  await page.getByTestId('send-doc').click();
  await page.getByTestId('send-ok').click();
  // Only the architecture is drawn: the other specialties of a dwelling are warnings to confirm.
  const warnings = page.getByTestId('handover-refusal-items');
  await warnings.waitFor();
  expect(await warnings.textContent()).toContain('缺少结构专业的资料');
  await page.getByTestId('warnings-ok').click();
  await page.locator('.ant-modal-confirm').waitFor({ state: 'hidden' });
  await expect.poll(() => page.getByTestId('doc-version-status').textContent()).toBe('已送审，待接收');
  // The version's state (what the viewer may do) is read apart from its status: it may come later.
  await expect.poll(() => page.getByTestId('send-doc').count()).toBe(0);
}

describe('materials handed over, returned for one building, fixed and accepted', () => {
  let browser: Browser;
  let project: DraftProject;
  let dir = '';
  let survey: ApiSession;
  let surveyOrgId = '';
  let censorOrgId = '';
  let buildingIds: string[] = [];
  const drawings: Record<string, string> = {};

  /** The survey unit's part: one report in the first building's folder, committed. */
  async function surveyCommits(versionId: string, upload: boolean) {
    if (upload) {
      const [first] = await listDocTree(survey, project.id, versionId, 'SURVEY');
      await uploadDocFile(
        survey,
        project.id,
        versionId,
        first!.id,
        '岩土工程勘察报告.pdf',
        pdf('岩土工程勘察报告'),
      );
    }
    await commitDocs(survey, project.id, versionId, 'SURVEY');
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    const construct = await apiSession(baseURL(), 'construct_admin', DEMO_PASSWORD);
    project = await createDraftProject(construct, {
      name: `梅溪湖第三小学${tag}`,
      design: [DESIGN],
      survey: [SURVEY],
      censor: CENSOR,
    });
    const designOrgId = await orgIdOf(construct, 'DESIGN', DESIGN);
    surveyOrgId = await orgIdOf(construct, 'SURVEY', SURVEY);
    censorOrgId = await orgIdOf(construct, 'CENSOR', CENSOR);
    const buildings = [];
    for (const name of [TEACHING, CANTEEN])
      buildings.push(await addBuilding(construct, project.id, { name, designOrgIds: [designOrgId] }));
    // Submitted buildings: the hand-over gate sends no drafts (handover-gate.e2e shows the refusal).
    buildingIds = buildings.map((b) => b.id);
    await submitBuildings(construct, project.id, buildingIds);
    await submitProject(construct, project.id);
    // The design unit answers for the architecture of both (as its building pages record).
    const design = { ...(await apiSession(baseURL(), 'design_admin', DEMO_PASSWORD)), orgId: designOrgId };
    for (const b of buildings)
      await call(
        design,
        'POST',
        `/api/checkDrawings/${designOrgId}/${project.id}/building/saveBuildingDesignInfos`,
        {
          buildingId: b.id,
          items: [{ specialty: 'ARCHITECTURE', chiefDesigner: '陈明', engineerCertNo: 'A43-2026-018' }],
        },
      );
    survey = { ...(await apiSession(baseURL(), 'survey_admin', DEMO_PASSWORD)), orgId: surveyOrgId };

    dir = await mkdtemp(path.join(tmpdir(), 'drp-handover-e2e-'));
    await mkdir(path.join(dir, 'fix'));
    await mkdir(path.join(dir, 'teaching'));
    for (const name of [
      'teaching/建筑设计总说明.pdf',
      'teaching/教学楼平面图.pdf',
      '食堂平面图.pdf',
      'fix/食堂排油烟竖井详图.pdf',
    ]) {
      drawings[name] = path.join(dir, name);
      await writeFile(drawings[name], pdf(name));
    }
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('goes the whole way in the browser', async () => {
    // 1. The designer uploads both buildings' drawings and commits them.
    const designer = await signedIn(
      browser,
      'design_admin',
      '/sys_submit',
      `/sys_submit/${project.id}/workingDrawing`,
    );
    await folder(designer, TEACHING).waitFor();
    await folder(designer, CANTEEN).waitFor();
    // The teaching block's drawings come as a folder from the designer's disk.
    await openArchitecture(designer, 0);
    await designer
      .locator('.doc-repository-files input[webkitdirectory]')
      .setInputFiles(path.join(dir, 'teaching'));
    await uploaded(designer, [
      drawings['teaching/建筑设计总说明.pdf']!,
      drawings['teaching/教学楼平面图.pdf']!,
    ]);
    // The general notes come first in the set: the designer moves them up.
    await expect
      .poll(async () => (await fileNames(designer)).sort())
      .toEqual(['建筑设计总说明.pdf', '教学楼平面图.pdf']);
    if ((await fileNames(designer))[0] !== '建筑设计总说明.pdf')
      await designer.getByTestId('file-up').nth(1).click();
    await expect.poll(() => fileNames(designer)).toEqual(['建筑设计总说明.pdf', '教学楼平面图.pdf']);
    await openArchitecture(designer, 1);
    await uploadInto(designer, [drawings['食堂平面图.pdf']!]);
    await expect.poll(() => fileNames(designer)).toEqual(['食堂平面图.pdf']);
    await commitDrawings(designer);
    const [version] = await call<{ id: string }[]>(
      survey,
      'GET',
      `/api/checkDrawings/${surveyOrgId}/${project.id}/docRepositoryVersion/listAll`,
    );
    await surveyCommits(version!.id, true);

    // 2. The construction unit sees both units committed and sends the version.
    const owner = await signedIn(browser, 'construct_admin', '/sys_apply');
    await sendToReview(owner, project.id);

    // 3. A reviewer without director authority holds no review mission before the materials are
    // accepted (missions come after), so the application is out of their reach: the 404 page.
    const reviewer = await newPage(browser);
    await openSignedIn(reviewer, 'censor_reviewer', { to: `/sys_audit/${censorOrgId}/${project.id}` });
    await reviewer.waitForURL((url) => url.pathname === '/common/404');

    // 4. The agency's administrator returns the canteen with a reason.
    const agency = await signedIn(
      browser,
      'censor_admin',
      '/sys_audit',
      `/sys_audit/${censorOrgId}/${project.id}`,
    );
    await agency.waitForURL((url) => url.pathname.endsWith(`/${project.id}/workingDrawing`));
    await expect
      .poll(() => agency.getByTestId('doc-handover-state').textContent())
      .toContain('请核对资料后接收或退回');
    // The agency reads the sent drawings before deciding.
    await openArchitecture(agency, 1);
    await expect.poll(() => fileNames(agency)).toEqual(['食堂平面图.pdf']);
    await agency.getByTestId('return-doc').click();
    await agency.getByTestId('supply-reason').waitFor();
    const modal = agency.locator('.ant-modal').filter({ has: agency.getByTestId('supply-reason') });
    // A reason is required.
    await agency.getByTestId('supply-ok').click();
    await expect
      .poll(() => modal.locator('.ant-form-item-explain-error').allTextContents())
      .toContain('请填写原因');
    await modal.getByTestId('supply-folder').click();
    await agency.locator('.ant-select-tree-node-content-wrapper', { hasText: CANTEEN }).click();
    await agency.getByTestId('supply-reason').fill(REASON);
    await agency.getByTestId('supply-ok').click();
    await expect.poll(() => toasts(agency)).toContain('资料已退回');
    await expect.poll(() => agency.getByTestId('doc-version-status').textContent()).toBe('资料上传中');
    // Only the drawings were questioned: the survey documents stay handed over.
    await expect.poll(() => agency.getByTestId('unit-pending').count()).toBe(1);
    expect(await agency.getByTestId('accept-doc').count()).toBe(0);

    // 5. The designer reads the reason, adds the missing drawing to the canteen and commits again.
    await designer.reload();
    const reason = designer.getByTestId('doc-feedback-item');
    await reason.waitFor();
    expect(await reason.textContent()).toContain(CANTEEN);
    expect(await reason.textContent()).toContain(REASON);
    await expect.poll(() => designer.getByTestId('doc-committed').count()).toBe(0);
    // The reason leads to the building it is about.
    await designer.getByTestId('doc-feedback-folder').click();
    await expect.poll(() => designer.getByTestId('doc-selected-folder').textContent()).toBe(CANTEEN);
    await openArchitecture(designer, 1);
    await uploadInto(designer, [drawings['fix/食堂排油烟竖井详图.pdf']!]);
    await expect
      .poll(async () => (await fileNames(designer)).sort())
      .toEqual(['食堂平面图.pdf', '食堂排油烟竖井详图.pdf']);
    await commitDrawings(designer);

    // 6. The construction unit sends again; the agency accepts.
    await sendToReview(owner, project.id);
    await agency.reload();
    await agency.getByTestId('accept-doc').click();
    await agency.getByTestId('accept-ok').click();
    await expect.poll(() => toasts(agency)).toContain('资料已接收');
    await expect.poll(() => agency.getByTestId('doc-version-status').textContent()).toBe('审查中');
    expect(await agency.getByTestId('return-doc').count()).toBe(0);
    expect(await agency.getByTestId('project-navbar').textContent()).toContain('审查中');

    // 7. The agency confirms both buildings and gives the reviewer their architecture; the
    // reviewer lands on the review list, which now has the version; the designer's drawings are
    // read-only.
    const agencyApi = { ...(await apiSession(baseURL(), 'censor_admin', DEMO_PASSWORD)), orgId: censorOrgId };
    for (const buildingId of buildingIds) {
      await call(
        agencyApi,
        'PUT',
        `/api/checkDrawings/${censorOrgId}/${project.id}/building/confirm/${buildingId}`,
      );
      await giveMission(agencyApi, {
        projectId: project.id,
        buildingId,
        username: 'censor_reviewer',
        specialty: 'ARCHITECTURE',
      });
    }
    await reviewer.goto(`/sys_audit/${censorOrgId}/${project.id}`);
    await reviewer.waitForURL((url) => url.pathname.endsWith('/workingDrawingList'));
    await reviewer.getByTestId('doc-repository').waitFor();
    expect(await reviewer.getByTestId('project-menu-workingDrawing').count()).toBe(0);
    // The receive page is not theirs: they are sent on to the list.
    await reviewer.goto(`/sys_audit/${censorOrgId}/${project.id}/workingDrawing`);
    await reviewer.waitForURL((url) => url.pathname.endsWith('/workingDrawingList'));
    await reviewer.getByTestId('doc-repository').waitFor();
    expect(await reviewer.getByTestId('doc-version-status').textContent()).toBe('审查中');
    await openArchitecture(reviewer, 1);
    await expect.poll(async () => (await fileNames(reviewer)).length).toBe(2);
    expect(await reviewer.getByTestId('doc-upload').count()).toBe(0);
    await designer.reload();
    await designer.getByTestId('doc-read-only').waitFor();
    expect(await designer.getByTestId('doc-read-only').textContent()).toBe(
      '该版本资料已送审，目录和文件为只读。',
    );
    expect(await designer.getByTestId('doc-upload').count()).toBe(0);

    // 8. The construction unit's other category: the survey report, through the switch.
    await owner.goto(`/sys_apply/${project.id}/workingDrawing`);
    await owner.getByTestId('doc-category-switch').getByText('勘察文件').click();
    await owner.waitForURL((url) => url.pathname === `/sys_apply/${project.id}/reconnaissance`);
    await expect.poll(() => fileNames(owner)).toEqual(['岩土工程勘察报告.pdf']);

    // 9. The supervising authority reads the drawings and takes the version as one zip.
    const supervisor = await signedIn(
      browser,
      'control_admin',
      '/sys_supervise',
      `/sys_supervise/projects/${project.id}/buildings`,
    );
    await supervisor.getByTestId('project-menu-drawings').click();
    await supervisor.waitForURL((url) => url.pathname === `/sys_supervise/projects/${project.id}/drawings`);
    await expect.poll(async () => (await fileNames(supervisor)).length).toBe(2);
    expect(await supervisor.getByTestId('doc-upload').count()).toBe(0);
    const [zip] = await Promise.all([
      supervisor.waitForEvent('download'),
      supervisor.getByTestId('doc-zip').locator('button').first().click(),
    ]);
    expect(zip.suggestedFilename()).toBe(`${project.name}-第1版.zip`);
    await supervisor.getByTestId('project-menu-docs').click();
    await expect.poll(() => fileNames(supervisor)).toEqual(['岩土工程勘察报告.pdf']);

    for (const page of [designer, owner, reviewer, agency, supervisor]) await page.context().close();
  });
});
