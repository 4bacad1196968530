import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorsPlugin } from '../plugins/errors.js';
import { LocalFileStore, type ByteRange } from './file-store.js';
import { contentDisposition, parseRangeHeader, sendStoredFile } from './send-stored-file.js';

const KEY = 'drawings/2026/plan';
const BIG_KEY = 'drawings/2026/big';
const SIZE = 1000;
const BYTES = Buffer.from(Array.from({ length: SIZE }, (_, i) => (i * 7 + 3) & 0xff));
const SHA256 = createHash('sha256').update(BYTES).digest('hex');
const ETAG = `"${SHA256}"`;
const BIG_SIZE = 32 * 1024 * 1024;

/** The store as the app would have it, noting every stream it hands out. */
class WatchedStore extends LocalFileStore {
  readonly opened: Readable[] = [];
  /** Set to hold the next open until the test says so (a slow S3 answer). */
  gate: Promise<void> | undefined;
  override async open(key: string, range?: ByteRange) {
    const file = await super.open(key, range);
    if (file) this.opened.push(file.body);
    await this.gate;
    return file;
  }
}

/** The name a browser saves under, read from `filename*` as RFC 6266 says it should. */
function savedName(header: string | undefined): string {
  const encoded = /filename\*=UTF-8''([^;\s]+)/.exec(header ?? '')?.[1];
  if (encoded === undefined) throw new Error(`no filename* in ${header}`);
  return decodeURIComponent(encoded);
}

