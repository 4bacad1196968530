import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalArticlePage } from '@drp/domain';
import { articleRequest, detailOf, portalApi } from '../../test/portal-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Public answers are kept by each process, and what the public reads must still change at once:
 * through staff's calls, and through a change no call of this process made.
 */
describe('public answers kept by the process', () => {
  let t: TestApp;
  let api: ReturnType<typeof portalApi>;
  let staff = '';
  const list = '/api/portal/articles?category=NOTICE';
  const titles = async () =>
    detailOf<PortalArticlePage>(await api.call('GET', list)).items.map((a) => a.title);

  beforeAll(async () => {
    t = await createTestApp();
    api = portalApi(t);
    staff = await t.signIn('info_staff');
  });
  afterAll(() => t?.close());

  it('answers a repeat with the same bytes and ETag, and 304 to a client holding them', async () => {
    await api.published(staff, articleRequest({ title: '关于缓存的通知' }));
    const first = await api.call('GET', list);
    const again = await api.call('GET', list);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe('public, no-cache');
    const held = await api.call('GET', list, undefined, undefined, { 'if-none-match': first.headers.etag! });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');
    // The language is part of the key: the envelope's message differs.
    const english = await api.call('GET', list, undefined, undefined, { 'accept-language': 'en-US' });
    expect(english.json<{ message: string }>().message).toBe('OK');
  });

  it("shows staff's changes at the next look", async () => {
    const article = await api.published(staff, articleRequest({ title: '关于即时撤回的通知' }));
    expect(await titles()).toContain('关于即时撤回的通知');
    await api.unpublish(staff, article.id);
    expect(await titles()).not.toContain('关于即时撤回的通知');
  });

  it('forgets what a change made outside this process touched (NOTIFY from the tables)', async () => {
    expect(await titles()).toContain('关于缓存的通知');
    await t.database.db.execute(
      sql`update portal_articles set status = 'DRAFT' where title = '关于缓存的通知'`,
    );
    await expect.poll(titles, { timeout: 5_000 }).not.toContain('关于缓存的通知');
  });
});
