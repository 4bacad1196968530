import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG_HEADER } from '@drp/domain';
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

/**
 * The design unit's working drawings (施工图) in the submit area, on the single PGlite server:
 * design_admin opens the repository of a submitted application, finds the building and specialty
 * folders, adds a folder of its own, uploads two drawings at once through the queue (tus), sees a
 * disguised executable refused with the server's message, and hands the drawings over, after which
 * the tree is read-only. survey_admin pauses, cancels and resumes uploads (also across a reload)
 * and deletes chosen files at once. The application is set up through the API; every run uses a name of its own.
 */

const tag = Date.now().toString(36).slice(-5);
const BUILDING = `3#住宅楼${tag}`;
const OWN_FOLDER = '结构计算书';
const RESUME_FOLDER = '勘察附图';

const toasts = (page: Page) => page.locator('.ant-message-notice').allTextContents();
const folder = (page: Page, name: string) =>
  page.getByTestId('doc-folder-tree').locator(`[data-testid="doc-folder"][data-folder-name="${name}"]`);
const queueItem = (page: Page, name: string) =>
  page.getByTestId('upload-item').and(page.locator(`[data-name="${name}"]`));
const fileNames = (page: Page) =>
  page.getByTestId('doc-file-table').getByTestId('file-open').allTextContents();
/** The input of 上传文件 (not the one of 上传文件夹, which takes a directory). */
const fileInput = (page: Page) =>
  page.locator('.doc-repository-files input[type=file]:not([webkitdirectory])');
/** The tus creation request (POST to the endpoint itself; PATCH, HEAD and DELETE go to an upload's URL). */
const isTusCreation = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/files/tus';
const TUS_UPLOADS = '**/api/files/tus/*';

