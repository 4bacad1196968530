import {
  SHEET_LIMITS,
  tileScale,
  type PrincipalMember,
  type SheetFailure,
  type SheetInfo,
} from '@drp/domain';
import { AppError } from '../../lib/app-error.js';
import type { AppContext } from '../../lib/app-context.js';
import {
  VIEW_LINK_MINUTES,
  VIEW_PATH,
  readViewToken,
  signViewToken,
} from '../doc-repository/doc-files.service.js';
import { findFilesOfProject } from '../doc-repository/doc-repository.repository.js';
import { openProject } from '../project-access/project-access.service.js';
import type { TileResult } from './pdf-worker.js';
import { pdfWorkers, TILE_TIMEOUT_MS } from './pdf-workers.js';
import { sheetFileKeys } from './sheet-files.js';
import { readStoredBytes } from './sheet-preparation.js';
import { findFileToPrepare, findFileWithSheet, findSheetOfFile } from './sheets.repository.js';

/** Where a sheet's images and text are served; the signed token follows. */
export const SHEET_ASSET_PATH = '/api/files/sheets';
/** Where a file's live channel (Server-Sent Events) is served; the signed token follows. */
export const SIGNAL_PATH = '/api/files/signal';

/**
 * Links are issued for windows of this length, ending VIEW_LINK_MINUTES after the window: every
 * answer within a window carries the same token, so the browser's cache keeps the images it
 * fetched across the viewer's refreshes of the sheet (the token is part of their URLs).
 */
const LINK_WINDOW_SECONDS = 5 * 60;

function issueLink(ctx: AppContext, fileId: string, accountId: string) {
  const now = Math.floor(ctx.clock().getTime() / 1000);
  const expiresAt = Math.ceil(now / LINK_WINDOW_SECONDS) * LINK_WINDOW_SECONDS + VIEW_LINK_MINUTES * 60;
  return {
    token: signViewToken(ctx, fileId, accountId, expiresAt),
    expiresAt: new Date(expiresAt * 1000).toISOString(),
  };
}

/** The file of a project the member sees (as `project.view`); NOT_FOUND otherwise, as for a missing one. */
async function fileInProject(
  ctx: AppContext,
  input: { member: PrincipalMember; projectId: string; fileId: string },
) {
  await openProject(ctx.db, input.member, input.projectId, { action: 'project.view' });
  const [found] = await findFilesOfProject(ctx.db, input.projectId, [input.fileId]);
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}

const PDF_TYPES = new Set(['application/pdf', 'application/x-pdf']);
/** The same rule as the trigger that queues sheets (is_sheet_file, migration 0027). */
const isSheetFile = (contentType: string, name: string) =>
  PDF_TYPES.has(contentType.split(';')[0]!.trim().toLowerCase()) || name.toLowerCase().endsWith('.pdf');

/** `GET docRepository/sheet`: what was prepared of a file so far, and the links to it. */
export async function describeSheet(
  ctx: AppContext,
  input: { member: PrincipalMember; accountId: string; projectId: string; fileId: string },
): Promise<SheetInfo> {
  const { file } = await fileInProject(ctx, input);
  const sheet = await findSheetOfFile(ctx.db, file.id);
  const { token, expiresAt } = issueLink(ctx, file.id, input.accountId);
  const prepared = sheet ?? {
    state: isSheetFile(file.contentType, file.name) ? ('PENDING' as const) : ('FAILED' as const),
    failure: isSheetFile(file.contentType, file.name) ? null : ('NOT_PDF' as const),
    pages: [],
    layers: [],
    scripts: false,
  };
  return {
    fileId: file.id,
    versionId: file.versionId,
    folderId: file.folderId,
    name: file.name,
    size: file.size,
    contentType: file.contentType,
    state: prepared.state,
    failure: prepared.state === 'FAILED' ? (prepared.failure ?? 'DAMAGED') : null,
    pages: prepared.state === 'READY' ? prepared.pages : [],
    layers: prepared.state === 'READY' ? prepared.layers : [],
    scripts: prepared.scripts,
    assetBase: `${SHEET_ASSET_PATH}/${token}`,
    viewUrl: `${VIEW_PATH}/${token}`,
    expiresAt,
  };
}

/** `GET docRepository/getSignalUrl`: a link to the file's live channel. */
export async function issueSignalUrl(
  ctx: AppContext,
  input: { member: PrincipalMember; accountId: string; projectId: string; fileId: string },
): Promise<{ url: string; expiresAt: string }> {
  const { file } = await fileInProject(ctx, input);
  const { token, expiresAt } = issueLink(ctx, file.id, input.accountId);
  return { url: `${SIGNAL_PATH}/${token}`, expiresAt };
}

/** The file a signed link names, if the link is good and the file still there; else NOT_FOUND. */
export async function fileOfSheetToken(ctx: AppContext, token: string) {
  const claim = readViewToken(ctx, token);
  const file = claim ? await findFileToPrepare(ctx.db, claim.fileId) : undefined;
  if (!file) throw new AppError('NOT_FOUND');
  return file;
}

