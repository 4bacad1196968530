import { readFile } from 'node:fs/promises';
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
  type ApiSession,
  type DraftProject,
} from './support/project-api';

/**
 * The attachments of a review application (permits, contracts) on the single PGlite server: the
 * construction unit uploads, annotates, downloads and deletes them on its draft's form; once
 * submitted nobody changes them, and the parties download them from the details. The draft is
 * set up through the API; every run uses a project name of its own.
 */

const tag = Date.now().toString(36).slice(-5);
const PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

const toasts = (page: Page) => page.locator('.ant-message-notice').allTextContents();
const docRows = (page: Page) => page.getByTestId('project-doc-table').locator('tbody tr.ant-table-row');
const docRow = (page: Page, fileName: string) => docRows(page).filter({ hasText: fileName });

async function signInTo(page: Page, username: string, area: string) {
  await openSignedIn(page, username);
  await page.waitForURL((url) => url.pathname.startsWith(area));
}

async function chooseKind(page: Page, kind: string) {
  await page.getByTestId('doc-kind').click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await dropdown.getByTitle(kind, { exact: true }).click();
  await dropdown.waitFor({ state: 'hidden' });
}

const upload = (page: Page, name: string, content: string, mimeType = 'application/pdf') =>
  page
    .getByTestId('project-docs')
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType, buffer: Buffer.from(content) });

