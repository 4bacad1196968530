import { z } from 'zod';
import { dictionaryItem } from '../dictionaries/dictionary-contracts.js';
import { commaList, keysOf, nullableText } from '../http/fields.js';
import type { Locale } from '../errors/error-codes.js';
import { personNameField } from '../members/member-contracts.js';

/**
 * Contracts of the buildings (单体) of one review application, spec §7 "Buildings": basic data,
 * the survey units' findings, the hazardous sub-projects (危大工程) and the design units' people
 * per specialty. Dictionary fields carry codes; the server checks them against the dictionaries.
 */

type Texts = Record<Locale, string>;

/** Where one building stands: saved, submitted to the review agency, confirmed or rejected by it. */
export const BUILDING_STATUSES = {
  DRAFT: { 'zh-CN': '草稿', 'en-US': 'Draft' },
  SUBMITTED: { 'zh-CN': '已提交', 'en-US': 'Submitted' },
  CONFIRMED: { 'zh-CN': '已确认', 'en-US': 'Confirmed' },
  REJECTED: { 'zh-CN': '已退回', 'en-US': 'Rejected' },
} as const satisfies Record<string, Texts>;
export type BuildingStatus = keyof typeof BUILDING_STATUSES;
export const BUILDING_STATUS_KEYS = Object.keys(BUILDING_STATUSES) as [BuildingStatus, ...BuildingStatus[]];

/** 建筑场地类别, GB 50011-2010 (2016) §4.1.6: class I is split into I0 and I1. */
export const SITE_CATEGORIES = {
  I0: { 'zh-CN': 'Ⅰ0类', 'en-US': 'Class I0' },
  I1: { 'zh-CN': 'Ⅰ1类', 'en-US': 'Class I1' },
  II: { 'zh-CN': 'Ⅱ类', 'en-US': 'Class II' },
  III: { 'zh-CN': 'Ⅲ类', 'en-US': 'Class III' },
  IV: { 'zh-CN': 'Ⅳ类', 'en-US': 'Class IV' },
} as const satisfies Record<string, Texts>;
export type SiteCategory = keyof typeof SITE_CATEGORIES;

/** 基础形式 the survey report recommends. */
export const FOUNDATION_TYPES = {
  ISOLATED: { 'zh-CN': '独立基础', 'en-US': 'Isolated footing' },
  STRIP: { 'zh-CN': '条形基础', 'en-US': 'Strip footing' },
  RAFT: { 'zh-CN': '筏形基础', 'en-US': 'Raft foundation' },
  BOX: { 'zh-CN': '箱形基础', 'en-US': 'Box foundation' },
  PILE: { 'zh-CN': '桩基础', 'en-US': 'Pile foundation' },
  PILE_RAFT: { 'zh-CN': '桩筏基础', 'en-US': 'Piled raft' },
  COMPOSITE_GROUND: { 'zh-CN': '复合地基', 'en-US': 'Composite ground' },
} as const satisfies Record<string, Texts>;
export type FoundationType = keyof typeof FOUNDATION_TYPES;

/** 地基液化等级, GB 50011-2010 (2016) §4.3.5. */
export const LIQUEFACTION_GRADES = {
  NONE: { 'zh-CN': '不液化', 'en-US': 'Not liquefiable' },
  SLIGHT: { 'zh-CN': '轻微', 'en-US': 'Slight' },
  MODERATE: { 'zh-CN': '中等', 'en-US': 'Moderate' },
  SEVERE: { 'zh-CN': '严重', 'en-US': 'Severe' },
} as const satisfies Record<string, Texts>;
export type LiquefactionGrade = keyof typeof LIQUEFACTION_GRADES;

const text = (max: number) => z.string().trim().min(1).max(max);
/** A dictionary code as stored; whether it exists is the server's check. */
const dictionaryCode = z
  .string()
  .trim()
  .max(64)
  .regex(/^[A-Z0-9][A-Z0-9_.-]*$/, 'a dictionary code');

