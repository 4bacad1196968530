import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCodeCheckChar } from '@drp/domain';
import { launchBrowser, newPage, openSignedIn } from './support/browser';

/** A small but real PDF: the server judges attachments by their bytes. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const ATTACHMENT_NAME = '施工图审查质量抽查工作方案.pdf';

/** What a person pastes from a web page or a Word document: bold text and a booby-trapped image. */
const PASTED_HTML = '<p>附件：<b>抽查名单</b></p><img src=x onerror=alert(1)>';

/** Pastes HTML into the focused editor the way the browser does (a paste event with clipboard data). */
async function pasteHtml(page: Page, html: string) {
  await page.getByTestId('article-body-editor').evaluate((editor, pasted) => {
    const data = new DataTransfer();
    data.setData('text/html', pasted);
    data.setData('text/plain', '附件：抽查名单');
    editor.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, html);
}

/** Any alert(), confirm() or prompt() a page opens is a script that ran: record it and close it. */
function watchDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return seen;
}

const confirmButton = (page: Page) =>
  page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ });

describe('portal content management', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('staff publish a notice with an attachment, a reader finds and downloads it, and an unpublished notice disappears', async () => {
    const title = `关于开展施工图审查质量抽查的通知（测试 ${Date.now().toString(36)}）`;
    const staff = await newPage(browser);
    const staffDialogs = watchDialogs(staff);
    await openSignedIn(staff, 'info_staff');
    await staff.waitForURL((url) => url.pathname === '/sys_info');
    await staff.getByRole('menuitem', { name: '门户文章' }).click();
    await staff.waitForURL((url) => url.pathname === '/sys_info/portal/articles');
    await staff.getByTestId('article-new').click();
    await staff.waitForURL((url) => url.pathname === '/sys_info/portal/articles/new');

    // A new article is a notice unless the list's filter said otherwise; say it anyway.
    await staff.getByTestId('article-category').click();
    await staff.locator('.ant-select-item-option[title="通知公告"]').click();
    await staff.getByTestId('article-title').fill(title);
    await staff.getByTestId('article-source').fill('湖南省住房和城乡建设厅');

    const editor = staff.getByTestId('article-body-editor');
    await editor.click();
    await staff.keyboard.type('各市州住房和城乡建设局：');
    await staff.getByRole('button', { name: '加粗' }).click();
    await staff.keyboard.type('请于3月31日前报送自查报告');
    await staff.getByRole('button', { name: '加粗' }).click();
    await staff.keyboard.press('Enter');
    await pasteHtml(staff, PASTED_HTML);
    await expect.poll(() => editor.locator('strong').first().textContent()).toBe('请于3月31日前报送自查报告');
    await expect.poll(() => editor.textContent()).toContain('抽查名单');

    await staff
      .getByTestId('article-attachments')
      .locator('input[type=file]')
      .setInputFiles({ name: ATTACHMENT_NAME, mimeType: 'application/pdf', buffer: PDF });
    await expect.poll(() => staff.getByTestId('article-attachment').count()).toBe(1);
    await expect.poll(() => staff.getByTestId('article-attachment').textContent()).toContain(ATTACHMENT_NAME);

    await staff.getByTestId('article-save-publish').click();
    await staff.waitForURL((url) => /^\/sys_info\/portal\/articles\/[0-9a-f-]{36}$/.test(url.pathname));
    // The server took the image with its handler out, and the editor says so.
    await expect
      .poll(() => staff.getByTestId('article-body-cleaned').textContent())
      .toContain('正文中的脚本、样式等不安全内容已被清除');
    await expect.poll(() => staff.getByTestId('article-status').textContent()).toBe('已发布');
    // What the editor shows now is what was kept: the bold text, no image.
    await expect.poll(() => editor.locator('img').count()).toBe(0);
    await expect.poll(() => editor.locator('strong').count()).toBeGreaterThan(0);

    // The history says who created and published it.
    await staff.getByTestId('article-history').click();
    await expect.poll(() => staff.getByTestId('history-entry').count()).toBe(2);
    const history = (await staff.getByTestId('history-drawer').textContent()) ?? '';
    expect(history).toContain('发布门户内容');
    expect(history).toContain('新建门户内容');
    await staff.keyboard.press('Escape');

    // ---- an anonymous reader ----
    const reader = await newPage(browser);
    const readerDialogs = watchDialogs(reader);
    await reader.goto('/sys_out_sys/home');
    const notice = reader
      .getByTestId('portal-section-NOTICE')
      .getByTestId('portal-item')
      .filter({ hasText: title });
    await expect.poll(() => notice.count()).toBe(1);
    await notice.click();
    await reader.waitForURL((url) => url.pathname.startsWith('/sys_out_sys/noticeDetail/'));
    const detailUrl = reader.url();
    await expect.poll(() => reader.getByTestId('portal-article-title').textContent()).toBe(title);
    const body = reader.getByTestId('portal-article-body');
    await expect
      .poll(() => body.locator('strong, b').first().textContent())
      .toBe('请于3月31日前报送自查报告');
    expect(await body.locator('img[onerror]').count()).toBe(0);
    expect(await reader.locator('[onerror]').count()).toBe(0);
    expect(await body.locator('img').count()).toBe(0);

    const [download] = await Promise.all([
      reader.waitForEvent('download'),
      reader.getByTestId('portal-attachment').filter({ hasText: ATTACHMENT_NAME }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(ATTACHMENT_NAME);
    const saved = await download.path();
    expect(saved).toBeTruthy();

    // ---- staff withdraw it from the list ----
    await staff.getByRole('menuitem', { name: '门户文章' }).click();
    await staff.waitForURL((url) => url.pathname === '/sys_info/portal/articles');
    await staff.getByTestId('article-search').locator('input').fill(title);
    await staff.getByTestId('article-search').locator('input').press('Enter');
    const row = staff.getByRole('row').filter({ hasText: title });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.getByTestId('article-row-status').textContent()).toBe('已发布');
    await row.getByTestId('article-row-unpublish').click();
    await confirmButton(staff).click();
    await expect.poll(() => row.getByTestId('article-row-status').textContent()).toBe('草稿');

    // The reader's reload finds nothing, and home no longer lists it.
    await reader.goto(detailUrl);
    await expect.poll(() => reader.getByTestId('portal-not-found').count()).toBe(1);
    await reader.goto('/sys_out_sys/home');
    await expect
      .poll(() => reader.getByTestId('portal-section-NOTICE').getByTestId('portal-item').count())
      .toBeGreaterThan(0);
    expect(await notice.count()).toBe(0);

    expect(readerDialogs).toEqual([]);
    expect(staffDialogs).toEqual([]);

    // The withdrawn draft is removed again, so later suites meet the demo portal as seeded.
    await row.getByTestId('article-row-delete').click();
    await confirmButton(staff).click();
    await expect.poll(() => row.count()).toBe(0);
    await staff.context().close();
    await reader.context().close();
  });

  it('a credit entry added by staff shows in the public commendation list', async () => {
    const orgName = `湖南测试示范建筑设计院有限公司（${Date.now().toString(36)}）`;
    const first17 = '91430100MA4T8K2P5';
    const creditCode = `${first17}${creditCodeCheckChar(first17)}`;
    const staff = await newPage(browser);
    await openSignedIn(staff, 'info_staff');
    await staff.waitForURL((url) => url.pathname === '/sys_info');
    await staff.getByRole('menuitem', { name: '信用信息' }).click();
    await staff.waitForURL((url) => url.pathname === '/sys_info/portal/credit');
    await staff.getByTestId('credit-new').click();

    const modal = staff.getByTestId('credit-modal');
    // Kind and scope start as the province's commendation.
    await modal.getByTestId('credit-org-name').fill(orgName);
    // A wrong check character is caught before sending.
    await modal.getByTestId('credit-code').fill(`${first17}${creditCode.endsWith('0') ? '1' : '0'}`);
    await modal.getByTestId('credit-reason').click();
    await expect
      .poll(() => modal.getByText('统一社会信用代码不正确（18 位，按 GB 32100 校验）').count())
      .toBe(1);
    await modal.getByTestId('credit-code').fill(creditCode);
    await modal
      .getByTestId('credit-reason')
      .fill('在2025年度全省施工图审查质量检查中成绩突出，予以通报表扬。');
    await modal.getByTestId('credit-issuer').fill('湖南省住房和城乡建设厅');
    await modal.getByTestId('credit-document-no').fill('湘建设〔2026〕12号');
    await modal
      .locator('input[type=file]')
      .setInputFiles({ name: '通报表扬决定.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect.poll(() => modal.getByTestId('credit-document').textContent()).toContain('通报表扬决定.pdf');
    await modal.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => staff.getByTestId('credit-modal').count()).toBe(0);
    await expect.poll(() => staff.getByRole('row').filter({ hasText: orgName }).count()).toBe(1);

    const reader = await newPage(browser);
    await reader.goto('/sys_out_sys/creditInformation/commendationList');
    const entry = reader.getByTestId('credit-entry').filter({ hasText: orgName });
    await expect.poll(() => entry.count()).toBe(1);
    expect(await entry.textContent()).toContain(creditCode);

    // Deleted again, it leaves the public list.
    const staffRow = staff.getByRole('row').filter({ hasText: orgName });
    await staffRow.getByRole('button', { name: /删\s*除/ }).click();
    await confirmButton(staff).click();
    await expect.poll(() => staffRow.count()).toBe(0);
    await reader.reload();
    await expect.poll(() => reader.getByTestId('credit-entry').count()).toBeGreaterThan(0);
    expect(await entry.count()).toBe(0);
    await staff.context().close();
    await reader.context().close();
  });

  it('a refused save keeps everything typed, and staff hide and lock a forum topic and show it again', async () => {
    const staff = await newPage(browser);
    await openSignedIn(staff, 'info_staff', { to: '/sys_info/portal/articles/new?category=STANDARD' });
    await staff.getByTestId('article-title').fill('【测试】被拒绝的保存');
    await staff.getByTestId('article-body-editor').click();
    await staff.keyboard.type('正文不会丢失');
    // The server refuses this one save (as it would an oversized body); nothing typed may go.
    await staff.route('**/api/info/portal/articles', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              code: 'VALIDATION_FAILED',
              message: '请求参数有误：title: Too big',
              detail: { fields: [{ field: 'title', message: 'Too big' }] },
            }),
          })
        : route.continue(),
    );
    await staff.getByTestId('article-save-draft').click();
    await expect.poll(() => staff.locator('.ant-message-notice').textContent()).toContain('请求参数有误');
    expect(new URL(staff.url()).pathname).toBe('/sys_info/portal/articles/new');
    expect(await staff.getByTestId('article-title').inputValue()).toBe('【测试】被拒绝的保存');
    expect(await staff.getByTestId('article-body-editor').textContent()).toBe('正文不会丢失');
    expect(await staff.locator('.ant-form-item-explain-error').textContent()).toContain('请求参数有误');
    await staff.unroute('**/api/info/portal/articles');

    await staff.getByRole('menuitem', { name: '论坛管理' }).click();
    await staff.waitForURL((url) => url.pathname === '/sys_info/portal/forum');
    const topic = staff.getByRole('row').nth(1);
    await expect.poll(() => topic.getByTestId('forum-topic-title').count()).toBe(1);
    await topic.getByTestId('forum-topic-toggle-hidden').click();
    await expect.poll(() => topic.textContent()).toContain('已隐藏');
    await topic.getByTestId('forum-topic-toggle-locked').click();
    await expect.poll(() => topic.textContent()).toContain('已锁定');
    await topic.getByTestId('forum-topic-toggle-hidden').click();
    await topic.getByTestId('forum-topic-toggle-locked').click();
    await expect.poll(() => topic.textContent()).not.toMatch(/已隐藏|已锁定/);
    await staff.context().close();
  });
});
