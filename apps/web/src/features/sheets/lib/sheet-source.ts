import type { PDFDocumentProxy } from 'pdfjs-dist';
import { SHEET_LIMITS, tileScale, type SheetInfo, type SheetPage } from '@drp/domain';
import type { SheetTransform, Viewport } from '../sheet-view';
import type { RasterImage, SheetOpenError } from './pdfjs-document';
import { LruCache } from './lru-cache';
import {
  intersects,
  previewUrl,
  rasterToScreen,
  tileLevel,
  tileRect,
  tileUrl,
  tilesFor,
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
  hidden: readonly string[];
}

export interface SourceEvents {
  /** New imagery arrived: paint again. */
  changed(): void;
  error(code: SheetOpenError): void;
  /** The pages as pdf.js reads them, while the server has not said (a sheet being prepared). */
  pages(pages: SheetPage[]): void;
}

/** Tiles fetched at once: the browser's connections per host, less one for the rest of the app. */
const TILE_CONCURRENCY = 5;
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
  private readonly inflight = new Map<string, AbortController>();
  private readonly failed = new Set<string>();
  private queue: { key: string; pageIndex: number; tile: TileKey }[] = [];

  private pdf: Promise<{ module: PdfModule; document: PDFDocumentProxy }> | undefined;
  private releasePdf: (() => void) | undefined;
  private pdfWindow: AbortController | undefined;
  private readonly pdfBase = new Map<string, RasterImage | 'loading'>();
  private pdfDetail: (RasterImage & { key: string }) | undefined;

  constructor(sheet: SheetInfo, events: SourceEvents) {
    this.sheet = sheet;
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
    if (this.need) this.want(this.need);
  }

  private plan(need: SourceNeed): Plan {
    const ready = this.sheet.state === 'READY' && this.sheet.pages[need.pageIndex] !== undefined;
    const { z, exceedsTop } = tileLevel(need.transform.zoom, need.dpr);
    if (!ready || need.hidden.length > 0) return { pdf: true, tiles: false, z };
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
    const settling = zoomChanged && now - this.lastZoomAt < SETTLE_MS;
    if (zoomChanged) {
      this.lastZoom = need.transform.zoom;
      this.lastZoomAt = now;
    }
    const quiet = now - this.lastWantAt >= SETTLE_MS;
    this.lastWantAt = now;
    const ready = this.sheet.state === 'READY' && need.hidden.length === 0;
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
    if (this.sheet.state === 'READY' && need.hidden.length === 0) {
      shown = this.previews.get(need.pageIndex) instanceof ImageBitmap;
      if (plan.tiles)
        for (const tile of tilesFor(need.page, plan.z, visible, 0)) {
          const key = tileKey(need.pageIndex, tile);
          if (!this.tiles.has(key) && !this.failed.has(key)) sharp = false;
        }
      else sharp = shown;
    }
    if (plan.pdf) {
      const key = `${need.pageIndex}|${need.hidden.join('\u0000')}`;
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
    const wanted = tilesFor(need.page, z, visible, 1)
      .map((tile) => ({ key: tileKey(need.pageIndex, tile), pageIndex: need.pageIndex, tile }))
      .filter(({ key }) => !this.failed.has(key));
    this.abortTiles(new Set(wanted.map((w) => w.key)));
    this.queue = wanted.filter(({ key }) => !this.tiles.has(key) && !this.inflight.has(key));
    this.pump();
  }

  private abortTiles(keep: Set<string>) {
    for (const [key, controller] of this.inflight)
      if (!keep.has(key)) {
        controller.abort();
        this.inflight.delete(key);
      }
    this.queue = this.queue.filter(({ key }) => keep.has(key));
  }

  private pump() {
    while (this.inflight.size < TILE_CONCURRENCY && this.queue.length > 0) {
      const { key, pageIndex, tile } = this.queue.shift()!;
      if (this.tiles.has(key) || this.inflight.has(key)) continue;
      const controller = new AbortController();
      this.inflight.set(key, controller);
      this.fetchBitmap(tileUrl(this.sheet.assetBase, pageIndex, tile), controller.signal)
        .then((bitmap) => {
          if (controller.signal.aborted || this.disposed) return bitmap.close();
          this.tiles.set(key, bitmap);
          this.events.changed();
        })
        .catch(() => {
          if (!controller.signal.aborted) this.failed.add(key);
        })
        .finally(() => {
          if (this.inflight.get(key) === controller) this.inflight.delete(key);
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
    const key = `${need.pageIndex}|${need.hidden.join('\u0000')}`;
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
        need.hidden,
        controller.signal,
      );
      if (controller.signal.aborted || this.disposed) return;
      if (whole && !this.pdfBase.has(key)) this.pdfBase.set(key, image);
      else this.pdfDetail = { ...image, key };
      this.events.changed();
      // Something under the window for the next pan or zoom out: the whole page, once, small.
      if ((withBase || need.hidden.length > 0) && !this.pdfBase.has(key)) {
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
          need.hidden,
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
    if (this.sheet.state === 'READY' && need.hidden.length === 0) {
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
      const preview = this.previews.get(pageIndex);
      if (preview instanceof ImageBitmap) ctx.drawImage(preview, 0, 0, page.width, page.height);
      if (plan.tiles || this.tiles.size > 0) {
        const top = Math.min(SHEET_LIMITS.tileLevelMax, plan.tiles ? plan.z + 1 : plan.z);
        for (let z = Math.max(0, plan.z - LOWER_LEVELS); z <= top; z++)
          for (const tile of tilesFor(page, z, visible, 0)) {
            const bitmap = this.tiles.get(tileKey(pageIndex, tile));
            if (bitmap) drawTile(tile, bitmap);
          }
      }
    }
    this.paintPdf(ctx, need, plan, visible);
  }

  private paintPdf(ctx: CanvasRenderingContext2D, need: SourceNeed, plan: Plan, visible: RasterRect) {
    const key = `${need.pageIndex}|${need.hidden.join('\u0000')}`;
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