let dir: string;
let store: WatchedStore;
let app: FastifyInstance;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'send-stored-file-'));
  store = new WatchedStore(dir);
  await store.put(KEY, BYTES);
  await store.put(BIG_KEY, Buffer.alloc(BIG_SIZE, 0x5a));

  app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  app.get<{
    Params: { key: string };
    Querystring: { name?: string; known?: string; hash?: string; inline?: string; size?: string };
  }>('/files/:key', async (request, reply) => {
    const { name, known, hash, inline, size } = request.query;
    const key = request.params.key === 'big' ? BIG_KEY : `drawings/2026/${request.params.key}`;
    return sendStoredFile(request, reply, store, {
      key,
      contentType: 'application/pdf',
      downloadName: name ?? '总平面图.pdf',
      ...(known === 'no' ? {} : { size: size ? Number(size) : key === BIG_KEY ? BIG_SIZE : SIZE }),
      ...(hash === 'no' ? {} : { sha256: SHA256 }),
      ...(inline ? { disposition: 'inline' as const } : {}),
    });
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

let port: number | undefined;
async function listening(): Promise<number> {
  if (port === undefined) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  }
  return port;
}

const get = (headers: Record<string, string> = {}, url = '/files/plan') =>
  app.inject({ method: 'GET', url, headers });

describe('parseRangeHeader', () => {
  it.each([
    ['bytes=0-99', 1000, { start: 0, end: 99 }],
    ['bytes=900-', 1000, { start: 900, end: 999 }],
    ['bytes=-100', 1000, { start: 900, end: 999 }],
    ['bytes=-5000', 1000, { start: 0, end: 999 }],
    ['bytes=990-5000', 1000, { start: 990, end: 999 }],
    ['Bytes=1-1', 1000, { start: 1, end: 1 }],
    ['bytes=999-999', 1000, { start: 999, end: 999 }],
    ['bytes=1000-', 1000, 'unsatisfiable'],
    ['bytes=99999999999999999999-', 1000, 'unsatisfiable'],
    ['bytes=-0', 1000, 'unsatisfiable'],
    ['bytes=0-', 0, 'unsatisfiable'],
    ['bytes=-1', 0, 'unsatisfiable'],
    [undefined, 1000, undefined],
    ['', 1000, undefined],
    ['bytes=', 1000, undefined],
    ['bytes=-', 1000, undefined],
    ['bytes=5-2', 1000, undefined],
    ['bytes=0-1,5-6', 1000, undefined],
    ['bytes=abc', 1000, undefined],
    ['items=0-5', 1000, undefined],
  ] as const)('%s of %i bytes', (header, size, expected) => {
    expect(parseRangeHeader(header, size)).toEqual(expected);
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    const name = '湘建审（2026）第 12 号 总平面图 "终版" 100%.pdf';
    const header = contentDisposition(name, 'attachment');
    expect(header).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(/filename="([^"]*)"/.exec(header)?.[1]).toBe('____2026__ 12 _ ____ ____ 100_.pdf');
    expect(savedName(header)).toBe('湘建审（2026）第 12 号 总平面图 _终版_ 100%.pdf');
    // RFC 5987 attr-chars only: ' ( ) * would end or confuse the value in some parsers.
    expect(/filename\*=UTF-8''(\S+)/.exec(header)?.[1]).toMatch(/^[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
  });

  it.each(['../../etc/passwd', '..\\..\\Windows\\system.ini', '/etc/passwd', 'C:\\boot.ini', '.hidden'])(
    'keeps %s from naming a folder or a hidden file',
    (name) => {
      const saved = savedName(contentDisposition(name, 'inline'));
      expect(saved).not.toMatch(/[/\\:]/);
      expect(saved.startsWith('.')).toBe(false);
      expect(saved.length).toBeGreaterThan(0);
    },
  );

  it('saves a name whose bidi controls would make it read as another type without them', () => {
    // 「方案\u202Efdp.exe」 shows as 方案exe.pdf; a project's zip is named after the project.
    expect(savedName(contentDisposition('方案\u202Efdp.exe', 'attachment'))).toBe('方案fdp.exe');
    expect(savedName(contentDisposition('科创中心\u2066\u200B办公楼.zip', 'attachment'))).toBe(
      '科创中心办公楼.zip',
    );
  });

  it('survives names that are nothing but what is removed', () => {
    expect(savedName(contentDisposition('...', 'attachment'))).toBe('download');
    expect(savedName(contentDisposition('\u0000\n', 'attachment'))).toBe('download');
    expect(savedName(contentDisposition('a\uD800b.pdf', 'attachment'))).toBe('a\uFFFDb.pdf');
  });
});

describe('sendStoredFile', () => {
  it('sends the whole file with its headers when no range is asked', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(BYTES)).toBe(true);
    expect(response.headers).toMatchObject({
      'accept-ranges': 'bytes',
      'content-length': String(SIZE),
      'content-type': 'application/pdf',
      etag: ETAG,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=0, must-revalidate',
    });
    expect(response.headers['content-range']).toBeUndefined();
    expect(response.headers['content-disposition']).toMatch(/^attachment; /);
    expect(savedName(response.headers['content-disposition'])).toBe('总平面图.pdf');
  });

  it('asks the store for the size when the caller does not know it', async () => {
    const response = await get({ range: 'bytes=-10' }, '/files/plan?known=no');
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 990-999/${SIZE}`);
    expect(response.rawPayload.equals(BYTES.subarray(990))).toBe(true);
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=900-', 900, 999],
    ['bytes=-100', 900, 999],
    ['bytes=990-5000', 990, 999],
    ['bytes=0-0', 0, 0],
  ])('answers %s with 206 and exactly those bytes', async (range, start, end) => {
    const response = await get({ range });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${SIZE}`);
    expect(response.headers['content-length']).toBe(String(end - start + 1));
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.rawPayload.equals(BYTES.subarray(start, end + 1))).toBe(true);
  });

  it.each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])(
    'answers %s with 416 and no body',
    async (range) => {
      const response = await get({ range });
      expect(response.statusCode).toBe(416);
      expect(response.headers['content-range']).toBe(`bytes */${SIZE}`);
      expect(response.rawPayload.length).toBe(0);
    },
  );

  it('answers 416 with the real size when the file is shorter than recorded', async () => {
    const response = await get({ range: 'bytes=1500-' }, '/files/plan?size=5000');
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${SIZE}`);
  });

  it.each(['bytes=abc', 'bytes=0-1,5-6', 'items=0-5', 'bytes=5-2', 'bytes='])(
    'ignores the malformed or multiple range %s and sends the whole file',
    async (range) => {
      const response = await get({ range });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-length']).toBe(String(SIZE));
      expect(response.rawPayload.equals(BYTES)).toBe(true);
    },
  );

  it('honours If-Range only when it is our ETag', async () => {
    const matching = await get({ range: 'bytes=10-19', 'if-range': ETAG });
    expect(matching.statusCode).toBe(206);
    expect(matching.rawPayload.equals(BYTES.subarray(10, 20))).toBe(true);

    for (const ifRange of ['"another"', `W/${ETAG}`, 'Wed, 21 Oct 2015 07:28:00 GMT']) {
      const stale = await get({ range: 'bytes=10-19', 'if-range': ifRange });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.equals(BYTES)).toBe(true);
    }

    // Without a hash there is no ETag, so no If-Range can match.
    const untagged = await get({ range: 'bytes=10-19', 'if-range': ETAG }, '/files/plan?hash=no');
    expect(untagged.statusCode).toBe(200);
    expect(untagged.headers.etag).toBeUndefined();
  });

  it('answers HEAD with the headers of the GET and no body', async () => {
    const whole = await app.inject({ method: 'HEAD', url: '/files/plan' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(SIZE));
    expect(whole.headers.etag).toBe(ETAG);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.length).toBe(0);

    const part = await app.inject({ method: 'HEAD', url: '/files/plan', headers: { range: 'bytes=-100' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 900-999/${SIZE}`);
    expect(part.headers['content-length']).toBe('100');
    expect(part.rawPayload.length).toBe(0);

    const missing = await app.inject({ method: 'HEAD', url: '/files/nothing' });
    expect(missing.statusCode).toBe(404);
  });

  it('sends a Chinese name that a browser decodes to the original, inline when asked', async () => {
    const name = '长沙市 某某项目（二期）施工图-结施-01.pdf';
    const response = await get({}, `/files/plan?inline=1&name=${encodeURIComponent(name)}`);
    const header = response.headers['content-disposition'];
    expect(header).toMatch(/^inline; filename="[\x20-\x7e]*"; filename\*=UTF-8''/);
    expect(savedName(header)).toBe(name);
  });

  it('neutralises a download name that tries to climb folders', async () => {
    const response = await get({}, `/files/plan?name=${encodeURIComponent('../../etc/passwd')}`);
    const header = response.headers['content-disposition'] ?? '';
    expect(savedName(header)).toBe('_.._etc_passwd');
    expect(/filename="([^"]*)"/.exec(header)?.[1]).toBe('_.._etc_passwd');
  });

  it('answers a file missing from the store with the 404 envelope', async () => {
    for (const url of ['/files/nothing', '/files/nothing?known=no']) {
      const response = await get({ range: 'bytes=0-1', 'accept-language': 'en-US' }, url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        code: 'NOT_FOUND',
        message: 'The requested resource does not exist',
      });
      expect(response.headers['content-disposition']).toBeUndefined();
      expect(response.headers['accept-ranges']).toBeUndefined();
    }
  });

  it('destroys the store stream when the client goes away mid-download', async () => {
    const port = await listening();
    const before = store.opened.length;
    let received = 0;
    await new Promise<void>((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path: '/files/big' }, (response) => {
        expect(response.statusCode).toBe(200);
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          request.destroy();
          resolve();
        });
      });
      request.on('error', (error) => {
        if (received === 0) reject(error);
      });
    });
    expect(store.opened.length).toBe(before + 1);
    const body = store.opened.at(-1);
    await vi.waitFor(() => expect(body?.destroyed).toBe(true));
    expect(received).toBeLessThan(BIG_SIZE);
  });

  it('destroys the store stream when the client left while the store was opening it', async () => {
    const port = await listening();
    const before = store.opened.length;
    let release = () => {};
    store.gate = new Promise<void>((resolve) => (release = resolve));
    const request = http.get({ host: '127.0.0.1', port, path: '/files/big' });
    request.on('error', () => {});
    await vi.waitFor(() => expect(store.opened.length).toBe(before + 1));
    request.destroy();
    await new Promise((resolve) => request.on('close', resolve));
    store.gate = undefined;
    release();
    const body = store.opened.at(-1);
    await vi.waitFor(() => expect(body?.destroyed).toBe(true));
  });
});
