import { z } from 'zod';
import type { Locale } from '../errors/error-codes.js';
import {
  ENERGY_OPINION_KEY_KEYS,
  OPINION_KIND_KEYS,
  type OpinionKind,
} from '../opinions/opinion-contracts.js';

/**
 * Designers' answers (意见回复) and the next rounds (issue 20), domain.md step 6. Once a round's
 * report is forwarded, each of its opinions stands OPEN, addressed to one design or survey unit
 * (the unit that filed its sheet, or the one the building names for its specialty). The unit
 * answers each: revised (naming the revised sheet of the next document version and where on it) or
 * explained without revision. The construction unit sends the answers with the revised drawings as
 * the next version; the agency's reviewers then decide each carried opinion (close, keep open, or
 * reopen one closed earlier), never silently, and the round's report lists what was closed, kept
 * and added.
 */

type Texts = Record<Locale, string>;

/** The spec's two answer lists: the drawings' (施工图, with the survey's) and energy saving's. */
export const ANSWER_LISTS = {
  CONST: { 'zh-CN': '施工图审查意见回复', 'en-US': 'Answers to drawing review opinions' },
  ENERGY: { 'zh-CN': '节能审查意见回复', 'en-US': 'Answers to energy-saving opinions' },
} as const satisfies Record<string, Texts>;
export type AnswerList = keyof typeof ANSWER_LISTS;
export const ANSWER_LIST_KEYS = Object.keys(ANSWER_LISTS) as [AnswerList, ...AnswerList[]];

/** The opinion kinds each list holds: survey opinions are answered beside the drawings'. */
export const ANSWER_LIST_KINDS: Record<AnswerList, readonly OpinionKind[]> = {
  CONST: ['CONSTRUCTION', 'SURVEY'],
  ENERGY: ['ENERGY'],
};
export const answerListOf = (kind: OpinionKind): AnswerList => (kind === 'ENERGY' ? 'ENERGY' : 'CONST');

/** The routes of each list: the units' and the agency's, and the authorities' (supervise, joint). */
export const ANSWER_LIST_ROUTES: Record<AnswerList, { unit: string; reader: string }> = {
  CONST: { unit: 'answerCensorConstRes', reader: 'drawingreply' },
  ENERGY: { unit: 'answerCensorEnergyRes', reader: 'energyreply' },
};

/** An issued opinion: OPEN until a reviewer of a later round closes it. Null before its report is forwarded. */
export const OPINION_STATES = {
  OPEN: { 'zh-CN': '未闭合', 'en-US': 'Open' },
  CLOSED: { 'zh-CN': '已闭合', 'en-US': 'Closed' },
} as const satisfies Record<string, Texts>;
export type OpinionState = keyof typeof OPINION_STATES;
export const OPINION_STATE_KEYS = Object.keys(OPINION_STATES) as [OpinionState, ...OpinionState[]];

/** How a unit answers an opinion. */
export const ANSWER_KINDS = {
  REVISED: { 'zh-CN': '已修改图纸', 'en-US': 'Revised' },
  EXPLAINED: { 'zh-CN': '说明不修改', 'en-US': 'Explained, not revised' },
} as const satisfies Record<string, Texts>;
export type AnswerKind = keyof typeof ANSWER_KINDS;
export const ANSWER_KIND_KEYS = Object.keys(ANSWER_KINDS) as [AnswerKind, ...AnswerKind[]];

/**
 * What a reviewer of the next round decides for a carried opinion: close it (the answer resolves
 * it), keep it open (with a remark why), or reopen one an earlier round closed (with a new remark).
 */
export const OPINION_DECISIONS = {
  CLOSE: { 'zh-CN': '闭合', 'en-US': 'Close' },
  KEEP: { 'zh-CN': '保留', 'en-US': 'Keep open' },
  REOPEN: { 'zh-CN': '重新打开', 'en-US': 'Reopen' },
} as const satisfies Record<string, Texts>;
export type OpinionDecision = keyof typeof OPINION_DECISIONS;
export const OPINION_DECISION_KEYS = Object.keys(OPINION_DECISIONS) as [
  OpinionDecision,
  ...OpinionDecision[],
];

