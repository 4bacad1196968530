import type { SheetPage } from '@drp/domain';

/**
 * What the markups need of the sheet canvas's overlay: the shape of features/sheets'
 * `SheetOverlayProps`, spelt out here because no feature imports another (app/ passes the
 * canvas's props through, and TypeScript checks they fit). Page space: PDF points of the
 * unrotated page, origin at the bottom left of its box, y up.
 */
export type Point = readonly [number, number];

export interface OverlayTransform {
  /** Screen CSS pixels per PDF point. */
  zoom: number;
  toScreen: (p: Point) => [number, number];
  toPage: (s: Point) => [number, number];
}

export interface MarkupOverlayView {
  page: SheetPage;
  transform: OverlayTransform;
  viewport: { width: number; height: number };
}
