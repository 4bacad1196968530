import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { API_ACCESS, type AccountDetail } from '@drp/domain';
import { orgs } from '../db/schema/orgs.js';
import { DEMO_ORGS, DEMO_PASSWORD } from '../db/seed/demo-seed.js';
import { createTestApp, type TestApp } from './test-app.js';
import {
  AUTHORIZATION_MATRIX,
  DEMO_ORG_KEYS,
  PRINCIPALS,
  PRINCIPAL_KINDS,
  TARGET_MEMBERS,
  type DemoOrgKey,
  type MatrixRow,
  type NewPerson,
  type PrincipalKind,
  type TargetMember,
  type Value,
} from './authorization-matrix.js';

/** The first password an admin gives a person added for the walk, and the one they choose. */
const FIRST_PASSWORD = 'Matrix#First2026';
const OWN_PASSWORD = 'Matrix#Own2026';

/**
 * The routes the matrix must cover: every registered "METHOD /url" the access plugin guards,
 * except HEAD (Fastify's shadow of each GET) and routes covered only by a wildcard entry of
 * API_ACCESS (today `GET /api/docs*`: the OpenAPI document, its UI and static files).
 */
function routesToCover(apiRoutes: { method: string; url: string }[]): string[] {
  const keys = apiRoutes.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`);
  return [...new Set(keys.filter((key) => key in API_ACCESS))].sort();
}

const ORG_NAMES = new Map(DEMO_ORGS.map((o) => [o.name, o.key]));
const ORG_TYPES = new Map(DEMO_ORGS.map((o) => [o.key, o.orgType]));

describe('authorization matrix: every API route × every kind of principal', () => {
  let t: TestApp;
  const orgIds = {} as Record<DemoOrgKey, string>;
  const targetIds = {} as Record<TargetMember, string>;
  /** Bearer token of each signed-in principal; none for anonymous. */
  const tokens = new Map<PrincipalKind, string>();
  const passwords = new Map<string, string>();

  const send = (method: string, url: string, token?: string, body?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const ok = <T>(res: LightMyRequestResponse, what: string): T => {
    if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
    return res.json<{ detail: T }>().detail;
  };
  const signIn = (username: string) => t.signIn(username, passwords.get(username) ?? DEMO_PASSWORD);

  /**
   * Adds a new account to the org through its admin, as the org back office does. The admin is a
   * demo account; a principal's token is reused so setup signs in as few times as it can.
   */
  async function addPerson(orgKey: DemoOrgKey, person: NewPerson): Promise<string> {
    const adminKind = PRINCIPAL_KINDS.find((k) => {
      const spec = PRINCIPALS[k];
      return spec.kind === 'account' && spec.username === person.addedBy;
    });
    const admin = (adminKind && tokens.get(adminKind)) ?? (await signIn(person.addedBy));
    const res = await send('POST', `/api/admin/orgs/${orgIds[orgKey]}/members`, admin, {
      mode: 'new',
      username: person.username,
      name: person.name,
      phone: person.phone,
      password: FIRST_PASSWORD,
      profiles: person.profiles,
    });
    return ok<{ id: string }>(res, `add ${person.username}`).id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    for (const row of await t.database.db.select({ id: orgs.id, name: orgs.name }).from(orgs)) {
      const key = ORG_NAMES.get(row.name);
      if (key) orgIds[key as DemoOrgKey] = row.id;
    }
    // Demo accounts first: their admins then add everyone else.
    for (const kind of PRINCIPAL_KINDS) {
      const spec = PRINCIPALS[kind];
      if (spec.kind === 'account' && !spec.create) tokens.set(kind, await signIn(spec.username));
    }
    for (const kind of PRINCIPAL_KINDS) {
      const spec = PRINCIPALS[kind];
      if (spec.kind === 'anonymous' || !spec.create) continue;
      // A new account must replace the password its admin chose: do it, so it is a settled member.
      await addPerson(spec.org!, spec.create);
      passwords.set(spec.username, FIRST_PASSWORD);
      const first = await signIn(spec.username);
      const changed = await send('POST', '/api/admin/account/password', first, {
        oldPassword: FIRST_PASSWORD,
        newPassword: OWN_PASSWORD,
      });
      ok(changed, `first password change of ${spec.username}`);
      passwords.set(spec.username, OWN_PASSWORD);
      tokens.set(kind, await signIn(spec.username));
    }
    for (const [key, spec] of Object.entries(TARGET_MEMBERS))
      targetIds[key as TargetMember] = await addPerson(spec.org, spec.create);
  });
  afterAll(() => t?.close());

  it('has a row for every route the app registers', () => {
    const covered = routesToCover(t.app.apiRoutes);
    expect(covered.length).toBeGreaterThan(10);
    const missing = covered.filter((key) => !(key in AUTHORIZATION_MATRIX));
    expect(missing, 'routes without a row in authorization-matrix.ts').toEqual([]);
  });

  it('has no row for a route the app does not register', () => {
    const registered = new Set(t.app.apiRoutes.map((r) => `${r.method} ${r.url}`));
    const stale = Object.keys(AUTHORIZATION_MATRIX).filter((key) => !registered.has(key));
    expect(stale, 'rows in authorization-matrix.ts for routes the app does not register').toEqual([]);
    const untabled = Object.keys(AUTHORIZATION_MATRIX).filter((key) => !(key in API_ACCESS));
    expect(untabled, 'rows whose key is not spelled as in API_ACCESS').toEqual([]);
  });

  it('signs in each kind of principal as the matrix describes it', async () => {
    expect(Object.keys(orgIds).sort(), 'demo organisations found by name').toEqual([...DEMO_ORG_KEYS].sort());
    for (const kind of PRINCIPAL_KINDS) {
      const spec = PRINCIPALS[kind];
      if (spec.kind === 'anonymous') {
        expect(tokens.has(kind)).toBe(false);
        continue;
      }
      const detail = ok<AccountDetail>(await send('GET', '/api/admin/account', tokens.get(kind)), kind);
      expect({
        kind,
        systemAdmin: detail.account.admin,
        members: detail.members.map((m) => [m.orgId, m.orgType, m.admin]),
      }).toEqual({
        kind,
        systemAdmin: spec.systemAdmin ?? false,
        members: spec.org ? [[orgIds[spec.org], ORG_TYPES.get(spec.org), spec.admin]] : [],
      });
    }
  });

  /** Resolves one path parameter, query value or header for the principal under test. */
  function resolve(value: Value, kind: PrincipalKind): string {
    if (typeof value === 'string') return value;
    if (Array.isArray(value)) return value.map((v) => resolve(v, kind)).join(',');
    if (value.ref === 'org') return orgIds[value.org];
    if (value.ref === 'member') return targetIds[value.member];
    const spec = PRINCIPALS[kind];
    return orgIds[(spec.kind === 'account' && spec.org) || 'design'];
  }

  function requestOf(route: string, row: MatrixRow, kind: PrincipalKind) {
    const [method, pattern] = route.split(' ') as [string, string];
    const { params = {}, query = {}, headers = {} } = row.call;
    const path = pattern.replace(/:(\w+)/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`${route}: the row gives no value for :${name}`);
      return encodeURIComponent(resolve(value, kind));
    });
    const search = new URLSearchParams(
      Object.fromEntries(Object.entries(query).map(([k, v]) => [k, resolve(v, kind)])),
    );
    const token = tokens.get(kind);
    return {
      method: method as 'GET',
      url: search.size > 0 ? `${path}?${search.toString()}` : path,
      headers: {
        ...Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, resolve(v, kind)])),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(row.call.body === undefined ? {} : { payload: row.call.body as object }),
    };
  }

  /**
   * Calls a route and reads the answer's body. The answer is taken as a stream: an event stream
   * (`GET /api/message/events`) never ends by itself, so its status and headers are the answer and
   * the stream is dropped (the server lets go of it when the app closes).
   */
  async function answerOf(request: ReturnType<typeof requestOf>) {
    const res = await t.app.inject({ ...request, payloadAsStream: true });
    const stream = res.stream();
    if (String(res.headers['content-type']).startsWith('text/event-stream')) {
      stream.destroy();
      return { statusCode: res.statusCode, body: '' };
    }
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { statusCode: res.statusCode, body: Buffer.concat(chunks).toString() };
  }

  it.each(Object.keys(AUTHORIZATION_MATRIX))('%s', async (route) => {
    const row = AUTHORIZATION_MATRIX[route]!;
    const actual = {} as Record<PrincipalKind, number>;
    const wrong: string[] = [];
    for (const kind of PRINCIPAL_KINDS) {
      const res = await answerOf(requestOf(route, row, kind));
      actual[kind] = res.statusCode;
      if (res.statusCode !== row.expected[kind])
        wrong.push(
          `${kind}: expected ${row.expected[kind]}, got ${res.statusCode} ${res.body.slice(0, 120)}`,
        );
      // A revoked token is replaced at once. Each such row costs a sign-in per principal against
      // the login rate limit (LIMITS.loginRateLimitPerMinute, per route and address): setup takes
      // 21, the /uaa/login row 17 and the two logout rows 32 of the 100 a minute.
      const spec = PRINCIPALS[kind];
      if (row.revokesToken && spec.kind === 'account' && res.statusCode < 400)
        tokens.set(kind, await signIn(spec.username));
    }
    expect(actual, `${route}\n  ${wrong.join('\n  ')}`).toEqual(row.expected);
  });
});
