import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { keptSerializerCompiler, markKept } from './kept-serializer.js';

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
