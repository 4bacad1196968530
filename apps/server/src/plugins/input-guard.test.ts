import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ORG_HEADER } from '@drp/domain';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import { openDatabase } from '../db/database.js';
import { multipartBody } from '../test/multipart-body.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

function refused(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ code: string }>().code, res.body).toBe(code);
}

const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2_000), Buffer.from('\n%%EOF\n')]);

/** JSON `depth` levels deep with `leaf` at the bottom, written out as text (no recursion needed). */
const deepJson = (depth: number, leaf: string) => `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;

/** Every upload route, and who may call it (the operation-code and licence uploads need nobody). */
const UPLOADS = [
  { url: '/api/files/upload', user: undefined },
  { url: '/api/register/licence', user: undefined },
  { url: '/api/checkDrawings/projectDoc/add', user: 'construct_admin' },
  { url: '/api/info/portal/uploads', user: 'info_staff' },
] as const;

describe('bad bytes are bad input', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let designOrg: string;
  /** Each call from its own address, so the public routes' rate limits never answer instead. */
  let address = 0;
  const call = (options: InjectOptions, user?: string) =>
    t.app.inject({
      ...options,
      remoteAddress: `10.9.${(address >> 8) & 255}.${address++ & 255}`,
      headers: { ...options.headers, ...(user ? { authorization: `Bearer ${tokens[user]}` } : {}) },
    });

  beforeAll(async () => {
    t = await createTestApp();
    for (const user of ['design_admin', 'construct_admin', 'info_staff']) tokens[user] = await t.signIn(user);
    const account = await call({ url: '/api/admin/account' }, 'design_admin');
    designOrg = account.json<{ detail: { members: { orgId: string }[] } }>().detail.members[0]!.orgId;
  });
  afterAll(() => t?.close());

  it('refuses a NUL in the sign-in username, whether in the query, a form or JSON', async () => {
    refused(
      await call({
        method: 'POST',
        url: '/uaa/login',
        payload: { username: 'design_admin\u0000', password: 'x' },
      }),
      400,
      'NUL_CHARACTER',
    );
    refused(
      await call({ method: 'POST', url: '/uaa/login?username=design%00admin&password=x' }),
      400,
      'NUL_CHARACTER',
    );
    refused(
      await call({
        method: 'POST',
        url: '/uaa/login',
        payload: 'username=design_admin%00&password=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      400,
      'NUL_CHARACTER',
    );
  });

  it("refuses a NUL in the public portal's filters and paths, for anyone", async () => {
    for (const url of [
      '/api/portal/articles?title=%E9%80%9A%E7%9F%A5%00',
      '/api/portal/credit?title=%00',
      '/api/portal/forum/topics?title=a%00b',
      '/api/portal/articles/%00',
      '/api/portal/files/00000000-0000-4000-8000-000000000000%00',
    ])
      refused(await call({ url }), 400, 'NUL_CHARACTER');
  });

  it('refuses a NUL in a header or cookie, in a JSON field at any depth or in a key, and says where in either language', async () => {
    const header = await call(
      {
        url: '/api/admin/account',
        headers: { [ORG_HEADER]: `${designOrg}\u0000`, 'accept-language': 'en-US' },
      },
      'design_admin',
    );
    refused(header, 400, 'NUL_CHARACTER');
    expect(header.json<{ message: string }>().message).toBe(
      `The header ${ORG_HEADER} contains a NUL character; remove it and try again`,
    );
    const field = await call(
      {
        method: 'PUT',
        url: `/api/info/orgs/${designOrg}`,
        payload: { name: '设计院', contact: { people: ['张三', '李\u0000四'] } },
      },
      'info_staff',
    );
    refused(field, 400, 'NUL_CHARACTER');
    expect(field.json<{ message: string }>().message).toBe(
      '字段「contact.people[1]」中含有空字符（NUL），请删除后重试',
    );
    refused(
      await call({
        method: 'POST',
        url: '/uaa/oauth/authorize',
        payload: {},
        headers: { cookie: 'drp_login=a%00b' },
      }),
      400,
      'NUL_CHARACTER',
    );
    refused(
      await call({ method: 'POST', url: '/uaa/login', payload: { 'user\u0000name': 'x', password: 'x' } }),
      400,
      'NUL_CHARACTER',
    );
    // Ten thousand levels: found without overflowing the stack.
    refused(
      await call({
        method: 'POST',
        url: '/uaa/login',
        payload: deepJson(10_000, '"\\u0000"'),
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'NUL_CHARACTER',
    );
    const deep = await call({
      method: 'POST',
      url: '/uaa/login',
      payload: deepJson(10_000, '1'),
      headers: { 'content-type': 'application/json' },
    });
    expect(deep.statusCode, deep.body).toBe(400);
  });

  it.each(UPLOADS)(
    '$url: refuses a broken multipart body, a part without a name and a NUL, with 400',
    async ({ url, user }) => {
      const { payload, headers } = multipartBody(
        { operationCode: 'x'.repeat(43), purpose: 'ATTACHMENT' },
        {
          name: '图纸.pdf',
          content: pdf,
        },
      );
      const boundary = headers['content-type'].split('boundary=')[1]!;
      const post = (body: Buffer | string, contentType: string) =>
        call({ method: 'POST', url, payload: body, headers: { 'content-type': contentType } }, user);
      refused(await post(payload, 'multipart/form-data'), 400, 'MALFORMED_BODY');
      // Cut off inside the first field, before any route has a reason of its own to refuse.
      const cut = payload.indexOf('x'.repeat(43)) + 10;
      refused(await post(payload.subarray(0, cut), headers['content-type']), 400, 'MALFORMED_BODY');
      refused(
        await post(`--${boundary}\r\nContent-Disposition: form-da`, headers['content-type']),
        400,
        'MALFORMED_BODY',
      );
      const nameless = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; filename="a.pdf"\r\n`),
        Buffer.from('Content-Type: application/pdf\r\n\r\n'),
        pdf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      refused(await post(nameless, headers['content-type']), 400, 'MALFORMED_BODY');
      const nulName = multipartBody({}, { name: '图\u0000纸.pdf', content: pdf });
      refused(await post(nulName.payload, nulName.headers['content-type']), 400, 'NUL_CHARACTER');
      const nulValue = multipartBody({ remark: '备\u0000注' }, { name: 'a.pdf', content: pdf });
      refused(await post(nulValue.payload, nulValue.headers['content-type']), 400, 'NUL_CHARACTER');
    },
  );
});

