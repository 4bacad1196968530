import { MARKUP_LIMITS, type MarkupCalibration, type MarkupKind } from '@drp/domain';
import type { OverlayTransform, Point } from '../overlay-view';

/**
 * Pure geometry of the markups, all in page space (PDF points of the unrotated page, y up). The
 * overlay draws in page space inside one group whose matrix is the sheet's transform, so a pan
 * changes one attribute and no shape renders again; only sizes meant to look the same on screen
 * (cloud arcs, handles, measure labels, the thinnest stroke) depend on the zoom.
 */

export type Pt = [number, number];

/** Paper millimetres per PDF point. */
export const MM_PER_POINT = 25.4 / 72;

/** The page → screen matrix of the transform, as SVG's `matrix(a b c d e f)`. */
export function screenMatrix(transform: OverlayTransform): string {
  const [ox, oy] = transform.toScreen([0, 0]);
  const [ax, ay] = transform.toScreen([1, 0]);
  const [bx, by] = transform.toScreen([0, 1]);
  return `matrix(${ax - ox} ${ay - oy} ${bx - ox} ${by - oy} ${ox} ${oy})`;
}

/**
 * The zoom rounded to steps of √2: what depends on the zoom renders again only when a step is
 * crossed, so wheel zooming does not redraw 500 shapes on every frame.
 */
export const zoomStep = (zoom: number) => 2 ** (Math.round(Math.log2(zoom) * 2) / 2);

export const strokeOf = (width: number, zoom: number) => Math.max(width, 1 / zoom);

export function bounds(points: readonly Point[]): { x0: number; y0: number; x1: number; y1: number } {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of points) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return { x0, y0, x1, y1 };
}

