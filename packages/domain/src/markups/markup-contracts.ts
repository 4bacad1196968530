import { z } from 'zod';
import type { Locale } from '../errors/error-codes.js';

/**
 * Markups on drawing sheets (issue 18). Geometry is kept in the PDF's own coordinates: points of
 * the unrotated page, origin at the bottom left of its CropBox, so a markup stays where it was
 * drawn at any zoom and rotation. Reviewers (the agency) draw; a markup is the author's own until
 * published, then every party of the application reads it.
 */

type Texts = Record<Locale, string>;

export const MARKUP_KINDS = {
  RECT: { 'zh-CN': '矩形', 'en-US': 'Rectangle' },
  ELLIPSE: { 'zh-CN': '椭圆', 'en-US': 'Ellipse' },
  CLOUD: { 'zh-CN': '云线', 'en-US': 'Revision cloud' },
  ARROW: { 'zh-CN': '箭头', 'en-US': 'Arrow' },
  POLYLINE: { 'zh-CN': '折线', 'en-US': 'Polyline' },
  TEXT: { 'zh-CN': '文字', 'en-US': 'Text' },
  CALLOUT: { 'zh-CN': '引注', 'en-US': 'Callout' },
  STAMP: { 'zh-CN': '图章', 'en-US': 'Stamp' },
  DISTANCE: { 'zh-CN': '测距', 'en-US': 'Distance' },
  AREA: { 'zh-CN': '测面积', 'en-US': 'Area' },
} as const satisfies Record<string, Texts>;
export type MarkupKind = keyof typeof MARKUP_KINDS;
export const MARKUP_KIND_KEYS = Object.keys(MARKUP_KINDS) as [MarkupKind, ...MarkupKind[]];

/**
 * How many points each kind takes. RECT, ELLIPSE, CLOUD, TEXT and STAMP: two opposite corners.
 * ARROW and DISTANCE: from, to. CALLOUT: the arrow's tip, then the text box's two corners.
 * POLYLINE: two or more; AREA: three or more (closed).
 */
export const MARKUP_POINTS: Record<MarkupKind, { min: number; max?: number }> = {
  RECT: { min: 2, max: 2 },
  ELLIPSE: { min: 2, max: 2 },
  CLOUD: { min: 2, max: 2 },
  ARROW: { min: 2, max: 2 },
  POLYLINE: { min: 2 },
  TEXT: { min: 2, max: 2 },
  CALLOUT: { min: 3, max: 3 },
  STAMP: { min: 2, max: 2 },
  DISTANCE: { min: 2, max: 2 },
  AREA: { min: 3 },
};

/** The stamps a reviewer sets on a sheet. */
export const MARKUP_STAMPS = {
  REVISE: { 'zh-CN': '需修改', 'en-US': 'Revise' },
  CHECKED: { 'zh-CN': '已审核', 'en-US': 'Checked' },
  MANDATORY: { 'zh-CN': '违反强条', 'en-US': 'Mandatory clause' },
  QUERY: { 'zh-CN': '请说明', 'en-US': 'Please explain' },
  VOID: { 'zh-CN': '作废', 'en-US': 'Void' },
} as const satisfies Record<string, Texts>;
export type MarkupStamp = keyof typeof MARKUP_STAMPS;
export const MARKUP_STAMP_KEYS = Object.keys(MARKUP_STAMPS) as [MarkupStamp, ...MarkupStamp[]];

/** OWN: only its author sees it. PUBLISHED: every party of the application reads it. */
export const MARKUP_LAYERS = {
  OWN: { 'zh-CN': '我的标注', 'en-US': 'My markups' },
  PUBLISHED: { 'zh-CN': '已发布', 'en-US': 'Published' },
} as const satisfies Record<string, Texts>;
export type MarkupLayer = keyof typeof MARKUP_LAYERS;
export const MARKUP_LAYER_KEYS = Object.keys(MARKUP_LAYERS) as [MarkupLayer, ...MarkupLayer[]];

