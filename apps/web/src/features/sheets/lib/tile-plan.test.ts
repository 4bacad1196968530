import { describe, expect, it } from 'vitest';
import { SHEET_LIMITS, tileScale } from '@drp/domain';
import { fitZoom, sheetTransform, type Rotation } from '../sheet-view';
import { differencePixel } from './compare-compose';
import { LruCache } from './lru-cache';
import {
  rasterToScreen,
  readTileBatch,
  tileGrid,
  tileLevel,
  tileRect,
  tilesFor,
  tilesUrl,
  visibleRaster,
} from './tile-plan';
import { panBy, zoomAround } from './view-math';

/** readTileBatch over `bytes` arriving in chunks cut at `cuts`. */
async function cutInto(bytes: number[], cuts: number[]) {
  const edges = [0, ...cuts, bytes.length];
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 1; i < edges.length; i++)
        controller.enqueue(new Uint8Array(bytes.slice(edges[i - 1], edges[i])));
      controller.close();
    },
  });
  const pngs: number[][] = [];
  const count = await readTileBatch(body, (png) => pngs.push([...png]));
  return { pngs, count };
}

const A0 = { width: 3370, height: 2384, rotation: 0 as Rotation };
const HD = { width: 1920, height: 1080 };

describe('tileLevel', () => {
  it('picks the first level at least as fine as the device pixels', () => {
    expect(tileLevel(0.25, 1)).toEqual({ z: 0, exceedsTop: false });
    expect(tileLevel(0.5, 1)).toEqual({ z: 1, exceedsTop: false });
    expect(tileLevel(0.5, 2)).toEqual({ z: 2, exceedsTop: false });
    expect(tileLevel(3, 1)).toEqual({ z: 4, exceedsTop: false });
    // Up to 15 % coarser than the screen is still taken.
    expect(tileLevel(4.7, 1)).toEqual({ z: 4, exceedsTop: false });
    expect(tileLevel(4.8, 1)).toEqual({ z: 5, exceedsTop: false });
  });

  it('says when the screen is finer than the top level', () => {
    const top = tileScale(SHEET_LIMITS.tileLevelMax);
    expect(tileLevel(top, 1)).toEqual({ z: SHEET_LIMITS.tileLevelMax, exceedsTop: false });
    expect(tileLevel(top, 2)).toEqual({ z: SHEET_LIMITS.tileLevelMax, exceedsTop: true });
  });
});

describe('the tile grid', () => {
  it('covers the page, edge tiles cut to it', () => {
    // Level 2: 1 px per point, 512-point tiles: 3370 / 512 = 6.6 → 7 columns, 2384 / 512 → 5 rows.
    expect(tileGrid(A0, 2)).toEqual({ cols: 7, rows: 5 });
    expect(tileRect(A0, { z: 2, x: 6, y: 4 })).toEqual({ left: 3072, top: 2048, right: 3370, bottom: 2384 });
    expect(tileGrid(A0, 0)).toEqual({ cols: 2, rows: 2 });
    expect(tileGrid({ width: 512, height: 512 }, 2)).toEqual({ cols: 1, rows: 1 });
  });

  it('asks for several tiles under the asset base and cuts the answer into them', async () => {
    expect(
      tilesUrl('/api/files/sheets/t', 0, 3, [
        { x: 1, y: 2 },
        { x: 0, y: 2 },
      ]),
    ).toBe('/api/files/sheets/t/tiles/0/3?at=1-2.0-2');
    const body = [0, 0, 0, 2, 7, 8, 0, 0, 0, 0, 0, 0, 0, 1, 9];
    // However the network cuts the body into chunks, each PNG comes whole, in order.
    for (const cuts of [[], [1], [3, 5], [4, 6, 10, 14], [...body.keys()].slice(1)])
      expect(await cutInto(body, cuts)).toEqual({ pngs: [[7, 8], [], [9]], count: 3 });
    // Cut short in a length or in a PNG: refused, never a tile of the wrong bytes.
    await expect(cutInto(body.slice(0, 13), [6])).rejects.toThrow('cut short');
    await expect(cutInto(body.slice(0, 2), [])).rejects.toThrow('cut short');
    await expect(cutInto([255, 255, 255, 255, 1], [])).rejects.toThrow('broken');
  });
});