export const ANSWER_LIMITS = {
  textMax: 2000,
  remarkMax: 1000,
  pageSizeMax: 100,
  /** A region's sides in PDF points: an A0 sheet is 3370 × 2384, so 20 000 leaves room for any. */
  coordinateMax: 20_000,
} as const;

const person = z.object({ accountId: z.uuid(), name: z.string() });

/** A rectangle on a sheet's page in PDF points of the unrotated page (the viewer's own frame). */
export const sheetRegion = z
  .object({
    x: z.number().min(0).max(ANSWER_LIMITS.coordinateMax),
    y: z.number().min(0).max(ANSWER_LIMITS.coordinateMax),
    width: z.number().positive().max(ANSWER_LIMITS.coordinateMax),
    height: z.number().positive().max(ANSWER_LIMITS.coordinateMax),
  })
  .strict();
export type SheetRegion = z.infer<typeof sheetRegion>;

/** A place on a sheet of some version: what the viewer opens (its route and `?page=&x=&y=`). */
export const sheetPlace = z.object({
  versionId: z.uuid(),
  /** The version's number: the round. */
  round: z.number().int().positive(),
  folderId: z.uuid(),
  fileId: z.uuid(),
  fileName: z.string(),
  /** 0-based. */
  page: z.number().int().nonnegative(),
  /** Where on the page: the answer's region, or the opinion markup's bounds; null for the whole page. */
  region: sheetRegion.nullable(),
});
export type SheetPlace = z.infer<typeof sheetPlace>;

export const opinionAnswer = z.object({
  id: z.uuid(),
  /** The version the answer was sent with (the round it answers into). */
  versionId: z.uuid(),
  round: z.number().int().positive(),
  kind: z.enum(ANSWER_KIND_KEYS),
  text: z.string(),
  /** REVISED: the revised sheet in that version, and where on it. */
  sheet: sheetPlace.nullable(),
  answeredBy: person,
  answeredAt: z.iso.datetime({ offset: true }),
  /** When the construction unit sent it with the version; null while the unit may still change it. */
  sentAt: z.iso.datetime({ offset: true }).nullable(),
});
export type OpinionAnswer = z.infer<typeof opinionAnswer>;

export const opinionDecisionEntry = z.object({
  round: z.number().int().positive(),
  decision: z.enum(OPINION_DECISION_KEYS),
  remark: z.string(),
  by: person,
  at: z.iso.datetime({ offset: true }),
  /** Its round's report was forwarded: the decision is final and part of the opinion's state. */
  issued: z.boolean(),
});
export type OpinionDecisionEntry = z.infer<typeof opinionDecisionEntry>;

/** One issued opinion with its answers and decisions, as every party reads it. */
export const answerItem = z.object({
  opinionId: z.uuid(),
  /** The round the opinion was first written in, and its number there. */
  round: z.number().int().positive(),
  number: z.number().int().positive(),
  kind: z.enum(OPINION_KIND_KEYS),
  buildingId: z.uuid(),
  buildingName: z.string(),
  specialty: z.string(),
  opinionType: z.string(),
  energyKey: z.enum(ENERGY_OPINION_KEY_KEYS).nullable(),
  /** "GB 55001-2021 第 4.2.1 条", with the clause's text. */
  clause: z.object({ label: z.string(), text: z.string() }).nullable(),
  mandatory: z.boolean(),
  text: z.string(),
  /** Where the reviewer put it. */
  sheet: sheetPlace.nullable(),
  state: z.enum(OPINION_STATE_KEYS),
  /** The unit it is addressed to. */
  unit: z.object({ orgId: z.uuid(), name: z.string() }),
  /** The answer of the round being prepared or reviewed now; null while unanswered. */
  answer: opinionAnswer.nullable(),
  /** This round's reviewer's decision, once made (the carried opinions of a round in review). */
  decision: opinionDecisionEntry.nullable(),
  can: z.object({ answer: z.boolean(), changeAnswer: z.boolean(), decide: z.boolean() }),
});
export type AnswerItem = z.infer<typeof answerItem>;

