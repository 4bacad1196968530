import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { ERROR_CODES, PROJECT_POLICY, accessRuleFor, type ErrorCode } from '@drp/domain';
import { POLICY_STATES } from '../lib/route-docs.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * The document the server serves at /api/docs/json is what integrators feed to their generators
 * and gateways: it must pass a standard validator, name its shared and recursive shapes once, and
 * tell for every operation what it does (Chinese and English), who may call it and what it may
 * answer when it fails.
 */

interface Operation {
  summary?: string;
  description?: string;
  security?: unknown[];
  responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
  'x-summary-zh'?: string;
  'x-summary-en'?: string;
  'x-access'?: { rule: string; zh: string; en: string; projectActions?: string[] };
  'x-error-codes'?: string[];
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'options', 'head'];
const HAN = /\p{Script=Han}/u;
const LATIN = /[A-Za-z]{3}/;

let t: TestApp;
let raw: string;
let doc: Document;
const operations: { key: string; method: string; path: string; op: Operation }[] = [];

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  raw = res.body;
  doc = JSON.parse(raw) as Document;
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(item))
      if (METHODS.includes(method))
        operations.push({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, op });
});
afterAll(() => t.close());

/** `/api/x/{id}` as Fastify registers it: `/api/x/:id`. */
const fastifyUrl = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

describe('the served OpenAPI document', () => {
  it('passes @apidevtools/swagger-parser validate', async () => {
    // validate dereferences in place: give it its own copy.
    await expect(SwaggerParser.validate(JSON.parse(raw) as never)).resolves.toBeTruthy();
  });

  it('names recursive and shared schemas once under components, never as numbered placeholders', () => {
    const names = Object.keys(doc.components.schemas);
    expect(names.filter((n) => /^(schema|def-?)\d+$/.test(n))).toEqual([]);
    expect(raw).not.toMatch(/#\/components\/schemas\/(schema|def-?)\d+"/);
    expect(names).toContain('DocFolderNode');
    expect(names).toContain('ErrorEnvelope');
    // Every component is used, and every reference has its component.
    const refs = new Set([...raw.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]));
    expect([...refs].filter((r) => !names.includes(r!))).toEqual([]);
    expect(names.filter((n) => !refs.has(n))).toEqual([]);
    const tree = doc.paths['/api/checkDrawings/{orgId}/{projectId}/docRepository/listTree']!.get!;
    expect(JSON.stringify(tree.responses?.['200'])).toContain('#/components/schemas/DocFolderNode');
  });

  it('lists every API route the server registered', () => {
    const documented = new Set(operations.map((o) => `${o.method} ${fastifyUrl(o.path)}`));
    const missing = t.app.apiRoutes
      .filter((r) => !r.url.startsWith('/api/docs') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !documented.has(key));
    expect(missing).toEqual([]);
    expect(operations.length).toBeGreaterThan(150);
  });

  it('gives every operation a summary in Chinese and English (describeRoute)', () => {
    const lacking = operations
      .filter(({ op }) => {
        const zh = op['x-summary-zh'] ?? '';
        const en = op['x-summary-en'] ?? '';
        return !HAN.test(zh) || !LATIN.test(en) || HAN.test(en) || op.summary !== `${zh} · ${en}`;
      })
      .map((o) => o.key);
    expect(lacking, `routes without describeRoute({ zh, en }):\n${lacking.join('\n')}`).toEqual([]);
  });

  it("states every operation's access rule as the server enforces it", () => {
    const wrong: string[] = [];
    for (const { key, method, path, op } of operations) {
      const rule = accessRuleFor(method, fastifyUrl(path));
      const access = op['x-access'];
      if (!rule || !access) {
        wrong.push(`${key}: no access rule`);
        continue;
      }
      if (access.rule !== rule.kind) wrong.push(`${key}: says ${access.rule}, enforced ${rule.kind}`);
      if (!HAN.test(access.zh) || !LATIN.test(access.en)) wrong.push(`${key}: access not in both languages`);
      if (!op.description?.includes(access.zh) || !op.description.includes(access.en))
        wrong.push(`${key}: access not in the description`);
      const bearer = JSON.stringify(op.security ?? []).includes('bearer');
      if (bearer !== (rule.kind !== 'public')) wrong.push(`${key}: security does not match ${rule.kind}`);
      for (const action of access.projectActions ?? [])
        if (!(action in PROJECT_POLICY)) wrong.push(`${key}: unknown project action ${action}`);
    }
    expect(wrong).toEqual([]);
  });

  it('describes the project rule of project-scoped operations from PROJECT_POLICY', () => {
    const submit = doc.paths['/api/checkDrawings/project/{id}/submit/{n}']!.put!;
    expect(submit['x-access']?.projectActions).toEqual(['application.submit']);
    expect(submit.description).toContain('建设单位');
    expect(submit.description).toContain('the construction unit');
    expect(submit['x-error-codes']).toEqual(expect.arrayContaining(['PROJECT_NOT_DRAFT', 'NOT_FOUND']));
    const accept = doc.paths['/api/checkDrawings/{orgId}/{projectId}/docRepositoryOrg/confirmApplyDoc']!.get!;
    // The agency's deciders by their profiles, read by running the policy's own `who`.
    expect(accept.description).toContain('审查负责人');
    expect(accept['x-error-codes']).toEqual(expect.arrayContaining(['DOC_DIRECTOR_ONLY', 'DOC_NOT_SENT']));
  });

  it('reads the state codes of every project action by running its rule over every state', () => {
    const subjects = new Set(Object.values(PROJECT_POLICY).map((r) => r.subject));
    expect([...subjects].filter((s) => !POLICY_STATES[s]?.length)).toEqual([]);
  });

  it('lists every operation’s error codes, each under its HTTP status with the error envelope', () => {
    const wrong: string[] = [];
    for (const { key, op } of operations) {
      const codes = op['x-error-codes'] ?? [];
      if (!codes.length) wrong.push(`${key}: no error codes`);
      for (const code of codes) {
        const known = ERROR_CODES[code as ErrorCode];
        if (!known) {
          wrong.push(`${key}: unknown code ${code}`);
          continue;
        }
        const response = op.responses?.[String(known.status)];
        if (response?.content?.['application/json']?.schema?.$ref !== '#/components/schemas/ErrorEnvelope')
          wrong.push(`${key}: ${code} has no ${known.status} response with the error envelope`);
        if (!op.description?.includes(`\`${code}\``)) wrong.push(`${key}: ${code} not in the description`);
      }
    }
    expect(wrong).toEqual([]);
    const login = doc.paths['/uaa/login']!.post!;
    expect(login['x-error-codes']).toEqual(expect.arrayContaining(['LOGIN_FAILED', 'ACCOUNT_LOCKED']));
  });

  it('serves Swagger UI as the guide', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>施工图数字化审查平台 API</title>');
    const info = (JSON.parse(raw) as { info: { description: string } }).info.description;
    expect(info).toContain('X-Org-Id');
    expect(info).toContain('Authorization: Bearer');
  });
});