describe('tilesFor a view', () => {
  it('at 8× fit on a 1920×1080 window asks for the visible tiles of one level plus a ring, centre first', () => {
    const zoom = 8 * fitZoom(A0, 0, HD, 'width');
    const center = [A0.width / 2, A0.height / 2] as const;
    const t = sheetTransform(A0, { zoom, center, rotation: 0 }, HD);
    const visible = visibleRaster(A0, t, HD);
    expect(visible.right - visible.left).toBeCloseTo(HD.width / zoom, 6);
    const { z } = tileLevel(zoom, 1);
    // 4.5 px per point wanted: level 4 (4 px per point, 128-point tiles) is near enough.
    expect(z).toBe(4);
    const bare = tilesFor(A0, z, visible, 0);
    const ringed = tilesFor(A0, z, visible, 1);
    // A 428×240-point window touches 5 × 3 tiles at most.
    expect(bare.length).toBeLessThanOrEqual(5 * 3);
    expect(ringed.length).toBeGreaterThan(bare.length);
    expect(ringed.length).toBeLessThanOrEqual(7 * 5);
    // The visible ones come first.
    expect(
      ringed
        .slice(0, bare.length)
        .map(({ x, y }) => `${x},${y}`)
        .sort(),
    ).toEqual(bare.map(({ x, y }) => `${x},${y}`).sort());
    for (const tile of bare) {
      const r = tileRect(A0, tile);
      expect(r.right > visible.left && r.left < visible.right).toBe(true);
      expect(r.bottom > visible.top && r.top < visible.bottom).toBe(true);
    }
    // The first tile holds the centre of the view.
    const first = tileRect(A0, ringed[0]!);
    const cu = (visible.left + visible.right) / 2;
    const cv = (visible.top + visible.bottom) / 2;
    expect(first.left <= cu && cu <= first.right && first.top <= cv && cv <= first.bottom).toBe(true);
  });

  it('stays inside the grid at the page edge and past it', () => {
    const t = sheetTransform(A0, { zoom: 1, center: [0, 0], rotation: 0 }, HD);
    const tiles = tilesFor(A0, 2, visibleRaster(A0, t, HD), 1);
    expect(tiles.length).toBeGreaterThan(0);
    for (const { x, y } of tiles) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeGreaterThanOrEqual(0);
    }
    // The bottom-left corner of page space is the top-left raster's last row.
    expect(Math.max(...tiles.map((tile) => tile.y))).toBe(tileGrid(A0, 2).rows - 1);
    const far = sheetTransform(A0, { zoom: 1, center: [-5000, -5000], rotation: 0 }, HD);
    expect(tilesFor(A0, 2, visibleRaster(A0, far, HD), 0)).toEqual([]);
  });

  it('asks for the same raster whatever the rotation: a turned view needs the same page area', () => {
    const center = [1200, 900] as const;
    const square = { width: 1000, height: 1000 };
    const at = (rotation: Rotation) =>
      tilesFor(A0, 3, visibleRaster(A0, sheetTransform(A0, { zoom: 2, center, rotation }, square), square), 0)
        .map(({ x, y }) => `${x},${y}`)
        .sort();
    expect(at(90)).toEqual(at(0));
    expect(at(270)).toEqual(at(180));
  });
});

describe('rasterToScreen', () => {
  it.each([0, 90, 180, 270] as Rotation[])('agrees with the transform at %i°', (rotation) => {
    const t = sheetTransform(A0, { zoom: 0.7, center: [900, 400], rotation }, HD);
    const [a, b, c, d, e, f] = rasterToScreen(A0, t);
    for (const [u, v] of [
      [0, 0],
      [3370, 2384],
      [100, 2000],
    ]) {
      const [x, y] = t.toScreen([u!, A0.height - v!]);
      expect(a * u! + c * v! + e).toBeCloseTo(x, 6);
      expect(b * u! + d * v! + f).toBeCloseTo(y, 6);
    }
  });
});

describe('gestures', () => {
  const view = { page: 0, zoom: 0.5, center: [1000, 1000] as const, rotation: 90 as Rotation };

  it('wheel zoom keeps the point under the cursor', () => {
    const cursor = [300, 200] as const;
    const before = sheetTransform(A0, view, HD).toPage(cursor);
    const next = zoomAround(A0, view, HD, 2, cursor);
    const after = sheetTransform(A0, next, HD).toPage(cursor);
    expect(next.zoom).toBe(2);
    expect(after[0]).toBeCloseTo(before[0], 6);
    expect(after[1]).toBeCloseTo(before[1], 6);
    expect(zoomAround(A0, view, HD, 1e6, cursor).zoom).toBe(64);
  });

  it('a pinch moves the point under the fingers with their midpoint', () => {
    const next = zoomAround(A0, view, HD, 1, [500, 500], [600, 450]);
    const anchor = sheetTransform(A0, view, HD).toPage([500, 500]);
    const [x, y] = sheetTransform(A0, next, HD).toScreen(anchor);
    expect(x).toBeCloseTo(600, 6);
    expect(y).toBeCloseTo(450, 6);
  });

  it('a drag moves the content with the pointer at any rotation', () => {
    const p = [1500, 900] as const;
    const before = sheetTransform(A0, view, HD).toScreen(p);
    const after = sheetTransform(A0, panBy(A0, view, HD, 40, -25), HD).toScreen(p);
    expect(after[0] - before[0]).toBeCloseTo(40, 6);
    expect(after[1] - before[1]).toBeCloseTo(-25, 6);
  });
});

describe('the overlay compare', () => {
  it('paints ink only in the old sheet red, only in the new blue, in both dark grey, none white', () => {
    expect(differencePixel(255, 255)).toEqual([255, 255, 255]);
    expect(differencePixel(0, 255)).toEqual([214, 40, 40]);
    expect(differencePixel(255, 0)).toEqual([22, 100, 230]);
    expect(differencePixel(0, 0)).toEqual([64, 64, 64]);
  });
});

describe('LruCache', () => {
  it('evicts the least recently used and hands it over', () => {
    const evicted: number[] = [];
    const cache = new LruCache<string, number>(2, (v) => evicted.push(v));
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect(evicted).toEqual([2]);
    expect(cache.has('a') && cache.has('c')).toBe(true);
    cache.clear();
    expect(evicted.sort()).toEqual([1, 2, 3]);
  });
});