/** `detail/{id}`: one opinion with every round's answer and decision, oldest first. */
export const answerDetail = answerItem.extend({
  answers: z.array(opinionAnswer),
  decisions: z.array(opinionDecisionEntry),
  reviewer: person,
});
export type AnswerDetail = z.infer<typeof answerDetail>;

export const ANSWER_FILTERS = {
  UNANSWERED: { 'zh-CN': '未回复', 'en-US': 'Unanswered' },
  ANSWERED: { 'zh-CN': '已回复', 'en-US': 'Answered' },
  CLOSED: { 'zh-CN': '已闭合', 'en-US': 'Closed' },
} as const satisfies Record<string, Texts>;
export type AnswerFilter = keyof typeof ANSWER_FILTERS;
export const ANSWER_FILTER_KEYS = Object.keys(ANSWER_FILTERS) as [AnswerFilter, ...AnswerFilter[]];

export const answerListQuery = z.object({
  list: z.enum(ANSWER_LIST_KEYS),
  buildingId: z.uuid().optional(),
  specialty: z.string().max(40).optional(),
  filter: z.enum(ANSWER_FILTER_KEYS).optional(),
  /** Words of the opinion or the answer. */
  keyword: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ANSWER_LIMITS.pageSizeMax).default(20),
});
export type AnswerListQuery = z.input<typeof answerListQuery>;

/**
 * A list screen: the application's issued opinions of the list, the caller's unit's first when it
 * answers. `round`: the version the answers go with (being uploaded, sent or in review), null before
 * any report was forwarded. Counts are over the whole list, not the page.
 */
export const answerPage = z.object({
  items: z.array(answerItem),
  total: z.number().int().nonnegative(),
  round: z
    .object({
      versionId: z.uuid(),
      number: z.number().int().positive(),
      /** UPLOADING while the units answer; SUBMITTED once sent; REVIEW once the agency accepted. */
      status: z.string(),
    })
    .nullable(),
  counts: z.object({
    open: z.number().int().nonnegative(),
    answered: z.number().int().nonnegative(),
    unanswered: z.number().int().nonnegative(),
    /** Of those, addressed to the caller's unit and still unanswered. */
    mineUnanswered: z.number().int().nonnegative(),
    closed: z.number().int().nonnegative(),
  }),
});
export type AnswerPage = z.infer<typeof answerPage>;

/**
 * Answering an opinion (or changing the answer until the unit hands over its materials of the
 * round). REVISED names the revised sheet, a PDF of the version being prepared, its page, and
 * optionally a region on it; EXPLAINED says why nothing changed.
 */
export const answerWriteRequest = z
  .object({
    kind: z.enum(ANSWER_KIND_KEYS),
    text: z.string().trim().min(1).max(ANSWER_LIMITS.textMax),
    sheet: z
      .object({
        fileId: z.uuid(),
        page: z.number().int().nonnegative().max(9999),
        region: sheetRegion.nullable().optional(),
      })
      .nullable()
      .optional(),
  })
  .refine((a) => a.kind !== 'REVISED' || !!a.sheet, { path: ['sheet'], message: 'REVISED names its sheet' });
export type AnswerWriteRequest = z.input<typeof answerWriteRequest>;

/** A reviewer's decision on a carried opinion; KEEP and REOPEN say why. */
export const opinionDecisionRequest = z
  .object({
    decision: z.enum(OPINION_DECISION_KEYS),
    remark: z.string().trim().max(ANSWER_LIMITS.remarkMax).default(''),
  })
  .refine((d) => d.decision === 'CLOSE' || d.remark.length > 0, {
    path: ['remark'],
    message: 'KEEP and REOPEN give a remark',
  });
export type OpinionDecisionRequest = z.input<typeof opinionDecisionRequest>;
