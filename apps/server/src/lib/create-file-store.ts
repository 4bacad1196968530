import type { Config } from '../config/config.js';
import { LocalFileStore, type FileStore } from './file-store.js';

/** The store FILE_STORE names: local disk under DATA_DIR/files, or an S3-compatible bucket. */
export async function createFileStore(config: Pick<Config, 'fileStore'>): Promise<FileStore> {
  const store = config.fileStore;
  if (store.driver === 'local') return new LocalFileStore(store.root);
  // Loaded only when used: the AWS SDK adds some 50 ms to every start on local disk.
  const { S3FileStore } = await import('./s3-file-store.js');
  return new S3FileStore({
    bucket: store.bucket,
    region: store.region,
    endpoint: store.endpoint,
    forcePathStyle: store.forcePathStyle,
    credentials: store.credentials,
    keyPrefix: store.keyPrefix,
  });
}
