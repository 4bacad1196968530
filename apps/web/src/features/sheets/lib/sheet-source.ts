import type { PDFDocumentProxy } from 'pdfjs-dist';
import { SHEET_LIMITS, tileScale, type SheetInfo, type SheetPage } from '@drp/domain';
import type { SheetTransform, Viewport } from '../sheet-view';
import type { RasterImage, SheetOpenError } from './pdfjs-document';
import { LruCache } from './lru-cache';
import {
  intersects,
  previewUrl,
  rasterToScreen,
  readTileBatch,
  tileLevel,
  tileRect,
  tilesFor,
  tilesUrl,
  visibleRaster,
  type RasterRect,
  type TileKey,
} from './tile-plan';

type PdfModule = typeof import('./pdfjs-document');

/** What the canvas shows now: the source loads for it and paints it. */
export interface SourceNeed {
  pageIndex: number;
  page: SheetPage;
  transform: SheetTransform;
  viewport: Viewport;
  dpr: number;
  /** The layers switched off, by id: as filed (filedHiddenLayers) unless the reader changed them. */
  hidden: readonly string[];
}

/** The layers the file itself switches off (its default optional content configuration). */
export function filedHiddenLayers(sheet: Pick<SheetInfo, 'layers'>): string[] {
  return sheet.layers.filter((layer) => !layer.visible).map((layer) => layer.id);
}

export interface SourceEvents {
  /** New imagery arrived: paint again. */
  changed(): void;
  error(code: SheetOpenError): void;
  /** The pages as pdf.js reads them, while the server has not said (a sheet being prepared). */
  pages(pages: SheetPage[]): void;
}

/** Tile requests at once: the browser's connections per host, less one for the live channel. */
const TILE_CONCURRENCY = 5;
/** Tiles a request asks for at the least, when the queue is short (a pan's new edge). */
const MIN_BATCH = 4;
/** Decoded 512² tiles kept (about 1 MB each). */
const TILE_CACHE = 160;
/** Refinement waits for zooming to settle this long. */
export const SETTLE_MS = 120;
/** Levels below the wanted one painted under it while it loads. */
const LOWER_LEVELS = 4;

interface Plan {
  pdf: boolean;
  tiles: boolean;
  z: number;
}

/**
 * One file's imagery for the viewer (viewers.md §5.3): the server's preview of a page at once,
 * then its tiles at the level the zoom needs (visible ones and a ring, nearest first, stale
 * requests aborted, decoded tiles in an LRU, lower levels painted while higher ones load); pdf.js
 * renders the visible window instead when the sheet is still being prepared, when layers are
 * switched off (the server's images hold every layer), or when a light page is zoomed past the
 * top level. Everything is held in raster points of the unrotated page and painted through the
 * view's transform, so rotation and pan never render again.
 */
export class SheetSource {
  private sheet: SheetInfo;
  /** filedHiddenLayers(sheet), kept: asFiled runs on every paint of a pan. */
  private filed: string[];
  private readonly events: SourceEvents;
  private need: SourceNeed | undefined;
  private lastZoom = 0;
  private lastZoomAt = -Infinity;
  private lastWantAt = -Infinity;
  private tileTimer: ReturnType<typeof setTimeout> | undefined;
  private pdfTimer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  private readonly previews = new Map<number, ImageBitmap | 'loading' | 'failed'>();
  private readonly tiles = new LruCache<string, ImageBitmap>(TILE_CACHE, (bitmap) => bitmap.close());
  /** Tiles asked for and not yet decoded, by their request's controller. */
  private readonly inflight = new Map<string, AbortController>();
  /** Requests still downloading, which TILE_CONCURRENCY counts; the view's until decoded. */
  private downloading = 0;
  private loadingInView = 0;
  private readonly failed = new Set<string>();
  /** Tiles to ask for, nearest the centre first; `ring` ones are around the view, not in it. */
  private queue: QueuedTile[] = [];

  private pdf: Promise<{ module: PdfModule; document: PDFDocumentProxy }> | undefined;
  private releasePdf: (() => void) | undefined;
  private pdfWindow: AbortController | undefined;
  private readonly pdfBase = new Map<string, RasterImage | 'loading'>();
  private pdfDetail: (RasterImage & { key: string }) | undefined;

  constructor(sheet: SheetInfo, events: SourceEvents) {
    this.sheet = sheet;
    this.filed = filedHiddenLayers(sheet);
    this.events = events;
    // A sheet being prepared may not know its pages yet, and the canvas cannot ask for a view
    // before it does: pdf.js opens the file at once and says (events.pages).
    if (sheet.state === 'PENDING') void this.openPdf();
  }

