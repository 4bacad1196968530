import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live. Metadata (name, type, owner) stays in the database; the store
 * only keeps bytes under opaque keys. Local disk under DATA_DIR by default; an S3-compatible
 * store implements the same interface when drawings need it.
 */
export interface FileStore {
  put(key: string, body: Buffer): Promise<void>;
  /** Opens a stored file; undefined when there is none under that key. */
  open(key: string): Promise<{ body: Readable; size: number } | undefined>;
  remove(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9/_-]{0,200}$/;

/** A fresh key under a prefix, e.g. `licences/2026/…`. */
export function newFileKey(prefix: string): string {
  return `${prefix}/${new Date().getUTCFullYear()}/${randomUUID()}`;
}

export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    // Keys are ours, but a bad one must never reach outside the store.
    if (!KEY.test(key) || key.includes('..')) throw new Error(`invalid file key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, body: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write aside, then rename: a reader never sees half a file.
    const temp = `${target}.${randomUUID()}.part`;
    await writeFile(temp, body, { mode: 0o600 });
    await rename(temp, target);
  }

  async open(key: string) {
    const file = this.pathOf(key);
    try {
      const { size } = await stat(file);
      return { body: createReadStream(file), size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
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
