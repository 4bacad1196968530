import { z } from 'zod';
import type { Locale } from '../errors/error-codes.js';
import { BAD_ACTION_KEYS, type BadActionKey } from '../reviews/opinion-keys.js';
import { DOC_CATEGORY_KEYS } from '../doc-repository/doc-repository-contracts.js';

/**
 * Bad actions (不良行为, issue 19): a market-behaviour finding the review agency records against a
 * unit of the application (its construction, design or survey unit) or a named person of one,
 * confirmed or rejected by the supervising authority of the application's region. A confirmed one
 * is published in the portal's criticism list and told to the unit.
 */

type Texts = Record<Locale, string>;

export const BAD_ACTION_KEY_KEYS = Object.keys(BAD_ACTION_KEYS) as [BadActionKey, ...BadActionKey[]];

/** RECORDED until the authority decides; WITHDRAWN by the agency while it waits. */
export const BAD_ACTION_STATUSES = {
  RECORDED: { 'zh-CN': '待确认', 'en-US': 'Awaiting confirmation' },
  CONFIRMED: { 'zh-CN': '已确认', 'en-US': 'Confirmed' },
  REJECTED: { 'zh-CN': '已驳回', 'en-US': 'Rejected' },
  WITHDRAWN: { 'zh-CN': '已撤回', 'en-US': 'Withdrawn' },
} as const satisfies Record<string, Texts>;
export type BadActionStatus = keyof typeof BAD_ACTION_STATUSES;
export const BAD_ACTION_STATUS_KEYS = Object.keys(BAD_ACTION_STATUSES) as [
  BadActionStatus,
  ...BadActionStatus[],
];

/** The unit's part in the application. */
export const BAD_ACTION_UNIT_ROLES = ['CONSTRUCT', 'DESIGN', 'SURVEY'] as const;
export type BadActionUnitRole = (typeof BAD_ACTION_UNIT_ROLES)[number];

export const BAD_ACTION_LIMITS = {
  descriptionMax: 2000,
  reasonMax: 500,
  /** The evidence file, judged by its bytes like an application's attachment. */
  evidenceBytesMax: 20 * 1024 * 1024,
  /** A page's side in PDF points: far beyond A0 (3370 pt). */
  pointsMax: 100_000,
} as const;

const point = z.number().finite().min(0).max(BAD_ACTION_LIMITS.pointsMax);

/**
 * A region of a sheet as the viewer's markups place it: a file of the application's repository,
 * its 0-based page, and a rectangle in page space (PDF points from the CropBox's bottom left).
 */
export const badActionRegion = z.object({
  fileId: z.uuid(),
  page: z.number().int().min(0).max(100_000),
  rect: z.object({ x: point, y: point, width: point.positive(), height: point.positive() }).strict(),
});
export type BadActionRegion = z.infer<typeof badActionRegion>;

/** `POST …/badAction`: the unit (`orgId`), optionally one of its people (`memberId`). */
export const badActionCreateRequest = z
  .object({
    key: z.enum(BAD_ACTION_KEY_KEYS),
    orgId: z.uuid(),
    memberId: z.uuid().nullish(),
    description: z.string().trim().min(1).max(BAD_ACTION_LIMITS.descriptionMax),
    region: badActionRegion.nullish(),
  })
  .strict();
export type BadActionCreateRequest = z.input<typeof badActionCreateRequest>;

export const badActionRejectRequest = z
  .object({ reason: z.string().trim().min(1).max(BAD_ACTION_LIMITS.reasonMax) })
  .strict();
export type BadActionRejectRequest = z.input<typeof badActionRejectRequest>;

export const badActionPerson = z.object({
  memberId: z.string(),
  name: z.string(),
  /** 注册类型 and certificate number, as the unit's admin entered them (members' credentials). */
  registrationType: z.string().nullable(),
  registrationNo: z.string().nullable(),
});
export type BadActionPerson = z.infer<typeof badActionPerson>;

export const badActionUnit = z.object({
  orgId: z.string(),
  name: z.string(),
  role: z.enum(BAD_ACTION_UNIT_ROLES),
});
export type BadActionUnit = z.infer<typeof badActionUnit>;

export const badActionEvidenceFile = z.object({
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});

export const badAction = z.object({
  id: z.string(),
  projectId: z.string(),
  key: z.enum(BAD_ACTION_KEY_KEYS),
  status: z.enum(BAD_ACTION_STATUS_KEYS),
  unit: badActionUnit,
  person: badActionPerson.nullable(),
  description: z.string(),
  region: badActionRegion.nullable(),
  /** The region's file name, so the evidence reads without opening the repository. */
  regionFileName: z.string().nullable(),
  /** Where the region's file sits in the repository, for a link that opens the viewer at it. */
  regionSheet: z
    .object({ versionId: z.string(), folderId: z.string(), category: z.enum(DOC_CATEGORY_KEYS) })
    .nullable(),
  evidenceFile: badActionEvidenceFile.nullable(),
  recordedAt: z.string(),
  recordedBy: z.object({ name: z.string(), orgName: z.string() }),
  decidedAt: z.string().nullable(),
  decidedByOrgName: z.string().nullable(),
  rejectReason: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  can: z.object({
    withdraw: z.boolean(),
    attach: z.boolean(),
    confirm: z.boolean(),
    reject: z.boolean(),
  }),
});
export type BadAction = z.infer<typeof badAction>;

/** The list of one application; `canRecord`: the caller may record a new one now. */
export const badActionList = z.object({ items: z.array(badAction), canRecord: z.boolean() });
export type BadActionList = z.infer<typeof badActionList>;

/** Who a bad action may name: the application's units and their people. */
export const badActionSubjects = z.object({
  units: z.array(badActionUnit.extend({ people: z.array(badActionPerson) })),
});
export type BadActionSubjects = z.infer<typeof badActionSubjects>;

export function badActionKeyText(key: BadActionKey, locale: Locale): string {
  return BAD_ACTION_KEYS[key][locale];
}
