import {
  SHEET_LIMITS,
  type SheetFailure,
  type SheetLayer,
  type SheetPage,
  type SheetText,
} from '@drp/domain';
import { inTransaction } from '../../db/database.js';
import type { AppContext } from '../../lib/app-context.js';
import type { ByteRange, FileStore } from '../../lib/file-store.js';
import type { JobHandler } from '../jobs/job-runner.js';
import type { PrepareResult } from './pdf-worker.js';
import { pdfWorkers, PREPARE_TIMEOUT_MS } from './pdf-workers.js';
import { sheetFileKeys } from './sheet-files.js';
import { signalFile } from './sheet-signal.js';
import { findFileToPrepare, saveSheetResult } from './sheets.repository.js';
import { enqueueJob } from '../jobs/jobs.repository.js';

/** The job kind the trigger on doc_files queues (migration 0027), keyed by the file id. */
export const SHEET_JOB = 'sheet.prepare';

/**
 * The job kind that renders a heavy page's tiles of levels 0..SHEET_PYRAMID_TOP ahead of any
 * viewer (sheet-pyramid.ts), keyed by `<sha256>:<page>`; queued once the sheet is READY.
 */
export const SHEET_PYRAMID_JOB = 'sheet.pyramid';

/** What a preparation found, kept beside its images under the file's SHA-256. */
type SheetManifest =
  | { failure: null; pages: SheetPage[]; layers: SheetLayer[]; scripts: boolean }
  | { failure: SheetFailure; scripts: boolean };

/** Reads a stored file, or a range of it (at most SHEET_LIMITS.viewableBytesMax, checked before). */
export async function readStoredBytes(
  files: FileStore,
  key: string,
  range?: ByteRange,
): Promise<Buffer | undefined> {
  if (!range) return files.read(key);
  const size = (await files.stat(key))?.size;
  if (size === undefined) return undefined;
  if (size === 0) return Buffer.alloc(0);
  const opened = await files.open(key, range);
  if (!opened) return undefined;
  const length = Math.min(opened.size - 1, range.end ?? Infinity) - range.start + 1;
  const bytes = Buffer.allocUnsafeSlow(length);
  let at = 0;
  for await (const chunk of opened.body as AsyncIterable<Buffer>) {
    if (at + chunk.length > bytes.length) throw new Error(`stored file ${key} grew while read`);
    chunk.copy(bytes, at);
    at += chunk.length;
  }
  return at === bytes.length ? bytes : bytes.subarray(0, at);
}

async function readJson<T>(files: FileStore, key: string): Promise<T | undefined> {
  const bytes = await readStoredBytes(files, key);
  return bytes ? (JSON.parse(bytes.toString('utf8')) as T) : undefined;
}

/** A PDF starts with `%PDF-` within its first 1024 bytes (ISO 32000 allows junk before it). */
export const looksLikePdf = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).includes('%PDF-');

/** Runs PDFium over the bytes in the worker thread and stores the images and text it made. */
async function prepareBytes(files: FileStore, sha256: string, bytes: Buffer): Promise<SheetManifest> {
  if (!looksLikePdf(bytes)) return { failure: 'NOT_PDF', scripts: false };
  const result = await pdfWorkers.preparation.call<PrepareResult>(
    {
      op: 'prepare',
      bytes,
      previewPx: SHEET_LIMITS.previewPx,
      textCharsMax: SHEET_LIMITS.textCharsMax,
    },
    PREPARE_TIMEOUT_MS,
  );
  if (result.failure) return { failure: result.failure, scripts: false };
  for (const [index, png] of result.previews.entries())
    await files.put(
      sheetFileKeys.preview(sha256, index),
      Buffer.from(png.buffer, png.byteOffset, png.byteLength),
    );
  for (const [index, runs] of result.texts.entries()) {
    const text: SheetText = { page: index, runs };
    await files.put(sheetFileKeys.text(sha256, index), Buffer.from(JSON.stringify(text)));
  }
  return {
    failure: null,
    pages: result.pages.map((page) => ({ ...page, heavy: page.objects > SHEET_LIMITS.heavyObjects })),
    layers: result.structure.layers,
    scripts: result.structure.scripts,
  };
}

/**
 * Prepares one file's sheet: its pages' sizes, previews and text, its layers, whether it carries
 * scripts, or why it cannot be shown. Idempotent: the outputs are keyed by the file's SHA-256 and
 * the manifest is written last, so a run cut short is redone whole and a finished one is reused
 * (also by every identical file). Tells the file's open viewers when done.
 */
export async function prepareSheet(ctx: AppContext, fileId: string): Promise<void> {
  const file = await findFileToPrepare(ctx.db, fileId);
  if (!file) return;
  let manifest: SheetManifest | undefined;
  if (file.size > SHEET_LIMITS.viewableBytesMax) manifest = { failure: 'TOO_LARGE', scripts: false };
  else {
    const key = sheetFileKeys.manifest(file.sha256);
    manifest = await readJson<SheetManifest>(ctx.files, key);
    if (!manifest) {
      // The head first: a large file that is no PDF is never read whole.
      const head = await readStoredBytes(ctx.files, file.storageKey, { start: 0, end: 1023 });
      if (!head) throw new Error(`the stored bytes of file ${file.id} are missing`);
      const bytes = looksLikePdf(head) ? await readStoredBytes(ctx.files, file.storageKey) : head;
      if (!bytes) throw new Error(`the stored bytes of file ${file.id} are missing`);
      manifest = await prepareBytes(ctx.files, file.sha256, bytes);
      await ctx.files.put(key, Buffer.from(JSON.stringify(manifest)));
    }
  }
  const outcome = manifest;
  await inTransaction(ctx.db, async (tx) => {
    await saveSheetResult(
      tx,
      fileId,
      outcome.failure
        ? { state: 'FAILED', failure: outcome.failure, scripts: outcome.scripts }
        : { state: 'READY', pages: outcome.pages, layers: outcome.layers, scripts: outcome.scripts },
      ctx.clock(),
    );
    await signalFile(tx, fileId, 'sheet');
  });
  if (outcome.failure) return;
  // After READY, not before: the viewer shows the preview while the pyramid fills.
  for (const page of outcome.pages.filter((p) => p.heavy))
    await enqueueJob(
      ctx.db,
      {
        kind: SHEET_PYRAMID_JOB,
        key: `${file.sha256}:${page.index}`,
        payload: { fileId, page: page.index, width: page.width, height: page.height },
      },
      ctx.clock(),
    );
}

const fileIdOf = (payload: Record<string, unknown>) => {
  const fileId = payload.fileId;
  if (typeof fileId !== 'string') throw new Error('a sheet job without a file id');
  return fileId;
};

/**
 * The queue's handler. A file that keeps failing (PDFium crashing or hanging on it) ends as
 * DAMAGED once its attempts are spent, so the viewer stops waiting and offers the download.
 */
export const sheetJobHandler: JobHandler = {
  kind: SHEET_JOB,
  run: (ctx, job) => prepareSheet(ctx, fileIdOf(job.payload)),
  giveUp: async (ctx, job) => {
    const fileId = fileIdOf(job.payload);
    await inTransaction(ctx.db, async (tx) => {
      await saveSheetResult(tx, fileId, { state: 'FAILED', failure: 'DAMAGED' }, ctx.clock());
      await signalFile(tx, fileId, 'sheet');
    });
  },
};
