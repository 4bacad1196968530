import type { SheetPage } from '@drp/domain';
import {
  sheetTransform,
  ZOOM_MAX,
  ZOOM_MIN,
  type Point,
  type SheetViewState,
  type Viewport,
} from '../sheet-view';

/**
 * Pan and zoom as the canvas's gestures do them, on the view state alone: pure, so the tests
 * check them without a browser.
 */

type Page = Pick<SheetPage, 'width' | 'height' | 'rotation'>;

export const clampZoom = (zoom: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));

/** The view moved so that the content follows the pointer by (dx, dy) screen pixels. */
export function panBy(
  page: Page,
  view: SheetViewState,
  viewport: Viewport,
  dx: number,
  dy: number,
): SheetViewState {
  const t = sheetTransform(page, view, viewport);
  const center = t.toPage([viewport.width / 2 - dx, viewport.height / 2 - dy]);
  return { ...view, center };
}

/**
 * The view at `zoom` (clamped) with the page point under `from` (screen pixels, in the view as
 * it was) now under `to`: wheel zoom around the cursor when they are one point, a pinch that
 * also pans when the fingers' midpoint moves.
 */
export function zoomAround(
  page: Page,
  view: SheetViewState,
  viewport: Viewport,
  zoom: number,
  from: Point,
  to: Point = from,
): SheetViewState {
  const anchor = sheetTransform(page, view, viewport).toPage(from);
  const next = { ...view, zoom: clampZoom(zoom) };
  const moved = sheetTransform(page, next, viewport).toPage(to);
  return { ...next, center: [view.center[0] + anchor[0] - moved[0], view.center[1] + anchor[1] - moved[1]] };
}