/** One API call as `orgId`, answering the envelope's detail. */
async function call<T>(token: string, orgId: string, method: 'GET' | 'POST', url: string, json?: unknown) {
  const res = await fetch(`${baseURL()}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      [ORG_HEADER]: orgId,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const body = (await res.json()) as { code: string; detail: T };
  if (res.status !== 200 || body.code !== 'SUCCESS')
    throw new Error(`${method} ${url}: ${JSON.stringify(body)}`);
  return body.detail;
}

/** A small but real PDF, as the server's type check sees a drawing. */
const pdf = (label: string, bytes = 300_000) =>
  Buffer.concat([Buffer.from(`%PDF-1.7\n% ${label}\n`), randomBytes(bytes), Buffer.from('\n%%EOF\n')]);

describe('the working drawings of an application', () => {
  let browser: Browser;
  let project: DraftProject;
  let dir = '';
  const files: Record<string, string> = {};
  const orgs: Record<string, string> = {};
  let designToken = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    const construct = await apiSession(baseURL(), 'construct_admin', DEMO_PASSWORD);
    project = await createDraftProject(construct, {
      name: `梅溪湖安置房三期${tag}`,
      design: [DESIGN],
      survey: [SURVEY],
      censor: CENSOR,
    });
    const designOrgId = await orgIdOf(construct, 'DESIGN', DESIGN);
    const building = await addBuilding(construct, project.id, {
      name: BUILDING,
      designOrgIds: [designOrgId],
    });
    await submitProject(construct, project.id);
    // The design unit's specialty makes the specialty folder of the building (as the building page does).
    const design = await apiSession(baseURL(), 'design_admin', DEMO_PASSWORD);
    designToken = design.token;
    await call(
      designToken,
      designOrgId,
      'POST',
      `/api/checkDrawings/${designOrgId}/${project.id}/building/saveBuildingDesignInfos`,
      {
        buildingId: building.id,
        items: [{ specialty: 'STRUCTURE', chiefDesigner: '刘海涛', engineerCertNo: 'S43-2026-001' }],
      },
    );
    orgs.design = designOrgId;
    orgs.censor = await orgIdOf(construct, 'CENSOR', CENSOR);

    dir = await mkdtemp(path.join(tmpdir(), 'drp-doc-e2e-'));
    for (const [name, body] of [
      ['结构设计总说明.pdf', pdf('结构设计总说明')],
      ['基础平面布置图.pdf', pdf('基础平面布置图')],
      ['岩土工程勘察报告.pdf', pdf('岩土工程勘察报告')],
      ['钻孔平面布置图.pdf', pdf('钻孔平面布置图')],
      // More than one tus PATCH (8 MiB each): the reload comes after the first one.
      ['工程地质剖面图.pdf', pdf('工程地质剖面图', 12 * 1024 * 1024)],
      // An executable under a drawing's name: the server judges by the bytes, not the name.
      ['楼梯详图.pdf', Buffer.concat([Buffer.from('MZ\x90\x00'), randomBytes(10_000)])],
    ] as const) {
      files[name] = path.join(dir, name);
      await writeFile(files[name], body);
    }
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('design_admin uploads drawings into its own folder and hands them over', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'design_admin', { to: `/sys_submit/${project.id}/buildingList` });
    // From the project's buildings to 施工图 through the project menu; survey documents are not a design unit's.
    await page.getByTestId('project-menu-workingDrawing').click();
    await page.waitForURL((url) => url.pathname === `/sys_submit/${project.id}/workingDrawing`);
    expect(await page.getByTestId('project-menu-reconnaissance').count()).toBe(0);
    const repository = page.getByTestId('doc-repository');
    await repository.waitFor();
    expect(await page.getByTestId('doc-version-select').textContent()).toContain('第1版（当前）');
    expect(await page.getByTestId('doc-version-status').textContent()).toBe('资料上传中');

    // The building and its specialty are there; the building's folder takes no folders of the units.
    await folder(page, BUILDING).waitFor();
    await folder(page, '结构').waitFor();
    await folder(page, '结构').click();
    await expect.poll(() => page.getByTestId('doc-selected-folder').textContent()).toBe('结构');

    await page.getByTestId('folder-add').click();
    await page.getByTestId('folder-name-input').fill('图纸/一');
    await page
      .getByTestId('folder-name-modal')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect
      .poll(() => page.locator('.ant-form-item-explain-error').allTextContents())
      .toContain('文件夹名称不能包含 \\ / : * ? " < > | 等字符');
    await page.getByTestId('folder-name-input').fill(OWN_FOLDER);
    await page
      .getByTestId('folder-name-modal')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(() => toasts(page)).toContain('文件夹已新建');
    await folder(page, OWN_FOLDER).waitFor();
    // The new folder is chosen, and as the unit's own it can be renamed and deleted.
    await expect.poll(() => page.getByTestId('doc-selected-folder').textContent()).toBe(OWN_FOLDER);
    const modal = page.getByTestId('folder-name-modal');
    await page.getByTestId('folder-rename').click();
    await expect.poll(() => page.getByTestId('folder-name-input').inputValue()).toBe(OWN_FOLDER);
    await page.getByTestId('folder-name-input').fill('临时目录');
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await folder(page, '临时目录').waitFor();
    await page.getByTestId('folder-delete').click();
    await page.getByTestId('folder-delete-ok').click();
    await expect.poll(() => folder(page, '临时目录').count()).toBe(0);
    // Deleting it chose its parent, the specialty, which takes folders but is not the unit's to rename.
    await expect.poll(() => page.getByTestId('doc-selected-folder').textContent()).toBe('结构');
    expect(await page.getByTestId('folder-rename').count()).toBe(0);
    await page.getByTestId('folder-add').click();
    await page.getByTestId('folder-name-input').fill(OWN_FOLDER);
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await folder(page, OWN_FOLDER).waitFor();
    await expect.poll(() => page.getByTestId('doc-selected-folder').textContent()).toBe(OWN_FOLDER);

    // Two drawings at once: both go through the queue (as tus uploads) to 100 % and then show in the folder.
    const created = page.waitForRequest(isTusCreation);
    await fileInput(page).setInputFiles([files['结构设计总说明.pdf']!, files['基础平面布置图.pdf']!]);
    await created;
    await page.getByTestId('upload-queue').waitFor();
    for (const name of ['结构设计总说明.pdf', '基础平面布置图.pdf']) {
      await expect.poll(() => queueItem(page, name).getAttribute('data-status')).toBe('done');
      expect(await queueItem(page, name).getByTestId('upload-progress').getAttribute('data-percent')).toBe(
        '100',
      );
      expect(await queueItem(page, name).getByTestId('upload-status').textContent()).toBe('已完成');
    }
    await expect
      .poll(async () => (await fileNames(page)).sort())
      .toEqual(['基础平面布置图.pdf', '结构设计总说明.pdf']);
    const rows = page.getByTestId('doc-file-table').locator('tbody tr.ant-table-row');
    expect(await rows.first().textContent()).toContain(DESIGN);
    expect(await rows.first().getByTestId('file-delete').count()).toBe(1);

    // A drawing's name links to the drawing viewer (issue 18; e2e/sheet-viewer opens it there);
    // 下载 saves it under its own name.
    const row = rows.filter({ hasText: '结构设计总说明.pdf' });
    expect(await row.getByTestId('file-open').getAttribute('href')).toMatch(
      /^\/sys_submit\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/reviewPDF\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/DESIGN\/0$/,
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByTestId('file-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe('结构设计总说明.pdf');

    // An executable named .pdf is refused by its content, with the server's words, and not kept;
    // trying it again would change nothing, so there is no 重试.
    await fileInput(page).setInputFiles([files['楼梯详图.pdf']!]);
    await expect.poll(() => queueItem(page, '楼梯详图.pdf').getAttribute('data-status')).toBe('failed');
    expect(await queueItem(page, '楼梯详图.pdf').getByTestId('upload-error').textContent()).toContain(
      '「楼梯详图.pdf」不是可上传的图纸或文档（按文件内容判断）',
    );
    expect(await queueItem(page, '楼梯详图.pdf').getByTestId('upload-retry').count()).toBe(0);
    expect(await fileNames(page)).toHaveLength(2);

    // Handing over asks first; then the page says so and nothing can be changed any more.
    await page.getByTestId('commit-doc').click();
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.textContent()).toContain('确定提交施工图资料吗？');
    await page.getByTestId('commit-ok').click();
    await expect.poll(() => toasts(page)).toContain('资料已提交');
    await page.getByTestId('doc-committed').waitFor();
    expect(await page.getByTestId('doc-committed').textContent()).toContain(
      '提交施工图资料，目录和文件为只读',
    );
    await expect.poll(() => page.getByTestId('commit-doc').count()).toBe(0);
    await expect.poll(() => page.getByTestId('doc-upload').count()).toBe(0);
    expect(await page.getByTestId('folder-add').count()).toBe(0);
    expect(await page.getByTestId('folder-rename').count()).toBe(0);
    await expect.poll(() => page.getByTestId('file-delete').count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('doc-folder-locked').count())
      .toBe(await page.getByTestId('doc-folder').count());

    // After a reload too: the server keeps it.
    await page.reload();
    await page.getByTestId('doc-committed').waitFor();
    await folder(page, OWN_FOLDER).click();
    await expect.poll(() => fileNames(page)).toHaveLength(2);
    expect(await page.getByTestId('doc-upload').count()).toBe(0);
    await page.context().close();
  });

  it('survey_admin, in English, uploads survey documents into the building folder', async () => {
    const page = await newPage(browser, 'en-US');
    await page.addInitScript(() => localStorage.setItem('drp.locale', 'en-US'));
    await openSignedIn(page, 'survey_admin', { to: `/sys_submit/${project.id}/buildingList` });
    // Survey documents are the survey units' entry; working drawings are not.
    await page.getByTestId('project-menu-reconnaissance').click();
    await page.waitForURL((url) => url.pathname === `/sys_submit/${project.id}/reconnaissance`);
    expect(await page.getByTestId('project-menu-workingDrawing').count()).toBe(0);
    const repository = page.getByTestId('doc-repository');
    await repository.waitFor();
    expect(await repository.getAttribute('data-category')).toBe('SURVEY');
    expect(await page.locator('.ant-card-head-title').first().textContent()).toContain('Survey documents');
    expect(await page.getByTestId('doc-version-select').textContent()).toContain('Version 1 (current)');

    // The survey tree has the buildings, not the design specialties.
    await folder(page, BUILDING).click();
    expect(await folder(page, '结构').count()).toBe(0);
    expect(await page.getByTestId('folder-add').textContent()).toContain('New folder');
    await fileInput(page).setInputFiles([files['岩土工程勘察报告.pdf']!]);
    await expect.poll(() => queueItem(page, '岩土工程勘察报告.pdf').getAttribute('data-status')).toBe('done');
    expect(await queueItem(page, '岩土工程勘察报告.pdf').getByTestId('upload-status').textContent()).toBe(
      'Done',
    );
    await expect.poll(() => fileNames(page)).toEqual(['岩土工程勘察报告.pdf']);
    expect(await page.getByTestId('doc-file-table').locator('thead').textContent()).toContain('Uploaded by');
    await page.context().close();
  });

  it('survey_admin pauses an upload and resumes it, also after a reload, and deletes chosen files at once', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'survey_admin', { to: `/sys_submit/${project.id}/reconnaissance` });
    await page.getByTestId('doc-repository').waitFor();
    await folder(page, BUILDING).click();
    await page.getByTestId('folder-add').click();
    await page.getByTestId('folder-name-input').fill(RESUME_FOLDER);
    await page
      .getByTestId('folder-name-modal')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await folder(page, RESUME_FOLDER).waitFor();
    await expect.poll(() => page.getByTestId('doc-selected-folder').textContent()).toBe(RESUME_FOLDER);

    // Pause: the first PATCH is held back (as on a stalled line) until 暂停 drops it; 继续 asks
    // the server where it stands and sends the rest.
    const small = '钻孔平面布置图.pdf';
    let hold = true;
    let onHeld!: () => void;
    const held = new Promise<void>((resolve) => (onHeld = resolve));
    await page.route(TUS_UPLOADS, async (route: Route) => {
      if (hold && route.request().method() === 'PATCH') return onHeld(); // never answered
      await route.continue();
    });
    await fileInput(page).setInputFiles([files[small]!]);
    await held;
    await queueItem(page, small).getByTestId('upload-pause').click();
    await expect.poll(() => queueItem(page, small).getAttribute('data-status')).toBe('paused');
    expect(await queueItem(page, small).getByTestId('upload-status').textContent()).toBe('已暂停');
    hold = false;
    await queueItem(page, small).getByTestId('upload-resume').click();
    await expect.poll(() => queueItem(page, small).getAttribute('data-status')).toBe('done');
    await expect.poll(() => fileNames(page)).toEqual([small]);

    // Cancel, unlike pause, drops the upload on the server (tus termination) and can be tried again.
    const dropped = '岩土工程勘察报告.pdf';
    hold = true;
    const heldAgain = new Promise<void>((resolve) => (onHeld = resolve));
    await fileInput(page).setInputFiles([files[dropped]!]);
    await heldAgain;
    const terminated = page.waitForRequest((request) => request.method() === 'DELETE');
    await queueItem(page, dropped).getByTestId('upload-cancel').click();
    expect(new URL((await terminated).url()).pathname).toMatch(/^\/api\/files\/tus\/./);
    await expect.poll(() => queueItem(page, dropped).getAttribute('data-status')).toBe('cancelled');
    expect(await queueItem(page, dropped).getByTestId('upload-status').textContent()).toBe('已取消');
    expect(await queueItem(page, dropped).getByTestId('upload-retry').count()).toBe(1);
    await page.unroute(TUS_UPLOADS);

    // A reload mid-upload: the first 8 MiB reach the server, the second PATCH never leaves.
    const big = '工程地质剖面图.pdf';
    let patches = 0;
    let onSecond!: () => void;
    const second = new Promise<void>((resolve) => (onSecond = resolve));
    await page.route(TUS_UPLOADS, async (route: Route) => {
      if (route.request().method() === 'PATCH' && ++patches === 2) return onSecond(); // never answered
      await route.continue();
    });
    await fileInput(page).setInputFiles([files[big]!]);
    await second;
    // The route stays until the reload has dropped the held PATCH: removing the last route lets
    // Playwright release every request it holds.
    await page.reload();
    await page.unroute(TUS_UPLOADS);
    await page.getByTestId('doc-repository').waitFor();

    // The queue remembers it, with how far it got, until the file is chosen again.
    const unfinished = queueItem(page, big);
    await expect.poll(() => unfinished.getAttribute('data-status')).toBe('interrupted');
    expect(await unfinished.getByTestId('upload-status').textContent()).toBe('未完成');
    const percent = Number(await unfinished.getByTestId('upload-progress').getAttribute('data-percent'));
    expect(percent).toBeGreaterThan(0);
    expect(percent).toBeLessThan(100);
    expect(await unfinished.getByTestId('upload-interrupted-hint').textContent()).toContain(
      '重新选择该文件即可继续',
    );

    // Chosen again, it goes on from there with the code it had: no new code, no new tus upload.
    const fresh: string[] = [];
    page.on('request', (request) => {
      if (isTusCreation(request) || request.url().includes('/docRepository/getOperationCode'))
        fresh.push(`${request.method()} ${request.url()}`);
    });
    await folder(page, RESUME_FOLDER).click();
    await expect.poll(() => page.getByTestId('doc-selected-folder').textContent()).toBe(RESUME_FOLDER);
    await fileInput(page).setInputFiles([files[big]!]);
    await expect.poll(() => queueItem(page, big).last().getAttribute('data-status')).toBe('done');
    expect(await queueItem(page, big).count()).toBe(1);
    expect(await queueItem(page, big).getByTestId('upload-resumed').count()).toBe(1);
    expect(fresh).toEqual([]);
    await expect.poll(async () => (await fileNames(page)).sort()).toEqual([big, small].sort());

    // Both files chosen and deleted at once, after a confirmation.
    await page.getByTestId('doc-file-table').locator('thead .ant-checkbox-input').check();
    expect(await page.getByTestId('file-selection-bar').textContent()).toContain('已选 2 个文件');
    await page.getByTestId('files-delete').click();
    await page.getByTestId('files-delete-ok').click();
    await expect.poll(() => toasts(page)).toContain('已删除 2 个文件');
    await expect.poll(() => fileNames(page)).toEqual([]);
    await page.context().close();
  });

  it("the agency's reminder about a folder shows above the design unit's tree", async () => {
    const base = `/api/checkDrawings/${orgs.design}/${project.id}`;
    const [version] = await call<{ id: string }[]>(
      designToken,
      orgs.design!,
      'GET',
      `${base}/docRepositoryVersion/listAll`,
    );
    const tree = await call<{ name: string; children: { id: string; name: string }[] }[]>(
      designToken,
      orgs.design!,
      'GET',
      `${base}/docRepository/listTree?versionId=${version!.id}&category=DESIGN`,
    );
    const structure = tree[0]!.children.find((c) => c.name === '结构')!;
    const censor = await apiSession(baseURL(), 'censor_admin', DEMO_PASSWORD);
    const items = JSON.stringify([
      { category: 'DESIGN', folderId: structure.id, reason: '缺少桩基础施工图及桩位平面布置图' },
    ]);
    await call(
      censor.token,
      orgs.censor!,
      'GET',
      `/api/checkDrawings/${orgs.censor}/${project.id}/docRepositoryOrg/supplyDoc?versionId=${version!.id}&mode=REMIND&items=${encodeURIComponent(items)}`,
    );

    const page = await newPage(browser);
    await openSignedIn(page, 'design_admin', { to: `/sys_submit/${project.id}/workingDrawing` });
    const item = page.getByTestId('doc-feedback-item');
    await item.waitFor();
    const text = await item.textContent();
    expect(text).toContain('补充提醒');
    expect(text).toContain(`${BUILDING} / 结构`);
    expect(text).toContain('缺少桩基础施工图及桩位平面布置图');
    expect(text).toContain(CENSOR);
    await page.context().close();
  });
});
