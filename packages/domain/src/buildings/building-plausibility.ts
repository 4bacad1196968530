import { z } from 'zod';
import type { Locale } from '../errors/error-codes.js';

/**
 * Whether a building's basic data reads like a building a reviewer would accept without asking
 * (issue 17, "Plausible data"). The contract's bounds catch typing errors; these catch data that
 * is possible but unlikely, mostly beyond the limits the codes set for a structure type: the user
 * confirms them, for a real building may exceed them (an out-of-code high-rise has its own review).
 */

type Texts = Record<Locale, string>;

/** The basic data the checks read. */
export interface PlausibilityInput {
  use: string;
  structureType: string;
  floorsAbove: number;
  floorsBelow: number;
  height: number;
  floorArea: number;
  seismicIntensity: string;
  fireResistanceRating: string;
}

export const PLAUSIBILITY_CODES = [
  'MASONRY_HEIGHT',
  'MASONRY_FLOORS',
  'MASONRY_NOT_ALLOWED',
  'STRUCTURE_HEIGHT',
  'STOREY_TOO_HIGH',
  'STOREY_TOO_LOW',
  'STOREY_AREA_SMALL',
  'BASEMENT_DEEP',
  'LIGHT_STRUCTURE_FLOORS',
  'FIRE_RATING_HIGH_RISE',
] as const;
export type PlausibilityCode = (typeof PLAUSIBILITY_CODES)[number];

export const plausibilityWarning = z.object({
  code: z.enum(PLAUSIBILITY_CODES),
  /** The form field the warning is about. */
  field: z.enum([
    'structureType',
    'floorsAbove',
    'floorsBelow',
    'height',
    'floorArea',
    'fireResistanceRating',
  ]),
  text: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }),
});
export type PlausibilityWarning = z.infer<typeof plausibilityWarning>;

/** The `detail` of a save refused until its warnings are confirmed. */
export const plausibilityRefusal = z.object({ warnings: z.array(plausibilityWarning) });

/** The seismic intensity dictionary's codes, as the codes' tables index their columns. */
type Intensity = '6' | '7' | '7.15' | '8' | '8.3' | '9';
const INTENSITIES: Record<string, Intensity> = {
  'DEGREE_6_0.05G': '6',
  'DEGREE_7_0.10G': '7',
  'DEGREE_7_0.15G': '7.15',
  'DEGREE_8_0.20G': '8',
  'DEGREE_8_0.30G': '8.3',
  'DEGREE_9_0.40G': '9',
};
const INTENSITY_NAMES: Record<Intensity, Texts> = {
  '6': { 'zh-CN': '6度', 'en-US': 'intensity 6' },
  '7': { 'zh-CN': '7度(0.10g)', 'en-US': 'intensity 7 (0.10g)' },
  '7.15': { 'zh-CN': '7度(0.15g)', 'en-US': 'intensity 7 (0.15g)' },
  '8': { 'zh-CN': '8度(0.20g)', 'en-US': 'intensity 8 (0.20g)' },
  '8.3': { 'zh-CN': '8度(0.30g)', 'en-US': 'intensity 8 (0.30g)' },
  '9': { 'zh-CN': '9度', 'en-US': 'intensity 9' },
};

/**
 * Masonry: total height (m) and storeys, GB 50011-2010 (2016) table 7.1.2 for solid and perforated
 * brick walls of 240 mm, as GB 50003-2011 §10.1.2 repeats; null where the type is not allowed.
 */
const MASONRY_LIMITS: Record<
  'MASONRY' | 'BOTTOM_FRAME_MASONRY',
  Record<Intensity, [number, number] | null>
> = {
  MASONRY: { '6': [21, 7], '7': [21, 7], '7.15': [21, 7], '8': [18, 6], '8.3': [15, 5], '9': [12, 4] },
  BOTTOM_FRAME_MASONRY: { '6': [22, 7], '7': [22, 7], '7.15': [19, 6], '8': [16, 5], '8.3': null, '9': null },
};

/**
 * The largest height (m) each structure type suits: reinforced concrete GB 50011 table 6.1.1 (as
 * JGJ 3-2010 table 3.3.1-1, class A), steel table 8.1.1, precast JGJ 1-2014 table 6.1.1. Above it
 * the building is an out-of-code high-rise (超限高层) with a review of its own.
 */
