import { parentPort } from 'node:worker_threads';
import { encodePng } from './png-encoder.js';
import {
  PdfiumDocument,
  type OpenFailure,
  type PageFacts,
  type PdfiumPage,
  type TextRun,
} from './pdfium-engine.js';
import { readPdfStructure, type PdfStructure } from './pdf-structure.js';

/**
 * The PDF worker thread: PDFium and pdf-lib run here, one request at a time, so a heavy sheet
 * never blocks the server's event loop. pdf-worker-client.ts is its other end.
 */

export interface PrepareRequest {
  op: 'prepare';
  bytes: Uint8Array;
  previewPx: number;
  textCharsMax: number;
}
export type PrepareResult =
  | { failure: OpenFailure }
  | {
      failure: null;
      pages: (PageFacts & { hasText: boolean })[];
      previews: Uint8Array[];
      texts: TextRun[][];
      structure: PdfStructure;
    };

export interface TileRequest {
  op: 'tile';
  /** Names the document in this worker's cache (the file's SHA-256). */
  key: string;
  /** Sent when the worker answered `missing`: the document is not loaded here. */
  bytes?: Uint8Array;
  page: number;
  scale: number;
  /** The block of tiles to render in one PDFium call, in pixels of the whole page's raster. */
  left: number;
  top: number;
  width: number;
  height: number;
  /** The block is cut into tiles this many pixels a side, row by row from its top left. */
  tilePx: number;
}
export type TileResult =
  { missing: true } | { missing: false; pngs: Uint8Array[] } | { missing: false; pngs: null };

export type WorkerRequest = PrepareRequest | TileRequest;
export type WorkerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

async function prepare(request: PrepareRequest): Promise<PrepareResult> {
  const doc = await PdfiumDocument.open(request.bytes);
  if (typeof doc === 'string') return { failure: doc };
  try {
    const pages: (PageFacts & { hasText: boolean })[] = [];
    const previews: Uint8Array[] = [];
    const texts: TextRun[][] = [];
    for (let index = 0; index < doc.pageCount; index += 1) {
      const page = doc.loadPage(index);
      if (!page) return { failure: 'DAMAGED' };
      try {
        const { runs } = page.text(request.textCharsMax);
        const { width, height } = page.facts;
        const scale = request.previewPx / Math.max(width, height, 1);
        const w = Math.max(1, Math.round(width * scale));
        const h = Math.max(1, Math.round(height * scale));
        previews.push(encodePng(page.render(scale, 0, 0, w, h), w, h));
        texts.push(runs);
        pages.push({ ...page.facts, hasText: runs.length > 0 });
      } finally {
        page.close();
      }
    }
    return { failure: null, pages, previews, texts, structure: await readPdfStructure(request.bytes) };
  } finally {
    doc.close();
  }
}

/** Loaded documents and parsed pages, the most recently used last: parsing a heavy page is what costs. */
const DOCS_KEPT = 3;
const PAGES_KEPT = 6;
const docs = new Map<string, PdfiumDocument>();
const pages = new Map<string, PdfiumPage>();

function touch<T>(map: Map<string, T>, key: string, value: T) {
  map.delete(key);
  map.set(key, value);
}

function evictPages(prefix?: string) {
  for (const [key, page] of pages) {
    if (prefix !== undefined ? key.startsWith(prefix) : pages.size > PAGES_KEPT) {
      page.close();
      pages.delete(key);
    }
  }
}

async function tile(request: TileRequest): Promise<TileResult> {
  let doc = docs.get(request.key);
  if (!doc) {
    if (!request.bytes) return { missing: true };
    const opened = await PdfiumDocument.open(request.bytes);
    if (typeof opened === 'string') return { missing: false, pngs: null };
    doc = opened;
    docs.set(request.key, doc);
    for (const [key, old] of docs) {
      if (docs.size <= DOCS_KEPT) break;
      evictPages(`${key}#`);
      old.close();
      docs.delete(key);
    }
  }
  touch(docs, request.key, doc);
  if (request.page < 0 || request.page >= doc.pageCount) return { missing: false, pngs: null };
  const pageKey = `${request.key}#${request.page}`;
  let page = pages.get(pageKey);
  if (!page) {
    page = doc.loadPage(request.page);
    if (!page) return { missing: false, pngs: null };
  }
  touch(pages, pageKey, page);
  evictPages();
  const { width, height, tilePx } = request;
  // One PDFium call for the whole block: walking a heavy page's paths costs about as much for a
  // 512 px tile as for a 2048 px block, so sixteen tiles come for little more than the price of one.
  const rgb = page.render(request.scale, request.left, request.top, width, height);
  const pngs: Uint8Array[] = [];
  for (let top = 0; top < height; top += tilePx) {
    for (let left = 0; left < width; left += tilePx) {
      const w = Math.min(tilePx, width - left);
      const h = Math.min(tilePx, height - top);
      const cut = new Uint8Array(w * h * 3);
      for (let y = 0; y < h; y += 1) {
        const from = ((top + y) * width + left) * 3;
        cut.set(rgb.subarray(from, from + w * 3), y * w * 3);
      }
      pngs.push(encodePng(cut, w, h));
    }
  }
  return { missing: false, pngs };
}

async function handle(request: WorkerRequest): Promise<unknown> {
  return request.op === 'prepare' ? prepare(request) : tile(request);
}

// One at a time: PDFium is not re-entrant, and requests await only at the start.
let queue = Promise.resolve();
parentPort?.on('message', (message: { id: number; request: WorkerRequest }) => {
  queue = queue.then(async () => {
    try {
      const value = await handle(message.request);
      // Copied, not transferred: small PNGs sit in Buffer's shared pool.
      parentPort!.postMessage({ id: message.id, ok: true, value } satisfies WorkerReply);
    } catch (error) {
      parentPort!.postMessage({ id: message.id, ok: false, error: String(error) } satisfies WorkerReply);
    }
  });
});
