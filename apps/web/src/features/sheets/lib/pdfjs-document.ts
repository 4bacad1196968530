import { AnnotationMode, getDocument, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';
import type { SheetPage } from '@drp/domain';
import { pdfjsOptions } from '../../../lib/pdfjs-options';
import type { RasterRect } from './tile-plan';

/**
 * The pdf.js path of the viewer, loaded by dynamic import only when a sheet is still being
 * prepared, has layers switched off, or is zoomed past the tiles: the sign-in and list pages never
 * download pdf.js. pdf.js is set up as everywhere (lib/pdfjs-options): our own origin's assets,
 * nothing inside a PDF runs, and annotations are not drawn.
 */

export type SheetOpenError = 'SHEET_ENCRYPTED' | 'SHEET_DAMAGED';

export class PdfOpenError extends Error {
  constructor(readonly code: SheetOpenError) {
    super(code);
  }
}

interface Entry {
  document: Promise<PDFDocumentProxy>;
  destroy(): void;
  users: number;
}
const open = new Map<string, Entry>();

/**
 * Opens the file (range requests on `viewUrl`), shared by every canvas that shows it; `release`
 * closes it when the last one lets go.
 */
export function openPdf(key: string, url: string): { document: Promise<PDFDocumentProxy>; release(): void } {
  let entry = open.get(key);
  if (!entry) {
    const task = getDocument({
      ...pdfjsOptions,
      url,
      // Pages arrive by range as drawn; fetching the rest ahead only competes with them.
      disableAutoFetch: true,
    });
    const document = task.promise.catch((error: unknown) => {
      const name = (error as { name?: string } | null)?.name;
      throw new PdfOpenError(name === 'PasswordException' ? 'SHEET_ENCRYPTED' : 'SHEET_DAMAGED');
    });
    document.catch(() => {});
    entry = { document, destroy: () => void task.destroy(), users: 0 };
    open.set(key, entry);
  }
  entry.users++;
  const held = entry;
  let released = false;
  return {
    document: held.document,
    release() {
      if (released) return;
      released = true;
      if (--held.users > 0) return;
      if (open.get(key) === held) open.delete(key);
      held.destroy();
    },
  };
}

/** What the server would say of each page, read by pdf.js while the sheet is being prepared. */
export async function readPages(document: PDFDocumentProxy): Promise<SheetPage[]> {
  const pages: SheetPage[] = [];
  for (let i = 1; i <= document.numPages; i++) {
    const page = await document.getPage(i);
    const [left, bottom, right, top] = page.view as [number, number, number, number];
    pages.push({
      index: i - 1,
      box: [left, bottom, right, top],
      width: right - left,
      height: top - bottom,
      rotation: (((page.rotate % 360) + 360) % 360) as SheetPage['rotation'],
      objects: 0,
      heavy: false,
      hasText: true,
    });
  }
  return pages;
}

/** An off-screen canvas holding part of the unrotated page: `rect` in raster points. */
export interface RasterImage {
  image: HTMLCanvasElement;
  rect: RasterRect;
  /** Pixels per point. */
  scale: number;
}

/** A canvas larger than this fails in some browsers, or eats memory: the window is cut first. */
const MAX_PIXELS = 16_777_216;

/**
 * Renders `rect` of the unrotated page at `scale` pixels per point, the layers as the file has them,
 * or, given `hidden`, those (by id or by name) off and every other one on: a layer the file turns
 * off by default is shown once the reader ticks it. Aborting cancels the render task.
 */
export async function renderWindow(
  document: PDFDocumentProxy,
  pageIndex: number,
  rect: RasterRect,
  scale: number,
  hidden: readonly string[] | undefined,
  signal: AbortSignal,
): Promise<RasterImage> {
  const page = await document.getPage(pageIndex + 1);
  let s = scale;
  const area = (rect.right - rect.left) * (rect.bottom - rect.top);
  if (area * s * s > MAX_PIXELS) s = Math.sqrt(MAX_PIXELS / area);
  const image = globalThis.document.createElement('canvas');
  image.width = Math.max(1, Math.ceil((rect.right - rect.left) * s));
  image.height = Math.max(1, Math.ceil((rect.bottom - rect.top) * s));
  const viewport = page.getViewport({
    scale: s,
    rotation: 0,
    offsetX: -rect.left * s,
    offsetY: -rect.top * s,
  });
  let optionalContentConfigPromise;
  if (hidden) {
    const config = await document.getOptionalContentConfig();
    for (const [id, group] of config as Iterable<[string, { name?: string }]>)
      config.setVisibility(
        id,
        !hidden.includes(id) && !(group.name !== undefined && hidden.includes(group.name)),
      );
    optionalContentConfigPromise = Promise.resolve(config);
  }
  signal.throwIfAborted();
  const task: RenderTask = page.render({
    canvas: image,
    viewport,
    annotationMode: AnnotationMode.DISABLE,
    background: 'white',
    ...(optionalContentConfigPromise ? { optionalContentConfigPromise } : {}),
  });
  const cancel = () => task.cancel();
  signal.addEventListener('abort', cancel, { once: true });
  try {
    await task.promise;
  } finally {
    signal.removeEventListener('abort', cancel);
  }
  return {
    image,
    rect: { ...rect, right: rect.left + image.width / s, bottom: rect.top + image.height / s },
    scale: s,
  };
}
