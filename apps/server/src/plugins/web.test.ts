import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

describe('the web app beside the API', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'drp-web-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>施工图数字化审查</title>');
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
    t = await createTestApp({ env: { WEB_DIST: webDist }, seed: false });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('answers a page path with index.html, never cached', async () => {
    const res = await t.app.inject({ url: '/sys_apply/newreport' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('施工图数字化审查');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers HEAD on a page path as GET would, without the body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/home' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toBe('');
  });

  it('keeps hashed assets for a year', async () => {
    const res = await t.app.inject({ url: '/assets/app-1a2b3c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers an unknown API path with the 404 envelope, not the page', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url: '/api/nothing-here' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    }
  });
});
