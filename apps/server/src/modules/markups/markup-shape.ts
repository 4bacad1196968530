import {
  MARKUP_KINDS,
  MARKUP_LIMITS,
  MARKUP_POINTS,
  type ErrorCode,
  type ErrorParam,
  type Locale,
  type MarkupCalibration,
  type MarkupKind,
  type MarkupStamp,
} from '@drp/domain';

/**
 * Whether a markup's geometry makes sense on its page: the server's own check, since any client
 * (or an XFDF file) may send points. Pure, so the import can name the reason and skip one
 * annotation where a create refuses the call.
 */

export type Point = [number, number];
/** [left, bottom, right, top]. */
export type Box = readonly [number, number, number, number];

export const bbox = (points: readonly Point[]): Box => [
  Math.min(...points.map((p) => p[0])),
  Math.min(...points.map((p) => p[1])),
  Math.max(...points.map((p) => p[0])),
  Math.max(...points.map((p) => p[1])),
];

/** The point on the box's outline nearest to `p`: where a callout's leader meets its text box. */
export function nearestOnBox(p: Point, b: Box): Point {
  const x = Math.min(Math.max(p[0], b[0]), b[2]);
  const y = Math.min(Math.max(p[1], b[1]), b[3]);
  if (x !== p[0] || y !== p[1]) return [x, y];
  // Inside: go to the nearest edge.
  const d = [p[0] - b[0], b[2] - p[0], p[1] - b[1], b[3] - p[1]];
  const i = d.indexOf(Math.min(...d));
  return i === 0 ? [b[0], y] : i === 1 ? [b[2], y] : i === 2 ? [x, b[1]] : [x, b[3]];
}

/** A markup as stored, after the contract's defaults. */
export interface MarkupShape {
  page: number;
  kind: MarkupKind;
  points: Point[];
  text: string;
  stamp: MarkupStamp | null;
  color: string;
  strokeWidth: number;
  calibration: MarkupCalibration | null;
}

/** A box or a line shorter than this (in points, about a third of a millimetre) is not drawn. */
export const MIN_EXTENT_PT = 1;

export interface ShapeProblem {
  code: ErrorCode;
  params: Record<string, ErrorParam>;
}

const reason = (zh: string, en: string): ShapeProblem => ({
  code: 'MARKUP_SHAPE_INVALID',
  params: { reason: { 'zh-CN': zh, 'en-US': en } satisfies Record<Locale, string> },
});

const dist = (a: Point, b: Point) => Math.hypot(b[0] - a[0], b[1] - a[1]);

/** Twice the signed area of a closed polygon (shoelace). */
export function polygonArea(points: readonly Point[]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i]!;
    const [x2, y2] = points[(i + 1) % points.length]!;
    sum += x1 * y2 - x2 * y1;
  }
  return Math.abs(sum) / 2;
}

export function pathLength(points: readonly Point[]): number {
  let sum = 0;
  for (let i = 1; i < points.length; i++) sum += dist(points[i - 1]!, points[i]!);
  return sum;
}

const boxTooSmall = (a: Point, b: Point) =>
  Math.abs(b[0] - a[0]) < MIN_EXTENT_PT || Math.abs(b[1] - a[1]) < MIN_EXTENT_PT;

