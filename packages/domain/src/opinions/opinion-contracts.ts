import { z } from 'zod';
import type { Locale } from '../errors/error-codes.js';
import { clauseVersionWithStandard } from '../clauses/clause-contracts.js';
import { ENERGY_OPINION_KEYS, type EnergyOpinionKey } from '../reviews/opinion-keys.js';
import { MISSION_STATUS_KEYS } from '../missions/mission-contracts.js';
import { SURVEY_SPECIALTY } from '../project-access/handover-readiness.js';

/**
 * Review opinions (审查意见), domain.md step 4: what a reviewer finds in one building × specialty
 * of the round, recorded under their mission. Each opinion names its sheet and the region drawn on
 * it (a markup of the viewer), its type (the `opinionType` dictionary), the mandatory clause it
 * violates where it does (a clause *version*, so the text stays as it was cited, and the next
 * issues count violations per clause), and its text. The mission's specialty decides which of the
 * spec's three lists it belongs to: survey (勘察), energy saving (节能), or the drawings (the rest).
 */

type Texts = Record<Locale, string>;

/** The spec's three opinion screens: censorconstres, censorenergyres, censorsurveyres. */
export const OPINION_KINDS = {
  CONSTRUCTION: { 'zh-CN': '施工图审查意见', 'en-US': 'Drawing review opinions' },
  ENERGY: { 'zh-CN': '节能审查意见', 'en-US': 'Energy-saving review opinions' },
  SURVEY: { 'zh-CN': '勘察审查意见', 'en-US': 'Survey review opinions' },
} as const satisfies Record<string, Texts>;
export type OpinionKind = keyof typeof OPINION_KINDS;
export const OPINION_KIND_KEYS = Object.keys(OPINION_KINDS) as [OpinionKind, ...OpinionKind[]];

/** The spec's route segment of each kind, under /sys_audit/{orgId}/{projectId}/. */
export const OPINION_KIND_ROUTES: Record<OpinionKind, string> = {
  CONSTRUCTION: 'censorconstres',
  ENERGY: 'censorenergyres',
  SURVEY: 'censorsurveyres',
};

/** The specialty dictionary's code with a list of its own, beside SURVEY; every other is CONSTRUCTION. */
export const ENERGY_SPECIALTY = 'ENERGY_SAVING';

export const opinionKindOf = (specialty: string): OpinionKind =>
  specialty === SURVEY_SPECIALTY ? 'SURVEY' : specialty === ENERGY_SPECIALTY ? 'ENERGY' : 'CONSTRUCTION';

/** The opinionType dictionary's code for an opinion that violates a mandatory clause (强条). */
export const MANDATORY_OPINION_TYPE = 'MANDATORY_STANDARD';

export const ENERGY_OPINION_KEY_KEYS = Object.keys(ENERGY_OPINION_KEYS) as [
  EnergyOpinionKey,
  ...EnergyOpinionKey[],
];

/**
 * Where an opinion stands.
 * - DRAFT: the reviewer's, kept but not yet part of the mission; a mission with drafts cannot be
 *   submitted (the checker would not see them).
 * - RECORDED: part of the mission; goes to the checker when the mission is submitted.
 * - RETURNED: the checker sent this one back with a reason (the mission went back with it); the
 *   reviewer's next save records it again.
 */
export const OPINION_STATUSES = {
  DRAFT: { 'zh-CN': '草稿', 'en-US': 'Draft' },
  RECORDED: { 'zh-CN': '已录入', 'en-US': 'Recorded' },
  RETURNED: { 'zh-CN': '退回修改', 'en-US': 'Returned' },
} as const satisfies Record<string, Texts>;
export type OpinionStatus = keyof typeof OPINION_STATUSES;
export const OPINION_STATUS_KEYS = Object.keys(OPINION_STATUSES) as [OpinionStatus, ...OpinionStatus[]];

