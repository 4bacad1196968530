import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SHEET_LIMITS,
  TILE_BATCH_TYPE,
  tileScale,
  type DocFile,
  type SheetInfo,
  type SheetText,
} from '@drp/domain';
import { submittedForMaterials, uploadDocFile } from '../../test/doc-fixture.js';
import { demoOrgIds, detailOf } from '../../test/project-fixture.js';
import { prepareSheetsNow } from '../../test/sheet-fixture.js';
import { drawingSet, encryptedPdf } from '../../test/sheet-pdfs.js';
import { encodePng } from './png-encoder.js';
import { sheetFileKeys } from './sheet-files.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** Width, height and RGB pixels of a PNG our encoder wrote (8-bit RGB or greyscale, rows filtered). */
function decodePng(png: Buffer) {
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const channels = png[25] === 0 ? 1 : 3; // greyscale or RGB
  const raw = inflateSync(Buffer.concat(idat));
  expect(raw.length).toBe((width * channels + 1) * height);
  const samples = unfilterRows(raw, width * channels, height, channels);
  const pixel = (x: number, y: number) => {
    const i = (y * width + x) * channels;
    return channels === 1
      ? [samples[i]!, samples[i]!, samples[i]!]
      : [samples[i]!, samples[i + 1]!, samples[i + 2]!];
  };
  return { width, height, pixel };
}

/** Undoes the PNG row filters (None, Sub, Up, Average, Paeth) as the specification defines them. */
function unfilterRows(raw: Buffer, row: number, height: number, bpp: number) {
  const rgb = new Uint8Array(row * height);
  for (let y = 0; y < height; y += 1) {
    const type = raw[y * (row + 1)]!;
    expect([0, 1, 2, 3, 4]).toContain(type);
    for (let i = 0; i < row; i += 1) {
      const v = raw[y * (row + 1) + 1 + i]!;
      const a = i >= bpp ? rgb[y * row + i - bpp]! : 0;
      const b = y > 0 ? rgb[(y - 1) * row + i]! : 0;
      const c = y > 0 && i >= bpp ? rgb[(y - 1) * row + i - bpp]! : 0;
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      const paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      const predicted = [0, a, b, (a + b) >> 1, paeth][type]!;
      rgb[y * row + i] = (v + predicted) & 0xff;
    }
  }
  return rgb;
}

