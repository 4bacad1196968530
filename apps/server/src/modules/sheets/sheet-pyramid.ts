import type { AppContext } from '../../lib/app-context.js';
import type { JobHandler } from '../jobs/job-runner.js';
import { SHEET_BLOCK_TILES, renderSheetBlock, sheetLevelGrid } from './sheets.service.js';
import { sheetFileKeys } from './sheet-files.js';
import { SHEET_PYRAMID_JOB } from './sheet-preparation.js';
import { findFileToPrepare } from './sheets.repository.js';

/**
 * The highest tile level rendered ahead for a heavy page: level 4 (4 px a point) is what a
 * 1920 px window at 8× fit zoom of an A0 sheet needs. Deeper levels stay on demand: level 5
 * alone would be four times the blocks of levels 0..4 together.
 */
export const SHEET_PYRAMID_TOP = 4;

interface PyramidPayload {
  fileId: string;
  page: number;
  width: number;
  height: number;
}

function payloadOf(payload: Record<string, unknown>): PyramidPayload {
  const { fileId, page, width, height } = payload;
  if (
    typeof fileId !== 'string' ||
    typeof page !== 'number' ||
    typeof width !== 'number' ||
    typeof height !== 'number'
  )
    throw new Error('a sheet pyramid job without its file, page and size');
  return { fileId, page, width, height };
}

/** Whether every tile of block (bx, by) of level z is in the store already. */
async function blockStored(
  ctx: AppContext,
  sha256: string,
  page: number,
  z: number,
  grid: { tilesX: number; tilesY: number },
  bx: number,
  by: number,
) {
  for (let y = by * SHEET_BLOCK_TILES; y < Math.min(grid.tilesY, (by + 1) * SHEET_BLOCK_TILES); y += 1)
    for (let x = bx * SHEET_BLOCK_TILES; x < Math.min(grid.tilesX, (bx + 1) * SHEET_BLOCK_TILES); x += 1)
      if (!(await ctx.files.stat(sheetFileKeys.tile(sha256, page, z, x, y)))) return false;
  return true;
}

/**
 * Renders and stores every block of levels 0..SHEET_PYRAMID_TOP of one heavy page, in the tile
 * worker (where the page stays loaded between blocks and for the viewers' own tile requests).
 * Idempotent: a block whose tiles are all stored is skipped, so a run cut short resumes.
 */
export async function buildSheetPyramid(ctx: AppContext, payload: PyramidPayload): Promise<number> {
  const file = await findFileToPrepare(ctx.db, payload.fileId);
  if (!file) return 0;
  let rendered = 0;
  for (let z = 0; z <= SHEET_PYRAMID_TOP; z += 1) {
    const grid = sheetLevelGrid(payload, z);
    for (let by = 0; by < grid.blocksY; by += 1)
      for (let bx = 0; bx < grid.blocksX; bx += 1) {
        if (await blockStored(ctx, file.sha256, payload.page, z, grid, bx, by)) continue;
        await renderSheetBlock(ctx, file, payload, { page: payload.page, z, bx, by });
        rendered += 1;
      }
  }
  return rendered;
}

/** Background work: it runs when no sheet is waiting to be prepared. */
export const sheetPyramidJobHandler: JobHandler = {
  kind: SHEET_PYRAMID_JOB,
  background: true,
  run: async (ctx, job) => {
    await buildSheetPyramid(ctx, payloadOf(job.payload));
  },
};