/** What an opinion's history records. */
export const OPINION_EVENTS = {
  CREATE: { 'zh-CN': '录入', 'en-US': 'Recorded' },
  EDIT: { 'zh-CN': '修改', 'en-US': 'Edited' },
  CHECKER_EDIT: { 'zh-CN': '校审人修改', 'en-US': 'Edited by the checker' },
  RETURN: { 'zh-CN': '退回修改', 'en-US': 'Returned' },
} as const satisfies Record<string, Texts>;
export type OpinionEvent = keyof typeof OPINION_EVENTS;
export const OPINION_EVENT_KEYS = Object.keys(OPINION_EVENTS) as [OpinionEvent, ...OpinionEvent[]];

export const OPINION_LIMITS = {
  textMax: 2000,
  reasonMax: 500,
  phraseMax: 500,
  /** Phrases in one list (one member's, or the agency's). */
  phrasesMax: 500,
  pageSizeMax: 100,
} as const;

const person = z.object({ accountId: z.uuid(), name: z.string() });

/** The sheet an opinion is on: a file of the round's version, a page of it, a region drawn on it. */
export const opinionSheet = z.object({
  fileId: z.uuid(),
  fileName: z.string(),
  /** The file's folder: what the viewer's route needs beside the file. */
  folderId: z.uuid(),
  /** 0-based. */
  page: z.number().int().nonnegative(),
  /** The markup that marks the region; null when the opinion is on the sheet as a whole. */
  markupId: z.uuid().nullable(),
});
export type OpinionSheet = z.infer<typeof opinionSheet>;

export const opinion = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  /** The round: the accepted document version the mission reviews. */
  versionId: z.uuid(),
  missionId: z.uuid(),
  missionStatus: z.enum(MISSION_STATUS_KEYS),
  kind: z.enum(OPINION_KIND_KEYS),
  /** Its number within the mission (1, 2, …): the report and the designers' answers cite it. */
  number: z.number().int().positive(),
  buildingId: z.uuid(),
  buildingName: z.string(),
  specialty: z.string(),
  /** opinionType dictionary code. */
  opinionType: z.string(),
  /** ENERGY opinions only. */
  energyKey: z.enum(ENERGY_OPINION_KEY_KEYS).nullable(),
  /** The clause as it was cited, with its standard; null when none is violated. */
  clause: clauseVersionWithStandard.nullable(),
  /** The cited clause is a 强制性条文 (强条): lists show it first and marked. */
  mandatory: z.boolean(),
  text: z.string(),
  sheet: opinionSheet.nullable(),
  status: z.enum(OPINION_STATUS_KEYS),
  /** The checker's reason, while the opinion stands returned. */
  returnReason: z.string().nullable(),
  reviewer: person,
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  can: z.object({ edit: z.boolean(), delete: z.boolean(), return: z.boolean() }),
});
export type Opinion = z.infer<typeof opinion>;

export const opinionHistoryEntry = z.object({
  event: z.enum(OPINION_EVENT_KEYS),
  at: z.iso.datetime({ offset: true }),
  by: person.nullable(),
  /** The text before the change (EDIT, CHECKER_EDIT), or the reason (RETURN). */
  previousText: z.string().nullable(),
  reason: z.string().nullable(),
});
export type OpinionHistoryEntry = z.infer<typeof opinionHistoryEntry>;

export const opinionDetail = opinion.extend({ history: z.array(opinionHistoryEntry) });
export type OpinionDetail = z.infer<typeof opinionDetail>;

/** A list screen's query. The kind comes from the route; 强条 first, then building, specialty, number. */
export const opinionListQuery = z.object({
  kind: z.enum(OPINION_KIND_KEYS),
  buildingId: z.uuid().optional(),
  specialty: z.string().max(40).optional(),
  status: z.enum(OPINION_STATUS_KEYS).optional(),
  mandatoryOnly: z.coerce.boolean().optional(),
  missionId: z.uuid().optional(),
  /** Words of the text or the clause. */
  keyword: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(OPINION_LIMITS.pageSizeMax).default(20),
});
export type OpinionListQuery = z.input<typeof opinionListQuery>;

