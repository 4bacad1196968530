import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG_HEADER } from '@drp/domain';
import { demoOrgIds } from './project-fixture.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * An id in a URL that is not an id names no record: the answer is the same 404 NOT_FOUND, in the
 * normal envelope, as for an id that does not exist, and never a validator's "Invalid UUID".
 */

let t: TestApp;
let org: Record<string, string>;
let construct: string;
let sysadmin: string;

beforeAll(async () => {
  t = await createTestApp();
  org = await demoOrgIds(t.database.db);
  construct = await t.signIn('construct_admin');
  sysadmin = await t.signIn('sysadmin');
});
afterAll(() => t.close());

const get = (url: string, token: string, orgId?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: {
      authorization: `Bearer ${token}`,
      'accept-language': 'zh-CN',
      ...(orgId ? { [ORG_HEADER]: orgId } : {}),
    },
  });

describe('a malformed id in a URL', () => {
  it('answers 404 NOT_FOUND like a missing record, for one id and for a list of ids', async () => {
    const missing = await get(
      '/api/checkDrawings/project/detail/00000000-0000-4000-8000-000000000000',
      construct,
      org.construct,
    );
    for (const url of [
      '/api/checkDrawings/project/detail/not-a-uuid',
      '/api/checkDrawings/project/detail/123',
      `/api/checkDrawings/${org.construct}/not-a-uuid/building/getBuildings`,
      `/api/checkDrawings/${org.construct}/00000000-0000-4000-8000-000000000000/building/getAll/a,b`,
    ]) {
      const res = await get(url, construct, org.construct);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ code: 'NOT_FOUND', message: '请求的资源不存在' });
      expect(res.body).not.toMatch(/uuid/i);
    }
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: '请求的资源不存在' });
  });

  it('answers 404 on the system admin’s pages too, in the caller’s language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/org-applications/nope',
      headers: { authorization: `Bearer ${sysadmin}`, 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'The requested resource does not exist' });
  });

  it('still asks an anonymous caller to sign in first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/checkDrawings/project/detail/not-a-uuid' });
    expect(res.statusCode).toBe(401);
  });

  it('keeps 400 for a malformed query or body, which the caller can correct', async () => {
    const res = await get('/api/admin/audit-events?orgId=not-a-uuid', sysadmin);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
  });
});
