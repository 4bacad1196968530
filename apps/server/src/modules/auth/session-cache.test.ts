import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNull } from 'drizzle-orm';
import { authSessions } from '../../db/schema/auth.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { SessionCache, type CachedSession } from './session-cache.js';

const cachedSession = (name: string) =>
  ({
    session: { id: `s-${name}`, lastSeenAt: new Date(0) },
    account: { id: `a-${name}`, name },
    memberships: [],
  }) as unknown as CachedSession;

function enabledCache(ttlMs = 1000, maxEntries = 10) {
  const cache = new SessionCache(ttlMs, maxEntries);
  cache.setEnabled(true);
  return cache;
}

describe('SessionCache', () => {
  it('keeps nothing until change notifications are heard, and nothing while they are lost', () => {
    const cache = new SessionCache(1000, 10);
    cache.set('t', cachedSession('a'), 0, cache.token());
    expect(cache.get('t', 1)).toBeUndefined();

    cache.setEnabled(true);
    cache.set('t', cachedSession('a'), 0, cache.token());
    expect(cache.get('t', 1)?.account.name).toBe('a');

    // Lost: what was kept may have changed unheard, so it is dropped and nothing new is kept.
    cache.setEnabled(false);
    expect(cache.get('t', 2)).toBeUndefined();
    cache.set('t', cachedSession('b'), 2, cache.token());
    expect(cache.get('t', 3)).toBeUndefined();
  });

  it('forgets every session on a change, and does not keep an answer read before the change', () => {
    const cache = enabledCache();
    cache.set('t1', cachedSession('a'), 0, cache.token());
    const lookupBeforeChange = cache.token();
    cache.clear();
    expect(cache.get('t1', 1)).toBeUndefined();
    // The lookup read the database before the change committed: its answer may be stale.
    cache.set('t2', cachedSession('stale'), 1, lookupBeforeChange);
    expect(cache.get('t2', 2)).toBeUndefined();
    cache.set('t2', cachedSession('fresh'), 2, cache.token());
    expect(cache.get('t2', 3)?.account.name).toBe('fresh');
  });

  it('reads a session again once its entry is older than the time to live', () => {
    const cache = enabledCache(1000);
    cache.set('t', cachedSession('a'), 0, cache.token());
    expect(cache.get('t', 999)).toBeDefined();
    expect(cache.get('t', 1000)).toBeUndefined();
    // A clock set back does not make an entry live forever either.
    cache.set('t', cachedSession('a'), 5000, cache.token());
    expect(cache.get('t', 4000)).toBeUndefined();
  });

  it('drops the longest-kept sessions past its bound', () => {
    const cache = enabledCache(1000, 2);
    cache.set('t1', cachedSession('1'), 0, cache.token());
    cache.set('t2', cachedSession('2'), 1, cache.token());
    cache.set('t3', cachedSession('3'), 2, cache.token());
    expect(cache.get('t1', 3)).toBeUndefined();
    expect(cache.get('t2', 3)?.account.name).toBe('2');
    expect(cache.get('t3', 3)?.account.name).toBe('3');
  });

  it('keeps a touched session with its new last-seen time', () => {
    const cache = enabledCache();
    cache.set('t', cachedSession('a'), 0, cache.token());
    const touched = { ...cachedSession('a').session, lastSeenAt: new Date(500) };
    cache.updateSession('t', touched);
    expect(cache.get('t', 600)?.session.lastSeenAt).toEqual(new Date(500));
  });
});

describe('signed-in calls with the session cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const account = (token: string) =>
    t.app.inject({ url: '/api/admin/account', headers: { authorization: `Bearer ${token}` } });

  it('ends a session on the very next call after this server revokes it, though it was cached', async () => {
    const token = await t.signIn('design_user');
    expect((await account(token)).statusCode).toBe(200);
    expect((await account(token)).statusCode).toBe(200);
    const logout = await t.app.inject({ url: '/api/logout', headers: { authorization: `Bearer ${token}` } });
    expect(logout.statusCode).toBe(200);
    expect((await account(token)).statusCode).toBe(401);
  });

  it('ends a cached session that another server process revoked, once the database tells this one', async () => {
    const token = await t.signIn('survey_admin');
    expect((await account(token)).statusCode).toBe(200);
    // Straight in the database, as another process or an operator would.
    await t.database.db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(isNull(authSessions.revokedAt));
    await expect.poll(async () => (await account(token)).statusCode).toBe(401);
  });

  it('still ends an idle session whose cached entry is recent', async () => {
    const token = await t.signIn('design_admin');
    expect((await account(token)).statusCode).toBe(200);
    t.advance(t.config.idleTimeoutMinutes * 60_000 + 1000);
    expect((await account(token)).statusCode).toBe(401);
  });
});
