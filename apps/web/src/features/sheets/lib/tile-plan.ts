import { SHEET_LIMITS, tileScale, type SheetPage } from '@drp/domain';
import type { SheetTransform, Viewport } from '../sheet-view';

/**
 * Which tiles of the server's pyramid a view needs. Tiles cover the UNROTATED page raster at
 * `tileScale(z)` pixels per point, origin at the top left, `SHEET_LIMITS.tilePx` a side; the edge
 * tiles are cut to the page. Everything here works in "raster points": points of the unrotated
 * page measured from its top-left corner, y down (u = x, v = height − y of page space).
 */

/** How much coarser than the screen's device pixels a tile level may be. */
export const TILE_SLACK = 0.85;

export interface TileKey {
  z: number;
  x: number;
  y: number;
}

/** An axis-aligned rectangle in raster points. */
export interface RasterRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The level whose pixels are at least as fine as the screen's device pixels at this zoom, or the
 * top level; `exceedsTop` says the screen is finer than that. A level up to 15 % coarser than the
 * screen is taken: thin lines drawn 1.15× larger look the same, and the next level up costs four
 * times the tiles (each rendered by the server the first time), which decides how soon a zoomed
 * heavy sheet is sharp.
 */
export function tileLevel(zoom: number, devicePixelRatio: number): { z: number; exceedsTop: boolean } {
  const need = zoom * devicePixelRatio;
  for (let z = 0; z <= SHEET_LIMITS.tileLevelMax; z++)
    if (tileScale(z) >= need * TILE_SLACK) return { z, exceedsTop: false };
  return { z: SHEET_LIMITS.tileLevelMax, exceedsTop: true };
}

/** Columns and rows of tiles at level z. */
export function tileGrid(page: Pick<SheetPage, 'width' | 'height'>, z: number) {
  const px = SHEET_LIMITS.tilePx / tileScale(z);
  return {
    cols: Math.max(1, Math.ceil(page.width / px - 1e-9)),
    rows: Math.max(1, Math.ceil(page.height / px - 1e-9)),
  };
}

/** A tile's rectangle in raster points (edge tiles cut to the page). */
export function tileRect(page: Pick<SheetPage, 'width' | 'height'>, { z, x, y }: TileKey): RasterRect {
  const px = SHEET_LIMITS.tilePx / tileScale(z);
  return {
    left: x * px,
    top: y * px,
    right: Math.min(page.width, (x + 1) * px),
    bottom: Math.min(page.height, (y + 1) * px),
  };
}

/** The part of the unrotated page the viewport shows, in raster points (not cut to the page). */
export function visibleRaster(
  page: Pick<SheetPage, 'height'>,
  transform: SheetTransform,
  viewport: Viewport,
): RasterRect {
  const corners = [
    [0, 0],
    [viewport.width, 0],
    [0, viewport.height],
    [viewport.width, viewport.height],
  ].map(([sx, sy]) => {
    const [x, y] = transform.toPage([sx!, sy!]);
    return [x, page.height - y] as const;
  });
  const us = corners.map((c) => c[0]);
  const vs = corners.map((c) => c[1]);
  return { left: Math.min(...us), top: Math.min(...vs), right: Math.max(...us), bottom: Math.max(...vs) };
}