/** Why the shape itself is wrong, whatever page it is on; undefined when it is a proper one. */
export function shapeProblem(shape: MarkupShape): ShapeProblem | undefined {
  const { kind, points } = shape;
  const rule = MARKUP_POINTS[kind];
  const name = MARKUP_KINDS[kind];
  if (points.length < rule.min || (rule.max !== undefined && points.length > rule.max)) {
    const count = rule.max === rule.min ? `${rule.min}` : `${rule.min}+`;
    return reason(
      `${name['zh-CN']}需要${rule.max === rule.min ? '' : '至少'}${rule.min}个点`,
      `a ${name['en-US'].toLowerCase()} takes ${count} points`,
    );
  }
  if (points.length > MARKUP_LIMITS.pointsMax)
    return reason(`点数超过${MARKUP_LIMITS.pointsMax}个`, `more than ${MARKUP_LIMITS.pointsMax} points`);
  if (points.some((p) => !Number.isFinite(p[0]) || !Number.isFinite(p[1])))
    return reason('坐标不是有限数', 'a coordinate is not a finite number');
  switch (kind) {
    case 'RECT':
    case 'ELLIPSE':
    case 'CLOUD':
    case 'TEXT':
    case 'STAMP':
      if (boxTooSmall(points[0]!, points[1]!))
        return reason(
          `${name['zh-CN']}的宽度或高度为零`,
          `the ${name['en-US'].toLowerCase()} has no width or height`,
        );
      break;
    case 'CALLOUT':
      if (boxTooSmall(points[1]!, points[2]!))
        return reason('引注的文字框宽度或高度为零', 'the callout’s text box has no width or height');
      break;
    case 'ARROW':
    case 'DISTANCE':
      if (dist(points[0]!, points[1]!) < MIN_EXTENT_PT)
        return reason(
          `${name['zh-CN']}的起点和终点重合`,
          `the ${name['en-US'].toLowerCase()} starts where it ends`,
        );
      break;
    case 'POLYLINE':
      if (pathLength(points) < MIN_EXTENT_PT)
        return reason('折线的所有点重合', 'all points of the polyline coincide');
      break;
    case 'AREA':
      if (polygonArea(points) < MIN_EXTENT_PT * MIN_EXTENT_PT)
        return reason('测面积的多边形面积为零', 'the area’s polygon encloses nothing');
      break;
  }
  if (kind === 'STAMP' && shape.stamp === null)
    return reason('图章未选择印文', 'the stamp has no stamp chosen');
  if ((kind === 'TEXT' || kind === 'CALLOUT') && shape.text.trim() === '')
    return reason(`${name['zh-CN']}没有文字`, `the ${name['en-US'].toLowerCase()} has no text`);
  return undefined;
}

/** Every point within the page, give or take MARKUP_LIMITS.slackPt. */
export function offPage(points: readonly Point[], page: { width: number; height: number }): boolean {
  const slack = MARKUP_LIMITS.slackPt;
  return points.some(
    ([x, y]) => x < -slack || y < -slack || x > page.width + slack || y > page.height + slack,
  );
}

/**
 * What is kept of the input: a stamp only on a stamp, a calibration only on a measure. A client
 * that leaves the stamp chosen while it draws a rectangle has not asked for anything odd.
 */
export function normaliseShape(shape: MarkupShape): MarkupShape {
  const measure = shape.kind === 'DISTANCE' || shape.kind === 'AREA';
  return {
    ...shape,
    stamp: shape.kind === 'STAMP' ? shape.stamp : null,
    calibration: measure ? shape.calibration : null,
    color: shape.color.toLowerCase(),
  };
}

/** Paper millimetres per PDF point: a measure without calibration reads the sheet as printed. */
const MM_PER_POINT = 25.4 / 72;

/**
 * The value a measure shows (burned into the copy, written into the XFDF): a distance in its
 * unit, a calibrated area in square metres (square millimetres of a building are numbers nobody
 * reads); without calibration, millimetres of paper.
 */
export function measureLabel(shape: Pick<MarkupShape, 'kind' | 'points' | 'calibration'>): string {
  const per = shape.calibration?.realPerPoint ?? MM_PER_POINT;
  const unit = shape.calibration?.unit ?? 'mm';
  if (shape.kind === 'DISTANCE') {
    const value = pathLength(shape.points) * per;
    return unit === 'm' ? `${value.toFixed(2)} m` : `${value.toFixed(0)} mm`;
  }
  const area = polygonArea(shape.points) * per * per;
  if (!shape.calibration) return `${area.toFixed(0)} mm²`;
  return `${(unit === 'm' ? area : area / 1e6).toFixed(2)} m²`;
}
