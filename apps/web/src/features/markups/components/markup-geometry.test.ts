import { describe, expect, it } from 'vitest';
import type { OverlayTransform } from '../overlay-view';
import {
  MM_PER_POINT,
  areaOf,
  cloudPath,
  measureText,
  movePoints,
  scaleCalibration,
  screenMatrix,
} from './markup-geometry';

/** A page 600 × 400 pt turned a quarter clockwise, at zoom 2, its top-left corner at the screen's. */
const quarter: OverlayTransform = {
  zoom: 2,
  toScreen: ([x, y]) => [2 * y, 2 * x],
  toPage: ([sx, sy]) => [sy / 2, sx / 2],
};

/** Applies an SVG `matrix(a b c d e f)` to a point. */
function apply(matrix: string, [x, y]: [number, number]) {
  const [a, b, c, d, e, f] = matrix.slice(7, -1).split(' ').map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return [a * x + c * y + e, b * x + d * y + f];
}

describe('markup geometry', () => {
  it('the overlay group’s matrix maps page points where the transform does, rotated too', () => {
    const m = screenMatrix(quarter);
    for (const p of [
      [0, 0],
      [600, 400],
      [123.5, 77],
    ] as [number, number][])
      expect(apply(m, p)).toEqual(quarter.toScreen(p));
  });

  it('a revision cloud has a whole number of arcs per side, about the size asked', () => {
    const d = cloudPath([0, 0], [100, 50], 10);
    expect(d.match(/A/g)).toHaveLength(10 + 5 + 10 + 5);
    expect(d.startsWith('M0 0')).toBe(true);
  });

  it('measures read in the sheet’s scale, or on the paper when uncalibrated', () => {
    // 1:100: a line 72 pt long is 25.4 mm on paper, 2540 mm in reality.
    expect(
      measureText(
        'DISTANCE',
        [
          [0, 0],
          [72, 0],
        ],
        scaleCalibration(100),
      ),
    ).toEqual({
      value: '2,540 mm',
      calibrated: true,
    });
    expect(
      measureText(
        'DISTANCE',
        [
          [0, 0],
          [72, 0],
        ],
        null,
      ),
    ).toEqual({ value: '25.4 mm', calibrated: false });
    // A square 720 pt a side at 1:100 is 25.4 m a side.
    const square: [number, number][] = [
      [0, 0],
      [720, 0],
      [720, 720],
      [0, 720],
    ];
    expect(areaOf(square)).toBe(720 * 720);
    expect(measureText('AREA', square, scaleCalibration(100)).value).toBe('645.16 m²');
    expect(
      measureText(
        'DISTANCE',
        [
          [0, 0],
          [1, 0],
        ],
        { realPerPoint: 2, unit: 'm', source: '2 points' },
      ),
    ).toEqual({
      value: '2.00 m',
      calibrated: true,
    });
    expect(MM_PER_POINT * 72).toBeCloseTo(25.4);
  });

  it('a move keeps the whole shape on the page', () => {
    expect(
      movePoints(
        [
          [10, 10],
          [50, 30],
        ],
        -100,
        500,
        600,
        400,
      ),
    ).toEqual([
      [-0.5, 380.5],
      [39.5, 400.5],
    ]);
  });
});
