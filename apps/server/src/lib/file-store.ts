import { createHash, randomUUID, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open as openFile, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Bytes `start` to `end` of a file, both inclusive as in HTTP's Range; no `end` means to the end. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface OpenedFile {
  /** The asked bytes only when a range was given, else the whole file. */
  body: Readable;
  /** The size of the whole file, also for a range, so a caller can answer Content-Range. */
  size: number;
}

export interface PutStreamOptions {
  /** More bytes than this and nothing is stored: the write stops with FileTooLargeError. */
  maxBytes?: number;
}

export interface PutStreamResult {
  size: number;
  /** Hex SHA-256 of the stored bytes, computed while they passed. */
  sha256: string;
}

/**
 * Where uploaded bytes live. Metadata (name, type, owner) stays in the database; the store
 * only keeps bytes under opaque keys. Local disk under DATA_DIR by default, or an
 * S3-compatible bucket (s3-file-store.ts); `createFileStore` picks one from the configuration.
 *
 * Writes are atomic: a key shows nothing or the complete file, never part of one.
 */
export interface FileStore {
  put(key: string, body: Buffer): Promise<void>;
  /**
   * Streams `body` to the store in constant memory. On any failure (the source errors, more
   * than `maxBytes` arrive, the store fails) nothing is left under the key, the source is
   * destroyed as `stream.pipeline` does, and the promise rejects — with FileTooLargeError
   * when the limit was passed, else with the source's or the store's error.
   */
  putStream(key: string, body: Readable, options?: PutStreamOptions): Promise<PutStreamResult>;
  /**
   * Opens a stored file; undefined when there is none under that key. A range past the end
   * of the file is cut to it; one starting at or after the end throws RangeNotSatisfiableError.
   */
  open(key: string, range?: ByteRange): Promise<OpenedFile | undefined>;
  /**
   * A whole stored file in memory; undefined when there is none. For small files read often (a
   * sheet's tiles and previews): one read where `open` streams in chunks, a few times faster.
   */
  read(key: string): Promise<Buffer | undefined>;
  stat(key: string): Promise<{ size: number } | undefined>;
  /** Removes the file; removing one that is not there is not an error. */
  remove(key: string): Promise<void>;
}

/** More bytes arrived than the upload may have; nothing was stored. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`file is larger than ${maxBytes} bytes`);
    this.name = 'FileTooLargeError';
  }
}

/** A range that begins at or after the end of the file (HTTP 416); `size` is the file's size. */
export class RangeNotSatisfiableError extends Error {
  constructor(
    readonly range: ByteRange,
    readonly size: number,
  ) {
    super(`range ${range.start}-${range.end ?? ''} is outside a file of ${size} bytes`);
    this.name = 'RangeNotSatisfiableError';
  }
}

/** How much of an upload is gathered before one write: a few MB, whatever the file's size. */
const WRITE_BATCH_BYTES = 4 * 1024 * 1024;

const KEY = /^[a-z0-9][a-z0-9/_-]{0,200}$/;

/** Keys are ours, but a bad one must never reach outside the store (a path or a bucket prefix). */
export function assertFileKey(key: string): void {
  if (!KEY.test(key) || key.includes('..') || key.includes('//') || key.endsWith('/'))
    throw new Error(`invalid file key: ${key}`);
}

/** A fresh key under a prefix, e.g. `licences/2026/…`. */
export function newFileKey(prefix: string): string {
  return `${prefix}/${new Date().getUTCFullYear()}/${randomUUID()}`;
}

/** Throws on a malformed range: that is a bug in the caller, not a request to answer with 416. */
export function assertByteRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || start < 0) throw new RangeError(`invalid range start: ${start}`);
  if (end !== undefined && (!Number.isSafeInteger(end) || end < start))
    throw new RangeError(`invalid range end: ${end}`);
}

/**
 * Passes bytes through while counting and hashing them; errors with FileTooLargeError as soon
 * as the count passes the limit, before the excess reaches the store.
 */
export class UploadMeter extends Transform {
  private readonly hash: Hash = createHash('sha256');
  private bytes = 0;

  constructor(private readonly maxBytes = Number.POSITIVE_INFINITY) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      callback(new FileTooLargeError(this.maxBytes));
      return;
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }

  /** Only once the stream has ended. */
  result(): PutStreamResult {
    return { size: this.bytes, sha256: this.hash.digest('hex') };
  }
}

export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertFileKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Buffer): Promise<void> {
    await this.putStream(key, Readable.from([body]));
  }

  async putStream(key: string, body: Readable, options: PutStreamOptions = {}): Promise<PutStreamResult> {
    const target = this.pathOf(key);
    // Write aside, then rename: a reader never sees half a file. Keys have no dots, so a
    // temporary name can never be another file's key.
    const temp = `${target}.${randomUUID()}.part`;
    const meter = new UploadMeter(options.maxBytes);
    try {
      await mkdir(path.dirname(target), { recursive: true });
      const handle = await openFile(temp, 'wx', 0o600);
      try {
        await pipeline(body, meter, async (chunks: AsyncIterable<Buffer>) => {
          // Uploads arrive in chunks of tens of KB: written one by one, the system calls and the
          // waits between them cost more than the disk (npm run bench, bench-uploads).
          let pending: Buffer[] = [];
          let size = 0;
          for await (const chunk of chunks) {
            pending.push(chunk);
            size += chunk.length;
            if (size >= WRITE_BATCH_BYTES) {
              await handle.write(pending.length === 1 ? pending[0]! : Buffer.concat(pending, size));
              pending = [];
              size = 0;
            }
          }
          if (size > 0) await handle.write(Buffer.concat(pending, size));
        });
        // On disk before the rename makes it visible: a crash must not leave a complete-looking
        // name over missing bytes.
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, target);
    } catch (error) {
      body.destroy();
      await rm(temp, { force: true });
      throw error;
    }
    await syncDirectory(path.dirname(target));
    return meter.result();
  }

  async open(key: string, range?: ByteRange): Promise<OpenedFile | undefined> {
    const file = this.pathOf(key);
    if (range) assertByteRange(range);
    const size = await this.sizeOf(file);
    if (size === undefined) return undefined;
    if (!range) return { body: createReadStream(file), size };
    if (range.start >= size) throw new RangeNotSatisfiableError(range, size);
    const end = Math.min(range.end ?? size - 1, size - 1);
    return { body: createReadStream(file, { start: range.start, end }), size };
  }

  async read(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // As in sizeOf: a missing key, one below another key's file, or a "directory" of keys.
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return undefined;
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number } | undefined> {
    const size = await this.sizeOf(this.pathOf(key));
    return size === undefined ? undefined : { size };
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  private async sizeOf(file: string): Promise<number | undefined> {
    try {
      const found = await stat(file);
      // A key that is a "directory" of other keys (`a` beside `a/b`) holds no file.
      return found.isFile() ? found.size : undefined;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // ENOTDIR: a key below another key's file (`a/b` beside the file `a`) is not there either.
      if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
      throw error;
    }
  }
}

/** Makes a rename durable. Some platforms cannot open a directory; there it is best effort. */
async function syncDirectory(directory: string): Promise<void> {
  let handle;
  try {
    handle = await openFile(directory, 'r');
    await handle.sync();
  } catch {
    // The file is complete and renamed; only its durability across a power cut is weaker.
  } finally {
    await handle?.close();
  }
}

/** Recognises the file types an upload may be by their first bytes, not by name or header. */
export function sniffFileType(head: Buffer): 'application/pdf' | 'image/png' | 'image/jpeg' | undefined {
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  return undefined;
}
