import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { keptGzipPlugin, keptSerializerCompiler, markKept } from './kept-serializer.js';

const schema = z.object({ code: z.string(), message: z.string(), detail: z.object({ n: z.number() }) });
const compile = () => keptSerializerCompiler({ schema, method: 'GET', url: '/x' });

describe('the serializer that keeps the JSON of kept answers', () => {
  it('writes a kept answer once per envelope message, and the envelope around it each time', () => {
    const serialize = compile();
    const detail = { n: 1 };
    markKept(detail);
    expect(serialize({ code: 'SUCCESS', message: '操作成功', detail })).toBe(
      '{"code":"SUCCESS","message":"操作成功","detail":{"n":1}}',
    );
    expect(serialize({ code: 'SUCCESS', message: 'OK', detail })).toBe(
      '{"code":"SUCCESS","message":"OK","detail":{"n":1}}',
    );
    // The JSON is kept, not written again: a kept answer is never changed in place (this shows it).
    detail.n = 9;
    expect(serialize({ code: 'SUCCESS', message: 'OK', detail })).toContain('"n":1');
  });

  it('serialises an answer nobody keeps each time, as it is now', () => {
    const serialize = compile();
    const detail = { n: 1 };
    expect(serialize({ code: 'SUCCESS', message: 'OK', detail })).toContain('"n":1');
    detail.n = 2;
    expect(serialize({ code: 'SUCCESS', message: 'OK', detail })).toContain('"n":2');
  });

  it('still refuses an answer its schema does not allow', () => {
    const detail = { n: 'one' };
    markKept(detail);
    expect(() => compile()({ code: 'SUCCESS', message: 'OK', detail })).toThrow();
  });
});

describe('kept answers sent gzip-compressed', () => {
  const big = { rows: Array.from({ length: 400 }, (_, i) => ({ i, name: `第${i}栋 给排水` })) };
  const small = { rows: [{ i: 1, name: '一栋' }] };
  const rows = z.object({ rows: z.array(z.object({ i: z.number(), name: z.string() })) });

  async function appWith() {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(keptSerializerCompiler);
    await app.register(keptGzipPlugin);
    markKept(big);
    markKept(small);
    const fresh = () => ({ rows: big.rows.map((r) => ({ ...r })) });
    const route = (url: string, detail: () => object) =>
      app.get(
        url,
        { schema: { response: { 200: z.object({ code: z.string(), detail: rows }) } } },
        async () => ({
          code: 'SUCCESS',
          detail: detail(),
        }),
      );
    route('/kept', () => big);
    route('/small', () => small);
    route('/fresh', fresh);
    return app;
  }

  it('compresses a large kept answer for a caller that takes gzip, and it unzips to the same JSON', async () => {
    const app = await appWith();
    const plain = await app.inject({ url: '/kept' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (let i = 0; i < 2; i++) {
      const zipped = await app.inject({ url: '/kept', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers['content-type']).toMatch(/^application\/json/);
      expect(zipped.headers.vary).toMatch(/accept-encoding/i);
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    }
    await app.close();
  });

  it('sends small answers, answers made for one call, and refusals of gzip as they are', async () => {
    const app = await appWith();
    const gzipOk = { 'accept-encoding': 'gzip' };
    expect(
      (await app.inject({ url: '/small', headers: gzipOk })).headers['content-encoding'],
    ).toBeUndefined();
    expect(
      (await app.inject({ url: '/fresh', headers: gzipOk })).headers['content-encoding'],
    ).toBeUndefined();
    const refused = await app.inject({ url: '/kept', headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json<{ detail: { rows: unknown[] } }>().detail.rows).toHaveLength(400);
    await app.close();
  });
});
