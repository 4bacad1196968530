import type { Browser, Page } from 'playwright-core';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { TILE_BATCH_TYPE } from '@drp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedDrawings, type AcceptedDrawings } from './support/accepted-drawings';
import { expectAccessible } from './support/accessibility';
import { DEMO_PASSWORD, baseURL, launchBrowser, newPage, openSignedIn } from './support/browser';
import { apiSession, testPdf } from './support/project-api';
import { layeredSheet } from '../apps/server/src/test/sheet-pdfs';

/**
 * The drawing viewer's workspace (issue 18): a reviewer opens a sheet from the audit area's tree
 * (by its name, as people do), sees it painted, zooms, rotates, searches its text, turns to the
 * next sheet by key, and a deep link opens the same view again; the designer opens the same file
 * from the submit area; a unit that is no party gets the 404 page; a damaged PDF says so.
 */

const tag = Date.now().toString(36).slice(-5);
const PROJECT = `梅溪湖图纸查看测试${tag}`;
const FIRST = `建施-01总说明${tag}.pdf`;
const SECOND = `建施-02平面图${tag}.pdf`;
const DAMAGED = `建施-03损坏${tag}.pdf`;
const LAYERED = `建施-04图层${tag}.pdf`;
const WORD = 'KEYPLAN';

/** An A3 landscape sheet with lines and words; `words[i]` is written on page i + 1. */
async function sheetPdf(words: string[]) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const word of words) {
    const page = doc.addPage([1191, 842]);
    for (let x = 60; x < 1191; x += 90)
      page.drawLine({ start: { x, y: 40 }, end: { x, y: 802 }, thickness: 1, color: rgb(0.2, 0.2, 0.2) });
    page.drawRectangle({
      x: 300,
      y: 200,
      width: 500,
      height: 400,
      borderWidth: 4,
      borderColor: rgb(0, 0, 0),
    });
    page.drawText(word, { x: 820, y: 80, size: 28, font, color: rgb(0, 0, 0) });
    page.drawText('GENERAL NOTES', { x: 80, y: 760, size: 18, font, color: rgb(0, 0, 0) });
  }
  return Buffer.from(await doc.save());
}

const zoomText = (page: Page) => page.getByTestId('sheet-zoom').textContent();
const percent = async (page: Page) => Number((await zoomText(page))!.replace('%', ''));
const query = (page: Page, key: string) => new URL(page.url()).searchParams.get(key);

/** Pixels of the sheet's canvas: dark ones (lines and text were painted, not just the backdrop) or red. */
const countPixels = (page: Page, kind: 'dark' | 'red') =>
  page
    .getByTestId('sheet-canvas')
    .locator('canvas')
    .evaluate((canvas: HTMLCanvasElement, red) => {
      const ctx = canvas.getContext('2d');
      if (!ctx || canvas.width === 0) return 0;
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      let n = 0;
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        if (red ? r > 180 && g < 90 && b < 90 : r + g + b < 200) n++;
      }
      return n;
    }, kind === 'red');
const darkPixels = (page: Page) => countPixels(page, 'dark');
const redPixels = (page: Page) => countPixels(page, 'red');

