import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FileTooLargeError,
  LocalFileStore,
  RangeNotSatisfiableError,
  newFileKey,
  type FileStore,
} from './file-store.js';
import { S3FileStore } from './s3-file-store.js';
import { startS3TestServer, type S3TestServer } from '../test/s3-test-server.js';

const MiB = 1024 * 1024;

/** Deterministic bytes at any offset, so a large file can be checked without holding it. */
function pattern(start: number, length: number): Buffer {
  const bytes = Buffer.allocUnsafe(length);
  for (let i = 0; i < length; i++) {
    const p = start + i;
    bytes[i] = (p * 31 + (p >>> 8) * 7 + (p >>> 16) * 13) & 0xff;
  }
  return bytes;
}

/** `size` pattern bytes in 1 MiB chunks; `failAt` makes the source error once that much is out. */
function patternStream(size: number, options: { from?: number; failAt?: number } = {}): Readable {
  const from = options.from ?? 0;
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < size; offset += MiB) {
        if (options.failAt !== undefined && offset >= options.failAt) throw new Error('source broke');
        yield pattern(from + offset, Math.min(MiB, size - offset));
      }
    })(),
  );
}

function sha256Of(size: number, from = 0): string {
  const hash = createHash('sha256');
  for (let offset = 0; offset < size; offset += MiB)
    hash.update(pattern(from + offset, Math.min(MiB, size - offset)));
  return hash.digest('hex');
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function read(store: FileStore, key: string, range?: { start: number; end?: number }) {
  const opened = await store.open(key, range);
  if (!opened) throw new Error(`nothing under ${key}`);
  return { bytes: await buffer(opened.body), size: opened.size };
}

async function hashOfStored(store: FileStore, key: string): Promise<string> {
  const opened = await store.open(key);
  if (!opened) throw new Error(`nothing under ${key}`);
  const hash = createHash('sha256');
  for await (const chunk of opened.body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

let s3rver: S3TestServer;
const s3Stores: S3FileStore[] = [];

function s3Store(keyPrefix?: string): S3FileStore {
  const { bucket, region, endpoint, credentials } = s3rver;
  const store = new S3FileStore({ bucket, region, endpoint, credentials, keyPrefix });
  s3Stores.push(store);
  return store;
}

const bucketKeys = () => s3rver.listKeys();

beforeAll(async () => {
  s3rver = await startS3TestServer();
});

afterAll(async () => {
  for (const store of s3Stores) store.destroy();
  await s3rver?.close();
});

interface Driver {
  name: string;
  start(): Promise<{ store: FileStore; stop: () => Promise<void>; storedNames: () => Promise<string[]> }>;
}

const drivers: Driver[] = [
  {
    name: 'LocalFileStore',
    async start() {
      const root = await mkdtemp(path.join(os.tmpdir(), 'drp-files-'));
      return {
        store: new LocalFileStore(root),
        stop: () => rm(root, { recursive: true, force: true }),
        storedNames: async () =>
          (await readdir(root, { recursive: true, withFileTypes: true }))
            .filter((entry) => entry.isFile())
            .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name))),
      };
    },
  },
  {
    name: 'S3FileStore on s3rver',
    async start() {
      return { store: s3Store(), stop: async () => {}, storedNames: bucketKeys };
    },
  },
];

