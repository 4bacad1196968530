import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { S3FileStore } from '../lib/s3-file-store.js';
import type { FileStore } from '../lib/file-store.js';
import { startS3TestServer, type S3TestServer } from './s3-test-server.js';
import { createTestApp, type TestApp } from './test-app.js';

export type FileStoreDriver = 'local' | 's3';

/** For `describe.each`: a suite that stores files runs once on each store FILE_STORE offers. */
export const FILE_STORES: { driver: FileStoreDriver }[] = [{ driver: 'local' }, { driver: 's3' }];

/** Set so that a store ignoring S3_KEY_PREFIX would show in the listing, not pass unnoticed. */
const KEY_PREFIX = 'drp-test';

export interface DriverTestApp extends TestApp {
  driver: FileStoreDriver;
  /**
   * Keys of every file the app's store holds under `prefix` (e.g. `drawings`), sorted, read from
   * the disk or the bucket itself rather than through the store, so a stray temporary shows too.
   */
  storedKeys(prefix: string): Promise<string[]>;
}

/** Closes the S3 client's sockets; the app does not do it on close. */
export function releaseFileStore(files: FileStore): void {
  if (files instanceof S3FileStore) files.destroy();
}

/**
 * A test app whose files go to local disk under its DATA_DIR, or to a bucket of an s3rver of its
 * own, which closing the app stops.
 */
export async function createDriverTestApp(
  driver: FileStoreDriver,
  options: { env?: Record<string, string>; seed?: boolean } = {},
): Promise<DriverTestApp> {
  const s3: S3TestServer | undefined =
    driver === 's3' ? await startS3TestServer({ keyPrefix: KEY_PREFIX }) : undefined;
  let t: TestApp;
  try {
    t = await createTestApp({ ...options, env: { ...options.env, ...s3?.env } });
  } catch (error) {
    await s3?.close();
    throw error;
  }
  const store = t.config.fileStore;
  if (store.driver !== driver) throw new Error(`asked for ${driver}, the app stores on ${store.driver}`);
  const root = store.driver === 'local' ? store.root : undefined;

  const storedKeys = async (prefix: string): Promise<string[]> => {
    let keys: string[];
    if (root === undefined) {
      const inBucket = `${KEY_PREFIX}/`;
      keys = (await s3!.listKeys(`${inBucket}${prefix}/`)).map((key) => key.slice(inBucket.length));
    } else {
      // A missing directory: nothing stored under the prefix yet.
      const entries = await readdir(path.join(root, prefix), { recursive: true, withFileTypes: true }).catch(
        () => [],
      );
      keys = entries
        .filter((entry) => entry.isFile())
        .map((entry) =>
          path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
        );
    }
    // Sorted, so that two listings compare whatever order the disk or the service gave.
    return keys.sort();
  };

  return {
    ...t,
    driver,
    storedKeys,
    close: async () => {
      try {
        await t.close();
      } finally {
        releaseFileStore(t.app.ctx.files);
        await s3?.close();
      }
    },
  };
}