  /** A fresh answer for the same file (a new token in its URLs, or preparation finished). */
  update(sheet: SheetInfo) {
    if (sheet.assetBase !== this.sheet.assetBase || sheet.state !== this.sheet.state) {
      this.failed.clear();
      for (const [page, preview] of this.previews) if (preview === 'failed') this.previews.delete(page);
    }
    this.sheet = sheet;
    this.filed = filedHiddenLayers(sheet);
    if (this.need) this.want(this.need);
  }

  /**
   * Whether the view shows the layers as the file has them: the server's preview and tiles were
   * rendered so; any other choice is drawn by pdf.js.
   */
  private asFiled(need: SourceNeed): boolean {
    const { filed } = this;
    return filed.length === need.hidden.length && filed.every((id) => need.hidden.includes(id));
  }

  /** pdf.js's images of a page are kept by the layers they show. */
  private pdfKey(need: SourceNeed): string {
    return `${need.pageIndex}|${this.asFiled(need) ? 'filed' : need.hidden.join('\u0000')}`;
  }

  private plan(need: SourceNeed): Plan {
    const ready = this.sheet.state === 'READY' && this.sheet.pages[need.pageIndex] !== undefined;
    const { z, exceedsTop } = tileLevel(need.transform.zoom, need.dpr);
    if (!ready || !this.asFiled(need)) return { pdf: true, tiles: false, z };
    // The preview alone is as sharp as the screen at low zoom: no tile adds anything.
    const previewScale = SHEET_LIMITS.previewPx / Math.max(need.page.width, need.page.height);
    const tiles = tileScale(z) > previewScale * 1.05;
    return { pdf: exceedsTop && !need.page.heavy, tiles, z };
  }

  /**
   * The view changed: load what it needs. In a run of zoom steps (wheel, pinch) the tiles wait
   * until it settles; a single jump (a button, a deep link) and a pan load at once. pdf.js renders
   * once the view has been still for the same time.
   */
  want(need: SourceNeed) {
    if (this.disposed) return;
    this.need = need;
    const plan = this.plan(need);
    const now = performance.now();
    const zoomChanged = need.transform.zoom !== this.lastZoom;
    // A run of wheel notches or pinch frames moves the zoom by less than 2× at a time; a jump (a
    // deep link, a zoom to a markup or a search hit) by more, and loads at once however soon after
    // the last change it comes. The first view (the sheet opening at its fit) is no step either.
    const step = this.lastZoom > 0 ? Math.abs(Math.log2(need.transform.zoom / this.lastZoom)) : Infinity;
    const settling = zoomChanged && step < 1 && now - this.lastZoomAt < SETTLE_MS;
    if (zoomChanged) {
      if (this.lastZoom > 0) this.lastZoomAt = now;
      this.lastZoom = need.transform.zoom;
    }
    const quiet = now - this.lastWantAt >= SETTLE_MS;
    this.lastWantAt = now;
    const ready = this.sheet.state === 'READY' && this.asFiled(need);
    if (ready) this.loadPreview(need.pageIndex);
    clearTimeout(this.tileTimer);
    if (ready && plan.tiles) {
      if (settling) this.tileTimer = setTimeout(() => this.scheduleTiles(), SETTLE_MS);
      else this.scheduleTiles();
    } else {
      this.abortTiles(new Set());
    }
    clearTimeout(this.pdfTimer);
    if (plan.pdf) {
      const first = !this.pdfDetail && this.pdfBase.size === 0;
      this.pdfTimer = setTimeout(() => void this.renderPdfWindow(), first || quiet ? 0 : SETTLE_MS);
    } else {
      this.pdfWindow?.abort();
    }
    if (this.sheet.state !== 'READY') void this.openPdf();
  }

  /**
   * Whether the view shows anything of the page yet (`shown`), and everything it needs at the
   * screen's resolution (`sharp`): what the benchmark waits for, and what a test can wait for.
   */
  status(need: SourceNeed): { shown: boolean; sharp: boolean } {
    const plan = this.plan(need);
    const pageRect = { left: 0, top: 0, right: need.page.width, bottom: need.page.height };
    const visible = clip(visibleRaster(need.page, need.transform, need.viewport), pageRect);
    if (!visible) return { shown: true, sharp: true };
    let shown = false;
    let sharp = true;
    if (this.sheet.state === 'READY' && this.asFiled(need)) {
      shown = this.previews.get(need.pageIndex) instanceof ImageBitmap;
      if (plan.tiles)
        for (const tile of tilesFor(need.page, plan.z, visible, 0)) {
          const key = tileKey(need.pageIndex, tile);
          if (!this.tiles.has(key) && !this.failed.has(key)) sharp = false;
        }
      else sharp = shown;
    }
    if (plan.pdf) {
      const key = this.pdfKey(need);
      const scale = need.transform.zoom * need.dpr;
      const images = [this.pdfBase.get(key), this.pdfDetail?.key === key ? this.pdfDetail : undefined];
      const ready = images.filter((i): i is RasterImage => i !== undefined && i !== 'loading');
      shown ||= ready.length > 0;
      sharp &&= ready.some((i) => covers(i.rect, visible) && i.scale >= scale * 0.98);
    }
    return { shown, sharp };
  }