/** The file is still stored (its live channel lets its viewers go once it is deleted). */
export async function sheetFileExists(ctx: AppContext, fileId: string) {
  return (await findFileToPrepare(ctx.db, fileId)) !== undefined;
}

const sizeText = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function failureError(failure: SheetFailure | null, size: number): AppError {
  switch (failure) {
    case 'NOT_PDF':
      return new AppError('SHEET_NOT_PDF');
    case 'ENCRYPTED':
      return new AppError('SHEET_ENCRYPTED');
    case 'NO_PAGES':
      return new AppError('SHEET_NO_PAGES');
    case 'TOO_LARGE':
      return new AppError('SHEET_TOO_LARGE', { size: sizeText(size) });
    default:
      return new AppError('SHEET_DAMAGED');
  }
}

type FoundSheet = NonNullable<Awaited<ReturnType<typeof findFileWithSheet>>>;

/**
 * Files whose sheet is READY, as last read, each for READY_KEEP_MS: the tile requests of a view
 * (several at once, dozens while a reader pans) need not each wait for the database. A READY
 * sheet's pages never change; a file deleted meanwhile stays readable through a link already
 * given out for at most that long.
 */
type ReadyFiles = Map<string, { found: FoundSheet; until: number }>;
const readyByDatabase = new WeakMap<AppContext['db'], ReadyFiles>();
const READY_KEEP_MS = 10_000;
const READY_KEPT = 500;

async function findReadyOrNot(ctx: AppContext, fileId: string): Promise<FoundSheet | undefined> {
  // By database: apps on other databases (tests copy one seeded template) can share file ids.
  let readyFiles = readyByDatabase.get(ctx.db);
  if (!readyFiles) {
    readyFiles = new Map() as ReadyFiles;
    readyByDatabase.set(ctx.db, readyFiles);
  }
  const now = Date.now();
  const kept = readyFiles.get(fileId);
  if (kept && kept.until > now) return kept.found;
  readyFiles.delete(fileId);
  const found = await findFileWithSheet(ctx.db, fileId);
  if (found?.state === 'READY') {
    readyFiles.set(fileId, { found, until: now + READY_KEEP_MS });
    // The oldest first out: a Map iterates in the order of insertion.
    if (readyFiles.size > READY_KEPT) readyFiles.delete(readyFiles.keys().next().value!);
  }
  return found;
}

/** A prepared sheet's page, or the error that says why there is none. */
async function readyPage(ctx: AppContext, token: string, page: number) {
  const claim = readViewToken(ctx, token);
  const found = claim ? await findReadyOrNot(ctx, claim.fileId) : undefined;
  if (!found) throw new AppError('NOT_FOUND');
  const { file, state, failure, pages } = found;
  if (!state || state === 'PENDING' || !pages) throw new AppError('SHEET_NOT_READY');
  if (state === 'FAILED') throw failureError(failure, file.size);
  const facts = pages[page];
  if (!facts) throw new AppError('SHEET_PAGE_NOT_FOUND');
  return { file, facts };
}

async function storedOrGone(ctx: AppContext, key: string) {
  const bytes = await readStoredBytes(ctx.files, key);
  // The sheet says READY but its outputs are gone (a store wiped by hand): as if not prepared.
  if (!bytes) throw new AppError('SHEET_NOT_READY');
  return bytes;
}

/** A page's preview PNG (its longest side SHEET_LIMITS.previewPx, unrotated). */
export async function readSheetPreview(ctx: AppContext, input: { token: string; page: number }) {
  const { file } = await readyPage(ctx, input.token, input.page);
  return storedOrGone(ctx, sheetFileKeys.preview(file.sha256, input.page));
}

/** A page's text layer (SheetText JSON), as stored. */
export async function readSheetText(ctx: AppContext, input: { token: string; page: number }) {
  const { file } = await readyPage(ctx, input.token, input.page);
  return storedOrGone(ctx, sheetFileKeys.text(file.sha256, input.page));
}

/** Tiles a side of a block rendered in one PDFium call (2048 px at SHEET_LIMITS.tilePx = 512). */
export const SHEET_BLOCK_TILES = 4;

/** Blocks being rendered now, by block: a second request for any of its tiles waits for the first. */
const rendering = new Map<string, Promise<Map<string, Buffer>>>();

async function askTileWorker(
  ctx: AppContext,
  file: { storageKey: string; sha256: string },
  request: { page: number; scale: number; left: number; top: number; width: number; height: number },
): Promise<Buffer[]> {
  const ask = (bytes?: Buffer) =>
    pdfWorkers.tiles.call<TileResult>(
      { op: 'tile', key: file.sha256, bytes, tilePx: SHEET_LIMITS.tilePx, ...request },
      TILE_TIMEOUT_MS,
    );
  let result = await ask();
  if (result.missing) {
    const bytes = await readStoredBytes(ctx.files, file.storageKey);
    if (!bytes) throw new AppError('NOT_FOUND');
    result = await ask(bytes);
  }
  if (result.missing || !result.pngs) throw new AppError('SHEET_DAMAGED');
  return result.pngs.map((png) => Buffer.from(png.buffer, png.byteOffset, png.byteLength));
}

