import { createReadStream } from 'node:fs';
import { constants, mkdir, open, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createSHA256, type IHasher } from 'hash-wasm';
import { AppError } from '../../lib/app-error.js';
import type { AppContext } from '../../lib/app-context.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { DRAWING_HEAD_BYTES, detectDrawingFileType } from '../../lib/drawing-file-type.js';
import { newFileKey } from '../../lib/file-store.js';
import {
  advanceTusUpload,
  claimUpload,
  findUploadByTusToken,
  updateUpload,
  type DocUploadRow,
} from './doc-repository.repository.js';
import { cleanFileName } from '../../lib/clean-file-name.js';

/** Where the tus protocol (resumable uploads, https://tus.io/protocols/resumable-upload) is served. */
export const TUS_PATH = '/api/files/tus';

/** Where a tus upload's bytes wait until they are complete; local disk even with an S3 store. */
export function partPathOf(ctx: AppContext, uploadId: string) {
  return path.join(ctx.config.dataDir, 'tus', `${uploadId}.part`);
}

/**
 * Uploads a PATCH (or a finishing HEAD) is working on in this process. Two requests writing one
 * part file at once would interleave their bytes, so the second is refused while the first runs.
 */
const busy = new Set<string>();

/** Whether a request of this process is writing the upload's part file now: the sweeper leaves it. */
export function isTusUploadBusy(uploadId: string): boolean {
  return busy.has(uploadId);
}

async function whileHolding<T>(uploadId: string, work: () => Promise<T>): Promise<T> {
  if (busy.has(uploadId)) throw new AppError('TUS_UPLOAD_BUSY');
  busy.add(uploadId);
  try {
    return await work();
  } finally {
    busy.delete(uploadId);
  }
}

/** A SHA-256 that goes on from the state saved with the offset (a fresh one at offset 0). */
async function hasherAt(state: string | null): Promise<IHasher> {
  const hasher = await createSHA256();
  hasher.init();
  if (state) hasher.load(Buffer.from(state, 'base64'));
  return hasher;
}

const savedState = (hasher: IHasher) => Buffer.from(hasher.save()).toString('base64');

/** The upload a tus URL's token names, while it is receiving or done; else 404. */
async function uploadOfToken(ctx: AppContext, token: string): Promise<DocUploadRow> {
  const row = await findUploadByTusToken(ctx.db, sha256Hex(token));
  if (!row || row.status === 'PENDING' || row.uploadLength === null || row.uploadOffset === null)
    throw new AppError('NOT_FOUND');
  return row;
}

/** Throws the upload away: its bytes go, and the code is good for another try, as after a refusal. */
async function discardTusUpload(ctx: AppContext, row: DocUploadRow) {
  await rm(partPathOf(ctx, row.id), { force: true });
  await updateUpload(ctx.db, row.id, {
    status: 'PENDING',
    tusTokenHash: null,
    uploadLength: null,
    uploadOffset: null,
    hashState: null,
    fileName: null,
    contentType: null,
  });
}

/**
 * Opens the part file cut back to the stored offset. A process killed mid-PATCH may have written
 * bytes it never recorded; the stored hash state covers exactly the stored offset, so the rest goes.
 */