describe('the drawing viewer in the browser', () => {
  let browser: Browser;
  let project: AcceptedDrawings['project'];
  let org: AcceptedDrawings['org'];
  const ids = { first: '', second: '', damaged: '', layered: '' };
  let versionId = '';
  let folderId = '';

  const viewerPath = (area: 'audit' | 'submit', orgId: string, fileId: string, review: boolean) =>
    `/sys_${area}/${orgId}/${project.id}/reviewPDF/${versionId}/${folderId}/${fileId}/DESIGN/${review ? 1 : 0}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const accepted = await acceptedDrawings({
      name: PROJECT,
      building: `3#教学楼${tag}`,
      drawings: [
        { name: FIRST, bytes: await sheetPdf(['GENERAL', WORD]) },
        { name: SECOND, bytes: await sheetPdf(['PLAN']) },
        // %PDF and then nothing a reader can parse.
        { name: DAMAGED, bytes: testPdf(DAMAGED, 4_000) },
        { name: LAYERED, bytes: Buffer.from(await layeredSheet()) },
      ],
      survey: { name: `勘察报告${tag}.pdf`, bytes: await sheetPdf(['SOIL']) },
    });
    ({ project, org, versionId, folderId } = accepted);
    ids.first = accepted.fileIds[FIRST]!;
    ids.second = accepted.fileIds[SECOND]!;
    ids.damaged = accepted.fileIds[DAMAGED]!;
    ids.layered = accepted.fileIds[LAYERED]!;
  }, 180_000);
  afterAll(() => browser?.close());

  it('a reviewer opens a sheet from the tree, zooms, rotates, searches, turns to the next by key, and a deep link opens that view', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'censor_reviewer', {
      to: `/sys_audit/${org.censor}/${project.id}/workingDrawingList`,
    });
    const link = page.getByTestId('doc-file-table').getByRole('link', { name: FIRST });
    await link.waitFor();
    // A real link: a ctrl-click may open it in a tab of its own.
    expect(await link.getAttribute('href')).toBe(viewerPath('audit', org.censor, ids.first, true));
    // The download stays beside it.
    expect(
      await page
        .getByTestId('doc-file-table')
        .locator('tr', { hasText: FIRST })
        .getByTestId('file-download')
        .count(),
    ).toBe(1);
    await link.click();
    await page.waitForURL((url) => url.pathname === viewerPath('audit', org.censor, ids.first, true));
    await page.getByTestId('sheet-workspace').waitFor();
    await expect.poll(() => page.getByTestId('sheet-file-name').textContent()).toBe(FIRST);
    await expect.poll(() => page.title()).toContain('图纸查看');
    // The tree shows the version's drawings, the current one selected.
    const tree = page.getByTestId('sheet-tree');
    await expect
      .poll(() => tree.getByTestId('sheet-tree-file').allTextContents())
      .toEqual([FIRST, SECOND, DAMAGED, LAYERED]);
    expect(await tree.locator('[aria-current="page"]').textContent()).toBe(FIRST);
    await expect.poll(() => darkPixels(page), { timeout: 20_000 }).toBeGreaterThan(500);
    await expect.poll(() => query(page, 'zoom')).not.toBeNull();
    expect(query(page, 'page')).toBe('1');
    await expectAccessible(page, 'the viewer workspace', { include: '[data-testid="sheet-workspace"]' });

    // The file-name search narrows the tree.
    await page.getByTestId('sheet-tree-search').locator('input').fill('02平面');
    await expect.poll(() => tree.getByTestId('sheet-tree-file').allTextContents()).toEqual([SECOND]);
    await page.getByTestId('sheet-tree-search').locator('input').fill('');

    // Zoom in by the toolbar: the percentage and the address follow. (The page stays fitted
    // while the markup tools' row takes its place above the sheet.)
    await page.getByRole('toolbar', { name: '标注工具' }).waitFor();
    await page.waitForTimeout(500);
    const fitted = await percent(page);
    await page.getByTestId('sheet-zoom-in').click();
    await expect.poll(() => percent(page)).toBeGreaterThan(fitted);
    await page.getByTestId('sheet-actual-size').click();
    await expect.poll(() => zoomText(page)).toBe('100%');
    await expect.poll(() => query(page, 'zoom')).toBe('1.33');
    // Zoomed past what the preview holds, the sheet refines with the server's tiles, several to
    // a request, and stays drawn.
    const tiles = page.waitForResponse((res) => res.url().includes('/tiles/') && res.status() === 200);
    for (let i = 0; i < 5; i++) await page.getByTestId('sheet-zoom-in').click();
    expect((await tiles).headers()['content-type']).toBe(TILE_BATCH_TYPE);
    await expect.poll(() => darkPixels(page)).toBeGreaterThan(100);

    // Rotated a quarter, the landscape sheet stands upright: fitting the page needs a smaller zoom.
    await page.getByTestId('sheet-fit-page').click();
    await expect.poll(() => percent(page)).toBe(fitted);
    await page.getByTestId('sheet-rotate-right').click();
    await page.getByTestId('sheet-fit-page').click();
    await expect.poll(() => percent(page)).toBeLessThan(fitted);
    await page.getByTestId('sheet-rotate-left').click();
    await page.getByTestId('sheet-fit-page').click();
    await expect.poll(() => percent(page)).toBe(fitted);

    // Text search: the word is on page 2; Enter goes there and marks it.
    await page.getByRole('tab', { name: '搜索' }).click();
    const search = page.getByTestId('sheet-search').locator('input');
    await search.fill(WORD);
    await expect.poll(() => page.getByTestId('sheet-search-status').textContent()).toBe('找到 1 处');
    await search.press('Enter');
    await expect.poll(() => query(page, 'page')).toBe('2');
    await page.getByTestId('sheet-search-box-active').waitFor();
    expect(await page.getByTestId('sheet-search-hit').first().textContent()).toContain(WORD);
    await expectAccessible(page, 'the search panel', { include: '.sheet-sidebar' });

    // Zoomed in on the hit: that view is what a deep link carries.
    await page.getByTestId('sheet-zoom-in').click();
    await page.getByTestId('sheet-zoom-in').click();
    const zoomed = await zoomText(page);
    await expect
      .poll(() => Number(query(page, 'zoom')))
      .toBeCloseTo(Number(((fitted / 100) * (4 / 3) * 1.25 * 1.25).toFixed(2)), 1);
    const deepLink = page.url();

    // PageDown on the last page of the file turns to the next file of the tree.
    await page.getByTestId('sheet-canvas').locator('[role="application"]').focus();
    expect(await page.getByTestId('sheet-key-hint').textContent()).toContain('PageDown');
    await page.keyboard.press('PageDown');
    await page.waitForURL((url) => url.pathname === viewerPath('audit', org.censor, ids.second, true));
    await expect.poll(() => page.getByTestId('sheet-file-name').textContent()).toBe(SECOND);
    await page.getByRole('tab', { name: '图纸目录' }).click();
    await expect
      .poll(() => page.getByTestId('sheet-tree').locator('[aria-current="page"]').textContent())
      .toBe(SECOND);
    // And [ back to the last page of the one before.
    await page.keyboard.press('[');
    await page.waitForURL((url) => url.pathname === viewerPath('audit', org.censor, ids.first, true));
    await expect.poll(() => query(page, 'page')).toBe('2');

    // The deep link opens exactly that page and zoom.
    const again = await newPage(browser);
    await openSignedIn(again, 'censor_reviewer', {
      to: new URL(deepLink).pathname + new URL(deepLink).search,
    });
    await again.getByTestId('sheet-workspace').waitFor();
    await expect.poll(() => zoomText(again)).toBe(zoomed);
    await again.getByRole('tab', { name: '页面' }).click();
    expect(await again.getByTestId('sheet-page-of').textContent()).toBe('第 2 / 2 页');
    expect(query(again, 'x')).toBe(new URL(deepLink).searchParams.get('x'));
    await expectAccessible(again, 'the pages panel', { include: '.sheet-sidebar' });
    await page.context().close();
    await again.context().close();
  }, 180_000);

  it('the layers panel shows and hides optional content, starting as the file says', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'censor_reviewer', {
      to: viewerPath('audit', org.censor, ids.layered, true),
    });
    await page.getByRole('tab', { name: '图层' }).click();
    const layers = page.getByTestId('sheet-layers');
    await expect.poll(() => layers.locator('li').allTextContents()).toEqual(['Walls', '家具']);
    const walls = layers.getByRole('checkbox', { name: 'Walls' });
    const furniture = layers.getByRole('checkbox', { name: '家具' });
    expect(await walls.isChecked()).toBe(true);
    expect(await furniture.isChecked()).toBe(false);
    // The walls drawn, the furniture not: the file turns it off.
    await expect.poll(() => darkPixels(page), { timeout: 20_000 }).toBeGreaterThan(2_000);
    expect(await redPixels(page)).toBe(0);
    await furniture.check();
    await expect.poll(() => redPixels(page), { timeout: 20_000 }).toBeGreaterThan(2_000);
    await walls.uncheck();
    // Both at once: between two renders the canvas is blank for a moment, with no wall and no red.
    await expect
      .poll(async () => ({ walls: await darkPixels(page), furniture: (await redPixels(page)) > 2_000 }), {
        timeout: 20_000,
      })
      .toEqual({ walls: 0, furniture: true });
    await expectAccessible(page, 'the layers panel', { include: '.sheet-sidebar' });
    await page.context().close();
  });

  it('a drag at 2× keeps the sheet drawn as a fresh paint of that view would', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'censor_reviewer', { to: viewerPath('audit', org.censor, ids.second, true) });
    await expect.poll(() => darkPixels(page), { timeout: 20_000 }).toBeGreaterThan(500);
    await page.getByTestId('sheet-actual-size').click();
    await page.getByTestId('sheet-zoom-in').click();
    await page.getByTestId('sheet-zoom-in').click();
    const canvas = page.getByTestId('sheet-canvas').locator('canvas');
    // Snapshots of the canvas kept in the page (a frame's pixels are too many to send over).
    const snapshot = (name: string) =>
      canvas.evaluate((c: HTMLCanvasElement, key) => {
        const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
        const store = ((window as unknown as { shots?: Record<string, Uint8ClampedArray> }).shots ??= {});
        const last = store[key];
        store[key] = data;
        return last !== undefined && last.length === data.length && last.every((v, i) => v === data[i]);
      }, name);
    // Settled: two snapshots in a row alike (no tile arrived between them).
    const settled = async (name: string) => {
      await snapshot(name);
      for (;;) {
        await page.waitForTimeout(300);
        if (await snapshot(name)) return;
      }
    };
    await settled('zoomed');
    // A drag in whole pixels, up and left and back a little, the button held: what is shown is
    // pieced from pixels kept from earlier frames and strips painted as they were uncovered.
    const box = (await canvas.boundingBox())!;
    const [x0, y0] = [box.x + box.width / 2, box.y + box.height / 2];
    await page.mouse.move(x0, y0);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) await page.mouse.move(x0 - 23 * i, y0 - (i < 8 ? 17 * i : 17 * (14 - i)));
    await settled('during');
    // Let go: the same view painted afresh. Pixel for pixel alike, bar anti-aliasing at seams.
    await page.mouse.up();
    await settled('after');
    const compared = await page.evaluate(() => {
      const { during, after } = (window as unknown as { shots: Record<string, Uint8ClampedArray> }).shots;
      let differing = 0;
      let dark = 0;
      for (let i = 0; i < after!.length; i += 4) {
        const d =
          Math.abs(after![i]! - during![i]!) +
          Math.abs(after![i + 1]! - during![i + 1]!) +
          Math.abs(after![i + 2]! - during![i + 2]!);
        if (d > 60) differing++;
        if (after![i]! + after![i + 1]! + after![i + 2]! < 200) dark++;
      }
      return { share: differing / (after!.length / 4), dark };
    });
    expect(compared.share).toBeLessThan(0.002);
    expect(compared.dark).toBeGreaterThan(500);
    await page.context().close();
  });

  it('the designer opens the same file from the submit area, to read', async () => {
    const page = await newPage(browser);
    // The upload screen opens on the top folder; the drawings are in the one below (?folder=).
    await openSignedIn(page, 'design_admin', {
      to: `/sys_submit/${project.id}/workingDrawing?folder=${folderId}`,
    });
    const link = page.getByTestId('doc-file-table').getByRole('link', { name: FIRST });
    await link.waitFor();
    await link.click();
    await page.waitForURL((url) => url.pathname === viewerPath('submit', org.design, ids.first, false));
    await expect.poll(() => darkPixels(page), { timeout: 20_000 }).toBeGreaterThan(500);
    // Back to the document list it came from.
    await page.getByTestId('sheet-back').click();
    await page.waitForURL((url) => url.pathname === `/sys_submit/${project.id}/workingDrawing`);
    expect(new URL(page.url()).searchParams.get('folder')).toBe(folderId);
    await page.context().close();
  });

  it('a unit that is no party, a malformed id and an unknown category get the 404 page', async () => {
    const page = await newPage(browser);
    const other = await apiSession(baseURL(), 'design2_admin', DEMO_PASSWORD);
    await openSignedIn(page, 'design2_admin', { to: viewerPath('submit', other.orgId, ids.first, false) });
    await page.waitForURL((url) => url.pathname === '/common/404');
    await page.goto(viewerPath('submit', other.orgId, 'not-an-id', false));
    await page.waitForURL((url) => url.pathname === '/common/404');
    await page.context().close();

    const reader = await newPage(browser);
    await openSignedIn(reader, 'censor_reviewer', {
      to: viewerPath('audit', org.censor, ids.first, true).replace('/DESIGN/', '/OTHER/'),
    });
    await reader.waitForURL((url) => url.pathname === '/common/404');
    await reader.context().close();
  });

  it('a damaged PDF says so and offers the original, in both languages', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'censor_reviewer', { to: viewerPath('audit', org.censor, ids.damaged, true) });
    const error = page.getByTestId('sheet-error');
    await error.waitFor();
    expect(await error.getAttribute('data-code')).toBe('SHEET_DAMAGED');
    expect(await error.textContent()).toContain('该PDF文件已损坏，无法打开，请联系上传单位重新上传');
    expect(await page.getByTestId('sheet-error-download').getAttribute('href')).toContain('download=1');
    await expectAccessible(page, 'the damaged sheet', { include: '[data-testid="sheet-workspace"]' });
    await page.context().close();

    const english = await newPage(browser, 'en-US');
    await openSignedIn(english, 'censor_reviewer', {
      to: viewerPath('audit', org.censor, ids.damaged, true),
      locale: 'en-US',
    });
    await english.getByTestId('sheet-error').waitFor();
    expect(await english.getByTestId('sheet-error').textContent()).toContain('This PDF is damaged');
    expect(await english.getByTestId('sheet-zoom-in').getAttribute('aria-label')).toBe('Zoom in');
    await english.context().close();
  });
});