const HEIGHT_LIMITS: Record<string, { source: string; limits: Record<Intensity, number | null> }> = {
  FRAME: {
    source: 'GB 50011 表6.1.1',
    limits: { '6': 60, '7': 50, '7.15': 50, '8': 40, '8.3': 35, '9': 24 },
  },
  SHEAR_WALL: {
    source: 'GB 50011 表6.1.1',
    limits: { '6': 140, '7': 120, '7.15': 120, '8': 100, '8.3': 80, '9': 60 },
  },
  FRAME_SHEAR_WALL: {
    source: 'GB 50011 表6.1.1',
    limits: { '6': 130, '7': 120, '7.15': 120, '8': 100, '8.3': 80, '9': 50 },
  },
  SLAB_COLUMN_SHEAR_WALL: {
    source: 'GB 50011 表6.1.1',
    limits: { '6': 80, '7': 70, '7.15': 70, '8': 55, '8.3': 40, '9': null },
  },
  FRAME_CORE_TUBE: {
    source: 'GB 50011 表6.1.1',
    limits: { '6': 150, '7': 130, '7.15': 130, '8': 100, '8.3': 90, '9': 70 },
  },
  TUBE_IN_TUBE: {
    source: 'GB 50011 表6.1.1',
    limits: { '6': 180, '7': 150, '7.15': 150, '8': 120, '8.3': 100, '9': 80 },
  },
  STEEL_FRAME: {
    source: 'GB 50011 表8.1.1',
    limits: { '6': 110, '7': 110, '7.15': 90, '8': 90, '8.3': 70, '9': 50 },
  },
  STEEL_BRACED_FRAME: {
    source: 'GB 50011 表8.1.1',
    limits: { '6': 220, '7': 220, '7.15': 200, '8': 180, '8.3': 150, '9': 120 },
  },
  PRECAST_CONCRETE: {
    source: 'JGJ 1 表6.1.1',
    limits: { '6': 130, '7': 110, '7.15': 100, '8': 90, '8.3': 70, '9': null },
  },
};

/** Light structures the codes write for low buildings: most storeys they suit, and where it says so. */
const LIGHT_STRUCTURES: Record<string, { floors: number; source: string; name: Texts }> = {
  PORTAL_FRAME: {
    floors: 1,
    source: 'GB 51022',
    name: { 'zh-CN': '门式刚架轻型房屋', 'en-US': 'A light steel portal frame' },
  },
  TIMBER: { floors: 3, source: 'GB 50005', name: { 'zh-CN': '木结构房屋', 'en-US': 'A timber building' } },
};

/** Uses whose storeys are halls: a tall average storey is their nature, not a typing error. */
const HALL_USES = new Set(['WORKSHOP', 'WAREHOUSE', 'SPORTS', 'TRANSPORT', 'CULTURE', 'GARAGE', 'OTHER']);

/** Thresholds of the storey checks (metres, square metres). */
export const PLAUSIBILITY_LIMITS = {
  /** An average storey above this, in a building that is not a hall, reads as a wrong height. */
  storeyHeightMax: 6,
  /** Below this, people cannot stand in it (GB 50096 asks 2.8 m of a dwelling's storey). */
  storeyHeightMin: 2.6,
  /** An average storey smaller than this is a kiosk, not a storey of a reviewed building. */
  storeyAreaMin: 30,
  /** Deeper basements exist, but rarely: the storeys below ground are more likely mistyped. */
  floorsBelowMax: 5,
  /** GB 50016 §2.1.1: a building above 27 m (dwelling) or 24 m (other) is a high-rise. */
  highRiseResidential: 27,
  highRiseOther: 24,
} as const;

const RESIDENTIAL_USES = new Set(['RESIDENTIAL', 'DORMITORY']);

const round = (n: number) => Math.round(n * 100) / 100;