/** Bounds beyond which a number is a typing error, not a building. */
export const BUILDING_LIMITS = {
  nameMax: 100,
  floorsAboveMin: 1,
  floorsAboveMax: 200,
  floorsBelowMax: 20,
  /** Metres; the tallest buildings in the world are below 1000 m. */
  heightMax: 1000,
  /** Square metres of one building. */
  floorAreaMax: 2_000_000,
  /** The average storey above ground is at least this high (metres). */
  minStoreyHeight: 2,
  unitsMax: 10,
  hazardSourcesMax: 50,
  designInfosMax: 20,
  idsMax: 100,
  reasonMax: 500,
} as const;

const uniqueIds = (ids: readonly string[]) => new Set(ids).size === ids.length;

const buildingFields = z.object({
  name: text(BUILDING_LIMITS.nameMax),
  /** buildingUse dictionary. */
  use: dictionaryCode,
  /** structureType dictionary. */
  structureType: dictionaryCode,
  floorsAbove: z.number().int().min(BUILDING_LIMITS.floorsAboveMin).max(BUILDING_LIMITS.floorsAboveMax),
  floorsBelow: z.number().int().min(0).max(BUILDING_LIMITS.floorsBelowMax),
  /** Metres, from the outdoor ground to the top of the roof. */
  height: z.number().positive().max(BUILDING_LIMITS.heightMax),
  /** Square metres, above and below ground. */
  floorArea: z.number().positive().max(BUILDING_LIMITS.floorAreaMax),
  /** seismicIntensity dictionary. */
  seismicIntensity: dictionaryCode,
  /** fireResistanceRating dictionary. */
  fireResistanceRating: dictionaryCode,
  /** climaticRegion dictionary. */
  climaticRegion: dictionaryCode,
  /** Which of the project's design units work on this building (at least one). */
  designOrgIds: z.array(z.uuid()).min(1).max(BUILDING_LIMITS.unitsMax),
  /** Which of the project's survey units surveyed its site. */
  surveyOrgIds: z.array(z.uuid()).max(BUILDING_LIMITS.unitsMax).default([]),
});

/** `POST …/building/saveBuildingInfo`: no id saves a new building, an id changes that one. */
export const saveBuildingRequest = buildingFields
  .extend({
    id: z.uuid().optional(),
    /**
     * The user has read the plausibility warnings (building-plausibility) and saves anyway;
     * without it a save with warnings is refused with the list and changes nothing.
     */
    confirmWarnings: z.boolean().optional(),
  })
  .refine((b) => b.height >= b.floorsAbove * BUILDING_LIMITS.minStoreyHeight, {
    message: `the height is too low for the floors above ground (at least ${BUILDING_LIMITS.minStoreyHeight} m a storey)`,
    path: ['height'],
  })
  .refine((b) => uniqueIds(b.designOrgIds), {
    message: 'a design unit is named twice',
    path: ['designOrgIds'],
  })
  .refine((b) => uniqueIds(b.surveyOrgIds), {
    message: 'a survey unit is named twice',
    path: ['surveyOrgIds'],
  });
export type SaveBuildingRequest = z.input<typeof saveBuildingRequest>;

const party = z.object({ orgId: z.string(), orgName: z.string() });
export type BuildingParty = z.infer<typeof party>;

export const building = z.object({
  id: z.string(),
  projectId: z.string(),
  name: z.string(),
  use: z.string(),
  structureType: z.string(),
  floorsAbove: z.number().int(),
  floorsBelow: z.number().int(),
  height: z.number(),
  floorArea: z.number(),
  seismicIntensity: z.string(),
  fireResistanceRating: z.string(),
  climaticRegion: z.string(),
  status: z.enum(BUILDING_STATUS_KEYS),
  designUnits: z.array(party),
  surveyUnits: z.array(party),
  submittedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What the acting organisation may do to this building now (PROJECT_POLICY). */
  can: z.object({
    /** Change basic data and hazard sources, delete. */
    edit: z.boolean(),
    submit: z.boolean(),
    confirm: z.boolean(),
    reject: z.boolean(),
    /** The acting design unit's design info. */
    editDesignInfo: z.boolean(),
    /** The acting survey unit's findings. */
    editSurveyFindings: z.boolean(),
  }),
});
export type Building = z.infer<typeof building>;