const f = (n: number) => (Math.round(n * 100) / 100).toString();
const polyline = (points: readonly Point[]) =>
  points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${f(x)} ${f(y)}`).join(' ');

function rectPath(a: Point, b: Point) {
  const { x0, y0, x1, y1 } = bounds([a, b]);
  return `M${f(x0)} ${f(y0)} H${f(x1)} V${f(y1)} H${f(x0)} Z`;
}

function ellipsePath(a: Point, b: Point) {
  const { x0, y0, x1, y1 } = bounds([a, b]);
  const rx = (x1 - x0) / 2;
  const ry = (y1 - y0) / 2;
  const cy = (y0 + y1) / 2;
  return `M${f(x0)} ${f(cy)} A${f(rx)} ${f(ry)} 0 1 0 ${f(x1)} ${f(cy)} A${f(rx)} ${f(ry)} 0 1 0 ${f(x0)} ${f(cy)} Z`;
}

/**
 * A revision cloud: outward arcs along the rectangle's sides, each about `arc` points long (the
 * caller passes a size that looks the same on screen), a whole number per side so corners meet.
 */
export function cloudPath(a: Point, b: Point, arc: number) {
  const { x0, y0, x1, y1 } = bounds([a, b]);
  const corners: Pt[] = [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ];
  let d = `M${f(x0)} ${f(y0)}`;
  for (let side = 0; side < 4; side++) {
    const [sx, sy] = corners[side]!;
    const [ex, ey] = corners[(side + 1) % 4]!;
    const length = Math.hypot(ex - sx, ey - sy);
    const n = Math.max(1, Math.round(length / arc));
    const r = length / n / 2;
    for (let i = 1; i <= n; i++) {
      const x = sx + ((ex - sx) * i) / n;
      const y = sy + ((ey - sy) * i) / n;
      // Going counter-clockwise in y-up space, an arc of increasing angle (sweep 1) bulges outwards.
      d += ` A${f(r || 0.01)} ${f(r || 0.01)} 0 0 1 ${f(x)} ${f(y)}`;
    }
  }
  return `${d} Z`;
}

/** An arrow head at `to`, `size` points long. */
export function arrowHead(from: Point, to: Point, size: number) {
  const angle = Math.atan2(to[1] - from[1], to[0] - from[0]);
  const wing = (turn: number): Pt => [
    to[0] - size * Math.cos(angle + turn),
    to[1] - size * Math.sin(angle + turn),
  ];
  const [lx, ly] = wing(Math.PI / 7);
  const [rx, ry] = wing(-Math.PI / 7);
  return `M${f(lx)} ${f(ly)} L${f(to[0])} ${f(to[1])} L${f(rx)} ${f(ry)}`;
}

/** End ticks of a distance, perpendicular to it, `size` points each side. */
function ticks(from: Point, to: Point, size: number) {
  const length = Math.hypot(to[0] - from[0], to[1] - from[1]) || 1;
  const nx = (-(to[1] - from[1]) / length) * size;
  const ny = ((to[0] - from[0]) / length) * size;
  return [from, to].map(([x, y]) => `M${f(x - nx)} ${f(y - ny)} L${f(x + nx)} ${f(y + ny)}`).join(' ');
}

/** The path of a markup's lines (text and labels are drawn beside it). `unit` is one screen pixel in points. */
export function markupPath(kind: MarkupKind, points: readonly Point[], unit: number): string {
  const origin: Point = [0, 0];
  const a: Point = points[0] ?? origin;
  const b: Point = points[1] ?? a;
  switch (kind) {
    case 'RECT':
    case 'TEXT':
    case 'STAMP':
      return rectPath(a, b);
    case 'ELLIPSE':
      return ellipsePath(a, b);
    case 'CLOUD':
      return cloudPath(a, b, 18 * unit);
    case 'ARROW':
      return `${polyline([a, b])} ${arrowHead(a, b, 14 * unit)}`;
    case 'DISTANCE':
      return `${polyline([a, b])} ${ticks(a, b, 6 * unit)}`;
    case 'POLYLINE':
      return polyline(points);
    case 'AREA':
      return `${polyline(points)} Z`;
    case 'CALLOUT': {
      const tip: Point = points[0] ?? origin;
      const c1: Point = points[1] ?? tip;
      const c2: Point = points[2] ?? c1;
      const box = bounds([c1, c2]);
      // The leader runs from the tip to the nearest point of the box's edge.
      const near: Pt = [
        Math.min(Math.max(tip[0], box.x0), box.x1),
        Math.min(Math.max(tip[1], box.y0), box.y1),
      ];
      return `${rectPath(c1, c2)} ${polyline([near, tip])} ${arrowHead(near, tip, 10 * unit)}`;
    }
  }
}

/** The box a text, stamp or callout writes into. */
export function textBox(kind: MarkupKind, points: readonly Point[]) {
  if (kind === 'CALLOUT') return bounds(points.slice(1, 3));
  return bounds(points.slice(0, 2));
}

export const distanceOf = (points: readonly Point[]) => {
  let sum = 0;
  for (let i = 1; i < points.length; i++)
    sum += Math.hypot(points[i]![0] - points[i - 1]![0], points[i]![1] - points[i - 1]![1]);
  return sum;
};

/** The shoelace area of a closed polygon, in square points. */
export function areaOf(points: readonly Point[]) {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const [x0, y0] = points[i]!;
    const [x1, y1] = points[(i + 1) % points.length]!;
    sum += x0 * y1 - x1 * y0;
  }
  return Math.abs(sum) / 2;
}

const fixed = (n: number, digits: number) =>
  n.toLocaleString(undefined, { minimumFractionDigits: digits, maximumFractionDigits: digits });

/**
 * A measure's value as read: in the calibrated unit (lengths in mm below a metre's worth of mm
 * shown as mm, areas in m²), or on the paper in millimetres when uncalibrated (`calibrated: false`).
 */
export function measureText(
  kind: 'DISTANCE' | 'AREA',
  points: readonly Point[],
  calibration: MarkupCalibration | null,
): { value: string; calibrated: boolean } {
  if (kind === 'DISTANCE') {
    const pt = distanceOf(points);
    if (!calibration) return { value: `${fixed(pt * MM_PER_POINT, 1)} mm`, calibrated: false };
    const real = pt * calibration.realPerPoint;
    if (calibration.unit === 'm') return { value: `${fixed(real, 2)} m`, calibrated: true };
    return real >= 10_000
      ? { value: `${fixed(real / 1000, 2)} m`, calibrated: true }
      : { value: `${fixed(real, 0)} mm`, calibrated: true };
  }
  const pt2 = areaOf(points);
  if (!calibration) return { value: `${fixed(pt2 * MM_PER_POINT ** 2, 0)} mm²`, calibrated: false };
  const real = pt2 * calibration.realPerPoint ** 2;
  const m2 = calibration.unit === 'm' ? real : real / 1e6;
  return { value: `${fixed(m2, 2)} m²`, calibrated: true };
}

/** Where a measure's label sits: the middle of a distance, the centroid of an area's corners. */
export function labelAnchor(kind: MarkupKind, points: readonly Point[]): Pt {
  if (kind === 'DISTANCE' && points.length >= 2)
    return [(points[0]![0] + points[1]![0]) / 2, (points[0]![1] + points[1]![1]) / 2];
  const n = points.length || 1;
  return [points.reduce((s, p) => s + p[0], 0) / n, points.reduce((s, p) => s + p[1], 0) / n];
}

/** A point kept on the page (within the slack the server allows). */
export function clampToPage(p: Point, width: number, height: number): Pt {
  const s = MARKUP_LIMITS.slackPt / 2;
  return [Math.min(Math.max(p[0], -s), width + s), Math.min(Math.max(p[1], -s), height + s)];
}

/** Moves every point by (dx, dy), as far as the page lets the whole shape go. */
export function movePoints(points: readonly Point[], dx: number, dy: number, width: number, height: number) {
  const { x0, y0, x1, y1 } = bounds(points);
  const s = MARKUP_LIMITS.slackPt / 2;
  const cx = Math.min(Math.max(dx, -s - x0), width + s - x1);
  const cy = Math.min(Math.max(dy, -s - y0), height + s - y1);
  return points.map(([x, y]): Pt => [x + cx, y + cy]);
}

/** The scales a sheet is drawn at, offered for calibration: 1:N reads 25.4/72 × N mm per point. */
export const SHEET_SCALES = [50, 100, 150, 200, 500, 1000] as const;

export const scaleCalibration = (n: number): MarkupCalibration => ({
  realPerPoint: MM_PER_POINT * n,
  unit: 'mm',
  source: `1:${n}`,
});

/** The font size of a text or callout, in points: a thicker pen writes larger. */
export const textSize = (strokeWidth: number) => Math.max(6, strokeWidth * 8);
