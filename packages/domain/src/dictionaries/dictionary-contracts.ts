import { z } from 'zod';
import type { Locale } from '../errors/error-codes.js';

/**
 * The review dictionaries of `GET /api/checkDrawings/cdDictionary/{kind}`. Their content is data
 * with a version (apps/server/src/modules/dictionaries/data), so a new edition of a code or a
 * renamed specialty is a data change, not a release of the web app.
 */
export const DICTIONARY_KINDS = [
  'specialty',
  'hazardSourcesName',
  'projectType',
  'constructType',
  'stage',
  'opinionType',
  'auditType',
  'mandatoryTerm',
  'climaticRegion',
  'buildingUse',
  'structureType',
  'seismicIntensity',
  'fireResistanceRating',
] as const;
export type DictionaryKind = (typeof DICTIONARY_KINDS)[number];
export const dictionaryKind = z.enum(DICTIONARY_KINDS);

export const DICTIONARY_KIND_LABELS = {
  specialty: { 'zh-CN': '审查专业', 'en-US': 'Review specialties' },
  hazardSourcesName: { 'zh-CN': '危险性较大的分部分项工程', 'en-US': 'Hazardous sub-projects' },
  projectType: { 'zh-CN': '工程类别', 'en-US': 'Project types' },
  constructType: { 'zh-CN': '建设性质', 'en-US': 'Construct types' },
  stage: { 'zh-CN': '审查阶段', 'en-US': 'Review stages' },
  opinionType: { 'zh-CN': '审查意见类别', 'en-US': 'Opinion types' },
  auditType: { 'zh-CN': '审查类型', 'en-US': 'Audit types' },
  mandatoryTerm: { 'zh-CN': '强制性条文', 'en-US': 'Mandatory clauses' },
  climaticRegion: { 'zh-CN': '建筑热工设计分区', 'en-US': 'Building climatic regions' },
  buildingUse: { 'zh-CN': '建筑使用功能', 'en-US': 'Building uses' },
  structureType: { 'zh-CN': '结构体系', 'en-US': 'Structural systems' },
  seismicIntensity: { 'zh-CN': '抗震设防烈度', 'en-US': 'Seismic fortification intensities' },
  fireResistanceRating: { 'zh-CN': '耐火等级', 'en-US': 'Fire-resistance ratings' },
} as const satisfies Record<DictionaryKind, Record<Locale, string>>;

/** Which kind of document a specialty or stage belongs to: design drawings or survey reports. */
export const DICTIONARY_DOCUMENT_TYPES = ['DESIGN', 'SURVEY'] as const;
export type DictionaryDocumentType = (typeof DICTIONARY_DOCUMENT_TYPES)[number];

/** Stable codes are what other records store, so they stay ASCII and never carry display text. */
const dictionaryCode = z.string().regex(/^[A-Z0-9][A-Z0-9_.-]*$/, 'upper-case letters, digits, _ . -');
/** The general codes (全文强制性工程建设规范), e.g. "GB 55001-2021". */
const generalCodeNumber = z.string().regex(/^GB 55\d{3}-\d{4}$/, 'a GB 55xxx-yyyy code number');
/** A chapter ("7"), section ("7.1") or clause ("7.1.4") number. */
const clauseNumber = z.string().regex(/^\d+(\.\d+){0,2}$/, 'a chapter, section or clause number');

/** One entry of any dictionary, as the wire carries it; the kind decides which extras are set. */
export const dictionaryItem = z.object({
  code: dictionaryCode,
  name: z.string().min(1),
  nameEn: z.string().min(1),
  /** The code of the entry it belongs under, in the same dictionary. */
  parent: dictionaryCode.optional(),
  description: z.string().min(1).optional(),
  descriptionEn: z.string().min(1).optional(),
  /** specialty, stage */
  documentType: z.enum(DICTIONARY_DOCUMENT_TYPES).optional(),
  /** hazardSourcesName: 超过一定规模的危大工程, whose special scheme needs an expert review. */
  beyondScale: z.boolean().optional(),
  /** mandatoryTerm */
  standard: generalCodeNumber.optional(),
  standardName: z.string().min(1).optional(),
  standardNameEn: z.string().min(1).optional(),
  clause: clauseNumber.optional(),
  title: z.string().min(1).optional(),
  titleEn: z.string().min(1).optional(),
  /** mandatoryTerm: the code of the specialty that reviews the clause. */
  specialty: dictionaryCode.optional(),
});
export type DictionaryItem = z.infer<typeof dictionaryItem>;

const specialtyItem = dictionaryItem
  .pick({ code: true, name: true, nameEn: true, parent: true, description: true, descriptionEn: true })
  .extend({ documentType: z.enum(DICTIONARY_DOCUMENT_TYPES) })
  .strict();
const hazardItem = dictionaryItem
  .pick({ code: true, name: true, nameEn: true, parent: true, description: true, descriptionEn: true })
  .extend({ beyondScale: z.boolean() })
  .strict();
const plainItem = dictionaryItem
  .pick({ code: true, name: true, nameEn: true, parent: true, description: true, descriptionEn: true })
  .strict();
const stageItem = plainItem.extend({ documentType: z.enum(DICTIONARY_DOCUMENT_TYPES) }).strict();
const mandatoryTermItem = dictionaryItem
  .pick({ code: true, name: true, nameEn: true })
  .extend({
    standard: generalCodeNumber,
    standardName: z.string().min(1),
    standardNameEn: z.string().min(1),
    clause: clauseNumber,
    title: z.string().min(1),
    titleEn: z.string().min(1),
    specialty: dictionaryCode,
  })
  .strict();

/**
 * The stricter shape each kind's entries must have in the data files: typos and missing
 * kind-specific fields fail at start, not in front of a reviewer.
 */
export const DICTIONARY_ITEM_SCHEMAS = {
  specialty: specialtyItem,
  hazardSourcesName: hazardItem,
  projectType: plainItem,
  constructType: plainItem,
  stage: stageItem,
  opinionType: plainItem,
  auditType: plainItem,
  mandatoryTerm: mandatoryTermItem,
  climaticRegion: plainItem,
  buildingUse: plainItem,
  structureType: plainItem,
  seismicIntensity: plainItem,
  fireResistanceRating: plainItem,
} as const satisfies Record<DictionaryKind, z.ZodType<DictionaryItem>>;

/** One data file: a versioned edition of one dictionary and where its content comes from. */
export function dictionaryFileOf<K extends DictionaryKind>(kind: K) {
  return z
    .object({
      version: z.string().min(1),
      source: z.string().min(1),
      items: z.array(DICTIONARY_ITEM_SCHEMAS[kind]).min(1),
    })
    .strict();
}

export const dictionary = z.object({
  kind: dictionaryKind,
  version: z.string(),
  items: z.array(dictionaryItem),
});
export type Dictionary = z.infer<typeof dictionary>;

/** The entry's name in the reader's language. */
export function dictionaryItemName(item: Pick<DictionaryItem, 'name' | 'nameEn'>, locale: Locale): string {
  return locale === 'en-US' ? item.nameEn : item.name;
}

/** How a mandatory clause is cited: "第7.1.4条", "第3.2节" or "第3章" and the English counterpart. */
export function clauseReference(clause: string, locale: Locale): string {
  const depth = clause.split('.').length;
  if (locale === 'en-US') return `${['chapter', 'section', 'clause'][depth - 1] ?? 'clause'} ${clause}`;
  return `第${clause}${['章', '节', '条'][depth - 1] ?? '条'}`;
}