export const intersects = (a: RasterRect, b: RasterRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The tiles of level z that cover `visible`, plus `ring` tiles around it (so a short pan finds
 * them loaded): the visible ones first, each part nearest the centre of the view first, which is
 * the order to fetch them in.
 */
export function tilesFor(
  page: Pick<SheetPage, 'width' | 'height'>,
  z: number,
  visible: RasterRect,
  ring = 1,
): TileKey[] {
  const px = SHEET_LIMITS.tilePx / tileScale(z);
  const { cols, rows } = tileGrid(page, z);
  const x0 = Math.max(0, Math.floor(visible.left / px) - ring);
  const x1 = Math.min(cols - 1, Math.ceil(visible.right / px) - 1 + ring);
  const y0 = Math.max(0, Math.floor(visible.top / px) - ring);
  const y1 = Math.min(rows - 1, Math.ceil(visible.bottom / px) - 1 + ring);
  const cx = (visible.left + visible.right) / 2 / px - 0.5;
  const cy = (visible.top + visible.bottom) / 2 / px - 0.5;
  // The visible tiles come before the ring, each part nearest the centre first.
  const vx0 = Math.floor(visible.left / px);
  const vx1 = Math.ceil(visible.right / px) - 1;
  const vy0 = Math.floor(visible.top / px);
  const vy1 = Math.ceil(visible.bottom / px) - 1;
  const out: (TileKey & { d: number })[] = [];
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const inRing = x < vx0 || x > vx1 || y < vy0 || y > vy1;
      out.push({ z, x, y, d: (x - cx) ** 2 + (y - cy) ** 2 + (inRing ? 1e9 : 0) });
    }
  return out.sort((a, b) => a.d - b.d).map(({ z: level, x, y }) => ({ z: level, x, y }));
}

/** Several tiles of one page and level in one request (SHEET_LIMITS.tilesPerRequest at most). */
export const tilesUrl = (assetBase: string, page: number, z: number, tiles: readonly Omit<TileKey, 'z'>[]) =>
  `${assetBase}/tiles/${page}/${z}?at=${tiles.map(({ x, y }) => `${x}-${y}`).join('.')}`;

/** Larger than any tile's PNG (512² RGB is 0.8 MB raw): a length past it is a broken body. */
const TILE_PNG_MAX = 16 * 1024 * 1024;

/**
 * Cuts a batch's body (TILE_BATCH_TYPE: each PNG's length, 4 bytes big-endian, then its bytes) into
 * its PNGs while it downloads, handing each on as soon as its last byte is in: the first tiles
 * decode while the rest arrive. Answers how many there were; a body cut short, or a length no tile
 * has, rejects (the PNGs already handed on were whole).
 */
export async function readTileBatch(
  body: ReadableStream<Uint8Array>,
  onTile: (png: Uint8Array<ArrayBuffer>) => void,
): Promise<number> {
  const reader = body.getReader();
  const length = new Uint8Array(4);
  let lengthAt = 0;
  let png: Uint8Array<ArrayBuffer> | undefined;
  let pngAt = 0;
  let count = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    for (let at = 0; at < value.length;) {
      if (!png) {
        const n = Math.min(4 - lengthAt, value.length - at);
        length.set(value.subarray(at, at + n), lengthAt);
        lengthAt += n;
        at += n;
        if (lengthAt < 4) break;
        const size = new DataView(length.buffer).getUint32(0);
        if (size > TILE_PNG_MAX) throw new Error('tile batch broken');
        png = new Uint8Array(size);
        pngAt = 0;
        lengthAt = 0;
      }
      const n = Math.min(png.length - pngAt, value.length - at);
      png.set(value.subarray(at, at + n), pngAt);
      pngAt += n;
      at += n;
      if (pngAt === png.length) {
        onTile(png);
        count += 1;
        png = undefined;
      }
    }
  }
  if (png || lengthAt > 0) throw new Error('tile batch cut short');
  return count;
}

export const previewUrl = (assetBase: string, page: number) => `${assetBase}/preview/${page}`;

/**
 * The affine map from raster points to screen CSS pixels for a transform, as canvas
 * `setTransform` arguments: the one place rotation enters the painting, so rotating never
 * re-renders anything.
 */
export function rasterToScreen(
  page: Pick<SheetPage, 'height'>,
  transform: SheetTransform,
): [number, number, number, number, number, number] {
  const at = (u: number, v: number) => transform.toScreen([u, page.height - v]);
  const [ex, ey] = at(0, 0);
  const [ux, uy] = at(1, 0);
  const [vx, vy] = at(0, 1);
  return [ux - ex, uy - ey, vx - ex, vy - ey, ex, ey];
}
