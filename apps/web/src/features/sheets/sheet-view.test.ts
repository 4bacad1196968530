import { describe, expect, it } from 'vitest';
import {
  ACTUAL_SIZE_ZOOM,
  fitZoom,
  readDeepLink,
  sheetTransform,
  writeDeepLink,
  ZOOM_MAX,
  type Rotation,
  type SheetViewState,
} from './sheet-view';

const A0 = { width: 3370, height: 2384, rotation: 0 as Rotation };
const viewport = { width: 1200, height: 800 };
const ROTATIONS: Rotation[] = [0, 90, 180, 270];

describe('sheetTransform', () => {
  it.each(ROTATIONS)('maps page space to the screen and back at %i°', (rotation) => {
    const view = { zoom: 0.37, center: [1000, 700] as const, rotation };
    const t = sheetTransform(A0, view, viewport);
    for (const p of [
      [0, 0],
      [3370, 2384],
      [1234.5, 17.25],
      [-50, 3000],
    ] as const) {
      const back = t.toPage(t.toScreen(p));
      expect(back[0]).toBeCloseTo(p[0], 9);
      expect(back[1]).toBeCloseTo(p[1], 9);
    }
    // The centre of the view is the centre of the viewport.
    const [sx, sy] = t.toScreen(view.center);
    expect(sx).toBeCloseTo(600, 9);
    expect(sy).toBeCloseTo(400, 9);
  });

  it('turns the page clockwise: at 90° its top-left corner is at the top right', () => {
    const center = [A0.width / 2, A0.height / 2] as const;
    const at = (rotation: Rotation) => sheetTransform(A0, { zoom: 0.2, center, rotation }, viewport);
    const topLeft = [0, A0.height] as const;
    const [x0, y0] = at(0).toScreen(topLeft);
    expect(x0).toBeLessThan(600);
    expect(y0).toBeLessThan(400);
    const [x90, y90] = at(90).toScreen(topLeft);
    expect(x90).toBeGreaterThan(600);
    expect(y90).toBeLessThan(400);
    const [x180, y180] = at(180).toScreen(topLeft);
    expect(x180).toBeGreaterThan(600);
    expect(y180).toBeGreaterThan(400);
    const [x270, y270] = at(270).toScreen(topLeft);
    expect(x270).toBeLessThan(600);
    expect(y270).toBeGreaterThan(400);
    expect(at(90).shownWidth).toBe(A0.height);
  });

  it("adds the page's own /Rotate to the user's", () => {
    const turned = sheetTransform(
      { ...A0, rotation: 90 },
      { zoom: 1, center: [0, 0], rotation: 270 },
      viewport,
    );
    expect(turned.rotation).toBe(0);
    const half = sheetTransform(
      { ...A0, rotation: 270 },
      { zoom: 1, center: [0, 0], rotation: 270 },
      viewport,
    );
    expect(half.rotation).toBe(180);
  });

  it('keeps distances in proportion to the zoom', () => {
    const t = sheetTransform(A0, { zoom: 2, center: [100, 100], rotation: 90 }, viewport);
    const a = t.toScreen([0, 0]);
    const b = t.toScreen([10, 0]);
    expect(Math.hypot(b[0] - a[0], b[1] - a[1])).toBeCloseTo(20, 9);
  });
});

describe('fitZoom', () => {
  it('fits the width or the whole page inside the margins', () => {
    expect(fitZoom(A0, 0, { width: 1920, height: 1080 }, 'width')).toBeCloseTo((1920 - 32) / 3370, 9);
    expect(fitZoom(A0, 0, { width: 1920, height: 1080 }, 'page')).toBeCloseTo((1080 - 32) / 2384, 9);
  });

  it('swaps the sides of a page turned a quarter', () => {
    expect(fitZoom(A0, 90, { width: 1000, height: 2000 }, 'width', 0)).toBeCloseTo(1000 / 2384, 9);
    expect(fitZoom({ ...A0, rotation: 90 }, 90, { width: 1000, height: 2000 }, 'width', 0)).toBeCloseTo(
      1000 / 3370,
      9,
    );
  });

  it('never answers zero for a viewport smaller than its margins', () => {
    expect(fitZoom(A0, 0, { width: 10, height: 10 }, 'page')).toBeGreaterThan(0);
  });
});

describe('deep links', () => {
  it('reads page (1-based), centre and zoom', () => {
    expect(readDeepLink(new URLSearchParams('page=3&x=120.5&y=80&zoom=2'))).toEqual({
      page: 2,
      center: [120.5, 80],
      zoom: 2,
    });
  });

  it('drops what is missing or absurd', () => {
    expect(readDeepLink(new URLSearchParams('page=0&x=1&zoom=1000'))).toEqual({});
    expect(readDeepLink(new URLSearchParams('page=1.5&x=abc&y=2&zoom=-1'))).toEqual({});
    expect(readDeepLink(new URLSearchParams('page=&x=&y='))).toEqual({});
    expect(readDeepLink(new URLSearchParams(`zoom=${ZOOM_MAX}`))).toEqual({ zoom: ZOOM_MAX });
  });

  it('round-trips through writeDeepLink', () => {
    const view: SheetViewState = { page: 4, zoom: ACTUAL_SIZE_ZOOM, center: [1500.123, 22.5], rotation: 90 };
    const read = readDeepLink(new URLSearchParams(writeDeepLink(view)));
    expect(read.page).toBe(4);
    expect(read.center).toEqual([1500.12, 22.5]);
    expect(read.zoom).toBeCloseTo(ACTUAL_SIZE_ZOOM, 2);
  });
});
