import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API_ACCESS, accessRuleFor, inArea, type AccountDetail } from '@drp/domain';
import { buildApp } from '../app.js';
import { API_PATH as API } from '../lib/api-path.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** Every API route the app registers, as "METHOD /url", as the access plugin saw it. */
const registeredRoutes = (app: FastifyInstance): string[] => app.apiRoutes.map((r) => `${r.method} ${r.url}`);

const split = (route: string) => {
  const [method, url] = route.split(' ') as [string, string];
  return { method, url };
};

describe('the access table guards every API route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('knows every API route the app registers', () => {
    const routes = registeredRoutes(t.app);
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'HEAD /api/health',
        'POST /uaa/login',
        'GET /api/admin/account',
        'POST /api/admin/account/password',
        'GET /api/docs/json',
      ]),
    );
    expect(routes.every((r) => API.test(split(r).url))).toBe(true);
  });

  it('every route under /api, /uaa or /table has a rule', () => {
    const api = registeredRoutes(t.app).filter((r) => API.test(split(r).url));
    expect(api.length).toBeGreaterThan(10);
    const unguarded = api.filter((r) => {
      const { method, url } = split(r);
      return !accessRuleFor(method, url);
    });
    expect(unguarded).toEqual([]);
  });

  it('every entry of the table is a route the app serves (no stale rules)', () => {
    for (const key of Object.keys(API_ACCESS)) {
      const { method, url } = split(key.replace(/\*$/, ''));
      expect(t.app.hasRoute({ method, url }), key).toBe(true);
    }
  });

  it('the OpenAPI document lists every API route outside the docs themselves', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      )
      .filter((r) => !r.startsWith('HEAD '))
      .sort();
    const registered = registeredRoutes(t.app)
      .filter(
        (r) => API.test(split(r).url) && !split(r).url.startsWith('/api/docs') && !r.startsWith('HEAD '),
      )
      .sort();
    // HEAD routes are Fastify's companions of GET routes, and not documented; tus's HEAD stands alone.
    const inTable = Object.keys(API_ACCESS)
      .filter((k) => !k.endsWith('*') && !k.startsWith('HEAD '))
      .sort();
    expect(documented).toEqual(registered);
    expect(documented).toEqual(inTable);
  });

  it('serves the docs UI publicly', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('registering a route the table does not name', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  const build = () =>
    buildApp({ config: t.config, db: t.database.db, secrets: { authKey: randomBytes(32) }, logger: false });

  it.each([
    ['GET', '/api/not-in-table'],
    ['POST', '/uaa/not-in-table'],
    ['DELETE', '/api/admin/account'],
    // Close to the docs prefix entry, but not under it.
    ['GET', '/api/documents'],
    ['GET', '/api'],
  ] as const)('stops the app from starting: %s %s', async (method, url) => {
    const app = await build();
    const start = async () => {
      await app.register((scope, _options, done) => {
        try {
          scope.route({ method, url, handler: () => ({ ok: true }) });
          done();
        } catch (error) {
          done(error as Error);
        }
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow(`No access rule for ${method} ${url}: add it to API_ACCESS`);
  });

  it('leaves routes outside /api and /uaa alone', async () => {
    const app = await build();
    await app.register((scope, _options, done) => {
      scope.get('/apis-are-elsewhere', () => ({ ok: true }));
      done();
    });
    await app.ready();
    expect((await app.inject({ url: '/apis-are-elsewhere' })).statusCode).toBe(200);
    await app.close();
  });
});

describe('area rules on a route', () => {
  // Routes for this test only, guarded through the same table and plugin as real ones.
  const ROUTES = {
    byParam: 'GET /api/test-area/orgs/:orgId/things',
    byHeader: 'GET /api/test-area/things',
  };
  let t: TestApp;
  let app: FastifyInstance;
  const orgOf: Record<string, string> = {};
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    API_ACCESS[ROUTES.byParam] = inArea('submit');
    API_ACCESS[ROUTES.byHeader] = inArea('submit');
    app = await buildApp({
      config: t.config,
      db: t.database.db,
      secrets: { authKey: randomBytes(32) },
      logger: false,
    });
    const handler = (request: { actingMember: { orgId: string } | null }) => ({
      actingOrg: request.actingMember?.orgId ?? null,
    });
    app.get('/api/test-area/orgs/:orgId/things', handler);
    app.get('/api/test-area/things', handler);
    await app.ready();
    for (const user of ['design_admin', 'survey_admin', 'censor_admin', 'multi_user']) {
      tokens[user] = await t.signIn(user);
      const res = await t.app.inject({
        url: '/api/admin/account',
        headers: { authorization: `Bearer ${tokens[user]}` },
      });
      const detail = res.json<{ detail: AccountDetail }>().detail;
      for (const m of detail.members) orgOf[m.orgType] = m.orgId;
    }
  });
  afterAll(async () => {
    delete API_ACCESS[ROUTES.byParam];
    delete API_ACCESS[ROUTES.byHeader];
    await app.close();
    await t.close();
  });

  const call = (user: string | null, url: string, orgHeader?: string) =>
    app.inject({
      url,
      headers: {
        ...(user ? { authorization: `Bearer ${tokens[user]}` } : {}),
        ...(orgHeader ? { 'x-org-id': orgHeader } : {}),
      },
    });

  it('acts through the organisation named in the path', async () => {
    const res = await call('design_admin', `/api/test-area/orgs/${orgOf.DESIGN}/things`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ actingOrg: orgOf.DESIGN });
  });

  it("answers 404 for someone else's organisation and 403 for an own one without the profile", async () => {
    const foreign = await call('design_admin', `/api/test-area/orgs/${orgOf.SURVEY}/things`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ code: 'NOT_FOUND', message: '请求的资源不存在' });
    const own = await call('censor_admin', `/api/test-area/orgs/${orgOf.CENSOR}/things`);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ code: 'FORBIDDEN', message: '您没有权限。' });
  });

  it('takes the organisation from the X-Org-Id header when the path has none', async () => {
    const survey = await call('multi_user', '/api/test-area/things', orgOf.SURVEY);
    expect(survey.json()).toEqual({ actingOrg: orgOf.SURVEY });
    const design = await call('multi_user', '/api/test-area/things', orgOf.DESIGN);
    expect(design.json()).toEqual({ actingOrg: orgOf.DESIGN });
    expect((await call('survey_admin', '/api/test-area/things', orgOf.DESIGN)).statusCode).toBe(404);
  });

  it('without a named organisation acts through a qualifying one, or refuses', async () => {
    expect((await call('survey_admin', '/api/test-area/things')).json()).toEqual({ actingOrg: orgOf.SURVEY });
    expect((await call('censor_admin', '/api/test-area/things')).statusCode).toBe(403);
  });

  it('answers 401 to anonymous callers', async () => {
    const res = await call(null, `/api/test-area/orgs/${orgOf.DESIGN}/things`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('answers outside the routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it.each([
    ['GET', '/api/x'],
    ['GET', '/uaa/nothing'],
    ['POST', '/api/health'],
    ['GET', '/uaa/login'],
  ] as const)('%s %s answers 404 NOT_FOUND in the envelope', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: '请求的资源不存在' });
  });

  it('answers 404 in English when asked', async () => {
    const res = await t.app.inject({ url: '/api/x', headers: { 'accept-language': 'en-US' } });
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'The requested resource does not exist' });
  });

  it('sends the security headers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    // The rest of helmet's defaults, worked out once at start (security-headers.ts).
    expect(res.headers).toMatchObject({
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('sends the security headers on errors too', async () => {
    const res = await t.app.inject({ url: '/api/x' });
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('router-level failures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('answers an over-long path parameter in the envelope, as not found', async () => {
    const res = await t.app.inject({ url: `/api/admin/orgs/${'x'.repeat(5000)}/members` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: '请求的资源不存在' });
  });
});