  private loadPreview(pageIndex: number) {
    if (this.previews.has(pageIndex)) return;
    this.previews.set(pageIndex, 'loading');
    void this.fetchBitmap(previewUrl(this.sheet.assetBase, pageIndex))
      .then((bitmap) => {
        if (this.disposed) return bitmap.close();
        this.previews.set(pageIndex, bitmap);
        this.events.changed();
      })
      .catch(() => this.previews.set(pageIndex, 'failed'));
  }

  private async fetchBitmap(url: string, signal?: AbortSignal): Promise<ImageBitmap> {
    const res = await fetch(url, { signal, credentials: 'same-origin' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return createImageBitmap(await res.blob());
  }

  private scheduleTiles() {
    const need = this.need;
    if (!need || this.disposed) return;
    const { z } = this.plan(need);
    const visible = visibleRaster(need.page, need.transform, need.viewport);
    const inView = new Set(tilesFor(need.page, z, visible, 0).map((tile) => tileKey(need.pageIndex, tile)));
    const wanted = tilesFor(need.page, z, visible, 1)
      .map((tile) => {
        const key = tileKey(need.pageIndex, tile);
        return { key, pageIndex: need.pageIndex, tile, ring: !inView.has(key) };
      })
      .filter(({ key }) => !this.failed.has(key));
    this.abortTiles(new Set(wanted.map((w) => w.key)));
    this.queue = wanted.filter(({ key }) => !this.tiles.has(key) && !this.inflight.has(key));
    this.pump();
  }

  private abortTiles(keep: Set<string>) {
    // A request is cancelled when none of its tiles is wanted any more; one still wanted for
    // some finishes, and its other tiles go to the cache.
    const kept = new Set<AbortController>();
    for (const [key, controller] of this.inflight) if (keep.has(key)) kept.add(controller);
    for (const [key, controller] of this.inflight)
      if (!kept.has(controller)) {
        controller.abort();
        this.inflight.delete(key);
      }
    this.queue = this.queue.filter(({ key }) => keep.has(key));
  }

  /**
   * Asks for the queued tiles, nearest first, several to a request: the queue spread over the
   * free connections, so a zoomed window arrives in one round trip rather than in waves.
   */
  private pump() {
    while (this.downloading < TILE_CONCURRENCY && this.queue.length > 0) {
      this.queue = this.queue.filter(({ key }) => !this.tiles.has(key) && !this.inflight.has(key));
      const first = this.queue[0];
      if (!first) return;
      // The ring waits until the view's own tiles are decoded: its bytes and its decoding would
      // take the view's share of a small machine's cores.
      if (first.ring && this.loadingInView > 0) return;
      const kind = this.queue.filter(
        (q) => q.ring === first.ring && q.pageIndex === first.pageIndex && q.tile.z === first.tile.z,
      );
      const size = Math.min(
        SHEET_LIMITS.tilesPerRequest,
        Math.max(MIN_BATCH, Math.ceil(kind.length / (TILE_CONCURRENCY - this.downloading))),
      );
      const batch = kind.slice(0, size);
      const taken = new Set(batch.map((q) => q.key));
      this.queue = this.queue.filter(({ key }) => !taken.has(key));
      this.fetchTiles(batch);
    }
  }

  private fetchTiles(batch: QueuedTile[]) {
    const controller = new AbortController();
    for (const { key } of batch) this.inflight.set(key, controller);
    const { pageIndex, tile } = batch[0]!;
    const url = tilesUrl(
      this.sheet.assetBase,
      pageIndex,
      tile.z,
      batch.map((q) => q.tile),
    );
    // Each tile decodes (off the main thread) as soon as its bytes are in.
    const decodes: Promise<ImageBitmap | undefined>[] = [];
    const parts = fetch(url, { signal: controller.signal, credentials: 'same-origin' }).then(async (res) => {
      if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
      const count = await readTileBatch(res.body, (png) =>
        decodes.push(createImageBitmap(new Blob([png], { type: 'image/png' })).catch(() => undefined)),
      );
      if (count !== batch.length) throw new Error('tile batch incomplete');
    });
    // The connection is free for the next request once the bytes are in: decoding does not hold
    // one of the browser's few connections to the server.
    this.downloading += 1;
    void parts
      .catch(() => undefined)
      .finally(() => {
        this.downloading -= 1;
        this.pump();
      });
    const settle = (key: string) => {
      if (this.inflight.get(key) === controller) this.inflight.delete(key);
    };
    const fail = (key: string) => {
      if (!controller.signal.aborted) this.failed.add(key);
      settle(key);
    };
    // A batch's tiles are shown together: one repaint for the batch, not one per tile (a repaint
    // of a zoomed window costs several milliseconds without a GPU).
    const decoded = parts.then(
      async () => {
        const bitmaps = await Promise.all(decodes);
        let added = false;
        bitmaps.forEach((bitmap, i) => {
          const { key } = batch[i]!;
          if (!bitmap) fail(key);
          else if (controller.signal.aborted || this.disposed) bitmap.close();
          else {
            this.tiles.set(key, bitmap);
            added = true;
          }
          settle(key);
        });
        if (added) this.events.changed();
      },
      async () => {
        for (const bitmap of await Promise.all(decodes)) bitmap?.close();
        batch.forEach(({ key }) => fail(key));
      },
    );
    if (!batch[0]!.ring) {
      this.loadingInView += 1;
      void decoded.finally(() => {
        this.loadingInView -= 1;
        this.pump();
      });
    }
  }

  private openPdf() {
    if (!this.pdf) {
      const { fileId, viewUrl } = this.sheet;
      this.pdf = import('./pdfjs-document').then(async (module) => {
        const handle = module.openPdf(fileId, viewUrl);
        this.releasePdf = () => handle.release();
        if (this.disposed) handle.release();
        const document = await handle.document;
        if (this.sheet.pages.length === 0) this.events.pages(await module.readPages(document));
        return { module, document };
      });
      this.pdf.catch((error: unknown) => {
        const code = (error as { code?: SheetOpenError }).code;
        if (!this.disposed) this.events.error(code ?? 'SHEET_DAMAGED');
      });
    }
    return this.pdf;
  }

  private async renderPdfWindow() {
    const need = this.need;
    if (!need || this.disposed) return;
    const key = this.pdfKey(need);
    const scale = need.transform.zoom * need.dpr;
    const pageRect = { left: 0, top: 0, right: need.page.width, bottom: need.page.height };
    const visible = clip(visibleRaster(need.page, need.transform, need.viewport), pageRect);
    if (!visible) return;
    const detail = this.pdfDetail;
    if (
      detail &&
      detail.key === key &&
      covers(detail.rect, visible) &&
      Math.abs(detail.scale / scale - 1) < 0.02
    )
      return;
    this.pdfWindow?.abort();
    const controller = new AbortController();
    this.pdfWindow = controller;
    try {
      const { module, document } = await this.openPdf();
      const plan = this.plan(need);
      const withBase = plan.pdf && !plan.tiles && this.sheet.state !== 'READY';
      const whole = covers(visible, pageRect);
      const image = await module.renderWindow(
        document,
        need.pageIndex,
        visible,
        scale,
        this.asFiled(need) ? undefined : need.hidden,
        controller.signal,
      );
      if (controller.signal.aborted || this.disposed) return;
      if (whole && !this.pdfBase.has(key)) this.pdfBase.set(key, image);
      else this.pdfDetail = { ...image, key };
      this.events.changed();
      // Something under the window for the next pan or zoom out: the whole page, once, small.
      if ((withBase || !this.asFiled(need)) && !this.pdfBase.has(key)) {
        this.pdfBase.set(key, 'loading');
        const baseScale = Math.min(
          scale,
          SHEET_LIMITS.previewPx / Math.max(need.page.width, need.page.height),
        );
        const base = await module.renderWindow(
          document,
          need.pageIndex,
          pageRect,
          baseScale,
          this.asFiled(need) ? undefined : need.hidden,
          new AbortController().signal,
        );
        if (this.disposed) return;
        this.pdfBase.set(key, base);
        this.events.changed();
      }
    } catch {
      // A cancelled render, or a file pdf.js cannot open (said through `error`).
      if (this.pdfWindow === controller) this.pdfWindow = undefined;
    }
  }

  /**
   * Paints the page as far as it is loaded onto `ctx` (device pixels `dpr` per CSS pixel), under
   * `transform`: white paper, the preview, the tiles from coarse to fine, pdf.js's windows.
   */
  paint(ctx: CanvasRenderingContext2D, need: SourceNeed) {
    const { page, transform, pageIndex, dpr } = need;
    const m = rasterToScreen(page, transform);
    ctx.setTransform(m[0] * dpr, m[1] * dpr, m[2] * dpr, m[3] * dpr, m[4] * dpr, m[5] * dpr);
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, page.width, page.height);
    const plan = this.plan(need);
    const visible = visibleRaster(page, transform, need.viewport);
    // One device pixel of overlap hides the seams anti-aliasing leaves between tiles.
    const bleed = 1 / (transform.zoom * dpr);
    if (this.sheet.state === 'READY' && this.asFiled(need)) {
      const drawTile = (tile: TileKey, bitmap: ImageBitmap) => {
        const r = tileRect(page, tile);
        const s = tileScale(tile.z);
        ctx.drawImage(bitmap, r.left, r.top, bitmap.width / s + bleed, bitmap.height / s + bleed);
      };
      // When the wanted level covers the view, it alone is drawn: without a GPU every level
      // drawn under it costs a few milliseconds a frame of a pan.
      const wanted = plan.tiles ? tilesFor(page, plan.z, visible, 0) : [];
      const bitmaps = wanted.map((tile) => this.tiles.get(tileKey(pageIndex, tile)));
      if (wanted.length > 0 && bitmaps.every((b) => b !== undefined)) {
        wanted.forEach((tile, i) => drawTile(tile, bitmaps[i]!));
        return this.paintPdf(ctx, need, plan, visible);
      }
      // Coarse to fine, each level over the one below. The finest level that covers the view by
      // itself is where painting starts: what lies under it would be painted over, and each layer
      // costs a full window of pixels a frame of a pan.
      const top = Math.min(SHEET_LIMITS.tileLevelMax, plan.tiles ? plan.z + 1 : plan.z);
      const bottom = Math.max(0, plan.z - LOWER_LEVELS);
      let from = -1;
      if (plan.tiles || this.tiles.size > 0)
        for (let z = top; z >= bottom && from < 0; z--) {
          const level = tilesFor(page, z, visible, 0);
          if (level.length > 0 && level.every((tile) => this.tiles.has(tileKey(pageIndex, tile)))) from = z;
        }
      const preview = this.previews.get(pageIndex);
      if (from < 0 && preview instanceof ImageBitmap) ctx.drawImage(preview, 0, 0, page.width, page.height);
      if (plan.tiles || this.tiles.size > 0)
        for (let z = Math.max(bottom, from); z <= top; z++)
          for (const tile of tilesFor(page, z, visible, 0)) {
            const bitmap = this.tiles.get(tileKey(pageIndex, tile));
            if (bitmap) drawTile(tile, bitmap);
          }
    }
    this.paintPdf(ctx, need, plan, visible);
  }

  private paintPdf(ctx: CanvasRenderingContext2D, need: SourceNeed, plan: Plan, visible: RasterRect) {
    const key = this.pdfKey(need);
    const base = this.pdfBase.get(key);
    if (base && base !== 'loading') drawRaster(ctx, base);
    if (plan.pdf && this.pdfDetail?.key === key && intersects(this.pdfDetail.rect, visible))
      drawRaster(ctx, this.pdfDetail);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
  }

  dispose() {
    this.disposed = true;
    clearTimeout(this.tileTimer);
    clearTimeout(this.pdfTimer);
    this.abortTiles(new Set());
    this.pdfWindow?.abort();
    this.tiles.clear();
    for (const preview of this.previews.values()) if (preview instanceof ImageBitmap) preview.close();
    this.previews.clear();
    this.releasePdf?.();
  }
}

interface QueuedTile {
  key: string;
  pageIndex: number;
  tile: TileKey;
  ring: boolean;
}

const tileKey = (pageIndex: number, { z, x, y }: TileKey) => `${pageIndex}/${z}/${x}/${y}`;

function drawRaster(ctx: CanvasRenderingContext2D, raster: RasterImage) {
  const { rect } = raster;
  ctx.drawImage(raster.image, rect.left, rect.top, rect.right - rect.left, rect.bottom - rect.top);
}

function clip(a: RasterRect, b: RasterRect): RasterRect | undefined {
  const r = {
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  };
  return r.left < r.right && r.top < r.bottom ? r : undefined;
}

const covers = (outer: RasterRect, inner: RasterRect) =>
  outer.left <= inner.left + 0.5 &&
  outer.top <= inner.top + 0.5 &&
  outer.right >= inner.right - 0.5 &&
  outer.bottom >= inner.bottom - 0.5;
