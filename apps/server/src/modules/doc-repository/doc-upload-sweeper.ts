import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { inTransaction } from '../../db/database.js';
import type { AppContext } from '../../lib/app-context.js';
import {
  deleteExpiredPendingUploads,
  deleteIdleTusUpload,
  deleteStaleMultipartUploads,
  deleteUpload,
  listReceivingTusUploads,
  listUnsavedUploadIds,
  lockUnsavedUpload,
  receivingUploadIdsAmong,
} from './doc-upload-sweeper.repository.js';
import { isTusUploadBusy, partPathOf } from './doc-tus.service.js';

/** What one sweep removed. */
export interface SweptUploads {
  /** Operation codes that expired unused. */
  expiredCodes: number;
  /** Resumable uploads idle past the abandon period, with their part files. */
  idleTusUploads: number;
  /** Multipart uploads whose process died while receiving them. */
  staleMultipartUploads: number;
  /** Uploaded files never saved into a folder, with their stored bytes. */
  unsavedFiles: number;
  /** Part files no receiving upload names. */
  orphanPartFiles: number;
  /** Disk or bucket space given back: part files and stored files. */
  freedBytes: number;
}

type SweepLog = Pick<FastifyBaseLogger, 'info' | 'warn'>;

const PART_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.part$/;

/** When the file was last written, and its size; undefined when there is none. */
async function statOf(file: string) {
  try {
    const s = await stat(file);
    return { mtime: s.mtime, size: s.size };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Removes what abandoned uploads left: codes that expired unused, uploads whose client went away
 * mid-way (a tus part file may hold gigabytes), files uploaded but never saved, and part files of
 * no upload. Anything younger than UPLOAD_ABANDON_HOURS stays, and saved files are never touched.
 *
 * Safe beside live requests and beside another process sweeping: each row is deleted only if it
 * is still in the state it was chosen in, a tus upload a request of this process is writing is
 * left alone, and removing bytes that are already gone is no error. A failure on one upload is
 * logged and the rest are still swept.
 */
export async function sweepAbandonedUploads(
  ctx: AppContext,
  options: { now?: Date; log?: SweepLog } = {},
): Promise<SweptUploads> {
  const now = options.now ?? ctx.clock();
  const log = options.log;
  const cutoff = new Date(now.getTime() - ctx.config.uploadAbandonHours * 3_600_000);
  const swept: SweptUploads = {
    expiredCodes: await deleteExpiredPendingUploads(ctx.db, now),
    idleTusUploads: 0,
    staleMultipartUploads: await deleteStaleMultipartUploads(ctx.db, cutoff),
    unsavedFiles: 0,
    orphanPartFiles: 0,
    freedBytes: 0,
  };

  for (const upload of await listReceivingTusUploads(ctx.db)) {
    if (isTusUploadBusy(upload.id)) continue;
    const file = partPathOf(ctx, upload.id);
    try {
      const part = await statOf(file);
      if ((part?.mtime ?? upload.createdAt) >= cutoff || isTusUploadBusy(upload.id)) continue;
      // The row first: once it is gone no request can take the upload up again, and a part file
      // a request still recreates meanwhile is swept as an orphan later.
      if (!(await deleteIdleTusUpload(ctx.db, upload.id, upload.uploadOffset))) continue;
      await rm(file, { force: true });
      swept.idleTusUploads += 1;
      swept.freedBytes += part?.size ?? 0;
    } catch (error) {
      log?.warn({ err: error, uploadId: upload.id }, 'could not sweep an idle resumable upload');
    }
  }

  for (const id of await listUnsavedUploadIds(ctx.db, cutoff)) {
    try {
      // The bytes go while the row is locked, and the row only after: a saveFile waiting on the
      // lock then finds no upload, and a failed removal leaves the row to be tried again.
      const size = await inTransaction(ctx.db, async (tx) => {
        const row = await lockUnsavedUpload(tx, id, cutoff);
        if (!row) return undefined;
        if (row.storageKey) await ctx.files.remove(row.storageKey);
        await deleteUpload(tx, id);
        return row.size ?? 0;
      });
      if (size === undefined) continue;
      swept.unsavedFiles += 1;
      swept.freedBytes += size;
    } catch (error) {
      log?.warn({ err: error, uploadId: id }, 'could not sweep an unsaved upload');
    }
  }

  const tusDir = path.join(ctx.config.dataDir, 'tus');
  const names = await readdir(tusDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const parts = names.flatMap((name) => {
    const id = PART_FILE.exec(name)?.[1];
    return id ? [{ id, file: path.join(tusDir, name) }] : [];
  });
  const named = await receivingUploadIdsAmong(
    ctx.db,
    parts.map((p) => p.id),
  );
  for (const { id, file } of parts) {
    if (named.has(id) || isTusUploadBusy(id)) continue;
    try {
      // Young ones may belong to an upload created since the rows were read.
      const part = await statOf(file);
      if (!part || part.mtime >= cutoff) continue;
      await rm(file, { force: true });
      swept.orphanPartFiles += 1;
      swept.freedBytes += part.size;
    } catch (error) {
      log?.warn({ err: error, file }, 'could not remove an orphan part file');
    }
  }

  const removed =
    swept.expiredCodes +
    swept.idleTusUploads +
    swept.staleMultipartUploads +
    swept.unsavedFiles +
    swept.orphanPartFiles;
  if (removed > 0) log?.info({ ...swept }, 'swept abandoned uploads');
  return swept;
}

export interface DocUploadSweeperOptions {
  /** How soon after the server starts listening the first sweep runs. */
  firstDelayMs?: number;
  /** How long from the end of one sweep to the start of the next. */
  everyMs?: number;
}

/**
 * Sweeps abandoned uploads shortly after the server starts listening, then hourly. It starts on
 * listen rather than ready: only a serving process sweeps, not a test or a script that builds the
 * app. The timer never holds the process open, a failed sweep is logged and the next one comes,
 * and closing the app waits for a sweep under way, before the database closes.
 */
export const docUploadSweeper = fp(async (app: FastifyInstance, options: DocUploadSweeperOptions) => {
  const firstDelayMs = options.firstDelayMs ?? 60_000;
  const everyMs = options.everyMs ?? 3_600_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const sweep = async () => {
    try {
      await sweepAbandonedUploads(app.ctx, { log: app.log });
    } catch (error) {
      app.log.error({ err: error }, 'sweeping abandoned uploads failed');
    }
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      running = sweep().finally(() => {
        running = undefined;
        schedule(everyMs);
      });
    }, ms);
    timer.unref();
  };

  app.addHook('onListen', async () => {
    if (!timer && !running) schedule(firstDelayMs);
  });
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
});
