import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe('platform routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('answers health in the envelope', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.json()).toEqual({ code: 'SUCCESS', message: '操作成功', detail: { status: 'ok' } });
  });

  it('serves the operation manual as a PDF', async () => {
    const res = await t.app.inject({ url: '/api/platform/manual' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