describe('what is logged', () => {
  it('logs refusals at info level, without SQL or stack, and only real failures as errors', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'drp-log-'));
    const database = await openDatabase({});
    const lines: { level: number; msg?: string; err?: unknown }[] = [];
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }),
      db: database.db,
      secrets: { authKey: randomBytes(32) },
      logStream: { write: (line) => lines.push(JSON.parse(line) as (typeof lines)[number]) },
    });
    try {
      await app.ready();
      const answers = await Promise.all(
        [
          { method: 'POST', url: '/uaa/login', payload: { username: 'a\u0000', password: 'x' } },
          { method: 'POST', url: '/uaa/login?username=%00&password=x' },
          { method: 'GET', url: '/api/portal/articles?title=%00' },
          { method: 'POST', url: '/uaa/login', payload: { username: 1 } },
          {
            method: 'POST',
            url: '/api/files/upload',
            payload: 'x',
            headers: { 'content-type': 'multipart/form-data' },
          },
        ].map((options) => app.inject(options as InjectOptions)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([400, 400, 400, 400, 400]);
      expect(lines.filter((l) => l.level >= 50)).toEqual([]);
      expect(lines.filter((l) => l.msg === 'request refused')).toHaveLength(5);
      expect(JSON.stringify(lines)).not.toMatch(/select |insert |stack/i);
    } finally {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