/** The warnings a reviewer would raise about this building's basic data; none when it reads well. */
export function buildingPlausibility(b: PlausibilityInput): PlausibilityWarning[] {
  const warnings: PlausibilityWarning[] = [];
  const add = (code: PlausibilityCode, field: PlausibilityWarning['field'], zh: string, en: string) =>
    warnings.push({ code, field, text: { 'zh-CN': zh, 'en-US': en } });
  const intensity = INTENSITIES[b.seismicIntensity];
  const at = intensity ? INTENSITY_NAMES[intensity] : undefined;

  if (intensity && at && (b.structureType === 'MASONRY' || b.structureType === 'BOTTOM_FRAME_MASONRY')) {
    const limit = MASONRY_LIMITS[b.structureType][intensity];
    const kind =
      b.structureType === 'MASONRY'
        ? { zh: '砌体结构', en: 'A masonry building' }
        : { zh: '底部框架-抗震墙砌体结构', en: 'Masonry over a frame base' };
    if (!limit)
      add(
        'MASONRY_NOT_ALLOWED',
        'structureType',
        `${kind.zh}不应用于抗震设防烈度${at['zh-CN']}的地区（GB 50011 表7.1.2）`,
        `${kind.en} is not allowed at ${at['en-US']} (GB 50011 table 7.1.2)`,
      );
    else {
      const [height, floors] = limit;
      if (b.height > height)
        add(
          'MASONRY_HEIGHT',
          'height',
          `${kind.zh}在${at['zh-CN']}时总高度不应超过 ${height} m，填写为 ${b.height} m（GB 50011 表7.1.2、GB 50003 第10.1.2条）`,
          `${kind.en} at ${at['en-US']} may be at most ${height} m high; ${b.height} m was entered (GB 50011 table 7.1.2, GB 50003 §10.1.2)`,
        );
      if (b.floorsAbove > floors)
        add(
          'MASONRY_FLOORS',
          'floorsAbove',
          `${kind.zh}在${at['zh-CN']}时层数不应超过 ${floors} 层，填写为 ${b.floorsAbove} 层（GB 50011 表7.1.2、GB 50003 第10.1.2条）`,
          `${kind.en} at ${at['en-US']} may have at most ${floors} storeys; ${b.floorsAbove} were entered (GB 50011 table 7.1.2, GB 50003 §10.1.2)`,
        );
    }
  }

  const structure = HEIGHT_LIMITS[b.structureType];
  if (intensity && at && structure) {
    const limit = structure.limits[intensity];
    if (limit === null || b.height > limit)
      add(
        'STRUCTURE_HEIGHT',
        'height',
        limit === null
          ? `该结构类型不宜用于抗震设防烈度${at['zh-CN']}的地区（${structure.source}）`
          : `该结构类型在${at['zh-CN']}时最大适用高度为 ${limit} m，填写为 ${b.height} m，属超限高层建筑，须进行抗震设防专项审查（${structure.source}）`,
        limit === null
          ? `This structure type is not suited to ${at['en-US']} (${structure.source})`
          : `This structure type suits at most ${limit} m at ${at['en-US']}; ${b.height} m was entered, an out-of-code high-rise that needs its own seismic review (${structure.source})`,
      );
  }

  const light = LIGHT_STRUCTURES[b.structureType];
  if (light && b.floorsAbove > light.floors)
    add(
      'LIGHT_STRUCTURE_FLOORS',
      'floorsAbove',
      `${light.name['zh-CN']}一般不超过 ${light.floors} 层，填写为 ${b.floorsAbove} 层（${light.source}）`,
      `${light.name['en-US']} has at most ${light.floors} storey(s) as a rule; ${b.floorsAbove} were entered (${light.source})`,
    );

  const storey = b.height / b.floorsAbove;
  if (b.floorsAbove > 1 && !HALL_USES.has(b.use) && storey > PLAUSIBILITY_LIMITS.storeyHeightMax)
    add(
      'STOREY_TOO_HIGH',
      'height',
      `平均层高 ${round(storey)} m（${b.height} m ÷ ${b.floorsAbove} 层）偏大，请核对建筑高度和地上层数`,
      `The average storey is ${round(storey)} m (${b.height} m ÷ ${b.floorsAbove}); check the height and the storeys above ground`,
    );
  if (storey < PLAUSIBILITY_LIMITS.storeyHeightMin)
    add(
      'STOREY_TOO_LOW',
      'height',
      `平均层高 ${round(storey)} m（${b.height} m ÷ ${b.floorsAbove} 层）偏小，请核对建筑高度和地上层数`,
      `The average storey is only ${round(storey)} m (${b.height} m ÷ ${b.floorsAbove}); check the height and the storeys above ground`,
    );

  const storeys = b.floorsAbove + b.floorsBelow;
  const area = b.floorArea / storeys;
  if (area < PLAUSIBILITY_LIMITS.storeyAreaMin)
    add(
      'STOREY_AREA_SMALL',
      'floorArea',
      `每层平均面积仅 ${round(area)} m²（${b.floorArea} m² ÷ ${storeys} 层），请核对建筑面积和层数`,
      `Each storey averages only ${round(area)} m² (${b.floorArea} m² ÷ ${storeys}); check the floor area and the storeys`,
    );

  if (b.floorsBelow > PLAUSIBILITY_LIMITS.floorsBelowMax)
    add(
      'BASEMENT_DEEP',
      'floorsBelow',
      `地下 ${b.floorsBelow} 层较为少见，请核对地下层数`,
      `${b.floorsBelow} storeys below ground are rare; check the storeys below ground`,
    );

  const highRise = RESIDENTIAL_USES.has(b.use)
    ? PLAUSIBILITY_LIMITS.highRiseResidential
    : PLAUSIBILITY_LIMITS.highRiseOther;
  if (b.height > highRise && (b.fireResistanceRating === 'GRADE_3' || b.fireResistanceRating === 'GRADE_4'))
    add(
      'FIRE_RATING_HIGH_RISE',
      'fireResistanceRating',
      `高层建筑（高度 ${b.height} m）的耐火等级不应低于二级（GB 50016 第5.1.3条）`,
      `A high-rise (${b.height} m) must be of fire resistance grade II or better (GB 50016 §5.1.3)`,
    );
  return warnings;
}

/** The warnings as one line for a message. */
export function plausibilityText(warnings: readonly PlausibilityWarning[]): Texts {
  return {
    'zh-CN': warnings.map((w) => w.text['zh-CN']).join('；'),
    'en-US': warnings.map((w) => w.text['en-US']).join('; '),
  };
}
