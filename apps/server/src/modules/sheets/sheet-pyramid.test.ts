import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHEET_LIMITS, type DocFile } from '@drp/domain';
import { jobs } from '../../db/schema/index.js';
import { prepareSheetsNow, sheetUploader } from '../../test/sheet-fixture.js';
import { drawingSet, heavySheet } from '../../test/sheet-pdfs.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { claimNextJob } from '../jobs/jobs.repository.js';
import { sheetFileKeys } from './sheet-files.js';
import { SHEET_PYRAMID_JOB, prepareSheet } from './sheet-preparation.js';
import { SHEET_PYRAMID_TOP, buildSheetPyramid } from './sheet-pyramid.js';
import { renderSheetBlock, sheetLevelGrid } from './sheets.service.js';
import { findFileToPrepare, findSheetOfFile } from './sheets.repository.js';

/** A heavy page's tiles of levels 0..SHEET_PYRAMID_TOP are rendered ahead, once it is READY. */
describe('the tile pyramid of a heavy page', () => {
  let t: TestApp;
  let upload: (name: string, body: Buffer) => Promise<DocFile>;
  const A1 = { width: 2384, height: 1684 };

  beforeAll(async () => {
    t = await createTestApp();
    upload = await sheetUploader(t, '金字塔测试项目');
  });
  afterAll(() => t?.close());

  const pyramidJobs = (sha256: string) =>
    t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, SHEET_PYRAMID_JOB), eq(jobs.key, `${sha256}:0`)));

  const fileRow = (file: DocFile) => findFileToPrepare(t.database.db, file.id);

  /** Tiles of levels 0..SHEET_PYRAMID_TOP in the store, and how many the page has. */
  async function countTiles(sha256: string) {
    let stored = 0;
    let all = 0;
    for (let z = 0; z <= SHEET_PYRAMID_TOP; z += 1) {
      const grid = sheetLevelGrid(A1, z);
      for (let y = 0; y < grid.tilesY; y += 1)
        for (let x = 0; x < grid.tilesX; x += 1) {
          all += 1;
          if (await t.app.ctx.files.stat(sheetFileKeys.tile(sha256, 0, z, x, y))) stored += 1;
        }
    }
    return { stored, all };
  }

  it('stores every tile of levels 0..top after the queue drains; a light page gets none', async () => {
    const heavy = await upload('结施-金字塔.pdf', await heavySheet(SHEET_LIMITS.heavyObjects + 1000));
    const light = await upload('建施-轻.pdf', await drawingSet());
    await prepareSheetsNow(t.app);
    expect((await findSheetOfFile(t.database.db, heavy.id))?.state).toBe('READY');
    expect(await pyramidJobs(heavy.sha256)).toMatchObject([{ state: 'DONE', attempts: 1 }]);
    const { stored, all } = await countTiles(heavy.sha256);
    // A1 at level 4 is 9536 × 6736 px: 19 × 14 tiles; with levels 0..3 (70, 20, 6, 2), 364 in all.
    expect(all).toBe(364);
    expect(stored).toBe(all);
    expect(
      await t.app.ctx.files.stat(sheetFileKeys.tile(heavy.sha256, 0, SHEET_PYRAMID_TOP + 1, 0, 0)),
    ).toBeUndefined();
    // Nothing is left to do: every block is stored.
    expect(await buildSheetPyramid(t.app.ctx, { fileId: heavy.id, page: 0, ...A1 })).toBe(0);

    expect(await pyramidJobs(light.sha256)).toEqual([]);
    expect(await t.app.ctx.files.stat(sheetFileKeys.tile(light.sha256, 0, 0, 0, 0))).toBeUndefined();
  });

  it('renders a block of 4 × 4 tiles in one call and stores all sixteen', async () => {
    const file = (await fileRow(
      await upload('结施-块.pdf', await heavySheet(SHEET_LIMITS.heavyObjects + 1500)),
    ))!;
    const tiles = await renderSheetBlock(t.app.ctx, file, A1, { page: 0, z: 4, bx: 1, by: 1 });
    expect(tiles.size).toBe(16);
    for (let y = 4; y < 8; y += 1)
      for (let x = 4; x < 8; x += 1)
        expect(await t.app.ctx.files.stat(sheetFileKeys.tile(file.sha256, 0, 4, x, y))).toBeDefined();
    // The last block of the row is cut at the page's edge: 19 tiles across is 4 + 4 + 4 + 4 + 3.
    const edge = await renderSheetBlock(t.app.ctx, file, A1, { page: 0, z: 4, bx: 4, by: 3 });
    expect(edge.size).toBe(3 * 2);
    // Two callers of the same block share one render.
    const [a, b] = [
      renderSheetBlock(t.app.ctx, file, A1, { page: 0, z: 3, bx: 0, by: 0 }),
      renderSheetBlock(t.app.ctx, file, A1, { page: 0, z: 3, bx: 0, by: 0 }),
    ];
    expect(a).toBe(b);
    await a;
  });

  it('resumes a pyramid whose process died mid-way, skipping the blocks it had stored', async () => {
    const file = (await fileRow(
      await upload('结施-重启.pdf', await heavySheet(SHEET_LIMITS.heavyObjects + 2500)),
    ))!;
    await prepareSheet(t.app.ctx, file.id);
    expect(await pyramidJobs(file.sha256)).toMatchObject([{ state: 'QUEUED' }]);
    // A process claims the pyramid, stores the first level's block, and dies.
    const now = t.app.ctx.clock();
    const claimed = await claimNextJob(t.database.db, {
      kinds: [SHEET_PYRAMID_JOB],
      worker: 'a-process-that-died',
      now,
      leaseUntil: new Date(now.getTime() + 60_000),
    });
    expect(claimed?.key).toBe(`${file.sha256}:0`);
    await renderSheetBlock(t.app.ctx, file, A1, { page: 0, z: 0, bx: 0, by: 0 });
    expect((await countTiles(file.sha256)).stored).toBe(2); // level 0: 596 × 421 px

    t.advance(61_000);
    await prepareSheetsNow(t.app);
    expect(await pyramidJobs(file.sha256)).toMatchObject([{ state: 'DONE', attempts: 2 }]);
    const { stored, all } = await countTiles(file.sha256);
    expect(stored).toBe(all);
  });
});
