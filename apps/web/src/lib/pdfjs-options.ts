import { GlobalWorkerOptions, type getDocument } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * How every screen opens a PDF with pdf.js (the sheet viewer, the opinion report): the worker,
 * CMaps, standard fonts, wasm decoders and ICC profiles come from our own origin (copied into the
 * build by apps/web/pdfjs-assets.ts), and nothing inside a PDF runs: pdf.js 6 has no eval path left
 * (`isEvalSupported` is gone), there is no scripting here, no XFA, and the callers draw no
 * annotations. Import it only from code loaded on demand (the viewer's pdf.js path, the report
 * routes): pages without a PDF must not download pdf.js.
 */

GlobalWorkerOptions.workerSrc = workerUrl;

const assets = `${import.meta.env.BASE_URL}pdfjs/`;

/** `getDocument`'s options without the source: spread with `url` (and the caller's own options). */
export const pdfjsOptions = {
  enableXfa: false,
  cMapUrl: `${assets}cmaps/`,
  cMapPacked: true,
  standardFontDataUrl: `${assets}standard_fonts/`,
  wasmUrl: `${assets}wasm/`,
  iccUrl: `${assets}iccs/`,
} as const satisfies Parameters<typeof getDocument>[0];
