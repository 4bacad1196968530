import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileStore } from '../lib/create-file-store.js';
import { LocalFileStore } from '../lib/file-store.js';
import { S3FileStore } from '../lib/s3-file-store.js';
import { loadConfig } from './config.js';

const base = { DATA_DIR: '/srv/drp' };

describe('file store configuration', () => {
  it('keeps files on local disk under DATA_DIR by default, with a 2 GiB upload limit', async () => {
    const config = loadConfig(base);
    expect(config.fileStore).toEqual({ driver: 'local', root: path.resolve('/srv/drp/files') });
    expect(config.uploadMaxBytes).toBe(2147483648);
    expect(await createFileStore(config)).toBeInstanceOf(LocalFileStore);
  });

  it('keeps abandoned uploads for 7 days unless told otherwise', () => {
    expect(loadConfig(base).uploadAbandonHours).toBe(168);
    expect(loadConfig({ ...base, UPLOAD_ABANDON_HOURS: '24' }).uploadAbandonHours).toBe(24);
  });

  it('reads a whole S3 setup', async () => {
    const config = loadConfig({
      ...base,
      FILE_STORE: 's3',
      S3_BUCKET: 'drawings',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'cn-central-1',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_KEY_PREFIX: 'drp/prod',
      UPLOAD_MAX_BYTES: '1048576',
    });
    expect(config.fileStore).toEqual({
      driver: 's3',
      bucket: 'drawings',
      endpoint: 'http://127.0.0.1:9000',
      region: 'cn-central-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
      keyPrefix: 'drp/prod',
    });
    expect(config.uploadMaxBytes).toBe(1048576);
    const store = await createFileStore(config);
    expect(store).toBeInstanceOf(S3FileStore);
    (store as S3FileStore).destroy();
  });

  it('on AWS itself: us-east-1, virtual-hosted buckets and the SDK’s own credentials', () => {
    const config = loadConfig({ ...base, FILE_STORE: 's3', S3_BUCKET: 'drawings' });
    expect(config.fileStore).toMatchObject({
      region: 'us-east-1',
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
      keyPrefix: undefined,
    });
  });

  it('lets path style be turned off for an endpoint', () => {
    const config = loadConfig({
      ...base,
      FILE_STORE: 's3',
      S3_BUCKET: 'drawings',
      S3_ENDPOINT: 'https://oss.example.com',
      S3_FORCE_PATH_STYLE: 'false',
    });
    expect(config.fileStore).toMatchObject({ forcePathStyle: false });
  });

  it.each([
    [{ FILE_STORE: 's3' }, 'S3_BUCKET: required when FILE_STORE=s3'],
    [{ FILE_STORE: 's3', S3_BUCKET: '' }, 'S3_BUCKET: required when FILE_STORE=s3'],
    [
      { FILE_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' },
      'S3_SECRET_ACCESS_KEY: required with the other half of the S3 key pair',
    ],
    [{ FILE_STORE: 'ftp' }, 'FILE_STORE'],
    [{ FILE_STORE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT: must be a URL'],
    [{ FILE_STORE: 's3', S3_BUCKET: 'b', S3_KEY_PREFIX: 'a/../b' }, 'S3_KEY_PREFIX: must not contain ..'],
    [{ UPLOAD_MAX_BYTES: 'lots' }, 'UPLOAD_MAX_BYTES'],
    [{ UPLOAD_MAX_BYTES: '0' }, 'UPLOAD_MAX_BYTES'],
    [{ UPLOAD_ABANDON_HOURS: '0' }, 'UPLOAD_ABANDON_HOURS'],
    [{ UPLOAD_ABANDON_HOURS: '1.5' }, 'UPLOAD_ABANDON_HOURS'],
    [{ TSA_URL: 'tsa.example.cn' }, 'TSA_URL: must be a URL such as http://tsa.example.cn/tsa'],
    [{ TSA_URL: 'ftp://tsa.example.cn/tsa' }, 'TSA_URL: must be a URL'],
    [{ TSA_URL: 'http://tsa.example.cn/tsa', TSA_POLICY_OID: 'policy-1' }, 'TSA_POLICY_OID: must be an object identifier'],
    [{ TSA_URL: 'http://tsa.example.cn/tsa', TSA_POLICY_OID: '1.02.3' }, 'TSA_POLICY_OID: must be an object identifier'],
    [{ TSA_POLICY_OID: '1.2.3.4' }, 'TSA_POLICY_OID: only with TSA_URL'],
  ])('stops start-up on %o', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(/^Invalid configuration:\n/);
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });
});

describe('timestamp authority configuration', () => {
  it('has none by default: signatures stay PAdES B-B', () => {
    expect(loadConfig(base).timestampAuthority).toBeUndefined();
    expect(loadConfig({ ...base, TSA_URL: '' }).timestampAuthority).toBeUndefined();
  });

  it('reads the TSA and the policy asked of it', () => {
    expect(loadConfig({ ...base, TSA_URL: 'https://tsa.example.cn/tsa' }).timestampAuthority).toEqual({
      url: 'https://tsa.example.cn/tsa',
      policy: undefined,
    });
    expect(
      loadConfig({ ...base, TSA_URL: 'http://user:secret@10.0.0.5:8080/tsp', TSA_POLICY_OID: '1.2.156.112562.2.1' })
        .timestampAuthority,
    ).toEqual({ url: 'http://user:secret@10.0.0.5:8080/tsp', policy: '1.2.156.112562.2.1' });
  });
});
