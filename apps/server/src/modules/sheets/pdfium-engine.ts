import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { init, type WrappedPdfiumModule } from '@embedpdf/pdfium';

/**
 * PDFium (wasm) on raw FPDF_* calls. It runs only inside the PDF worker thread (pdf-worker.ts):
 * loading a heavy page takes seconds of CPU that must never hold the server's event loop.
 * Nothing here knows the database or the file store.
 */

/** Why PDFium refused a file. */
export type OpenFailure = 'DAMAGED' | 'ENCRYPTED' | 'NO_PAGES';

export interface PageFacts {
  index: number;
  /** The visible (cropped) page box in user space: [left, bottom, right, top]. */
  box: [number, number, number, number];
  width: number;
  height: number;
  rotation: 0 | 90 | 180 | 270;
  objects: number;
}

export interface TextRun {
  text: string;
  box: [number, number, number, number];
}

const FPDF_ERR_PASSWORD = 4;
const FPDF_ERR_SECURITY = 5;
/** Render annotations the file carries (its own stamps and comments), as a reader would. */
const FPDF_ANNOT = 0x01;

let modulePromise: Promise<WrappedPdfiumModule> | undefined;

function loadPdfium(): Promise<WrappedPdfiumModule> {
  modulePromise ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasm = readFileSync(require.resolve('@embedpdf/pdfium/pdfium.wasm'));
    const wasmBinary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength);
    const pdfium = await init({ wasmBinary });
    pdfium.PDFiumExt_Init();
    return pdfium;
  })();
  return modulePromise;
}

/** The wasm memory as bytes; read afresh each time, since memory growth replaces the array. */
const heapOf = (pdfium: WrappedPdfiumModule) => (pdfium.pdfium as unknown as { HEAPU8: Uint8Array }).HEAPU8;

const round2 = (n: number) => Math.round(n * 100) / 100;

const FPDF_PAGEOBJ_FORM = 5;

/**
 * The page's drawing objects, those inside form XObjects included: CAD exporters often put a whole
 * sheet in one form, which the page counts as a single object.
 */
function countObjects(pdfium: WrappedPdfiumModule, page: number): number {
  let total = 0;
  const visit = (count: number, objectAt: (i: number) => number, depth: number) => {
    for (let i = 0; i < count; i += 1) {
      const object = objectAt(i);
      if (object && depth < 16 && pdfium.FPDFPageObj_GetType(object) === FPDF_PAGEOBJ_FORM)
        visit(
          pdfium.FPDFFormObj_CountObjects(object),
          (j) => pdfium.FPDFFormObj_GetObject(object, j),
          depth + 1,
        );
      else total += 1;
    }
  };
  visit(pdfium.FPDFPage_CountObjects(page), (i) => pdfium.FPDFPage_GetObject(page, i), 0);
  return total;
}

/** One open document; its bytes stay in wasm memory until it is closed. */
export class PdfiumDocument {
  private closed = false;

  private constructor(
    private readonly pdfium: WrappedPdfiumModule,
    private readonly handle: number,
    private readonly bytesPtr: number,
    readonly pageCount: number,
  ) {}

  static async open(bytes: Uint8Array): Promise<PdfiumDocument | OpenFailure> {
    const pdfium = await loadPdfium();
    const { malloc, free } = pdfium.pdfium.wasmExports;
    const ptr = malloc(bytes.length);
    if (!ptr) return 'DAMAGED';
    heapOf(pdfium).set(bytes, ptr);
    const handle = pdfium.FPDF_LoadMemDocument(ptr, bytes.length, '');
    if (!handle) {
      const error = pdfium.FPDF_GetLastError();
      free(ptr);
      return error === FPDF_ERR_PASSWORD || error === FPDF_ERR_SECURITY ? 'ENCRYPTED' : 'DAMAGED';
    }
    const pageCount = pdfium.FPDF_GetPageCount(handle);
    if (pageCount <= 0) {
      pdfium.FPDF_CloseDocument(handle);
      free(ptr);
      return 'NO_PAGES';
    }
    return new PdfiumDocument(pdfium, handle, ptr, pageCount);
  }

  /** Loads a page (parsing all of its content: the expensive part of a heavy sheet). */
  loadPage(index: number): PdfiumPage | undefined {
    const handle = this.pdfium.FPDF_LoadPage(this.handle, index);
    return handle ? new PdfiumPage(this.pdfium, handle, index) : undefined;
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.pdfium.FPDF_CloseDocument(this.handle);
    this.pdfium.pdfium.wasmExports.free(this.bytesPtr);
  }
}

export class PdfiumPage {
  readonly facts: PageFacts;
  private closed = false;

  constructor(
    private readonly pdfium: WrappedPdfiumModule,
    private readonly handle: number,
    index: number,
  ) {
    const rotation = (((pdfium.FPDFPage_GetRotation(handle) % 4) + 4) % 4) * 90;
    // Everything we draw is in the unrotated page; the viewer rotates. In memory only.
    pdfium.FPDFPage_SetRotation(handle, 0);
    const { malloc, free } = pdfium.pdfium.wasmExports;
    const rect = malloc(16);
    let box: [number, number, number, number];
    try {
      // FS_RECTF {left, top, right, bottom}: the CropBox within the MediaBox, as PDFium renders it.
      if (pdfium.FPDF_GetPageBoundingBox(handle, rect)) {
        const f = new Float32Array(heapOf(pdfium).buffer, rect, 4);
        const [left = 0, top = 0, right = 0, bottom = 0] = f;
        box = [Math.min(left, right), Math.min(top, bottom), Math.max(left, right), Math.max(top, bottom)];
      } else {
        box = [0, 0, pdfium.FPDF_GetPageWidthF(handle), pdfium.FPDF_GetPageHeightF(handle)];
      }
    } finally {
      free(rect);
    }
    this.facts = {
      index,
      box: box.map(round2) as PageFacts['box'],
      width: round2(box[2] - box[0]),
      height: round2(box[3] - box[1]),
      rotation: rotation as PageFacts['rotation'],
      objects: countObjects(pdfium, handle),
    };
  }