/** `getBuildings`: page 0 and size 5 by default (spec §9); `searchValue` is part of the name. */
export const buildingListQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(5),
  searchValue: z.string().trim().max(BUILDING_LIMITS.nameMax).optional(),
});
export type BuildingListQuery = z.input<typeof buildingListQuery>;

export const buildingPage = z.object({
  total: z.number().int(),
  items: z.array(building),
  /** Whether the acting organisation may add (or copy) buildings now. */
  can: z.object({ add: z.boolean() }),
});
export type BuildingPage = z.infer<typeof buildingPage>;

/** `queryBuildings`: the project's buildings, of one status when given. */
export const buildingStatusQuery = z.object({ status: z.enum(BUILDING_STATUS_KEYS).optional() });
export type BuildingStatusQuery = z.input<typeof buildingStatusQuery>;

/** `copyBuildingInfo?buildingId=…&buildingName=…`. */
export const copyBuildingQuery = z.object({
  buildingId: z.uuid(),
  buildingName: text(BUILDING_LIMITS.nameMax),
});
export type CopyBuildingQuery = z.input<typeof copyBuildingQuery>;

/** A path parameter of comma-joined ids (`submit/{ids}`, `getAll/{ids}`...), each named once. */
export const idListParam = commaList(z.uuid(), { min: 1, max: BUILDING_LIMITS.idsMax });

// ---- survey info (one per building and survey unit) ----

export const saveBuildingSurveyInfoRequest = z.object({
  buildingId: z.uuid(),
  siteCategory: z.enum(keysOf(SITE_CATEGORIES)),
  foundationType: z.enum(keysOf(FOUNDATION_TYPES)),
  /** 持力层, e.g. "中风化泥质粉砂岩". */
  bearingStratum: text(100),
  /** 地下水位埋深 in metres; null where none was met. */
  groundwaterDepth: z.number().min(0).max(200).nullable(),
  liquefaction: z.enum(keysOf(LIQUEFACTION_GRADES)),
  remark: nullableText(500),
});
export type SaveBuildingSurveyInfoRequest = z.input<typeof saveBuildingSurveyInfoRequest>;

export const buildingSurveyInfo = z.object({
  buildingId: z.string(),
  orgId: z.string(),
  orgName: z.string(),
  siteCategory: z.enum(keysOf(SITE_CATEGORIES)),
  foundationType: z.enum(keysOf(FOUNDATION_TYPES)),
  bearingStratum: z.string(),
  groundwaterDepth: z.number().nullable(),
  liquefaction: z.enum(keysOf(LIQUEFACTION_GRADES)),
  remark: z.string().nullable(),
  updatedAt: z.string(),
});
export type BuildingSurveyInfo = z.infer<typeof buildingSurveyInfo>;

// ---- hazard sources (危大工程) ----

export const hazardSourceInput = z.object({
  /** Present: change that entry; absent: add one. */
  id: z.uuid().optional(),
  /** hazardSourcesName dictionary. */
  code: dictionaryCode,
  description: text(500),
  /** 超过一定规模; defaults to the dictionary entry's, and cannot be false where the entry is. */
  beyondScale: z.boolean().optional(),
});

export const saveBuildingHazardSourcesRequest = z
  .object({
    buildingId: z.uuid(),
    items: z.array(hazardSourceInput).min(1).max(BUILDING_LIMITS.hazardSourcesMax),
  })
  .refine((r) => uniqueIds(r.items.flatMap((i) => (i.id ? [i.id] : []))), {
    message: 'an entry is named twice',
    path: ['items'],
  });
export type SaveBuildingHazardSourcesRequest = z.input<typeof saveBuildingHazardSourcesRequest>;

