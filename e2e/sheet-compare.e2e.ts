import type { Browser, Locator, Page } from 'playwright-core';
import { PDFDocument, rgb } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedDrawings, type AcceptedDrawings } from './support/accepted-drawings';
import { expectAccessible } from './support/accessibility';
import { launchBrowser, newPage, openSignedIn } from './support/browser';

/**
 * Compare (issue 18): two one-page sheets alike but for a filled block in the right third of the
 * newer one. A reviewer opens the newer from the audit tree, opens compare, picks the older by
 * hand (one version: no earlier self), and the overlay paints the block blue (added) and nothing
 * red; side by side, zooming one sheet zooms the other; the address restores compare; Esc leaves.
 */

const tag = Date.now().toString(36).slice(-5);
const PROJECT = `梅溪湖图纸对比测试${tag}`;
const OLD = `建施-01平面图旧${tag}.pdf`;
const NEW = `建施-01平面图新${tag}.pdf`;

/** A landscape sheet: a frame and lines in its left half; `block` adds a filled block at the right. */
async function comparePdf(block: boolean) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([800, 500]);
  page.drawRectangle({ x: 20, y: 20, width: 760, height: 460, borderWidth: 3, borderColor: rgb(0, 0, 0) });
  for (let x = 60; x < 380; x += 40)
    page.drawLine({ start: { x, y: 60 }, end: { x, y: 440 }, thickness: 2, color: rgb(0, 0, 0) });
  if (block) page.drawRectangle({ x: 560, y: 150, width: 160, height: 200, color: rgb(0, 0, 0) });
  return Buffer.from(await doc.save());
}

interface Census {
  width: number;
  /** Pixels by colour, in the whole canvas and in its left half. */
  blue: number;
  red: number;
  dark: number;
  leftBlue: number;
  leftRed: number;
  leftDark: number;
  /** The horizontal extent of the dark pixels (the sheet's frame). */
  minX: number;
  maxX: number;
}

const census = (canvas: Locator) =>
  canvas.evaluate((el: HTMLCanvasElement): Census => {
    const out = { width: el.width, blue: 0, red: 0, dark: 0, leftBlue: 0, leftRed: 0, leftDark: 0 };
    let minX = Infinity;
    let maxX = -Infinity;
    const ctx = el.getContext('2d');
    if (!ctx || el.width === 0) return { ...out, minX, maxX };
    const { data } = ctx.getImageData(0, 0, el.width, el.height);
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      const x = (i / 4) % el.width;
      const left = x < el.width / 2;
      if (b > r + 80 && b > g + 40) {
        out.blue++;
        if (left) out.leftBlue++;
      } else if (r > g + 80 && r > b + 80) {
        out.red++;
        if (left) out.leftRed++;
      } else if (r + g + b < 300) {
        out.dark++;
        if (left) out.leftDark++;
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
      }
    }
    return { ...out, minX, maxX };
  });

/** The median gap between the dark runs (the vertical lines) across the canvas's middle row, in pixels. */
const spacing = (canvas: Locator) =>
  canvas.evaluate((el: HTMLCanvasElement) => {
    const ctx = el.getContext('2d');
    if (!ctx || el.width === 0) return 0;
    const { data } = ctx.getImageData(0, Math.floor(el.height / 2), el.width, 1);
    const starts: number[] = [];
    let inRun = false;
    for (let x = 0; x < el.width; x++) {
      const dark = data[x * 4]! + data[x * 4 + 1]! + data[x * 4 + 2]! < 300;
      if (dark && !inRun) starts.push(x);
      inRun = dark;
    }
    const gaps = starts
      .slice(1)
      .map((x, i) => x - starts[i]!)
      .sort((a, b) => a - b);
    return gaps.length < 3 ? 0 : gaps[Math.floor(gaps.length / 2)]!;
  });

const query = (page: Page, key: string) => new URL(page.url()).searchParams.get(key);

