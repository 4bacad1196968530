import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { PDFDocument, rgb } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Markup, MarkupKind } from '@drp/domain';
import { acceptedDrawings, type AcceptedDrawings } from './support/accepted-drawings';
import { expectAccessible } from './support/accessibility';
import { DEMO_PASSWORD, baseURL, launchBrowser, newPage, openSignedIn } from './support/browser';
import { apiSession, call, type ApiSession } from './support/project-api';

/**
 * Markups on a sheet (issue 18), as the agency's reviewer and the designer meet them: the reviewer
 * opens an accepted drawing, draws every kind, finds each where it was drawn after a reload at
 * another zoom (through the page-space points the overlay and the API both carry), publishes one;
 * the designer sees that one only and no drawing tools; the XFDF export carries the markups.
 */

const tag = Date.now().toString(36).slice(-5);
const PROJECT = `观沙岭标注测试楼${tag}`;
const SHEET = `建施-01首层平面图${tag}.pdf`;

/** An A3 landscape sheet with a few lines: a real PDF the server prepares. */
async function sheetPdf() {
  const doc = await PDFDocument.create();
  const page = doc.addPage([1191, 842]);
  for (let x = 60; x < 1191; x += 90)
    page.drawLine({ start: { x, y: 40 }, end: { x, y: 802 }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  for (let y = 40; y < 842; y += 90)
    page.drawLine({ start: { x: 40, y }, end: { x: 1151, y }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  page.drawRectangle({ x: 300, y: 200, width: 500, height: 400, borderWidth: 3, borderColor: rgb(0, 0, 0) });
  return Buffer.from(await doc.save());
}

type Pt = [number, number];

/** The viewer's page → screen mapping for an unrotated page at a known view (sheet-view.ts). */
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const toScreen = (view: { x: number; y: number; zoom: number }, box: Box, [px, py]: Pt): Pt => [
  box.x + (px - view.x) * view.zoom + box.width / 2,
  box.y + (view.y - py) * view.zoom + box.height / 2,
];

const overlay = (page: Page) => page.getByTestId('markup-overlay');
const tools = (page: Page) => page.getByRole('toolbar', { name: '标注工具' });
const toolButton = (page: Page, name: string) => tools(page).getByRole('button', { name, exact: true });
const toasts = (page: Page) => page.locator('.ant-message-notice').allTextContents();

describe('markups on a sheet in the browser', () => {
  let browser: Browser;
  let project: AcceptedDrawings['project'];
  let censor: ApiSession;
  let org: AcceptedDrawings['org'];
  let versionId = '';
  let folderId = '';
  let fileId = '';
  /** What the reviewer drew: each kind's stored markup and the screen points the mouse took. */
  const drawn = new Map<
    MarkupKind,
    { markup: Markup; screen: Pt[]; view: { x: number; y: number; zoom: number } }
  >();
  let publishedId = '';

  const viewerPath = (area: 'audit' | 'submit', orgId: string, review: boolean) =>
    `/sys_${area}/${orgId}/${project.id}/reviewPDF/${versionId}/${folderId}/${fileId}/DESIGN/${review ? 1 : 0}`;

  const markupsOf = (s: ApiSession) =>
    call<{ items: Markup[]; canDraw: boolean }>(
      s,
      'GET',
      `/api/checkDrawings/${s.orgId}/${project.id}/docRepository/markups?fileId=${fileId}`,
    );

  beforeAll(async () => {
    browser = await launchBrowser();
    const accepted = await acceptedDrawings({
      name: PROJECT,
      building: `2#办公楼${tag}`,
      drawings: [{ name: SHEET, bytes: await sheetPdf() }],
      survey: { name: `勘察报告${tag}.pdf`, bytes: await sheetPdf() },
    });
    ({ project, org, versionId, folderId, reviewer: censor } = accepted);
    fileId = accepted.fileIds[SHEET]!;
  }, 180_000);
  afterAll(() => browser?.close());

  /** The view the address holds once the viewer has settled (the workspace writes it there). */
  async function settledView(page: Page) {
    await expect.poll(() => new URL(page.url()).searchParams.get('zoom'), { timeout: 10_000 }).not.toBeNull();
    const q = new URL(page.url()).searchParams;
    return { x: Number(q.get('x')), y: Number(q.get('y')), zoom: Number(q.get('zoom')) };
  }

  it('a reviewer draws every kind; after a reload at another zoom each is where it was drawn', async () => {
    const page = await newPage(browser);
    // The reviewer reads the accepted drawings in the audit area; the file's name opens the viewer.
    await openSignedIn(page, 'censor_reviewer', {
      to: `/sys_audit/${org.censor}/${project.id}/workingDrawingList?folder=${folderId}`,
    });
    await page.getByTestId('file-open').filter({ hasText: SHEET }).click();
    await page.waitForURL((url) => url.pathname === viewerPath('audit', org.censor, true));
    await overlay(page).waitFor();
    await tools(page).waitFor();
    await expectAccessible(page, 'the markup tools', { include: '.markup-tools' });
    const view = await settledView(page);
    const box = (await overlay(page).boundingBox())!;
    const rect = box;
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    const at = (dx: number, dy: number): Pt => [cx + dx, cy + dy];

    /** Draws with a tool and answers what the server stored. */
    async function draw(kind: MarkupKind, name: string, gesture: () => Promise<Pt[]>, text?: string) {
      await toolButton(page, name).click();
      expect(await toolButton(page, name).getAttribute('aria-pressed')).toBe('true');
      const created = page.waitForResponse(
        (r) =>
          r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/docRepository/markups'),
      );
      const screen = await gesture();
      if (text !== undefined) {
        const dialog = page.getByRole('dialog', { name: '标注文字' });
        await dialog.getByLabel('文字内容').fill(text);
        await dialog.getByRole('button', { name: /确\s*定/ }).click();
      }
      const answer = (await (await created).json()) as { detail: Markup };
      expect(answer.detail.kind).toBe(kind);
      drawn.set(kind, { markup: answer.detail, screen, view });
    }
    const drag = async (a: Pt, b: Pt) => {
      await page.mouse.move(...a);
      await page.mouse.down();
      await page.mouse.move(...b, { steps: 5 });
      await page.mouse.up();
      return [a, b];
    };

    await draw('RECT', '矩形', () => drag(at(-300, -200), at(-200, -120)));
    await draw('ELLIPSE', '椭圆', () => drag(at(-150, -200), at(-50, -120)));
    await draw('CLOUD', '云线', () => drag(at(0, -200), at(120, -120)));
    await draw('ARROW', '箭头', () => drag(at(160, -200), at(260, -120)));
    await draw('POLYLINE', '折线', async () => {
      const points = [at(-300, -60), at(-250, 0), at(-200, -60)];
      await page.mouse.click(...points[0]!);
      await page.mouse.click(...points[1]!);
      await page.mouse.dblclick(...points[2]!);
      return points;
    });
    await draw('TEXT', '文字', () => drag(at(-150, -60), at(-20, 0)), '此处尺寸标注缺失');
    await draw(
      'CALLOUT',
      '引注',
      async () => {
        const tip = at(20, -20);
        await page.mouse.click(...tip);
        return [tip, ...(await drag(at(60, -80), at(200, -40)))];
      },
      '梁高不足，请复核',
    );
    await draw('STAMP', '图章', () => drag(at(220, -60), at(320, -10)));
    // The distance is measured at the sheet's scale, chosen before it is drawn.
    await tools(page).getByRole('combobox', { name: '比例校准' }).click();
    await page.getByRole('option', { name: '1:100', exact: true }).click();
    await draw('DISTANCE', '测距', () => drag(at(-300, 60), at(-100, 60)));
    await draw('AREA', '测面积', async () => {
      const points = [at(0, 40), at(150, 40), at(150, 140), at(0, 140)];
      for (const p of points) await page.mouse.click(...p);
      await page.keyboard.press('Enter');
      return points;
    });
    expect(drawn.size).toBe(10);

    // What was stored is where the mouse was: the page points map back onto the screen points.
    for (const [kind, { markup, screen }] of drawn) {
      const stored = kind === 'CALLOUT' ? markup.points : markup.points.slice(0, screen.length);
      stored.forEach((p, i) => {
        const [sx, sy] = toScreen(view, rect, p);
        // The address rounds the view to 0.01, so allow for it away from the centre.
        const slack = 3 + Math.hypot(screen[i]![0] - cx, screen[i]![1] - cy) * 0.03;
        expect(Math.abs(sx - screen[i]![0]), `${kind} x`).toBeLessThan(slack);
        expect(Math.abs(sy - screen[i]![1]), `${kind} y`).toBeLessThan(slack);
      });
    }
    const distance = drawn.get('DISTANCE')!.markup;
    expect(distance.calibration?.source).toBe('1:100');
    expect(await overlay(page).locator(`[data-markup-id="${distance.id}"] text`).textContent()).toMatch(
      /mm|m$/,
    );

    // Reloaded at 1.4 times the zoom (all of them still in sight), every shape lies over its points.
    const other = { x: Math.round(view.x), y: Math.round(view.y), zoom: Math.round(view.zoom * 140) / 100 };
    await page.goto(
      `${viewerPath('audit', org.censor, true)}?page=1&x=${other.x}&y=${other.y}&zoom=${other.zoom}`,
    );
    await overlay(page).waitFor();
    await expect.poll(() => overlay(page).locator('[data-markup-id]').count()).toBe(10);
    const reloaded = await settledView(page);
    expect(reloaded.zoom / view.zoom).toBeGreaterThan(1.3);
    const box2 = (await overlay(page).boundingBox())!;
    const rect2 = box2;
    for (const kind of ['RECT', 'ELLIPSE', 'STAMP', 'TEXT'] as const) {
      const { markup } = drawn.get(kind)!;
      const shape = overlay(page).locator(`[data-markup-id="${markup.id}"] .markup-hit`);
      const b = (await shape.boundingBox())!;
      const [ax, ay] = toScreen(reloaded, rect2, markup.points[0] as Pt);
      const [bx, by] = toScreen(reloaded, rect2, markup.points[1] as Pt);
      // The hit area (a round-joined stroke 10 px wide) reaches 5 px past the outline.
      expect(Math.abs(b.x - Math.min(ax, bx)), `${kind} left`).toBeLessThan(8);
      expect(Math.abs(b.y - Math.min(ay, by)), `${kind} top`).toBeLessThan(8);
      expect(Math.abs(b.x + b.width - Math.max(ax, bx)), `${kind} right`).toBeLessThan(8);
      expect(Math.abs(b.y + b.height - Math.max(ay, by)), `${kind} bottom`).toBeLessThan(8);
    }
    for (const [kind, { markup }] of drawn)
      expect(
        JSON.parse(
          (await overlay(page).locator(`[data-markup-id="${markup.id}"]`).getAttribute('data-points'))!,
        ),
        kind,
      ).toEqual(markup.points);

    // The list names them; choosing the cloud selects it, and publishing makes it everyone's.
    const list = page.getByRole('region', { name: '标注列表' });
    await page.getByRole('tab', { name: '标注', exact: true }).click();
    await list.waitFor();
    expect(await list.locator('[data-markup-entry]').count()).toBe(10);
    const cloud = drawn.get('CLOUD')!.markup;
    await list.locator(`[data-markup-entry="${cloud.id}"] .markup-entry-head`).click();
    await list.locator(`[data-markup-entry="${cloud.id}"]`).getByRole('button', { name: '发布' }).click();
    await expect.poll(() => toasts(page)).toContain('标注已发布');
    publishedId = cloud.id;
    // A reply joins the thread under it.
    const entry = list.locator(`[data-markup-entry="${cloud.id}"]`);
    await entry.getByRole('textbox', { name: '回复' }).fill('已核对，请设计单位修改');
    await entry.getByRole('button', { name: /回\s*复/ }).click();
    await expect.poll(() => entry.locator('ol li').allTextContents()).toHaveLength(1);
    await expectAccessible(page, 'the markup list', { include: '.markup-list' });

    // The rectangle, taken on the sheet by its top edge and dragged, moves and is saved where it lands.
    const rectangle = drawn.get('RECT')!.markup;
    // Choosing the cloud in the list brought it to the middle: the rectangle is found where it is now.
    const outline = (await overlay(page)
      .locator(`[data-markup-id="${rectangle.id}"] .markup-hit`)
      .boundingBox())!;
    const edge: Pt = [outline.x + outline.width / 2, outline.y + 5];
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname.endsWith(`/markups/${rectangle.id}`),
    );
    await page.mouse.move(...edge);
    await page.mouse.down();
    await page.mouse.move(edge[0] + 30, edge[1] + 20, { steps: 5 });
    await page.mouse.up();
    const moved = ((await (await saved).json()) as { detail: Markup }).detail;
    expect(moved.points[0]![0] - rectangle.points[0]![0]).toBeCloseTo(30 / reloaded.zoom, 0);
    expect(moved.points[0]![1] - rectangle.points[0]![1]).toBeCloseTo(-20 / reloaded.zoom, 0);
    expect(await overlay(page).locator('.markup-handles rect').count()).toBe(2);

    // The XFDF export is a file carrying every markup by its id.
    const download = page.waitForEvent('download');
    await tools(page).getByRole('button', { name: '导出 XFDF' }).click();
    const xfdf = await readFile(await (await download).path(), 'utf8');
    expect(xfdf).toContain('<xfdf');
    for (const { markup } of drawn.values()) expect(xfdf).toContain(`name="${markup.id}"`);

    // "Download with markups" saves a PDF.
    const burned = page.waitForEvent('download');
    await tools(page).getByRole('button', { name: '下载带标注的 PDF' }).click();
    const pdf = await readFile(await (await burned).path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // The exported file, imported again, adds its markups to the reviewer's own layer.
    await page.locator('.markup-tools input[type="file"]').setInputFiles({
      name: 'markups.xfdf',
      mimeType: 'application/vnd.adobe.xfdf',
      buffer: Buffer.from(xfdf),
    });
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringMatching(/^已导入 \d+ 条标注/));
    await page.context().close();

    const stored = await markupsOf(censor);
    expect(stored.items.filter((m) => m.layer === 'PUBLISHED').map((m) => m.id)).toEqual([publishedId]);
    expect(stored.items.length).toBeGreaterThan(drawn.size);
  }, 120_000);

  it('a designer sees the published markup only, and no drawing tools', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'design_admin', { to: viewerPath('submit', org.design, false) });
    await page.getByTestId('sheet-overlay').waitFor();
    await expect.poll(() => overlay(page).locator('[data-markup-id]').count(), { timeout: 10_000 }).toBe(1);
    expect(await overlay(page).locator('[data-markup-id]').getAttribute('data-markup-id')).toBe(publishedId);
    const toggle = page.getByTestId('sheet-markup-toggle');
    if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
    await tools(page).waitFor();
    expect(await tools(page).getByRole('button', { name: '矩形', exact: true }).count()).toBe(0);
    expect(await tools(page).getByRole('button', { name: '导出 XFDF' }).count()).toBe(1);
    // The shape takes no edit: no handles, and pressing R draws nothing.
    await page.keyboard.press('r');
    expect(await overlay(page).getAttribute('style')).toContain('pointer-events: none');
    const design = { ...(await apiSession(baseURL(), 'design_admin', DEMO_PASSWORD)), orgId: org.design };
    const seen = await markupsOf(design);
    expect(seen.canDraw).toBe(false);
    expect(seen.items.map((m) => m.id)).toEqual([publishedId]);
    expect(seen.items[0]!.can).toEqual({ edit: false, publish: false, reply: false });
    await page.context().close();
  }, 60_000);
});