  /**
   * Renders a window of the unrotated page raster at `scale` pixels per point, on white: the
   * window's top-left pixel is (`left`, `top`) of the whole page's raster. RGB, 3 bytes a pixel.
   */
  render(scale: number, left: number, top: number, width: number, height: number): Uint8Array {
    const { pdfium } = this;
    const bitmap = pdfium.FPDFBitmap_Create(width, height, 0);
    if (!bitmap) throw new Error(`cannot allocate a ${width}×${height} bitmap`);
    try {
      pdfium.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xffffffff);
      const pageWidth = Math.max(1, Math.round(this.facts.width * scale));
      const pageHeight = Math.max(1, Math.round(this.facts.height * scale));
      pdfium.FPDF_RenderPageBitmap(bitmap, this.handle, -left, -top, pageWidth, pageHeight, 0, FPDF_ANNOT);
      const buffer = pdfium.FPDFBitmap_GetBuffer(bitmap);
      const stride = pdfium.FPDFBitmap_GetStride(bitmap);
      const heap = heapOf(pdfium);
      const rgb = new Uint8Array(width * height * 3);
      for (let y = 0; y < height; y += 1) {
        let from = buffer + y * stride;
        let to = y * width * 3;
        for (let x = 0; x < width; x += 1) {
          // PDFium writes BGRx.
          rgb[to] = heap[from + 2]!;
          rgb[to + 1] = heap[from + 1]!;
          rgb[to + 2] = heap[from]!;
          from += 4;
          to += 3;
        }
      }
      return rgb;
    } finally {
      pdfium.FPDFBitmap_Destroy(bitmap);
    }
  }

  /**
   * The page's text as runs (words joined into pieces of a line), with boxes in page space
   * (origin at the bottom left of the page box). At most `maxChars` characters are kept.
   */
  text(maxChars: number): { runs: TextRun[]; chars: number } {
    const { pdfium } = this;
    const textPage = pdfium.FPDFText_LoadPage(this.handle);
    if (!textPage) return { runs: [], chars: 0 };
    const { malloc, free } = pdfium.pdfium.wasmExports;
    const boxPtr = malloc(32);
    const [originX, originY] = this.facts.box;
    const words: TextRun[] = [];
    let chars = 0;
    try {
      const count = pdfium.FPDFText_CountChars(textPage);
      let word: { text: string; l: number; b: number; r: number; t: number } | undefined;
      const endWord = () => {
        if (word) words.push({ text: word.text, box: [word.l, word.b, word.r, word.t] });
        word = undefined;
      };
      for (let i = 0; i < count && chars < maxChars; i += 1) {
        const code = pdfium.FPDFText_GetUnicode(textPage, i);
        const generated = pdfium.FPDFText_IsGenerated(textPage, i) === 1;
        if (generated || code <= 32 || code === 0xa0 || code === 0x3000 || code === 0xfffe) {
          endWord();
          continue;
        }
        if (!pdfium.FPDFText_GetCharBox(textPage, i, boxPtr, boxPtr + 8, boxPtr + 16, boxPtr + 24)) continue;
        // left, right, bottom, top (doubles).
        const [l = 0, r = 0, b = 0, t = 0] = new Float64Array(heapOf(pdfium).buffer, boxPtr, 4);
        const ch = String.fromCodePoint(code);
        chars += 1;
        if (word) {
          const height = Math.max(word.t - word.b, t - b, 0.1);
          const sameLine = Math.abs((word.b + word.t) / 2 - (b + t) / 2) < height / 2;
          const near = l >= word.l - height * 0.1 && l - word.r < height * 0.6;
          if (!sameLine || !near) endWord();
        }
        if (word) {
          word.text += ch;
          word.l = Math.min(word.l, l);
          word.b = Math.min(word.b, b);
          word.r = Math.max(word.r, r);
          word.t = Math.max(word.t, t);
        } else {
          word = { text: ch, l, b, r, t };
        }
      }
      endWord();
    } finally {
      free(boxPtr);
      pdfium.FPDFText_ClosePage(textPage);
    }
    return { runs: joinWords(words).map((run) => toPageSpace(run, originX, originY)), chars };
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.pdfium.FPDF_ClosePage(this.handle);
  }
}

/** Words that follow each other on one line, a space apart, become one run: search finds phrases. */
function joinWords(words: TextRun[]): TextRun[] {
  const runs: TextRun[] = [];
  for (const word of words) {
    const last = runs.at(-1);
    if (last) {
      const [l, b, r, t] = last.box;
      const height = Math.max(t - b, word.box[3] - word.box[1], 0.1);
      const sameLine = Math.abs((b + t) / 2 - (word.box[1] + word.box[3]) / 2) < height / 2;
      const gap = word.box[0] - r;
      if (sameLine && gap > -height * 0.1 && gap < height * 1.5) {
        last.text += ` ${word.text}`;
        last.box = [
          Math.min(l, word.box[0]),
          Math.min(b, word.box[1]),
          Math.max(r, word.box[2]),
          Math.max(t, word.box[3]),
        ];
        continue;
      }
    }
    runs.push({ text: word.text, box: [...word.box] });
  }
  return runs;
}

const toPageSpace = (run: TextRun, x: number, y: number): TextRun => ({
  text: run.text,
  box: [round2(run.box[0] - x), round2(run.box[1] - y), round2(run.box[2] - x), round2(run.box[3] - y)],
});
