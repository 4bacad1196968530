import { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  RangeNotSatisfiableError,
  UploadMeter,
  assertByteRange,
  assertFileKey,
  type ByteRange,
  type FileStore,
  type OpenedFile,
  type PutStreamOptions,
  type PutStreamResult,
} from './file-store.js';

export interface S3FileStoreOptions {
  bucket: string;
  region: string;
  /** For MinIO, s3rver and other S3-compatible services; unset means AWS itself. */
  endpoint?: string | undefined;
  /** `bucket.host` needs DNS per bucket, which local S3-compatible services rarely have. */
  forcePathStyle?: boolean;
  /** Both or neither; without them the SDK's default chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Keeps this platform's files under one folder of a shared bucket. */
  keyPrefix?: string | undefined;
}

/** S3 takes at most 10,000 parts per upload, each but the last at least 5 MiB. */
const MIN_PART_BYTES = 5 * 1024 * 1024;
const MAX_PARTS = 10_000;
/** Parts in flight at once; memory held is about (this + 1) × part size, whatever the file size. */
const QUEUE_SIZE = 4;

/**
 * Files in an S3-compatible bucket. Large uploads go up as multipart uploads, which S3 only
 * turns into an object when completed, so a key shows the whole file or nothing.
 */
export class S3FileStore implements FileStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(options: S3FileStoreOptions) {
    const config: S3ClientConfig = {
      region: options.region,
      forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    };
    if (options.endpoint) {
      config.endpoint = options.endpoint;
      // Newer SDKs add CRC32 checksums to every upload by default; many S3-compatible services
      // (older MinIO, Ceph, some cloud vendors) reject or mishandle them. Our SHA-256 covers integrity.
      config.requestChecksumCalculation = 'WHEN_REQUIRED';
      config.responseChecksumValidation = 'WHEN_REQUIRED';
    }
    if (options.credentials) config.credentials = options.credentials;
    this.client = new S3Client(config);
    this.bucket = options.bucket;
    const prefix = (options.keyPrefix ?? '').replace(/^\/+|\/+$/g, '');
    this.prefix = prefix ? `${prefix}/` : '';
  }

  private objectKey(key: string): string {
    assertFileKey(key);
    return this.prefix + key;
  }

  async put(key: string, body: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: body,
        ContentLength: body.length,
      }),
    );
  }

  async putStream(key: string, body: Readable, options: PutStreamOptions = {}): Promise<PutStreamResult> {
    const objectKey = this.objectKey(key);
    const meter = new UploadMeter(options.maxBytes);
    // The first failure on our side (the source, or the limit) is the one to report: the SDK
    // may fail after it with an error of its own, e.g. when a service cannot abort an upload.
    let failure: unknown;
    pipeline(body, meter, (error) => {
      if (error) failure ??= error;
    });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: objectKey, Body: meter },
      // Sized so that the largest allowed file still fits in S3's part count.
      partSize: Math.max(MIN_PART_BYTES, Math.ceil((options.maxBytes ?? 0) / MAX_PARTS)),
      queueSize: QUEUE_SIZE,
      // A failed upload is aborted, so its parts are neither kept nor billed.
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      meter.destroy();
      throw failure ?? error;
    }
    // Ended without an error on our side, or the upload would not have completed.
    return meter.result();
  }

  async open(key: string, range?: ByteRange): Promise<OpenedFile | undefined> {
    const objectKey = this.objectKey(key);
    if (range) assertByteRange(range);
    try {
      const found = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: objectKey,
          Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
        }),
      );
      if (!(found.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
      // For a range, the whole size is only in Content-Range: `bytes 0-9/1234`.
      const size = range ? Number(found.ContentRange?.split('/')[1]) : found.ContentLength;
      if (size === undefined || !Number.isSafeInteger(size)) {
        found.Body.destroy();
        throw new Error(`S3 answered without the object's size for ${objectKey}`);
      }
      return { body: found.Body, size };
    } catch (error) {
      if (isMissing(error)) return undefined;
      if (range && isStatus(error, 416)) {
        const stat = await this.stat(key);
        if (!stat) return undefined;
        throw new RangeNotSatisfiableError(range, stat.size);
      }
      throw error;
    }
  }

  async read(key: string): Promise<Buffer | undefined> {
    try {
      const found = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      if (!found.Body) throw new Error('S3 answered without a body');
      return Buffer.from(await found.Body.transformToByteArray());
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number } | undefined> {
    try {
      const found = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return { size: found.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    // S3 answers a delete of a missing key with success, which is the idempotence we want.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  /** Closes the client's sockets; for tests and shutdown. */
  destroy(): void {
    this.client.destroy();
  }
}

function isStatus(error: unknown, status: number): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === status;
}

/** GetObject says NoSuchKey; HeadObject, having no body to explain itself in, only 404. */
function isMissing(error: unknown): boolean {
  return isStatus(error, 404) || (error instanceof S3ServiceException && error.name === 'NoSuchKey');
}
