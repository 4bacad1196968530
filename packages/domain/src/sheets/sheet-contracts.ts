import { z } from 'zod';
import type { Locale } from '../errors/error-codes.js';

/**
 * Drawing sheets (issue 18): what the server prepares of every PDF in the document repository so
 * that the viewer paints a heavy A0 sheet at once. A job (modules/sheets) reads the file once after
 * it is saved: page sizes, a preview image per page, the text layer, the layers (optional content)
 * and whether the file carries scripts; tiles are rendered on demand and kept.
 */

type Texts = Record<Locale, string>;

/** Where a file's preparation stands. A PENDING sheet opens with plain pdf.js meanwhile. */
export const SHEET_STATES = {
  PENDING: { 'zh-CN': '正在准备', 'en-US': 'Being prepared' },
  READY: { 'zh-CN': '已就绪', 'en-US': 'Ready' },
  FAILED: { 'zh-CN': '无法预览', 'en-US': 'Cannot be shown' },
} as const satisfies Record<string, Texts>;
export type SheetState = keyof typeof SHEET_STATES;
export const SHEET_STATE_KEYS = Object.keys(SHEET_STATES) as [SheetState, ...SheetState[]];

/**
 * Why a file cannot be shown. Each is also an error code (`SHEET_<reason>`), whose text the
 * viewer shows in place of the sheet, with the download of the original.
 */
export const SHEET_FAILURES = ['NOT_PDF', 'DAMAGED', 'ENCRYPTED', 'NO_PAGES', 'TOO_LARGE'] as const;
export type SheetFailure = (typeof SHEET_FAILURES)[number];

export const SHEET_LIMITS = {
  /** Files above this are not prepared nor opened in the browser: the viewer offers the download. */
  viewableBytesMax: 512 * 1024 * 1024,
  /** The preview image's longest side, in pixels. */
  previewPx: 2048,
  /** Tiles are square, this many pixels a side. */
  tilePx: 512,
  /**
   * Tile level z renders the unrotated page at 2^(z-2) pixels per PDF point: z=0 is a quarter
   * pixel per point (an A0 sheet 842 px wide), z=7 is 32 px per point (2304 dpi).
   */
  tileLevelMax: 7,
  /** Page objects above which a page is heavy: the viewer refines it with tiles, never pdf.js. */
  heavyObjects: 20_000,
  /** Text layer characters kept per page. */
  textCharsMax: 200_000,
  /**
   * Tiles one request may ask for (`…/tiles/{page}/{z}?at=`): a zoomed 1920×1080 window needs
   * about 15, and a browser opens only six connections to a server without HTTP/2.
   */
  tilesPerRequest: 16,
} as const;

/**
 * The body of a batch of tiles: for each tile asked, in order, its PNG's length as a 4-byte
 * big-endian unsigned integer, then the PNG.
 */
export const TILE_BATCH_TYPE = 'application/vnd.drp.tiles';

/** Pixels per PDF point at tile level z. */
export const tileScale = (z: number) => 2 ** (z - 2);

export const sheetPage = z.object({
  /** 0-based. */
  index: z.number().int(),
  /**
   * The unrotated page box (CropBox) in PDF points: [left, bottom, right, top] in the file's user
   * space. Markups and the text layer are relative to its bottom-left corner ("page space"), so
   * `width` and `height` bound them; XFDF and the burned copy add `box`'s corner back.
   */
  box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  width: z.number(),
  height: z.number(),
  /** The page's own /Rotate, clockwise degrees. */
  rotation: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]),
  /** Page objects (paths, text runs, images) PDFium counted. */
  objects: z.number().int(),
  heavy: z.boolean(),
  hasText: z.boolean(),
});
export type SheetPage = z.infer<typeof sheetPage>;

/** One optional content group (layer) of the file, with its default visibility. */
export const sheetLayer = z.object({ id: z.string(), name: z.string(), visible: z.boolean() });
export type SheetLayer = z.infer<typeof sheetLayer>;

/** `GET docRepository/sheet?fileId=`: the file's sheet as prepared so far. */
export const sheetQuery = z.object({ fileId: z.uuid() });

export const sheetInfo = z.object({
  fileId: z.string(),
  versionId: z.string(),
  folderId: z.string(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  state: z.enum(SHEET_STATE_KEYS),
  /** Set when FAILED. */
  failure: z.enum(SHEET_FAILURES).nullable(),
  pages: z.array(sheetPage),
  layers: z.array(sheetLayer),
  /** The file carries JavaScript or launch actions: never run, and the viewer says so. */
  scripts: z.boolean(),
  /**
   * Where the prepared images are: `${assetBase}/preview/{page}.png`, `/tile/{page}/{z}/{x}/{y}.png`,
   * `/text/{page}.json`; and the original as `viewUrl` (ranges supported). The token in them is
   * the credential and expires at `expiresAt`; ask again for a fresh one.
   */
  assetBase: z.string(),
  viewUrl: z.string(),
  expiresAt: z.string(),
});
export type SheetInfo = z.infer<typeof sheetInfo>;

/** A run of characters of the text layer, with its box in page space (points, origin bottom left). */
export const sheetTextRun = z.object({
  text: z.string(),
  /** [left, bottom, right, top]. */
  box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});
export const sheetText = z.object({ page: z.number().int(), runs: z.array(sheetTextRun) });
export type SheetText = z.infer<typeof sheetText>;

/**
 * `getSignalUrl?fileId=`: a short-lived link to the file's live channel (Server-Sent Events), on
 * which the open viewer hears `sheet` (preparation finished or failed) and `markups` (someone
 * changed the markups it may see).
 */
export const signalUrl = z.object({ url: z.string(), expiresAt: z.string() });
export const SHEET_SIGNAL_EVENTS = ['sheet', 'markups'] as const;
