import { describe, expect, it } from 'vitest';
import { buildingPlausibility, plausibilityText, type PlausibilityInput } from './building-plausibility.js';

const base: PlausibilityInput = {
  use: 'RESIDENTIAL',
  structureType: 'SHEAR_WALL',
  floorsAbove: 26,
  floorsBelow: 1,
  height: 76.7,
  floorArea: 18_120,
  seismicIntensity: 'DEGREE_6_0.05G',
  fireResistanceRating: 'GRADE_1',
};
const codes = (b: Partial<PlausibilityInput>) => buildingPlausibility({ ...base, ...b }).map((w) => w.code);

describe('buildingPlausibility', () => {
  it('has nothing to say about ordinary buildings', () => {
    expect(codes({})).toEqual([]);
    expect(
      codes({
        use: 'OFFICE',
        structureType: 'FRAME_CORE_TUBE',
        floorsAbove: 23,
        floorsBelow: 2,
        height: 99.6,
        floorArea: 31_600,
      }),
    ).toEqual([]);
    expect(
      codes({ use: 'RESIDENTIAL', structureType: 'MASONRY', floorsAbove: 6, height: 18, floorArea: 3_600 }),
    ).toEqual([]);
    // A one-storey hall may be tall.
    expect(
      codes({
        use: 'SPORTS',
        structureType: 'STEEL_FRAME',
        floorsAbove: 1,
        floorsBelow: 0,
        height: 21,
        floorArea: 4_000,
      }),
    ).toEqual([]);
  });

  it('frowns at an 18-storey, 62.5 m masonry building (GB 50011 table 7.1.2, GB 50003)', () => {
    const warnings = buildingPlausibility({
      ...base,
      structureType: 'MASONRY',
      floorsAbove: 18,
      height: 62.5,
    });
    expect(warnings.map((w) => [w.code, w.field])).toEqual([
      ['MASONRY_HEIGHT', 'height'],
      ['MASONRY_FLOORS', 'floorsAbove'],
    ]);
    expect(warnings[0]!.text['zh-CN']).toContain('砌体结构在6度时总高度不应超过 21 m，填写为 62.5 m');
    expect(warnings[1]!.text['en-US']).toContain('at most 7 storeys; 18 were entered');
  });

  it('reads the masonry limits by seismic intensity', () => {
    const m = { structureType: 'MASONRY', floorsAbove: 6, height: 18, floorArea: 3_000 };
    expect(codes({ ...m, seismicIntensity: 'DEGREE_8_0.20G' })).toEqual([]);
    expect(codes({ ...m, seismicIntensity: 'DEGREE_8_0.30G' })).toEqual(['MASONRY_HEIGHT', 'MASONRY_FLOORS']);
    expect(
      codes({ ...m, structureType: 'BOTTOM_FRAME_MASONRY', seismicIntensity: 'DEGREE_9_0.40G' }),
    ).toEqual(['MASONRY_NOT_ALLOWED']);
  });

  it('names an out-of-code high-rise by structure type and intensity', () => {
    expect(codes({ structureType: 'FRAME', floorsAbove: 18, height: 62, floorArea: 20_000 })).toEqual([
      'STRUCTURE_HEIGHT',
    ]);
    expect(codes({ structureType: 'FRAME', floorsAbove: 18, height: 58, floorArea: 20_000 })).toEqual([]);
    expect(
      codes({
        structureType: 'SHEAR_WALL',
        floorsAbove: 40,
        height: 125,
        floorArea: 40_000,
        seismicIntensity: 'DEGREE_7_0.10G',
      }),
    ).toEqual(['STRUCTURE_HEIGHT']);
    expect(
      buildingPlausibility({ ...base, structureType: 'FRAME', floorsAbove: 18, height: 62 })[0]!.text[
        'zh-CN'
      ],
    ).toContain('最大适用高度为 60 m');
  });

  it('checks the average storey against the height', () => {
    expect(codes({ floorsAbove: 10, height: 80 })).toEqual(['STOREY_TOO_HIGH']);
    expect(codes({ use: 'WORKSHOP', floorsAbove: 3, height: 24, structureType: 'FRAME' })).toEqual([]);
    expect(codes({ floorsAbove: 26, height: 60 })).toEqual(['STOREY_TOO_LOW']);
  });

  it('checks the area per storey and the basements', () => {
    expect(codes({ floorArea: 500 })).toEqual(['STOREY_AREA_SMALL']);
    expect(codes({ floorsBelow: 7, floorArea: 30_000 })).toEqual(['BASEMENT_DEEP']);
  });

  it('checks light structures, and the fire resistance of high-rises', () => {
    expect(
      codes({ structureType: 'PORTAL_FRAME', use: 'WORKSHOP', floorsAbove: 3, height: 15, floorArea: 6_000 }),
    ).toEqual(['LIGHT_STRUCTURE_FLOORS']);
    expect(codes({ fireResistanceRating: 'GRADE_3' })).toEqual(['FIRE_RATING_HIGH_RISE']);
    expect(
      codes({ fireResistanceRating: 'GRADE_3', floorsAbove: 9, height: 26.5, floorArea: 6_000 }),
    ).toEqual([]);
    expect(
      codes({
        fireResistanceRating: 'GRADE_3',
        use: 'OFFICE',
        floorsAbove: 7,
        height: 26,
        floorArea: 6_000,
        structureType: 'FRAME',
      }),
    ).toEqual(['FIRE_RATING_HIGH_RISE']);
  });

  it('joins the warnings into one line per language', () => {
    const w = buildingPlausibility({ ...base, floorArea: 500, floorsBelow: 7 });
    expect(plausibilityText(w)['en-US']).toMatch(
      /check the floor area and the storeys; 7 storeys below ground are rare/,
    );
  });
});