export const MARKUP_LIMITS = {
  /** Points of one polyline or area. */
  pointsMax: 2_000,
  /** Markups on one file (all pages, all authors). */
  perFileMax: 5_000,
  textMax: 2_000,
  replyMax: 2_000,
  repliesMax: 200,
  /** Stroke width in PDF points. */
  strokeMin: 0.1,
  strokeMax: 72,
  /** A point may lie this many points outside the page box (a line drawn to the very edge). */
  slackPt: 1,
  /** XFDF accepted for import. */
  xfdfBytesMax: 5 * 1024 * 1024,
} as const;

/** Units a calibrated measure reads in. */
export const MEASURE_UNITS = ['mm', 'm'] as const;
export type MeasureUnit = (typeof MEASURE_UNITS)[number];

/**
 * A measure's calibration: `realPerPoint` real-world units per PDF point. From the sheet's scale
 * (1:100 → 25.4/72 × 100 mm per point) or from two points whose real distance the user entered.
 */
export const markupCalibration = z.object({
  realPerPoint: z.number().positive().max(1e9),
  unit: z.enum(MEASURE_UNITS),
  /** How it was set: `1:100`, or `2 points`; shown beside the measure. */
  source: z.string().max(40),
});
export type MarkupCalibration = z.infer<typeof markupCalibration>;

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/);
const point = z.tuple([z.number().finite(), z.number().finite()]);

/** What a reviewer draws or changes. Whether the points lie on the page is the server's to check. */
export const markupInput = z.object({
  page: z.number().int().min(0),
  kind: z.enum(MARKUP_KIND_KEYS),
  points: z.array(point).min(2).max(MARKUP_LIMITS.pointsMax),
  text: z.string().max(MARKUP_LIMITS.textMax).default(''),
  stamp: z.enum(MARKUP_STAMP_KEYS).nullable().default(null),
  color: colour.default('#e03131'),
  strokeWidth: z.number().min(MARKUP_LIMITS.strokeMin).max(MARKUP_LIMITS.strokeMax).default(1.5),
  calibration: markupCalibration.nullable().default(null),
});
export type MarkupInput = z.input<typeof markupInput>;

/** `POST docRepository/markups`: a new markup on a file, in the author's own layer. */
export const markupCreateRequest = markupInput.extend({ fileId: z.uuid() });
/** `PUT docRepository/markups/{id}`: its new shape, text or style (the author's, while in review). */
export const markupUpdateRequest = markupInput;
/** `GET docRepository/markups?fileId=` and the XFDF export. */
export const markupListQuery = z.object({ fileId: z.uuid() });
export const markupReplyRequest = z.object({ text: z.string().trim().min(1).max(MARKUP_LIMITS.replyMax) });

export const markupPerson = z.object({ accountId: z.string(), name: z.string(), orgName: z.string() });

export const markupReply = z.object({
  id: z.string(),
  text: z.string(),
  author: markupPerson,
  createdAt: z.string(),
});
export type MarkupReply = z.infer<typeof markupReply>;

export const markup = z.object({
  id: z.string(),
  fileId: z.string(),
  page: z.number().int(),
  kind: z.enum(MARKUP_KIND_KEYS),
  points: z.array(point),
  text: z.string(),
  stamp: z.enum(MARKUP_STAMP_KEYS).nullable(),
  color: z.string(),
  strokeWidth: z.number(),
  calibration: markupCalibration.nullable(),
  layer: z.enum(MARKUP_LAYER_KEYS),
  author: markupPerson,
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  replies: z.array(markupReply),
  can: z.object({ edit: z.boolean(), publish: z.boolean(), reply: z.boolean() }),
});
export type Markup = z.infer<typeof markup>;

export const markupList = z.object({
  items: z.array(markup),
  /** The caller may draw on this file now (PROJECT_POLICY `markups.draw`). */
  canDraw: z.boolean(),
});
export type MarkupList = z.infer<typeof markupList>;

/** `POST docRepository/markups/xfdf?fileId=` answers how many it took and what it skipped. */
export const xfdfImportResult = z.object({
  imported: z.number().int(),
  skipped: z.array(z.object({ index: z.number().int(), reason: z.string() })),
});
export type XfdfImportResult = z.infer<typeof xfdfImportResult>;