describe.each(drivers)('$name', (driver) => {
  let store: FileStore;
  let storedNames: () => Promise<string[]>;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ store, storedNames, stop } = await driver.start());
  });
  afterAll(() => stop());

  /** Nothing under this key, not even a half-written temporary. */
  async function expectNothingStored(key: string) {
    expect(await store.stat(key)).toBeUndefined();
    expect(await store.open(key)).toBeUndefined();
    expect((await storedNames()).filter((name) => name.includes(key))).toEqual([]);
  }

  it('gives back a Buffer put, and the newer one when put again', async () => {
    const key = newFileKey('test');
    await store.put(key, Buffer.from('first'));
    await store.put(key, Buffer.from('second version'));
    expect((await read(store, key)).bytes.toString()).toBe('second version');
    expect((await store.read(key))?.toString()).toBe('second version');
    expect(await store.stat(key)).toEqual({ size: 14 });
  });

  it('streams a file in and reports its size and SHA-256', async () => {
    const key = newFileKey('test');
    const result = await store.putStream(key, patternStream(1000));
    expect(result).toEqual({ size: 1000, sha256: sha256(pattern(0, 1000)) });
    const { bytes, size } = await read(store, key);
    expect(size).toBe(1000);
    expect(bytes.equals(pattern(0, 1000))).toBe(true);
  });

  it('stores an empty file', async () => {
    const key = newFileKey('test');
    expect(await store.putStream(key, Readable.from([]))).toEqual({
      size: 0,
      sha256: sha256(Buffer.alloc(0)),
    });
    expect(await store.stat(key)).toEqual({ size: 0 });
    expect((await read(store, key)).bytes.length).toBe(0);
    expect((await store.read(key))?.length).toBe(0);
  });

  it('round-trips a 20 MiB stream', async () => {
    const key = newFileKey('test');
    const size = 20 * MiB + 123;
    const expected = sha256Of(size);
    expect(await store.putStream(key, patternStream(size))).toEqual({ size, sha256: expected });
    expect(await store.stat(key)).toEqual({ size });
    expect(await hashOfStored(store, key)).toBe(expected);
    expect(sha256((await store.read(key))!)).toBe(expected);
    // Across the 5 MiB boundary between S3 parts.
    const start = 5 * MiB - 10;
    const { bytes, size: whole } = await read(store, key, { start, end: start + 99 });
    expect(whole).toBe(size);
    expect(bytes.equals(pattern(start, 100))).toBe(true);
  });

  describe('ranges', () => {
    const key = newFileKey('test');
    const content = pattern(0, 100);
    beforeAll(() => store.put(key, content));

    it.each([
      ['the first bytes', { start: 0, end: 9 }, 0, 10],
      ['the middle', { start: 40, end: 59 }, 40, 60],
      ['up to the last byte', { start: 90, end: 99 }, 90, 100],
      ['from an offset to the end', { start: 95 }, 95, 100],
      ['past the end, cut to it', { start: 90, end: 1000 }, 90, 100],
    ])('reads %s', async (_name, range, from, to) => {
      const { bytes, size } = await read(store, key, range);
      expect(size).toBe(100);
      expect(bytes.equals(content.subarray(from, to))).toBe(true);
    });

    it('refuses a range starting at the end', async () => {
      const error = await store.open(key, { start: 100 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RangeNotSatisfiableError);
      expect((error as RangeNotSatisfiableError).size).toBe(100);
    });
  });

  it('answers undefined for a key with nothing stored', async () => {
    const key = newFileKey('test');
    expect(await store.open(key)).toBeUndefined();
    expect(await store.open(key, { start: 0, end: 9 })).toBeUndefined();
    expect(await store.read(key)).toBeUndefined();
    expect(await store.stat(key)).toBeUndefined();
  });

  it('keeps a file at exactly the limit', async () => {
    const key = newFileKey('test');
    expect((await store.putStream(key, patternStream(10), { maxBytes: 10 })).size).toBe(10);
    expect(await store.stat(key)).toEqual({ size: 10 });
  });

  it.each([
    ['a small file', 10, 11],
    ['a file over several parts', 6 * MiB, 8 * MiB],
  ])('stores nothing of %s over the limit', async (_name, maxBytes, size) => {
    const key = newFileKey('test');
    const error = await store.putStream(key, patternStream(size), { maxBytes }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileTooLargeError);
    expect((error as FileTooLargeError).maxBytes).toBe(maxBytes);
    await expectNothingStored(key);
  });

  it('stores nothing when the source fails midway, and passes its error on', async () => {
    const key = newFileKey('test');
    // Past the first S3 part, so a multipart upload has begun.
    await expect(store.putStream(key, patternStream(8 * MiB, { failAt: 6 * MiB }))).rejects.toThrow(
      'source broke',
    );
    await expectNothingStored(key);
  });

  it('keeps the old file when a replacement fails', async () => {
    const key = newFileKey('test');
    await store.put(key, Buffer.from('kept'));
    await expect(store.putStream(key, patternStream(100), { maxBytes: 10 })).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    expect((await read(store, key)).bytes.toString()).toBe('kept');
  });

  it('removes, and removes again without complaint', async () => {
    const key = newFileKey('test');
    await store.put(key, Buffer.from('x'));
    await store.remove(key);
    await store.remove(key);
    await store.remove(newFileKey('test'));
    expect(await store.stat(key)).toBeUndefined();
  });

  it('keeps two concurrent uploads apart', async () => {
    const [a, b] = [newFileKey('test'), newFileKey('test')];
    const size = 7 * MiB + 5;
    const results = await Promise.all([
      store.putStream(a, patternStream(size, { from: 0 })),
      store.putStream(b, patternStream(size, { from: 3 })),
    ]);
    expect(results.map((r) => r.sha256)).toEqual([sha256Of(size, 0), sha256Of(size, 3)]);
    expect(await hashOfStored(store, a)).toBe(sha256Of(size, 0));
    expect(await hashOfStored(store, b)).toBe(sha256Of(size, 3));
  });

  it('refuses a key that could leave the store', async () => {
    await expect(store.put('../outside', Buffer.from('x'))).rejects.toThrow('invalid file key');
    await expect(store.putStream('a/../../b', Readable.from([]))).rejects.toThrow('invalid file key');
    await expect(store.open('/etc/passwd')).rejects.toThrow('invalid file key');
  });
});

describe('S3FileStore key prefix', () => {
  it('keeps files under the prefix, apart from a store without it', async () => {
    const key = newFileKey('test');
    const prefixed = s3Store('tenant-a/');
    await prefixed.put(key, Buffer.from('mine'));
    expect(await bucketKeys()).toContain(`tenant-a/${key}`);
    expect(await s3Store().stat(key)).toBeUndefined();
    expect(await s3Store('tenant-a').stat(key)).toEqual({ size: 4 });
  });
});