async function confirmDialog(page: Page, expected: string) {
  const dialog = page.locator('.ant-modal-confirm');
  await dialog.waitFor({ state: 'visible' });
  expect(await dialog.textContent()).toContain(expected);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('attachments of a review application', () => {
  let browser: Browser;
  let construct: ApiSession;
  let project: DraftProject;
  const permit = `规划许可证${tag}.pdf`;
  const contract = `设计合同${tag}.pdf`;

  beforeAll(async () => {
    browser = await launchBrowser();
    construct = await apiSession(baseURL(), 'construct_admin', DEMO_PASSWORD);
    project = await createDraftProject(construct, {
      name: `洋湖垸商业综合体${tag}`,
      design: [DESIGN],
      survey: [SURVEY],
      censor: CENSOR,
    });
    // The server refuses to submit an application without a building.
    await addBuilding(construct, project.id, {
      name: '1#商业楼',
      designOrgIds: [await orgIdOf(construct, 'DESIGN', DESIGN)],
    });
  });
  afterAll(() => browser?.close());

  it('the construction unit uploads two attachments to its draft; wrong files are refused', async () => {
    const page = await newPage(browser);
    await signInTo(page, 'construct_admin', '/sys_apply');
    let sent = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('/projectDoc/add')) sent++;
    });
    await page.goto(`/sys_apply/newreport/${project.id}`);
    const card = page.getByTestId('project-docs');
    await expect.poll(() => card.textContent()).toContain('单个文件不超过 50 MB');
    await expect.poll(() => card.textContent()).toContain('暂无附件');

    // Without a kind nothing is sent.
    await upload(page, permit, PDF);
    await expect.poll(() => toasts(page)).toContain('请先选择附件类型');
    expect(sent).toBe(0);

    await chooseKind(page, '建设工程规划许可证');
    await page.getByTestId('doc-remark-input').fill('原件扫描');
    // A name the server would refuse is refused at once, without sending it.
    await upload(page, 'readme.txt', 'hello', 'text/plain');
    await expect.poll(() => toasts(page)).toContain('附件须为 PDF、OFD、JPG 或 PNG 文件');
    expect(sent).toBe(0);
    // Bytes that are no PDF under a PDF's name: the server judges by content and says so.
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/projectDoc/add'));
    await upload(page, `伪装${tag}.pdf`, 'this is not a pdf at all');
    expect((await refused).status()).toBe(400);
    await expect
      .poll(async () => (await toasts(page)).filter((t) => t === '附件须为 PDF、OFD、JPG 或 PNG 文件').length)
      .toBeGreaterThan(0);
    expect(await docRows(page).count()).toBe(0);

    await upload(page, permit, PDF);
    await expect.poll(() => toasts(page)).toContain(`附件「${permit}」已上传`);
    await expect.poll(() => docRow(page, permit).count()).toBe(1);
    const row = docRow(page, permit);
    expect(await row.textContent()).toContain('建设工程规划许可证');
    expect(await row.textContent()).toContain(`${PDF.length} B`);
    expect(await row.textContent()).toContain('长沙市城市建设投资开发集团有限公司');
    expect(await row.getByTestId('doc-remark').textContent()).toBe('原件扫描');

    await chooseKind(page, '施工图设计合同');
    await upload(page, contract, PDF);
    await expect.poll(() => docRows(page).count()).toBe(2);
    expect(await card.textContent()).toContain('共 2 个附件');
    await page.context().close();
  });

  it('its remark is edited in place, the file downloads, and one is deleted after a confirmation', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'construct_admin', { to: `/sys_apply/newreport/${project.id}` });
    await expect.poll(() => docRows(page).count()).toBe(2);

    const row = docRow(page, permit);
    await row.locator('.ant-typography-edit').click();
    const editor = row.locator('textarea');
    await editor.fill('原件扫描，已加盖公章');
    await editor.press('Enter');
    await expect.poll(() => toasts(page)).toContain('备注已保存');
    await expect
      .poll(() => docRow(page, permit).getByTestId('doc-remark').textContent())
      .toBe('原件扫描，已加盖公章');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      docRow(page, permit).getByTestId('doc-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe(permit);
    expect(await readFile(await download.path(), 'utf8')).toBe(PDF);

    await docRow(page, contract).getByTestId('doc-delete').click();
    await confirmDialog(page, `确定删除附件「${contract}」吗？`);
    await expect.poll(() => toasts(page)).toContain('附件已删除');
    await expect.poll(() => docRows(page).count()).toBe(1);

    // The draft's detail lists them read-only and says where they are changed.
    await page.goto(`/sys_apply/reportdetail/${project.id}`);
    await expect.poll(() => docRows(page).count()).toBe(1);
    expect(await page.getByTestId('project-docs').textContent()).toContain(
      '点击“编辑”可上传、删除附件或修改备注',
    );
    expect(await page.getByTestId('doc-upload').count()).toBe(0);
    expect(await page.getByTestId('doc-delete').count()).toBe(0);
    await page.context().close();
  });

  it('once submitted nobody changes them; the units named download them from the details', async () => {
    await submitProject(construct, project.id);

    const page = await newPage(browser);
    await openSignedIn(page, 'construct_admin', { to: `/sys_apply/reportdetail/${project.id}` });
    await expect.poll(() => docRows(page).count()).toBe(1);
    expect(await page.getByTestId('doc-upload').count()).toBe(0);
    expect(await page.getByTestId('doc-delete').count()).toBe(0);
    expect(await page.locator('[data-testid=project-docs] .ant-typography-edit').count()).toBe(0);
    expect(await docRow(page, permit).getByTestId('doc-remark').textContent()).toBe('原件扫描，已加盖公章');
    await page.context().close();

    const design = await newPage(browser);
    await openSignedIn(design, 'design_admin', { to: `/sys_submit/reportdetail/${project.id}` });
    await expect.poll(() => docRows(design).count()).toBe(1);
    expect(await design.getByTestId('doc-delete').count()).toBe(0);
    const [download] = await Promise.all([
      design.waitForEvent('download'),
      docRow(design, permit).getByTestId('doc-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe(permit);
    await design.context().close();
  });

  it('an agency not named in the application neither lists nor downloads them', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'censor2_admin', { to: `/sys_audit/reportdetail/${project.id}` });
    await page.waitForURL((url) => url.pathname === '/common/404');
    expect(await page.getByTestId('project-docs').count()).toBe(0);
    await page.context().close();
  });
});
