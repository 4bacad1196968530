import { z } from 'zod';
import { keysOf } from '../http/fields.js';

/**
 * The clause library (issue 19): standards and their clauses as data. A clause is versioned: a
 * changed text makes a new version row and the old one stays readable, because an opinion names
 * the clause VERSION it cites and must keep the wording it was written against.
 */

export const STANDARD_KINDS = {
  GENERAL_CODE: { 'zh-CN': '全文强制性工程建设规范', 'en-US': 'General code (wholly mandatory)' },
  NATIONAL: { 'zh-CN': '国家标准', 'en-US': 'National standard' },
  INDUSTRY: { 'zh-CN': '行业标准', 'en-US': 'Industry standard' },
  LOCAL: { 'zh-CN': '地方标准', 'en-US': 'Local standard' },
} as const;
export const standardKind = z.enum(keysOf(STANDARD_KINDS));
export type StandardKind = z.infer<typeof standardKind>;

export const STANDARD_STATUSES = {
  ACTIVE: { 'zh-CN': '现行', 'en-US': 'Active' },
  WITHDRAWN: { 'zh-CN': '已废止', 'en-US': 'Withdrawn' },
} as const;
export const standardStatus = z.enum(keysOf(STANDARD_STATUSES));
export type StandardStatus = z.infer<typeof standardStatus>;

/** The general code an energy-saving opinion cites (建筑节能与可再生能源利用通用规范). */
export const ENERGY_SAVING_STANDARD = 'GB 55015-2021';

export const CLAUSE_LIMITS = {
  /** A CSV import: a standard rarely has more than a few hundred clauses. */
  importBytesMax: 2 * 1024 * 1024,
  importRowsMax: 5000,
  textMax: 4000,
  titleMax: 500,
  searchQueryMax: 100,
} as const;

const isoDate = z.iso.date();

/** 'GB 55001-2021', 'JGJ 3-2010', 'DBJ43/T 001-2019': a letter prefix, a number, a year. */
export const standardCode = z
  .string()
  .trim()
  .regex(/^[A-Z][A-Z0-9/]*(?:\/T)? ?[0-9][0-9.]*-(?:19|20)[0-9]{2}$/, {
    message: 'standard code like "GB 55001-2021"',
  });

/** '2.1.1', '4.3.2A', '5': chapter, section and clause numbers. */
export const clauseNumber = z
  .string()
  .trim()
  .regex(/^[0-9]+(?:\.[0-9]+){0,4}[A-Z]?$/, { message: 'clause number like "2.1.1"' });

export const standard = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  kind: standardKind,
  issuedOn: isoDate.nullable(),
  effectiveOn: isoDate.nullable(),
  status: standardStatus,
  withdrawnOn: isoDate.nullable(),
  /** The standard that replaces a withdrawn one, by id. */
  replacedBy: z.uuid().nullable(),
  /** Its clauses (current versions). */
  clauseCount: z.number().int(),
});
export type Standard = z.infer<typeof standard>;

export const standardList = z.object({ items: z.array(standard) });
export type StandardList = z.infer<typeof standardList>;

export const standardCreateRequest = z.object({
  code: standardCode,
  name: z.string().trim().min(1).max(200),
  nameEn: z.string().trim().min(1).max(300),
  kind: standardKind,
  issuedOn: isoDate.nullish(),
  effectiveOn: isoDate.nullish(),
});
export type StandardCreateRequest = z.input<typeof standardCreateRequest>;

/**
 * Edits a standard. `status: 'WITHDRAWN'` needs the date; a replacement is optional (a code may be
 * withdrawn without successor). Back to ACTIVE clears both.
 */
export const standardUpdateRequest = z
  .object({
    name: z.string().trim().min(1).max(200),
    nameEn: z.string().trim().min(1).max(300),
    kind: standardKind,
    issuedOn: isoDate.nullish(),
    effectiveOn: isoDate.nullish(),
    status: standardStatus,
    withdrawnOn: isoDate.nullish(),
    replacedBy: z.uuid().nullish(),
  })
  .refine((v) => v.status === 'ACTIVE' || !!v.withdrawnOn, {
    path: ['withdrawnOn'],
    message: 'a withdrawn standard needs its withdrawal date',
  });
export type StandardUpdateRequest = z.input<typeof standardUpdateRequest>;

/** One version of a clause: what an opinion cites. */
export const clauseVersion = z.object({
  /** The version's id: the reference an opinion stores. */
  id: z.uuid(),
  clauseId: z.uuid(),
  standardId: z.uuid(),
  number: z.string(),
  title: z.string(),
  titleEn: z.string(),
  text: z.string().nullable(),
  /** A code of the specialty dictionary. */
  specialty: z.string(),
  /** 强制性条文 */
  mandatory: z.boolean(),
  version: z.number().int(),
  /** Whether this is the clause's current version. */
  current: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ClauseVersion = z.infer<typeof clauseVersion>;

/** The standard as a clause shows it. */
export const clauseStandard = standard.pick({
  id: true,
  code: true,
  name: true,
  nameEn: true,
  kind: true,
  status: true,
  withdrawnOn: true,
});
export type ClauseStandard = z.infer<typeof clauseStandard>;

export const clauseVersionWithStandard = clauseVersion.extend({ standard: clauseStandard });
export type ClauseVersionWithStandard = z.infer<typeof clauseVersionWithStandard>;

export const clauseSearchQuery = z.object({
  /** A standard code ('GB55015', 'GB 55015-2021'), a clause number ('2.1.1') or words of the title. */
  q: z.string().trim().max(CLAUSE_LIMITS.searchQueryMax).optional(),
  specialty: z.string().trim().max(40).optional(),
  standardId: z.uuid().optional(),
  /** Clauses of withdrawn standards are left out unless asked for. */
  withdrawn: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type ClauseSearchQuery = z.input<typeof clauseSearchQuery>;

export const clausePage = z.object({
  total: z.number().int(),
  items: z.array(clauseVersionWithStandard),
});
export type ClausePage = z.infer<typeof clausePage>;

/** A standard's clauses (current versions), each with the number of versions it has had. */
export const standardClauses = z.object({
  standard,
  items: z.array(clauseVersion.extend({ versions: z.array(clauseVersion) })),
});
export type StandardClauses = z.infer<typeof standardClauses>;

export const clauseImportResult = z.object({
  /** Clauses new to the standard. */
  created: z.number().int(),
  /** Clauses whose text, title, specialty or mandatory flag changed: each got a new version. */
  revised: z.number().int(),
  unchanged: z.number().int(),
});
export type ClauseImportResult = z.infer<typeof clauseImportResult>;

/** Who reads the library: a label for each standard in a picker, `GB 55001-2021 第2.1.1条`. */
export function clauseLabel(
  clause: { number: string; title: string; titleEn: string; standard: { code: string } },
  locale: 'zh-CN' | 'en-US',
): string {
  return locale === 'zh-CN'
    ? `${clause.standard.code} 第${clause.number}条 ${clause.title}`
    : `${clause.standard.code} clause ${clause.number} ${clause.titleEn}`;
}
