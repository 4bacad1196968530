import { createHash, randomBytes } from 'node:crypto';
import { appendFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DocFile, DocFolderNode, OperationCode } from '@drp/domain';
import { buildApp } from '../../app.js';
import { docUploads } from '../../db/schema/doc-repository.js';
import { sha256Hex } from '../../lib/crypto.js';
import { submittedForMaterials } from '../../test/doc-fixture.js';
import { demoOrgIds, detailOf, projectApi } from '../../test/project-fixture.js';
import {
  FILE_STORES,
  createDriverTestApp,
  releaseFileStore,
  type DriverTestApp,
} from '../../test/driver-test-app.js';

function refused(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ code: string }>().code, res.body).toBe(code);
}

/** A multi-megabyte PDF, as a drawing set's file looks to the type check. */
function pdf(label: string, bytes: number) {
  return Buffer.concat([Buffer.from(`%PDF-1.7\n% ${label}\n`), randomBytes(bytes), Buffer.from('\n%%EOF\n')]);
}
const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');
const b64 = (text: string) => Buffer.from(text).toString('base64');
const TUS = { 'tus-resumable': '1.0.0' };

const MAX = 16 * 1024 ** 2;

describe.each(FILE_STORES)('resumable uploads (tus 1.0.0) with operation codes ($driver)', ({ driver }) => {
  let t: DriverTestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  let token: string;
  let projectId: string;
  let versionId: string;
  let structure: DocFolderNode;

  const base = () => `/api/checkDrawings/${org.design}/${projectId}`;
  const newCode = async () =>
    detailOf<OperationCode>(
      await api.send('GET', `${base()}/docRepository/getOperationCode`, token, {
        query: { versionId, folderId: structure.id },
      }),
    ).operationCode;
  const create = (code: string, name: string, length: number, app = t.app) =>
    app.inject({
      method: 'POST',
      url: '/api/files/tus',
      headers: {
        ...TUS,
        'upload-length': String(length),
        'upload-metadata': `operationCode ${b64(code)},filename ${b64(name)}`,
      },
    });
  /** Creates an upload and answers its URL. */
  const started = async (code: string, name: string, length: number) => {
    const res = await create(code, name, length);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['tus-resumable']).toBe('1.0.0');
    return String(res.headers.location);
  };
  const head = (url: string, app = t.app) => app.inject({ method: 'HEAD', url, headers: TUS });
  const offsetOf = async (url: string, app = t.app) => {
    const res = await head(url, app);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return Number(res.headers['upload-offset']);
  };
  const patch = (url: string, offset: number, body: Buffer | Readable, app = t.app) =>
    app.inject({
      method: 'PATCH',
      url,
      headers: { ...TUS, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
      payload: body,
    });
  const patched = async (url: string, offset: number, body: Buffer | Readable, app = t.app) => {
    const res = await patch(url, offset, body, app);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.headers['tus-resumable']).toBe('1.0.0');
    return Number(res.headers['upload-offset']);
  };
  const saveFile = async (code: string) =>
    detailOf<DocFile>(
      await api.send('POST', `${base()}/docRepository/saveFile`, token, { payload: { operationCode: code } }),
    );
  const uploadOf = async (code: string) =>
    (
      await t.database.db
        .select()
        .from(docUploads)
        .where(eq(docUploads.codeHash, sha256Hex(code)))
    )[0]!;
  const partOf = async (code: string) =>
    path.join(t.config.dataDir, 'tus', `${(await uploadOf(code)).id}.part`);
  /**
   * Stored drawing files (on disk or in the bucket) and part files, which stay on local disk
   * whatever the store: what "nothing stored" is checked against.
   */
  const onDisk = async () => ({
    stored: (await t.storedKeys('drawings')).length,
    parts: (await readdir(path.join(t.config.dataDir, 'tus')).catch(() => [])).length,
  });

  beforeAll(async () => {
    t = await createDriverTestApp(driver, { env: { UPLOAD_MAX_BYTES: String(MAX) } });
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    const construct = await t.signIn('construct_admin');
    token = await t.signIn('design_admin');
    ({
      versionId,
      structure,
      project: { id: projectId },
    } = await submittedForMaterials(t, {
      constructToken: construct,
      designToken: token,
      org,
      name: '梅溪湖国际新城安置房',
    }));
  });

  afterAll(async () => {
    await t.close();
  });

  it('says what it supports, and refuses clients of another protocol version', async () => {
    const options = await t.app.inject({ method: 'OPTIONS', url: '/api/files/tus' });
    expect(options.statusCode).toBe(204);
    expect(options.headers).toMatchObject({
      'tus-resumable': '1.0.0',
      'tus-version': '1.0.0',
      'tus-extension': 'creation,termination',
      'tus-max-size': String(MAX),
    });
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/files/tus',
      headers: { 'tus-resumable': '0.2.2', 'upload-length': '10' },
    });
    refused(old, 412, 'TUS_VERSION_UNSUPPORTED');
    expect(old.headers['tus-version']).toBe('1.0.0');
  });

  it('takes a drawing in three PATCHes, with HEAD in between, and saves it with the SHA-256 of the source', async () => {
    // Over S3's 5 MiB part size: the finished file goes to the bucket as a multipart upload.
    const body = pdf('结构施工图', 5 * 1024 ** 2);
    const before = await onDisk();
    const code = await newCode();
    const url = await started(code, '结构设计总说明.pdf', body.length);
    expect(url).toMatch(/^\/api\/files\/tus\/[A-Za-z0-9_-]{43}$/);
    expect(await offsetOf(url)).toBe(0);
    const cut = [0, 1_500_000, 3_800_000, body.length];
    for (let i = 0; i < 3; i += 1) {
      // A PATCH larger than the app's 1 MiB body limit: the body is streamed, not parsed.
      expect(await patched(url, cut[i]!, body.subarray(cut[i], cut[i + 1]))).toBe(cut[i + 1]);
      if (i < 2) expect(await offsetOf(url)).toBe(cut[i + 1]);
    }
    expect(await offsetOf(url)).toBe(body.length);
    // The part file is gone once its bytes are in the store.
    expect(await onDisk()).toEqual({ stored: before.stored + 1, parts: 0 });
    const stored = await t.app.ctx.files.open((await uploadOf(code)).storageKey!);
    expect(stored?.size).toBe(body.length);
    expect(sha256(await buffer(stored!.body))).toBe(sha256(body));
    const saved = await saveFile(code);
    expect(saved).toMatchObject({
      name: '结构设计总说明.pdf',
      size: body.length,
      sha256: sha256(body),
      contentType: 'application/pdf',
    });
  });

  it('refuses a PATCH at the wrong offset and appends nothing', async () => {
    const body = pdf('offset', 300_000);
    const code = await newCode();
    const url = await started(code, '偏移.pdf', body.length);
    await patched(url, 0, body.subarray(0, 100_000));
    refused(await patch(url, 50_000, body.subarray(50_000, 150_000)), 409, 'TUS_OFFSET_MISMATCH');
    refused(await patch(url, 150_000, body.subarray(150_000)), 409, 'TUS_OFFSET_MISMATCH');
    expect(await offsetOf(url)).toBe(100_000);
    expect((await stat(await partOf(code))).size).toBe(100_000);
    // Streamed, without a Content-Length.
    await patched(url, 100_000, Readable.from([body.subarray(100_000)]));
    expect((await saveFile(code)).sha256).toBe(sha256(body));
  });

  it('refuses bytes beyond the declared length and keeps none of them', async () => {
    const body = pdf('long', 100_000);
    const code = await newCode();
    const url = await started(code, '超长.pdf', body.length);
    await patched(url, 0, body.subarray(0, 60_000));
    const over = Buffer.concat([body.subarray(60_000), randomBytes(10)]);
    refused(await patch(url, 60_000, over), 413, 'TUS_LENGTH_EXCEEDED');
    refused(await patch(url, 60_000, Readable.from([over])), 413, 'TUS_LENGTH_EXCEEDED');
    expect(await offsetOf(url)).toBe(60_000);
    await patched(url, 60_000, body.subarray(60_000));
    expect((await saveFile(code)).sha256).toBe(sha256(body));
  });

  it('refuses unknown, used and malformed codes, and a file over the limit before storing anything', async () => {
    const before = await onDisk();
    refused(await create('x'.repeat(43), 'a.pdf', 1000), 404, 'UPLOAD_CODE_INVALID');
    refused(await create('short', 'a.pdf', 1000), 404, 'UPLOAD_CODE_INVALID');
    const code = await newCode();
    refused(await create(code, '超大.pdf', MAX + 1), 413, 'DOC_FILE_TOO_LARGE');
    const url = await started(code, '一次.pdf', 1000);
    refused(await create(code, '两次.pdf', 1000), 404, 'UPLOAD_CODE_INVALID');
    const unknown = await head('/api/files/tus/' + 'y'.repeat(43));
    expect([unknown.statusCode, unknown.headers['tus-resumable']]).toEqual([404, '1.0.0']);
    refused(await patch('/api/files/tus/' + 'y'.repeat(43), 0, Buffer.from('%PDF-')), 404, 'NOT_FOUND');
    // Termination: the upload is gone and the code good for another try.
    expect((await t.app.inject({ method: 'DELETE', url, headers: TUS })).statusCode).toBe(204);
    expect((await head(url)).statusCode).toBe(404);
    expect(await onDisk()).toEqual(before);
    const body = pdf('again', 50_000);
    const again = await started(code, '再次.pdf', body.length);
    await patched(again, 0, body);
    expect((await saveFile(code)).sha256).toBe(sha256(body));
  });

  it('keeps no bidirectional or invisible characters in the file name; refuses a NUL or nothing visible', async () => {
    const body = pdf('bidi', 20_000);
    const code = await newCode();
    refused(await create(code, '\u202E\u2066\u200B', body.length), 400, 'FILE_NAME_EMPTY');
    refused(await create(code, '图\u0000纸.pdf', body.length), 400, 'NUL_CHARACTER');
    // The refused names did not use the code up.
    const url = await started(code, '发票\u202Egpj\u2069.pdf', body.length);
    await patched(url, 0, body);
    expect((await saveFile(code)).name).toBe('发票gpj.pdf');
  });

  it('refuses a program calling itself a PDF once its first 4 KB are in, and stores nothing', async () => {
    const before = await onDisk();
    const code = await newCode();
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00'), randomBytes(200_000)]);
    const url = await started(code, '图纸.pdf', exe.length);
    // Under 4 KB nothing can be judged yet.
    await patched(url, 0, exe.subarray(0, 1000));
    refused(await patch(url, 1000, exe.subarray(1000, 100_000)), 415, 'DOC_FILE_TYPE_REFUSED');
    expect((await head(url)).statusCode).toBe(404);
    expect(await onDisk()).toEqual(before);
    expect((await uploadOf(code)).status).toBe('PENDING');
  });

  it('resumes on a new server after a restart, and after a crash left unrecorded bytes in the part file', async () => {
    const body = pdf('重启', 3 * 1024 ** 2);
    const code = await newCode();
    const url = await started(code, '重启.pdf', body.length);
    await patched(url, 0, body.subarray(0, 1_000_000));

    // A second server process on the same database and DATA_DIR: nothing is remembered in memory.
    const next: FastifyInstance = await buildApp({
      config: t.config,
      db: t.database.db,
      secrets: { authKey: randomBytes(32) },
      logger: false,
    });
    await next.ready();
    try {
      expect(await offsetOf(url, next)).toBe(1_000_000);
      await patched(url, 1_000_000, body.subarray(1_000_000, 2_000_000), next);

      // Killed mid-PATCH: bytes reached the part file but the offset was never recorded.
      const part = await partOf(code);
      await appendFile(part, randomBytes(300_000));
      expect(await offsetOf(url, next)).toBe(2_000_000);
      expect((await stat(part)).size).toBe(2_000_000);
      await appendFile(part, randomBytes(5_000));
      await patched(url, 2_000_000, body.subarray(2_000_000), next);
    } finally {
      await next.close();
      releaseFileStore(next.ctx.files);
    }
    const upload = await uploadOf(code);
    expect(upload).toMatchObject({ status: 'UPLOADED', size: body.length, sha256: sha256(body) });
    expect((await saveFile(code)).sha256).toBe(sha256(body));
  });
});