describe('compare in the drawing viewer', () => {
  let browser: Browser;
  let project: AcceptedDrawings['project'];
  let org: AcceptedDrawings['org'];
  const ids = { old: '', new: '' };

  beforeAll(async () => {
    browser = await launchBrowser();
    const accepted = await acceptedDrawings({
      name: PROJECT,
      building: `5#实验楼${tag}`,
      drawings: [
        { name: OLD, bytes: await comparePdf(false) },
        { name: NEW, bytes: await comparePdf(true) },
      ],
      survey: { name: `勘察报告${tag}.pdf`, bytes: await comparePdf(false) },
    });
    ({ project, org } = accepted);
    ids.old = accepted.fileIds[OLD]!;
    ids.new = accepted.fileIds[NEW]!;
  }, 180_000);
  afterAll(() => browser?.close());

  it('overlay shows the added block blue and nothing red; side by side zooms together; the address restores it', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'censor_reviewer', {
      to: `/sys_audit/${org.censor}/${project.id}/workingDrawingList`,
    });
    const link = page.getByTestId('doc-file-table').getByRole('link', { name: NEW });
    await link.waitFor();
    await link.click();
    await page.getByTestId('sheet-workspace').waitFor();
    await expect.poll(() => page.getByTestId('sheet-file-name').textContent()).toBe(NEW);

    // Open compare from the toolbar: one version only, so no earlier self: picked by hand.
    const compareButton = page.getByRole('button', { name: '对比（B）' });
    await compareButton.click();
    await page.getByTestId('sheet-compare-view').waitFor();
    await page.getByTestId('sheet-compare-no-match').waitFor();
    expect(await page.getByTestId('sheet-compare-no-match').textContent()).toContain(
      '这是第一版资料，没有更早的版本',
    );
    expect(await compareButton.getAttribute('aria-pressed')).toBe('true');
    const fileSelect = page.getByRole('combobox', { name: '对比的旧图纸' });
    await fileSelect.click();
    await fileSelect.fill('平面图旧');
    await page.getByRole('option', { name: new RegExp(OLD.replace(/[.]/g, '\\.')) }).waitFor();
    await fileSelect.press('Enter');
    await page.getByTestId('sheet-compare-side').waitFor();
    await expect.poll(() => query(page, 'compare')).toBe(ids.old);

    // Overlay: the block only the new sheet has is blue; the unchanged left half neither red nor blue.
    await page.getByTestId('sheet-compare-mode').getByText('叠加').click();
    const overlay = page.getByTestId('sheet-compare-overlay').locator('canvas');
    await expect.poll(async () => (await census(overlay)).blue, { timeout: 20_000 }).toBeGreaterThan(2_000);
    const painted = await census(overlay);
    expect(painted.leftDark).toBeGreaterThan(300);
    expect(painted.leftBlue).toBe(0);
    expect(painted.leftRed).toBe(0);
    expect(painted.red).toBeLessThan(20);
    await expect(page.getByTestId('sheet-compare-bar-legend').textContent()).resolves.toContain(
      '红色 = 删除',
    );
    await expect(page.getByTestId('sheet-compare-bar-legend').textContent()).resolves.toContain(
      '蓝色 = 新增',
    );
    await expect.poll(() => query(page, 'mode')).toBe('overlay');
    await expectAccessible(page, 'compare (overlay)', { include: '[data-testid="sheet-workspace"]' });
    await page.screenshot({ path: '/tmp/c2-compare-overlay.png' });

    // Swapped, the block is on the old side: red (removed), no blue.
    await page.getByRole('button', { name: '交换新旧' }).click();
    await expect.poll(async () => (await census(overlay)).red, { timeout: 20_000 }).toBeGreaterThan(2_000);
    expect((await census(overlay)).blue).toBeLessThan(20);
    await page.getByRole('button', { name: '交换新旧' }).click();
    await expect.poll(async () => (await census(overlay)).blue, { timeout: 20_000 }).toBeGreaterThan(2_000);

    // The address restores compare as it was.
    await expect.poll(() => query(page, 'swap')).toBeNull();
    await page.reload();
    await page.getByTestId('sheet-compare-overlay').waitFor();
    await expect.poll(async () => (await census(overlay)).blue, { timeout: 20_000 }).toBeGreaterThan(2_000);

    // Side by side: two canvases; a wheel zoom on the left one zooms the right one too.
    await page.getByTestId('sheet-compare-mode').getByText('并排').click();
    const canvases = page.getByTestId('sheet-compare-side').locator('canvas');
    await expect.poll(() => canvases.count()).toBe(2);
    const [left, right] = [canvases.nth(0), canvases.nth(1)];
    await expect.poll(async () => (await census(right)).dark, { timeout: 20_000 }).toBeGreaterThan(300);
    await expect.poll(async () => (await spacing(left)) > 0 && (await spacing(right)) > 0).toBe(true);
    const before = await spacing(right);
    // Both show the same view: the lines they share lie as far apart on either.
    expect(Math.abs((await spacing(left)) - before)).toBeLessThan(before * 0.1);
    const box = (await left.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
    await page.mouse.wheel(0, -100);
    await page.waitForTimeout(100);
    await page.mouse.wheel(0, -100);
    await expect.poll(() => spacing(right), { timeout: 10_000 }).toBeGreaterThan(before * 1.2);
    await page.waitForTimeout(500);
    const zoomedRight = await spacing(right);
    expect(Math.abs((await spacing(left)) - zoomedRight)).toBeLessThan(zoomedRight * 0.1);
    // The toolbar's buttons zoom compare's view too, and its percentage follows.
    const shownBefore = await page.getByTestId('sheet-zoom').textContent();
    await page.getByTestId('sheet-zoom-out').click();
    await expect.poll(() => spacing(right), { timeout: 10_000 }).toBeLessThan(zoomedRight * 0.9);
    expect(await spacing(right)).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('sheet-zoom').textContent()).not.toBe(shownBefore);
    await expectAccessible(page, 'compare (side by side)', { include: '[data-testid="sheet-workspace"]' });
    await page.screenshot({ path: '/tmp/c2-compare-side.png' });

    // Esc leaves compare; the sheet is back alone and the address forgets compare.
    await page.locator('body').press('Escape');
    await page.getByTestId('sheet-compare-view').waitFor({ state: 'detached' });
    await page.getByTestId('sheet-canvas').waitFor();
    await expect.poll(() => query(page, 'compare')).toBeNull();
    // And B opens it again from the keyboard.
    await page.locator('body').press('b');
    await page.getByTestId('sheet-compare-view').waitFor();
    await page.close();
  }, 180_000);
});
