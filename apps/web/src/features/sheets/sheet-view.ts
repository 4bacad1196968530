import type { SheetPage } from '@drp/domain';

/**
 * The one mapping between a sheet's page space and the screen, shared by the canvas that paints
 * the sheet and the layers drawn over it (markups, search hits, compare). Page space is the PDF's
 * own: points of the unrotated page, origin at the bottom left of its CropBox (`SheetPage.box`),
 * y up; what is stored (markups, text runs) is in it, so it stays put at any zoom and rotation.
 */

export type Point = readonly [number, number];
export type Rotation = 0 | 90 | 180 | 270;

/** What the user looks at: controlled by the viewer, changed by the canvas (pan, wheel, pinch). */
export interface SheetViewState {
  /** 0-based page of the file. */
  page: number;
  /** Screen CSS pixels per PDF point. */
  zoom: number;
  /** The page-space point at the centre of the viewport. */
  center: Point;
  /** The user's rotation, clockwise, added to the page's own /Rotate. */
  rotation: Rotation;
}

export interface Viewport {
  width: number;
  height: number;
}

export interface SheetTransform {
  zoom: number;
  /** The page's own rotation plus the user's. */
  rotation: Rotation;
  /** The page as shown (after rotation), in points. */
  shownWidth: number;
  shownHeight: number;
  toScreen(p: Point): [number, number];
  toPage(s: Point): [number, number];
}

const normal = (degrees: number) => (((degrees % 360) + 360) % 360) as Rotation;

/** A page-space point in the shown (rotated) page, top-left origin, y down, in points. */
function shown(page: Pick<SheetPage, 'width' | 'height'>, r: Rotation, [x, y]: Point): [number, number] {
  const u = x;
  const v = page.height - y;
  switch (r) {
    case 0:
      return [u, v];
    case 90:
      return [page.height - v, u];
    case 180:
      return [page.width - u, page.height - v];
    case 270:
      return [v, page.width - u];
  }
}

function unshown(page: Pick<SheetPage, 'width' | 'height'>, r: Rotation, [a, b]: Point): [number, number] {
  let u: number;
  let v: number;
  switch (r) {
    case 0:
      [u, v] = [a, b];
      break;
    case 90:
      [u, v] = [b, page.height - a];
      break;
    case 180:
      [u, v] = [page.width - a, page.height - b];
      break;
    case 270:
      [u, v] = [page.width - b, a];
      break;
  }
  return [u, page.height - v];
}

export function sheetTransform(
  page: Pick<SheetPage, 'width' | 'height' | 'rotation'>,
  view: Pick<SheetViewState, 'zoom' | 'center' | 'rotation'>,
  viewport: Viewport,
): SheetTransform {
  const rotation = normal(page.rotation + view.rotation);
  const [cx, cy] = shown(page, rotation, view.center);
  const quarter = rotation === 90 || rotation === 270;
  return {
    zoom: view.zoom,
    rotation,
    shownWidth: quarter ? page.height : page.width,
    shownHeight: quarter ? page.width : page.height,
    toScreen(p) {
      const [a, b] = shown(page, rotation, p);
      return [(a - cx) * view.zoom + viewport.width / 2, (b - cy) * view.zoom + viewport.height / 2];
    },
    toPage([sx, sy]) {
      const a = (sx - viewport.width / 2) / view.zoom + cx;
      const b = (sy - viewport.height / 2) / view.zoom + cy;
      return unshown(page, rotation, [a, b]);
    },
  };
}

/** The zoom at which the whole shown page fits the viewport (`fit: 'page'`) or its width does. */
export function fitZoom(
  page: Pick<SheetPage, 'width' | 'height' | 'rotation'>,
  rotation: Rotation,
  viewport: Viewport,
  fit: 'page' | 'width',
  margin = 16,
): number {
  const r = normal(page.rotation + rotation);
  const quarter = r === 90 || r === 270;
  const w = quarter ? page.height : page.width;
  const h = quarter ? page.width : page.height;
  const byWidth = Math.max(1, viewport.width - 2 * margin) / w;
  const byHeight = Math.max(1, viewport.height - 2 * margin) / h;
  return fit === 'width' ? byWidth : Math.min(byWidth, byHeight);
}

/**
 * A toolbar zoom for a view kept elsewhere (compare keeps its own): by a factor, to fit, or 1:1.
 * `seq` tells a new press from the last one.
 */
export interface ZoomRequest {
  seq: number;
  to: { by: number } | 'page' | 'width' | 'actual';
}

/** 1:1 is the printed size: 96 CSS pixels per inch, 72 points per inch. */
export const ACTUAL_SIZE_ZOOM = 96 / 72;
export const ZOOM_MIN = 0.02;
export const ZOOM_MAX = 64;

/**
 * What the canvas offers the layers drawn over it: they render in screen pixels from the
 * transform, and the viewer hands them the same state the canvas paints.
 */
export interface SheetOverlayProps {
  page: SheetPage;
  transform: SheetTransform;
  viewport: Viewport;
}

/**
 * The deep link's query (`?page=&x=&y=&zoom=`): page is 1-based as people count, x and y the
 * page-space point to centre, zoom in screen pixels per point. Anything missing or absurd is dropped.
 */
export function readDeepLink(search: URLSearchParams): Partial<SheetViewState> {
  const num = (key: string) => {
    const raw = search.get(key);
    if (raw === null || raw.trim() === '') return undefined;
    const value = Number(raw);
    return Number.isFinite(value) ? value : undefined;
  };
  const out: Partial<SheetViewState> = {};
  const page = num('page');
  if (page !== undefined && Number.isInteger(page) && page >= 1) out.page = page - 1;
  const x = num('x');
  const y = num('y');
  if (x !== undefined && y !== undefined) out.center = [x, y];
  const zoom = num('zoom');
  if (zoom !== undefined && zoom >= ZOOM_MIN && zoom <= ZOOM_MAX) out.zoom = zoom;
  return out;
}

export function writeDeepLink(view: SheetViewState): string {
  const round = (n: number) => Math.round(n * 100) / 100;
  return new URLSearchParams({
    page: String(view.page + 1),
    x: String(round(view.center[0])),
    y: String(round(view.center[1])),
    zoom: String(round(view.zoom)),
  }).toString();
}
