import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHEET_LIMITS, sheetText, type DocFile } from '@drp/domain';
import { docFiles } from '../../db/schema/index.js';
import { pdfBytes } from '../../test/doc-fixture.js';
import { prepareSheetsNow, sheetUploader } from '../../test/sheet-fixture.js';
import {
  damagedPdf,
  drawingSet,
  emptyPdf,
  encryptedPdf,
  heavySheet,
  launchingSheet,
  layeredSheet,
  scriptedSheet,
} from '../../test/sheet-pdfs.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { encodePng } from './png-encoder.js';
import { sheetFileKeys } from './sheet-files.js';
import { readStoredBytes } from './sheet-preparation.js';
import { findSheetOfFile } from './sheets.repository.js';

const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** PNG width and height from its IHDR. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe('sheet preparation', () => {
  let t: TestApp;
  let upload: (name: string, body: Buffer) => Promise<DocFile>;

  beforeAll(async () => {
    t = await createTestApp();
    upload = await sheetUploader(t, '图纸准备测试项目');
  });
  afterAll(() => t?.close());

  /**
   * A file the upload would refuse (it judges the bytes), added as a script or an older version
   * might have: a PNG named as a PDF.
   */
  const storedAs = async (name: string, bytes: Buffer) => {
    const model = await upload('样板.pdf', await emptyPdf());
    const [row] = await t.database.db.select().from(docFiles).where(eq(docFiles.id, model.id));
    const storageKey = `${row!.storageKey}-copy`;
    await t.app.ctx.files.put(storageKey, bytes);
    const [copy] = await t.database.db
      .insert(docFiles)
      .values({
        ...row!,
        id: randomUUID(),
        name,
        storageKey,
        size: bytes.length,
        sha256: sha256Hex(bytes),
        contentType: 'image/png',
      })
      .returning();
    return copy!;
  };

  it('reads a multi-page set: sizes, crop box, rotation, text, previews', async () => {
    const file = await upload('建施-01.pdf', await drawingSet());
    expect((await findSheetOfFile(t.database.db, file.id))?.state).toBe('PENDING');
    await prepareSheetsNow(t.app);
    const sheet = (await findSheetOfFile(t.database.db, file.id))!;
    expect(sheet).toMatchObject({ state: 'READY', failure: null, scripts: false, layers: [] });
    expect(sheet.pages).toHaveLength(3);
    const [plan, turned, cropped] = sheet.pages;
    expect(plan).toMatchObject({
      index: 0,
      box: [0, 0, 1190.55, 841.89],
      rotation: 0,
      hasText: true,
      heavy: false,
    });
    expect(turned).toMatchObject({ width: 841.89, height: 595.28, rotation: 90 });
    expect(cropped).toMatchObject({ box: [50, 100, 450, 700], width: 400, height: 600, hasText: true });

    const sha = file.sha256 ?? '';
    const preview = (await readStoredBytes(t.app.ctx.files, sheetFileKeys.preview(sha, 0)))!;
    expect(pngSize(preview)).toEqual({
      width: SHEET_LIMITS.previewPx,
      height: Math.round((841.89 / 1190.55) * 2048),
    });
    // Unrotated: the turned page's preview is as wide as its unrotated box.
    const turnedPreview = (await readStoredBytes(t.app.ctx.files, sheetFileKeys.preview(sha, 1)))!;
    expect(pngSize(turnedPreview).width).toBe(SHEET_LIMITS.previewPx);

    const textOf = async (page: number) =>
      sheetText.parse(
        JSON.parse((await readStoredBytes(t.app.ctx.files, sheetFileKeys.text(sha, page)))!.toString()),
      );
    const { runs } = await textOf(0);
    expect(runs.map((r) => r.text)).toEqual(expect.arrayContaining(['GROUND FLOOR PLAN', 'Axis A-1']));
    const axis = runs.find((r) => r.text === 'Axis A-1')!;
    expect(axis.box[0]).toBeGreaterThan(299);
    expect(axis.box[0]).toBeLessThan(302);
    expect(axis.box[1]).toBeGreaterThan(396);
    expect(axis.box[3]).toBeLessThan(412);
    // Page space starts at the crop box's corner.
    const [detail] = (await textOf(2)).runs;
    expect(detail?.text).toBe('DETAIL');
    expect(detail?.box[0]).toBeGreaterThan(49);
    expect(detail?.box[0]).toBeLessThan(53);
  });

  it('marks a page of many paths heavy', async () => {
    const file = await upload('结施-总图.pdf', await heavySheet(SHEET_LIMITS.heavyObjects + 2000));
    await prepareSheetsNow(t.app);
    const sheet = (await findSheetOfFile(t.database.db, file.id))!;
    expect(sheet.state).toBe('READY');
    expect(sheet.pages[0]).toMatchObject({ heavy: true, hasText: false });
    expect(sheet.pages[0]!.objects).toBeGreaterThan(SHEET_LIMITS.heavyObjects);

    // The same drawing inside one form XObject is as heavy.
    const inForm = await upload(
      '结施-总图-表单.pdf',
      await heavySheet(SHEET_LIMITS.heavyObjects + 2000, { inForm: true }),
    );
    await prepareSheetsNow(t.app);
    expect((await findSheetOfFile(t.database.db, inForm.id))?.pages[0]).toMatchObject({
      heavy: true,
      objects: SHEET_LIMITS.heavyObjects + 2000,
    });
  });

  it('lists layers with their default visibility, and finds scripts and launch actions', async () => {
    const layered = await upload('水施-分层.pdf', await layeredSheet());
    const scripted = await upload('带脚本.pdf', await scriptedSheet());
    const launching = await upload('带启动.pdf', await launchingSheet());
    await prepareSheetsNow(t.app);
    const layers = (await findSheetOfFile(t.database.db, layered.id))!;
    expect(layers.layers.map((l) => [l.name, l.visible])).toEqual([
      ['Walls', true],
      ['家具', false],
    ]);
    expect(layers.layers[0]!.id).toMatch(/^\d+R\d*$/);
    expect(layers.scripts).toBe(false);
    expect(await findSheetOfFile(t.database.db, scripted.id)).toMatchObject({
      state: 'READY',
      scripts: true,
    });
    expect(await findSheetOfFile(t.database.db, launching.id)).toMatchObject({
      state: 'READY',
      scripts: true,
    });
  });

  it('says why a file cannot be shown', async () => {
    const files = {
      notPdf: await storedAs('伪装.pdf', encodePng(new Uint8Array(3 * 4 * 4).fill(200), 4, 4)),
      damaged: await upload('损坏.pdf', damagedPdf()),
      encrypted: await upload('加密.pdf', await encryptedPdf()),
      empty: await upload('空白.pdf', await emptyPdf()),
      random: await upload('随机.pdf', pdfBytes('noise')),
      huge: await upload('超大.pdf', await drawingSet()),
    };
    // As if 600 MB had been uploaded: the preparation must not read it at all.
    await t.database.db
      .update(docFiles)
      .set({ size: SHEET_LIMITS.viewableBytesMax + 1, storageKey: 'gone/never-read' })
      .where(eq(docFiles.id, files.huge.id));
    await prepareSheetsNow(t.app);
    const failure = async (id: string) => (await findSheetOfFile(t.database.db, id))?.failure;
    expect(await failure(files.notPdf.id)).toBe('NOT_PDF');
    expect(await failure(files.damaged.id)).toBe('DAMAGED');
    expect(await failure(files.encrypted.id)).toBe('ENCRYPTED');
    expect(await failure(files.empty.id)).toBe('NO_PAGES');
    expect(await failure(files.random.id)).toBe('DAMAGED');
    expect(await failure(files.huge.id)).toBe('TOO_LARGE');
  });
});