export const opinionPage = z.object({
  items: z.array(opinion),
  total: z.number().int().nonnegative(),
  /** Counts over the whole filtered list, not the page. */
  mandatoryCount: z.number().int().nonnegative(),
  /** The round the list shows; null before the agency accepted any materials. */
  round: z.object({ versionId: z.uuid(), number: z.number().int() }).nullable(),
  /** The caller's open missions of this kind: where a new opinion may go. */
  writableMissions: z.array(
    z.object({ id: z.uuid(), buildingId: z.uuid(), buildingName: z.string(), specialty: z.string() }),
  ),
});
export type OpinionPage = z.infer<typeof opinionPage>;

/**
 * Recording an opinion, or saving it again. `draft`: keep it as a draft. The server refuses, with a
 * clear message each: no mission of the caller on that building × specialty (or not open), a sheet
 * not in the round's version, a markup not on that sheet's page, a clause of a withdrawn standard,
 * a 强条 type without a mandatory clause, an energy opinion without its key.
 */
export const opinionWriteRequest = z.object({
  missionId: z.uuid(),
  opinionType: z.string().trim().min(1).max(40),
  energyKey: z.enum(ENERGY_OPINION_KEY_KEYS).nullable().optional(),
  clauseVersionId: z.uuid().nullable().optional(),
  text: z.string().trim().min(1).max(OPINION_LIMITS.textMax),
  sheet: z
    .object({
      fileId: z.uuid(),
      page: z.number().int().nonnegative(),
      markupId: z.uuid().nullable().optional(),
    })
    .nullable()
    .optional(),
  draft: z.boolean().default(false),
});
export type OpinionWriteRequest = z.input<typeof opinionWriteRequest>;

/** The checker sends one opinion back; the mission returns to the reviewer with it. */
export const opinionReturnRequest = z.object({
  reason: z.string().trim().min(1).max(OPINION_LIMITS.reasonMax),
});
export type OpinionReturnRequest = z.infer<typeof opinionReturnRequest>;

/**
 * 常用意见: a reviewer's own phrases, and the agency's (kept by its admin and directors), each
 * optionally for one specialty.
 */
export const OPINION_PHRASE_SCOPES = {
  OWN: { 'zh-CN': '我的常用意见', 'en-US': 'My phrases' },
  AGENCY: { 'zh-CN': '机构常用意见', 'en-US': "Agency's phrases" },
} as const satisfies Record<string, Texts>;
export type OpinionPhraseScope = keyof typeof OPINION_PHRASE_SCOPES;
export const OPINION_PHRASE_SCOPE_KEYS = Object.keys(OPINION_PHRASE_SCOPES) as [
  OpinionPhraseScope,
  ...OpinionPhraseScope[],
];

export const opinionPhrase = z.object({
  id: z.uuid(),
  scope: z.enum(OPINION_PHRASE_SCOPE_KEYS),
  specialty: z.string().nullable(),
  text: z.string(),
  /** Optional: a clause the phrase usually cites. */
  clause: clauseVersionWithStandard.nullable(),
  can: z.object({ edit: z.boolean() }),
});
export type OpinionPhrase = z.infer<typeof opinionPhrase>;

export const opinionPhraseList = z.object({
  items: z.array(opinionPhrase),
  can: z.object({ addAgency: z.boolean() }),
});
export type OpinionPhraseList = z.infer<typeof opinionPhraseList>;

export const opinionPhraseWriteRequest = z.object({
  scope: z.enum(OPINION_PHRASE_SCOPE_KEYS),
  specialty: z.string().trim().min(1).max(40).nullable().optional(),
  text: z.string().trim().min(1).max(OPINION_LIMITS.phraseMax),
  clauseVersionId: z.uuid().nullable().optional(),
});
export type OpinionPhraseWriteRequest = z.input<typeof opinionPhraseWriteRequest>;