/** The page's raster size at level z, and how many tiles and blocks it has a side. */
export function sheetLevelGrid(facts: { width: number; height: number }, z: number) {
  const scale = tileScale(z);
  const width = Math.max(1, Math.round(facts.width * scale));
  const height = Math.max(1, Math.round(facts.height * scale));
  const size = SHEET_LIMITS.tilePx;
  const block = size * SHEET_BLOCK_TILES;
  return {
    scale,
    width,
    height,
    tilesX: Math.ceil(width / size),
    tilesY: Math.ceil(height / size),
    blocksX: Math.ceil(width / block),
    blocksY: Math.ceil(height / block),
  };
}

/**
 * Renders block (bx, by) of level z, SHEET_BLOCK_TILES² tiles clipped to the page, in one PDFium
 * call, and stores every tile of it. Answers the tiles by store key. Concurrent callers for the
 * same block share one render.
 */
export function renderSheetBlock(
  ctx: AppContext,
  file: { storageKey: string; sha256: string },
  facts: { width: number; height: number },
  block: { page: number; z: number; bx: number; by: number },
): Promise<Map<string, Buffer>> {
  const { page, z, bx, by } = block;
  const inFlight = `${file.sha256}#${page}#${z}#${bx}#${by}`;
  const pending = rendering.get(inFlight);
  if (pending) return pending;
  const grid = sheetLevelGrid(facts, z);
  const size = SHEET_LIMITS.tilePx;
  const left = bx * size * SHEET_BLOCK_TILES;
  const top = by * size * SHEET_BLOCK_TILES;
  const width = Math.min(size * SHEET_BLOCK_TILES, grid.width - left);
  const height = Math.min(size * SHEET_BLOCK_TILES, grid.height - top);
  const render = (async () => {
    if (width <= 0 || height <= 0) throw new AppError('NOT_FOUND');
    const pngs = await askTileWorker(ctx, file, { page, scale: grid.scale, left, top, width, height });
    const across = Math.ceil(width / size);
    const tiles = new Map<string, Buffer>();
    pngs.forEach((png, i) => {
      const x = bx * SHEET_BLOCK_TILES + (i % across);
      const y = by * SHEET_BLOCK_TILES + Math.floor(i / across);
      tiles.set(sheetFileKeys.tile(file.sha256, page, z, x, y), png);
    });
    await Promise.all([...tiles].map(([key, png]) => ctx.files.put(key, png)));
    return tiles;
  })().finally(() => rendering.delete(inFlight));
  rendering.set(inFlight, render);
  return render;
}

/**
 * One 512-pixel tile of the unrotated page raster at level z (tileScale(z) pixels per point),
 * tile (x, y) from the top left; those on the right and bottom edges are smaller. Rendered by
 * PDFium in the tile worker the first time, with the rest of its block, and kept in the file
 * store under the file's SHA-256.
 */
export async function readSheetTile(
  ctx: AppContext,
  input: { token: string; page: number; z: number; x: number; y: number },
): Promise<Buffer> {
  const { file, facts } = await readyPage(ctx, input.token, input.page);
  return tileOf(ctx, file, facts, input);
}

/**
 * Several tiles of one page and level in one answer (the viewer's first look at a zoomed window:
 * one round trip instead of three waves over the browser's six connections), in the order asked.
 */
export async function readSheetTiles(
  ctx: AppContext,
  input: { token: string; page: number; z: number; tiles: readonly { x: number; y: number }[] },
): Promise<Buffer[]> {
  const { file, facts } = await readyPage(ctx, input.token, input.page);
  return Promise.all(
    input.tiles.map(({ x, y }) => tileOf(ctx, file, facts, { page: input.page, z: input.z, x, y })),
  );
}

async function tileOf(
  ctx: AppContext,
  file: { storageKey: string; sha256: string },
  facts: { width: number; height: number },
  at: { page: number; z: number; x: number; y: number },
): Promise<Buffer> {
  const { z, x, y } = at;
  if (z > SHEET_LIMITS.tileLevelMax) throw new AppError('NOT_FOUND');
  const grid = sheetLevelGrid(facts, z);
  if (x >= grid.tilesX || y >= grid.tilesY) throw new AppError('NOT_FOUND');
  const key = sheetFileKeys.tile(file.sha256, at.page, z, x, y);
  const kept = await readStoredBytes(ctx.files, key);
  if (kept) return kept;
  const tiles = await renderSheetBlock(ctx, file, facts, {
    page: at.page,
    z,
    bx: Math.floor(x / SHEET_BLOCK_TILES),
    by: Math.floor(y / SHEET_BLOCK_TILES),
  });
  const png = tiles.get(key);
  if (!png) throw new AppError('SHEET_DAMAGED');
  return png;
}
