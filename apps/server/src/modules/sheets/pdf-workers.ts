import { PdfWorkerClient } from './pdf-worker-client.js';

/**
 * The process's two PDF worker threads: preparation (seconds per heavy sheet) has its own, so
 * that tiles asked for meanwhile are not queued behind it.
 */
export const pdfWorkers = {
  preparation: new PdfWorkerClient(),
  tiles: new PdfWorkerClient(),
};

/** Preparing one file may take minutes on a 500 MB set of heavy sheets; past this it is hung. */
export const PREPARE_TIMEOUT_MS = 15 * 60_000;
/** One tile of the heaviest page, including parsing the page when it is not kept loaded. */
export const TILE_TIMEOUT_MS = 60_000;