export const buildingHazardSource = z.object({
  id: z.string(),
  buildingId: z.string(),
  code: z.string(),
  description: z.string(),
  beyondScale: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BuildingHazardSource = z.infer<typeof buildingHazardSource>;

// ---- design info (one row per design unit and specialty) ----

export const designInfoInput = z.object({
  id: z.uuid().optional(),
  /** specialty dictionary, a design specialty. */
  specialty: dictionaryCode,
  /** 专业负责人. */
  chiefDesigner: personNameField,
  /** 注册执业证书编号 of the registered engineer who seals the drawings. */
  engineerCertNo: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,32}$/, '4 to 32 letters, digits or hyphens'),
  remark: nullableText(500),
});

export const saveBuildingDesignInfosRequest = z
  .object({
    buildingId: z.uuid(),
    items: z.array(designInfoInput).min(1).max(BUILDING_LIMITS.designInfosMax),
  })
  .refine((r) => uniqueIds(r.items.map((i) => i.specialty)), {
    message: 'a specialty is named twice',
    path: ['items'],
  })
  .refine((r) => uniqueIds(r.items.flatMap((i) => (i.id ? [i.id] : []))), {
    message: 'an entry is named twice',
    path: ['items'],
  });
export type SaveBuildingDesignInfosRequest = z.input<typeof saveBuildingDesignInfosRequest>;

export const buildingDesignInfo = z.object({
  id: z.string(),
  buildingId: z.string(),
  orgId: z.string(),
  orgName: z.string(),
  specialty: z.string(),
  chiefDesigner: z.string(),
  engineerCertNo: z.string(),
  remark: z.string().nullable(),
  updatedAt: z.string(),
});
export type BuildingDesignInfo = z.infer<typeof buildingDesignInfo>;

// ---- the review agency's answer ----

const reason = text(BUILDING_LIMITS.reasonMax);

/**
 * `PUT …/reject/{ids}`: the reason may come with the call, else the feedback added just before.
 * No body at all reads as no reason.
 */
export const rejectBuildingsRequest = z.object({ reason: reason.optional() }).nullish();
export type RejectBuildingsRequest = z.input<typeof rejectBuildingsRequest>;

/** `POST /{orgId}/buildingFeedback/add`: why the agency rejects a building. */
export const buildingFeedbackRequest = z.object({ buildingId: z.uuid(), reason });
export type BuildingFeedbackRequest = z.input<typeof buildingFeedbackRequest>;

export const buildingFeedback = z.object({
  id: z.string(),
  buildingId: z.string(),
  orgId: z.string(),
  orgName: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
export type BuildingFeedback = z.infer<typeof buildingFeedback>;

/** The design and survey units recorded for some buildings (`project/getSurveyDesignUnits`). */
export const surveyDesignUnits = z.object({ designList: z.array(party), surveyList: z.array(party) });
export type SurveyDesignUnits = z.infer<typeof surveyDesignUnits>;

export const buildingUnits = z.array(party);

/** Everything the building form picks from, in one answer (`getBuildingDictionary`). */
export const buildingDictionary = z.object({
  uses: z.array(dictionaryItem),
  structureTypes: z.array(dictionaryItem),
  seismicIntensities: z.array(dictionaryItem),
  fireResistanceRatings: z.array(dictionaryItem),
  climaticRegions: z.array(dictionaryItem),
  hazardSources: z.array(dictionaryItem),
  /** The design specialties (design info rows); the survey one is not among them. */
  specialties: z.array(dictionaryItem),
  siteCategories: z.array(dictionaryItem),
  foundationTypes: z.array(dictionaryItem),
  liquefactionGrades: z.array(dictionaryItem),
});
export type BuildingDictionary = z.infer<typeof buildingDictionary>;

/** A fixed list of this file as dictionary entries, so the form reads every list alike. */
export function fixedDictionaryItems(list: Record<string, Texts>) {
  return Object.entries(list).map(([code, texts]) => ({
    code,
    name: texts['zh-CN'],
    nameEn: texts['en-US'],
  }));
}