describe('the sheet viewer routes', () => {
  let t: TestApp;
  let org: Record<string, string>;
  const tokens: Record<string, string> = {};
  let projectId: string;
  let file: DocFile;
  let encryptedFile: DocFile;
  let imageFile: DocFile;
  const sheetOf = async (fileId: string, as = 'design_admin', orgId = org.design!) =>
    t.app.inject({
      url: `/api/checkDrawings/${orgId}/${projectId}/docRepository/sheet`,
      query: { fileId },
      headers: { authorization: `Bearer ${tokens[as]}` },
    });

  beforeAll(async () => {
    t = await createTestApp();
    org = await demoOrgIds(t.database.db);
    for (const user of ['construct_admin', 'design_admin', 'design2_admin', 'censor_admin'])
      tokens[user] = await t.signIn(user).catch(() => '');
    const materials = await submittedForMaterials(t, {
      constructToken: tokens.construct_admin!,
      designToken: tokens.design_admin!,
      org,
      name: '图纸查看器测试项目',
    });
    projectId = materials.project.id;
    const upload = async (name: string, body: Buffer) =>
      uploadDocFile(t, {
        token: tokens.design_admin!,
        orgId: org.design!,
        projectId,
        versionId: materials.versionId,
        folderId: materials.structure.id,
        name,
        body,
      });
    file = await upload('建施-01.pdf', await drawingSet());
    encryptedFile = await upload('加密.pdf', await encryptedPdf());
    imageFile = await upload('现场照片.png', encodePng(new Uint8Array(3 * 8 * 8).fill(90), 8, 8));
  });
  afterAll(() => t?.close());

  it('answers PENDING before preparation, then READY with the pages and links', async () => {
    const pending = detailOf<SheetInfo>(await sheetOf(file.id));
    expect(pending).toMatchObject({
      fileId: file.id,
      state: 'PENDING',
      failure: null,
      pages: [],
      name: '建施-01.pdf',
    });
    expect(pending.viewUrl).toMatch(/^\/api\/files\/view\/[\w-]+$/);
    expect(pending.assetBase).toMatch(/^\/api\/files\/sheets\/[\w-]+$/);
    const early = await t.app.inject({ url: `${pending.assetBase}/preview/0` });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'SHEET_NOT_READY' });

    await prepareSheetsNow(t.app);
    const sheet = detailOf<SheetInfo>(await sheetOf(file.id));
    expect(sheet.state).toBe('READY');
    expect(sheet.pages.map((p) => p.rotation)).toEqual([0, 90, 0]);
    expect(Date.parse(sheet.expiresAt)).toBeGreaterThan(Date.now());
    // The original opens through the same link.
    expect((await t.app.inject({ url: sheet.viewUrl })).statusCode).toBe(200);
    // The agency reviewing the application sees it too, from its own area.
    expect(detailOf<SheetInfo>(await sheetOf(file.id, 'censor_admin', org.censor)).state).toBe('READY');
  });

  it('serves the preview, the text and tiles of a page', async () => {
    await prepareSheetsNow(t.app);
    const sheet = detailOf<SheetInfo>(await sheetOf(file.id));
    const preview = await t.app.inject({ url: `${sheet.assetBase}/preview/0.png` });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
    expect(preview.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(decodePng(preview.rawPayload).width).toBe(SHEET_LIMITS.previewPx);

    const text = await t.app.inject({ url: `${sheet.assetBase}/text/0` });
    expect(text.json<SheetText>().runs.map((r) => r.text)).toContain('GROUND FLOOR PLAN');

    // Level 2 is 1 px per point: the A3 page (1190.55 × 841.89) is 3 × 2 tiles, the last ones smaller.
    const page = sheet.pages[0]!;
    const level = 2;
    expect(tileScale(level)).toBe(1);
    const edge = await t.app.inject({ url: `${sheet.assetBase}/tile/0/${level}/2/1` });
    expect(edge.statusCode).toBe(200);
    const edgeTile = decodePng(edge.rawPayload);
    expect(edgeTile.width).toBe(Math.round(page.width) - 2 * 512);
    expect(edgeTile.height).toBe(Math.round(page.height) - 512);
    // That one request rendered the whole block (here the page's 3 × 2 tiles) and stored each.
    for (const [x, y] of [
      [0, 0],
      [1, 0],
      [2, 0],
      [0, 1],
      [1, 1],
      [2, 1],
    ] as const) {
      const stored = await t.app.ctx.files.stat(sheetFileKeys.tile(file.sha256, 0, level, x, y));
      expect(stored?.size, `tile ${x},${y}`).toBeGreaterThan(0);
    }
    expect(await t.app.ctx.files.stat(sheetFileKeys.tile(file.sha256, 0, level + 1, 0, 0))).toBeUndefined();

    // The plan's rectangle: stroked 4 pt black from (200,200) to (600,500) in page space, so its
    // left edge crosses raster row 842-350=492 at x=200, in tile (0, 0).
    const first = decodePng(
      (await t.app.inject({ url: `${sheet.assetBase}/tile/0/${level}/0/0.png` })).rawPayload,
    );
    expect([first.width, first.height]).toEqual([512, 512]);
    expect(Math.max(...first.pixel(200, 492))).toBeLessThan(80);
    expect(first.pixel(100, 100)).toEqual([255, 255, 255]);
    // The same tile again comes from the store.
    const again = await t.app.inject({ url: `${sheet.assetBase}/tile/0/${level}/0/0` });
    expect(
      again.rawPayload.equals(
        (await t.app.inject({ url: `${sheet.assetBase}/tile/0/${level}/0/0` })).rawPayload,
      ),
    ).toBe(true);

    // Several at once: each one's bytes, framed by its length, in the order asked.
    const batch = await t.app.inject({ url: `${sheet.assetBase}/tiles/0/${level}?at=2-1.0-0.1-1` });
    expect(batch.statusCode).toBe(200);
    expect(batch.headers['content-type']).toBe(TILE_BATCH_TYPE);
    const framed: Buffer[] = [];
    for (let at = 0; at < batch.rawPayload.length;) {
      const length = batch.rawPayload.readUInt32BE(at);
      framed.push(batch.rawPayload.subarray(at + 4, at + 4 + length));
      at += 4 + length;
    }
    expect(framed).toHaveLength(3);
    for (const [i, [x, y]] of (
      [
        [2, 1],
        [0, 0],
        [1, 1],
      ] as const
    ).entries()) {
      const single = await t.app.inject({ url: `${sheet.assetBase}/tile/0/${level}/${x}/${y}` });
      expect(framed[i]!.equals(single.rawPayload), `tile ${x},${y}`).toBe(true);
    }
    // A tile off the grid, a malformed list, one tile twice, none: no tiles.
    for (const at of ['0-0.3-0', '0-0,1-0', '0-0.0-0', '']) {
      const refused = await t.app.inject({ url: `${sheet.assetBase}/tiles/0/${level}?at=${at}` });
      expect(refused.statusCode, at).toBe(404);
    }
    // More than a request may ask, though each is on the grid of level 5 (19 tiles across).
    const many = Array.from({ length: SHEET_LIMITS.tilesPerRequest + 1 }, (_, i) => `${i}-0`).join('.');
    expect((await t.app.inject({ url: `${sheet.assetBase}/tiles/0/5?at=${many}` })).statusCode).toBe(404);

    const outside = await t.app.inject({ url: `${sheet.assetBase}/tile/0/${level}/3/0` });
    expect(outside.statusCode).toBe(404);
    const tooDeep = await t.app.inject({
      url: `${sheet.assetBase}/tile/0/${SHEET_LIMITS.tileLevelMax + 1}/0/0`,
    });
    expect(tooDeep.statusCode).toBe(404);
    const noPage = await t.app.inject({ url: `${sheet.assetBase}/preview/3` });
    expect(noPage.statusCode).toBe(404);
    expect(noPage.json()).toMatchObject({ code: 'SHEET_PAGE_NOT_FOUND' });
  });

  it('refuses bad links and callers who do not see the application', async () => {
    await prepareSheetsNow(t.app);
    for (const url of [
      '/api/files/sheets/not-a-token/preview/0',
      '/api/files/sheets/not-a-token/text/0',
      '/api/files/sheets/not-a-token/tile/0/0/0/0',
      '/api/files/signal/not-a-token',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const sheet = detailOf<SheetInfo>(await sheetOf(file.id));
    // An expired link opens nothing.
    t.advance(20 * 60_000);
    expect((await t.app.inject({ url: `${sheet.assetBase}/preview/0` })).statusCode).toBe(404);
    t.advance(-20 * 60_000);

    // Another design institute, not a party: as if there were no such application.
    const stranger = await sheetOf(file.id, 'design2_admin', org.design2);
    expect(stranger.statusCode).toBe(404);
    const signal = await t.app.inject({
      url: `/api/checkDrawings/${org.design2}/${projectId}/docRepository/getSignalUrl`,
      query: { fileId: file.id },
      headers: { authorization: `Bearer ${tokens.design2_admin}` },
    });
    expect(signal.statusCode).toBe(404);
    // A file of no application of this project.
    const missing = await sheetOf('00000000-0000-4000-8000-000000000001');
    expect(missing.statusCode).toBe(404);
  });

  it('tells why a file cannot be shown', async () => {
    await prepareSheetsNow(t.app);
    const encrypted = detailOf<SheetInfo>(await sheetOf(encryptedFile.id));
    expect(encrypted).toMatchObject({ state: 'FAILED', failure: 'ENCRYPTED', pages: [] });
    const preview = await t.app.inject({ url: `${encrypted.assetBase}/preview/0` });
    expect(preview.statusCode).toBe(422);
    expect(preview.json()).toMatchObject({ code: 'SHEET_ENCRYPTED' });
    // Not a PDF by type or name: never queued, and said so at once.
    expect(detailOf<SheetInfo>(await sheetOf(imageFile.id))).toMatchObject({
      state: 'FAILED',
      failure: 'NOT_PDF',
    });
  });
});