async function openPart(ctx: AppContext, row: DocUploadRow): Promise<FileHandle> {
  const file = partPathOf(ctx, row.id);
  await mkdir(path.dirname(file), { recursive: true });
  const handle = await open(file, constants.O_RDWR | constants.O_CREAT, 0o600);
  try {
    const { size } = await handle.stat();
    if (size < row.uploadOffset!) {
      // Bytes the database says were kept are gone (DATA_DIR lost or replaced): no way to resume.
      await handle.close();
      await discardTusUpload(ctx, row);
      throw new AppError('NOT_FOUND');
    }
    if (size > row.uploadOffset!) {
      await handle.truncate(row.uploadOffset!);
      await handle.sync();
    }
    return handle;
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}

/**
 * The complete part file goes into the file store, checked against the hash computed while it
 * arrived, and the upload becomes UPLOADED as a multipart one does; then `saveFile` takes it.
 * Safe to repeat: a process killed before the row changed finishes it at the next HEAD or PATCH.
 */
async function finishTusUpload(ctx: AppContext, row: DocUploadRow) {
  const length = row.uploadLength!;
  const file = partPathOf(ctx, row.id);
  const sha256 = (await hasherAt(row.hashState)).digest('hex');
  const key = newFileKey('drawings');
  try {
    const stored = await ctx.files.putStream(key, createReadStream(file, { start: 0, end: length - 1 }), {
      maxBytes: length,
    });
    if (stored.size !== length || stored.sha256 !== sha256)
      throw new Error(`tus upload ${row.id}: the stored bytes do not match the bytes received`);
    await updateUpload(ctx.db, row.id, {
      status: 'UPLOADED',
      size: length,
      sha256,
      storageKey: key,
      uploadedAt: ctx.clock(),
      hashState: null,
    });
  } catch (error) {
    await ctx.files.remove(key).catch(() => {});
    throw error;
  }
  await rm(file, { force: true });
}

/** Creation: claims the operation code for a resumable upload of `uploadLength` bytes. */
export async function createTusUpload(
  ctx: AppContext,
  input: { operationCode: string; fileName: string; uploadLength: number },
): Promise<{ token: string }> {
  if (input.uploadLength > ctx.config.uploadMaxBytes) {
    const gb = ctx.config.uploadMaxBytes / 1024 ** 3;
    throw new AppError('DOC_FILE_TOO_LARGE', {
      size: gb >= 1 ? `${+gb.toFixed(2)} GB` : `${Math.round(ctx.config.uploadMaxBytes / 1024 ** 2)} MB`,
    });
  }
  if (input.uploadLength === 0) throw new AppError('UPLOAD_FILE_MISSING');
  // Before the code is claimed: a refused name leaves it usable for a renamed file.
  const fileName = cleanFileName(input.fileName);
  const upload = await claimUpload(ctx.db, sha256Hex(input.operationCode), ctx.clock());
  if (!upload) throw new AppError('UPLOAD_CODE_INVALID');
  const token = randomToken(32);
  // Left by an earlier try of this code that was terminated or refused.
  await rm(partPathOf(ctx, upload.id), { force: true });
  await updateUpload(ctx.db, upload.id, {
    tusTokenHash: sha256Hex(token),
    uploadLength: input.uploadLength,
    uploadOffset: 0,
    hashState: null,
    fileName,
    contentType: null,
  });
  return { token };
}

/**
 * HEAD: how many bytes are kept. Also repairs what a killed process left (a longer part file, a
 * complete upload not yet in the store), unless a PATCH of this process is at work on it.
 */
export async function describeTusUpload(
  ctx: AppContext,
  token: string,
): Promise<{ offset: number; length: number }> {
  const found = await uploadOfToken(ctx, token);
  if (found.status !== 'RECEIVING' || busy.has(found.id))
    return {
      offset: found.status === 'RECEIVING' ? found.uploadOffset! : found.uploadLength!,
      length: found.uploadLength!,
    };
  return whileHolding(found.id, async () => {
    const row = await uploadOfToken(ctx, token);
    if (row.status === 'RECEIVING') {
      await (await openPart(ctx, row)).close();
      if (row.uploadOffset === row.uploadLength) await finishTusUpload(ctx, row);
    }
    return { offset: row.uploadOffset!, length: row.uploadLength! };
  });
}

/**
 * PATCH: appends the body at `offset`, hashing it on the way, and records the new offset with the
 * hash state only once the bytes are on disk. Bytes of an interrupted request that reached the
 * disk are kept. The type is judged once the first 4 KB are in; a refused type discards the upload.
 */
export async function appendTusUpload(
  ctx: AppContext,
  input: { token: string; offset: number; contentLength?: number; body: Readable },
): Promise<{ offset: number }> {
  const found = await uploadOfToken(ctx, input.token);
  return whileHolding(found.id, async () => {
    const row = await uploadOfToken(ctx, input.token);
    const length = row.uploadLength!;
    if (row.status !== 'RECEIVING') {
      if (input.offset !== length) throw new AppError('TUS_OFFSET_MISMATCH');
      return { offset: length };
    }
    const start = row.uploadOffset!;
    const handle = await openPart(ctx, row);
    let position = start;
    let contentType = row.contentType ?? undefined;
    let hashState = row.hashState;
    let broken: unknown;
    try {
      if (input.offset !== start) throw new AppError('TUS_OFFSET_MISMATCH');
      if (input.contentLength !== undefined && start + input.contentLength > length)
        throw new AppError('TUS_LENGTH_EXCEEDED');
      const hasher = await hasherAt(row.hashState);
      const judgeAt = Math.min(DRAWING_HEAD_BYTES, length);
      try {
        // Leaving the loop early must not destroy the request: the client is still to get our answer.
        for await (const chunk of input.body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
          if (position + chunk.length > length) throw new AppError('TUS_LENGTH_EXCEEDED');
          await handle.write(chunk, 0, chunk.length, position);
          hasher.update(chunk);
          position += chunk.length;
          if (!contentType && position >= judgeAt) {
            const head = Buffer.alloc(judgeAt);
            await handle.read(head, 0, judgeAt, 0);
            const type = detectDrawingFileType(head, row.fileName!);
            if (!type) throw new AppError('DOC_FILE_TYPE_REFUSED', { name: row.fileName! });
            contentType = type.contentType;
          }
        }
      } catch (error) {
        // A refusal of ours drops this request's bytes; a broken connection keeps what arrived.
        if (error instanceof AppError) throw error;
        broken = error;
      }
      if (position > start) {
        // On disk before the offset says so: the offset must never count bytes a crash can lose.
        await handle.sync();
        hashState = savedState(hasher);
        const moved = await advanceTusUpload(ctx.db, row.id, start, {
          uploadOffset: position,
          hashState,
          ...(contentType && !row.contentType ? { contentType } : {}),
        });
        if (!moved) throw new AppError('TUS_OFFSET_MISMATCH');
      }
    } catch (error) {
      input.body.resume();
      await handle.truncate(start).catch(() => {});
      await handle.close();
      if (error instanceof AppError && error.code === 'DOC_FILE_TYPE_REFUSED')
        await discardTusUpload(ctx, row);
      throw error;
    }
    await handle.close();
    if (position === length)
      await finishTusUpload(ctx, { ...row, uploadOffset: position, hashState, contentType: contentType! });
    if (broken) throw broken as Error;
    return { offset: position };
  });
}

/** Termination: the bytes go and the code is PENDING again, good for another upload. */
export async function terminateTusUpload(ctx: AppContext, token: string): Promise<void> {
  const found = await uploadOfToken(ctx, token);
  await whileHolding(found.id, async () => {
    const row = await uploadOfToken(ctx, token);
    if (row.status !== 'RECEIVING') throw new AppError('NOT_FOUND');
    await discardTusUpload(ctx, row);
  });
}
