import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { UPLOAD_CODE_MINUTES, type DocFile, type DocFolderNode, type OperationCode } from '@drp/domain';
import type { Db } from '../../db/database.js';
import { docUploads } from '../../db/schema/doc-repository.js';
import { sha256Hex } from '../../lib/crypto.js';
import { pdfBytes, submittedForMaterials } from '../../test/doc-fixture.js';
import { multipartBody } from '../../test/multipart-body.js';
import { demoOrgIds, detailOf, projectApi } from '../../test/project-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { claimUpload } from './doc-repository.repository.js';
import { docUploadSweeper, sweepAbandonedUploads, type SweptUploads } from './doc-upload-sweeper.js';

const HOUR = 3_600_000;
/** UPLOAD_ABANDON_HOURS's default. */
const PERIOD = 168 * HOUR;
const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (text: string) => Buffer.from(text).toString('base64');
const nothing: SweptUploads = {
  expiredCodes: 0,
  idleTusUploads: 0,
  staleMultipartUploads: 0,
  unsavedFiles: 0,
  orphanPartFiles: 0,
  freedBytes: 0,
};

function refused(res: LightMyRequestResponse, code: string) {
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.json<{ code: string }>().code, res.body).toBe(code);
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe('sweeping abandoned uploads', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  let token: string;
  let projectId: string;
  let versionId: string;
  let structure: DocFolderNode;
  /** A file saved early on, with its bytes: it must outlive every sweep. */
  /** A resumable upload created but never sent a byte. */
  let unstartedUrl: string;
  let kept: { code: string; file: DocFile; body: Buffer };

  const base = () => `/api/checkDrawings/${org.design}/${projectId}/docRepository`;
  const newCode = async () =>
    detailOf<OperationCode>(
      await api.send('GET', `${base()}/getOperationCode`, token, {
        query: { versionId, folderId: structure.id },
      }),
    ).operationCode;
  const upload = (code: string, name: string, body: Buffer) => {
    const { payload, headers } = multipartBody({ operationCode: code }, { name, content: body });
    return t.app.inject({ method: 'POST', url: '/api/files/upload', payload, headers });
  };
  const saveFile = (code: string) =>
    api.send('POST', `${base()}/saveFile`, token, { payload: { operationCode: code } });
  const uploadOf = async (code: string) =>
    (
      await t.database.db
        .select()
        .from(docUploads)
        .where(eq(docUploads.codeHash, sha256Hex(code)))
    )[0];
  /** Reads a saved file the way a user does: a view link, then its bytes. */
  const download = async (fileId: string) => {
    const { url } = detailOf<{ url: string }>(
      await api.send('GET', `${base()}/getViewURL`, token, { query: { fileId } }),
    );
    return t.app.inject({ url });
  };
  const startTus = async (code: string, name: string, length: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/files/tus',
      headers: {
        ...TUS,
        'upload-length': String(length),
        'upload-metadata': `operationCode ${b64(code)},filename ${b64(name)}`,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return String(res.headers.location);
  };
  const patchTus = (url: string, offset: number, body: Buffer | PassThrough) =>
    t.app.inject({
      method: 'PATCH',
      url,
      headers: { ...TUS, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
      payload: body,
    });
  const headTus = (url: string) => t.app.inject({ method: 'HEAD', url, headers: TUS });
  const tusDir = () => path.join(t.config.dataDir, 'tus');
  const partOf = async (code: string) => path.join(tusDir(), `${(await uploadOf(code))!.id}.part`);
  /** Makes a file look last written `ms` before the app's now. */
  const age = async (file: string, ms: number) => {
    const then = new Date(t.app.ctx.clock().getTime() - ms);
    await utimes(file, then, then);
  };
  /** Moves the app's clock; sessions idle that long have expired, so the member signs in again. */
  const later = async (ms: number) => {
    t.advance(ms);
    token = await t.signIn('design_admin');
  };
  const sweep = () => sweepAbandonedUploads(t.app.ctx, { now: t.app.ctx.clock() });

  beforeAll(async () => {
    t = await createTestApp();
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
      name: '洋湖片区保障房',
    }));
  });

  afterAll(async () => {
    await t.close();
  });

  it('lets an operation code that expired unused go, and keeps a fresh one usable', async () => {
    const old = await newCode();
    await later((UPLOAD_CODE_MINUTES + 1) * 60_000);
    const fresh = await newCode();
    expect(await uploadOf(old)).toMatchObject({ status: 'PENDING' });

    expect(await sweep()).toEqual({ ...nothing, expiredCodes: 1 });
    expect(await uploadOf(old)).toBeUndefined();
    refused(await upload(old, '过期.pdf', pdfBytes('过期')), 'UPLOAD_CODE_INVALID');

    const body = pdfBytes('结构设计总说明');
    expect((await upload(fresh, '结构设计总说明.pdf', body)).statusCode).toBe(200);
    kept = { code: fresh, file: detailOf<DocFile>(await saveFile(fresh)), body };
    // Nothing else is old enough yet: a second sweep finds nothing.
    expect(await sweep()).toEqual(nothing);
  });

  it('frees the part file of a resumable upload idle past the period, and lets an active one finish', async () => {
    const body = pdfBytes('暖通施工图', 200_000);
    const idleCode = await newCode();
    const idle = await startTus(idleCode, '暖通.pdf', body.length);
    expect((await patchTus(idle, 0, body.subarray(0, 64_000))).statusCode).toBe(204);
    const activeCode = await newCode();
    const active = await startTus(activeCode, '给排水.pdf', body.length);
    expect((await patchTus(active, 0, body.subarray(0, 80_000))).statusCode).toBe(204);
    // Created, but no byte sent yet: idle since its creation, a moment ago.
    const unstartedCode = await newCode();
    const unstarted = await startTus(unstartedCode, '电气.pdf', body.length);
    unstartedUrl = unstarted;

    const idlePart = await partOf(idleCode);
    await age(idlePart, PERIOD + HOUR);
    // Idle just short of the period: still someone's upload.
    await age(await partOf(activeCode), PERIOD - HOUR);

    expect(await sweep()).toEqual({ ...nothing, idleTusUploads: 1, freedBytes: 64_000 });
    expect(await exists(idlePart)).toBe(false);
    expect(await uploadOf(idleCode)).toBeUndefined();
    expect((await headTus(idle)).statusCode).toBe(404);
    expect((await patchTus(idle, 64_000, body.subarray(64_000))).statusCode).toBe(404);

    const offset = await headTus(active);
    expect(offset.headers['upload-offset']).toBe('80000');
    expect((await patchTus(active, 80_000, body.subarray(80_000))).statusCode).toBe(204);
    expect(detailOf<DocFile>(await saveFile(activeCode)).size).toBe(body.length);
    expect((await headTus(unstarted)).headers['upload-offset']).toBe('0');
  });

  it('leaves alone a resumable upload a request is writing right now', async () => {
    const body = pdfBytes('总图', 100_000);
    const code = await newCode();
    const url = await startTus(code, '总图.pdf', body.length);
    const stream = new PassThrough();
    const patching = patchTus(url, 0, stream);
    stream.write(body.subarray(0, 50_000));
    const part = await partOf(code);
    await vi.waitFor(async () => expect((await stat(part)).size).toBe(50_000));
    // As if the client had stalled for a week with the request still open.
    await age(part, PERIOD + HOUR);

    expect(await sweep()).toEqual(nothing);
    stream.end(body.subarray(50_000));
    expect((await patching).statusCode).toBe(204);
    expect(detailOf<DocFile>(await saveFile(code)).size).toBe(body.length);
  });

  it('removes old part files no upload names, and nothing else in their directory', async () => {
    await mkdir(tusDir(), { recursive: true });
    const orphan = path.join(tusDir(), `${randomUUID()}.part`);
    const young = path.join(tusDir(), `${randomUUID()}.part`);
    const other = path.join(tusDir(), 'README.txt');
    await writeFile(orphan, randomBytes(30_000));
    await writeFile(young, randomBytes(1_000));
    await writeFile(other, 'kept');
    await age(orphan, PERIOD + HOUR);
    await age(other, PERIOD + HOUR);

    expect(await sweep()).toEqual({ ...nothing, orphanPartFiles: 1, freedBytes: 30_000 });
    expect(await exists(orphan)).toBe(false);
    expect(await exists(young)).toBe(true);
    expect(await exists(other)).toBe(true);
  });

  it('removes a file uploaded but never saved, and its stored bytes; saved files stay readable', async () => {
    const unsavedCode = await newCode();
    const unsavedBody = pdfBytes('未保存', 40_000);
    expect((await upload(unsavedCode, '未保存.pdf', unsavedBody)).statusCode).toBe(200);
    const unsaved = (await uploadOf(unsavedCode))!;
    expect(unsaved.status).toBe('UPLOADED');
    const onDisk = path.join(t.config.dataDir, 'files', unsaved.storageKey!);
    expect(await exists(onDisk)).toBe(true);
    // A process killed while it took a multipart upload leaves the row RECEIVING.
    const killedCode = await newCode();
    expect(await claimUpload(t.database.db, sha256Hex(killedCode), t.app.ctx.clock())).toBeDefined();

    await later(PERIOD + HOUR);
    const recentCode = await newCode();
    const recentBody = pdfBytes('刚上传');
    expect((await upload(recentCode, '刚上传.pdf', recentBody)).statusCode).toBe(200);

    const swept = await sweep();
    // Old by now too: the resumable upload created but never sent a byte (idle since its creation)
    // and the young part file of the tests before.
    expect(swept).toEqual({
      ...nothing,
      unsavedFiles: 1,
      staleMultipartUploads: 1,
      idleTusUploads: 1,
      orphanPartFiles: 1,
      freedBytes: unsavedBody.length + 1_000,
    });
    expect(await exists(onDisk)).toBe(false);
    expect(await t.app.ctx.files.stat(unsaved.storageKey!)).toBeUndefined();
    refused(await saveFile(unsavedCode), 'UPLOAD_CODE_INVALID');
    expect(await uploadOf(killedCode)).toBeUndefined();
    expect((await headTus(unstartedUrl)).statusCode).toBe(404);
    refused(await upload(killedCode, '重试.pdf', pdfBytes('重试')), 'UPLOAD_CODE_INVALID');

    // Saved files, however old, are never touched.
    expect(await uploadOf(kept.code)).toMatchObject({ status: 'SAVED' });
    const res = await download(kept.file.id);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(kept.body)).toBe(true);
    const recent = detailOf<DocFile>(await saveFile(recentCode));
    expect((await download(recent.id)).rawPayload.equals(recentBody)).toBe(true);
  });

  it('removes each thing once when two sweeps run at the same time', async () => {
    const codes = [await newCode(), await newCode()];
    for (const [i, code] of codes.entries())
      expect((await upload(code, `并发${i}.pdf`, pdfBytes(`并发${i}`, 10_000))).statusCode).toBe(200);
    const expired = await newCode();
    await later(PERIOD + HOUR);

    const both = await Promise.all([sweep(), sweep()]);
    const total = (key: keyof SweptUploads) => both[0][key] + both[1][key];
    expect(total('unsavedFiles')).toBe(2);
    expect(total('expiredCodes')).toBe(1);
    for (const code of [...codes, expired]) expect(await uploadOf(code)).toBeUndefined();
    expect(await sweep()).toEqual(nothing);
  });

  it('sweeps shortly after the server starts listening, again and again, and stops when it closes', async () => {
    const expiredCode = async () => {
      const code = await newCode();
      await later((UPLOAD_CODE_MINUTES + 1) * 60_000);
      return code;
    };
    const server = Fastify({ logger: false });
    server.decorate('ctx', t.app.ctx);
    await server.register(docUploadSweeper, { firstDelayMs: 10, everyMs: 10 });
    await server.ready();
    const first = await expiredCode();
    // Built and ready, as a test or a script has it, but not serving: no sweep.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await uploadOf(first)).toBeDefined();

    await server.listen({ port: 0, host: '127.0.0.1' });
    await vi.waitFor(async () => expect(await uploadOf(first)).toBeUndefined());
    const second = await expiredCode();
    await vi.waitFor(async () => expect(await uploadOf(second)).toBeUndefined());
    await server.close();

    const third = await expiredCode();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await uploadOf(third)).toBeDefined();
  });

  it('logs a failed sweep and goes on, never taking the process down', async () => {
    const lines: string[] = [];
    const server = Fastify({
      logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } },
    });
    const down = {
      delete: () => {
        throw new Error('database down');
      },
    } as unknown as Db;
    server.decorate('ctx', { ...t.app.ctx, db: down });
    await server.register(docUploadSweeper, { firstDelayMs: 10, everyMs: 10 });
    await server.listen({ port: 0, host: '127.0.0.1' });
    await vi.waitFor(() => expect(lines.length).toBeGreaterThanOrEqual(2));
    await server.close();
    expect(JSON.parse(lines[0]!)).toMatchObject({
      msg: 'sweeping abandoned uploads failed',
      err: { message: 'database down' },
    });
  });
});
