import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { API_ACCESS, ORG_HEADER } from '@drp/domain';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * Every operation of the OpenAPI document, called with dozens of malformed variants (wrong
 * types, NUL bytes, 1 MB strings, JSON ten thousand levels deep, wrong content types, broken
 * multipart, hostile path parameters) by anonymous, an org admin acting for the org and the system
 * admin: none may answer 5xx. Bad input is the caller's mistake and gets a 4xx in the envelope.
 */

/** The parts of JSON Schema the OpenAPI document uses that the walk reads. */
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  minLength?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: Schema;
}
interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface Operation {
  method: string;
  /** As the document writes it: `/api/x/{id}`. */
  path: string;
  params: Parameter[];
  body?: Schema;
}

const UUID = '00000000-0000-4000-8000-00000000f00d';
const MB = 1024 * 1024;
/** A string of about 1 MB that still fits the 1 MiB body limit once quoted and wrapped. */
const ONE_MB = 'a'.repeat(MB - 4096);
const DEEP = 10_000;
const deepObject = `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`;
const deepArray = `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`;
const BOUNDARY = '----drp-fuzz-boundary';
const BIDI = 'invoice\u202Efdp.exe\u200B\u2066';
/** How `example` starts a free-text string (no format, no enum): where NUL and 1 MB reach a query. */
const FREE = 'fz';
const isFree = (s: string) => s.startsWith(FREE);

/** What a valid-looking value of `schema` is: the walk starts from it and breaks one thing. */
function example(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alternative = schema.anyOf ?? schema.oneOf;
  if (alternative?.length)
    return example(alternative.find((s) => s.type !== 'null') ?? alternative[0], depth);
  if (schema.allOf?.length) return example(schema.allOf[0], depth);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties)
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, child]) => [key, example(child, depth + 1)]),
    );
  if (type === 'array') return [example(schema.items, depth + 1)];
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  if (schema.format === 'uuid') return UUID;
  if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  if (schema.format === 'date') return '2026-01-01';
  if (schema.format === 'email') return 'fuzz@example.com';
  return `${FREE}测试`.padEnd(Math.max(4, schema.minLength ?? 0), '试');
}

/** A value of another JSON type than the schema wants. */
function wrongType(schema: Schema | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  if (type === 'string' || schema?.format || schema?.enum) return 12345;
  if (type === 'integer' || type === 'number') return 'not-a-number';
  if (type === 'boolean') return 'yes';
  if (type === 'array') return { a: 1 };
  if (type === 'object') return 'a string';
  return [[{}]];
}

/** Every string in `value` replaced by what `f` makes of it. */
function mapStrings(value: unknown, f: (s: string) => string): unknown {
  if (typeof value === 'string') return f(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, f));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, f)]));
  return value;
}

function operationsOf(doc: { paths?: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {}))
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete', 'options'].includes(method)) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  return operations;
}

/** One malformed call: what is changed, relative to the operation's valid-looking call. */
interface Variant {
  label: string;
  path?: Record<string, string>;
  /** Replaces the whole query string (already encoded). */
  query?: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  contentType?: string;
}

function multipart(parts: string[], close = true): Buffer {
  return Buffer.from(
    parts.map((p) => `--${BOUNDARY}\r\n${p}\r\n`).join('') + (close ? `--${BOUNDARY}--\r\n` : ''),
  );
}
const fileHead = (filename: string, name = 'file') =>
  `Content-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n%%EOF`;
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

/**
 * Where a route reads no query (a write) or takes no multipart (refused as a media type before
 * the body is read), these few stand for their kind; the rest would only repeat the answer.
 */
const ALWAYS = new Set([
  'query: %00',
  'query: an undeclared parameter',
  'query: nested and __proto__',
  'multipart: no boundary',
  'multipart: truncated',
]);

function variantsOf(op: Operation, query: Record<string, string>, takesMultipart: boolean) {
  const pathNames = op.params.filter((p) => p.in === 'path').map((p) => p.name);
  const queryParams = op.params.filter((p) => p.in === 'query');
  /** Every path parameter made `value`; without any, `value` is appended to the last segment. */
  const everyPath = (value: string): Record<string, string> =>
    pathNames.length > 0 ? Object.fromEntries(pathNames.map((name) => [name, value])) : { '': value };
  const everyQuery = (value: string) =>
    new URLSearchParams(
      queryParams.length > 0 ? Object.fromEntries(queryParams.map((p) => [p.name, value])) : { q: value },
    ).toString();
  /** The first free-text query parameter (else the first, else `q`) made `value`, the others as they were. */
  const firstQuery = (value: string) => {
    const name = Object.keys(query).find((key) => isFree(query[key]!)) ?? queryParams[0]?.name ?? 'q';
    return new URLSearchParams({ ...query, [name]: value }).toString();
  };
  const baseQuery = new URLSearchParams(query).toString();
  const body = op.body ? (example(op.body) as Record<string, unknown>) : { name: '测试' };
  const json = (value: unknown) => ({ payload: JSON.stringify(value), contentType: 'application/json' });
  const variants: Variant[] = [
    { label: 'valid-looking call', ...(['GET', 'OPTIONS'].includes(op.method) ? {} : json(body)) },
    // Path parameters (an operation without any gets the same bytes after its last segment).
    { label: 'path: %00', path: everyPath(`${UUID}%00`) },
    { label: 'path: raw NUL', path: everyPath('a\u0000b') },
    { label: 'path: ..%2f..%2fetc%2fpasswd', path: everyPath('..%2f..%2fetc%2fpasswd') },
    { label: 'path: 5000 characters', path: everyPath('a'.repeat(5000)) },
    { label: 'path: 4000 characters', path: everyPath('b'.repeat(4000)) },
    { label: 'path: not a UUID', path: everyPath('not-a-uuid') },
    { label: 'path: unicode and bidi', path: everyPath(encodeURIComponent(`测试😀${BIDI}`)) },
    { label: 'path: invalid UTF-8', path: everyPath('%ff%fe%ED%A0%80') },
    { label: 'path: SQL', path: everyPath(encodeURIComponent("' OR '1'='1' --")) },
    { label: 'path: 200 ids', path: everyPath(Array.from({ length: 200 }, () => UUID).join(',')) },
    { label: 'path: -1 and 1e309', path: everyPath('-1,1e309') },
    // Query.
    { label: 'query: %00', query: everyQuery('a\u0000b') },
    {
      label: 'query: %00 in the free-text parameters',
      query: new URLSearchParams(
        mapStrings(query, (v) => (isFree(v) ? `${v}\u0000` : v)) as Record<string, string>,
      ).toString(),
    },
    { label: 'query: wrong types', query: everyQuery('[object Object]') },
    { label: 'query: huge numbers', query: everyQuery('-99999999999999999999999') },
    // A megabyte where the route reads a parameter; where it reads none, one it does not know of.
    queryParams.length
      ? { label: 'query: 1 MB', query: firstQuery(ONE_MB) }
      : { label: 'query: an undeclared parameter', query: 'undeclared=1' },
    { label: 'query: repeated', query: `${everyQuery('1')}&${everyQuery('2')}` },
    {
      label: 'query: nested and __proto__',
      query: 'a[b][c]=1&__proto__[admin]=1&constructor[prototype][x]=1',
    },
    { label: 'query: empty values', query: everyQuery('') },
    { label: 'query: a lone %', query: queryParams.length ? `${queryParams[0]!.name}=%&%zz=1` : 'q=%' },
    { label: 'query: bidi and unicode', query: everyQuery(`测试😀${BIDI}`) },
    {
      label: 'query: 2000 parameters',
      query: Array.from({ length: 2000 }, (_, i) => `p${i}=${i}`).join('&'),
    },
    { label: 'query: 100 000 CJK characters', query: firstQuery('测'.repeat(100_000)) },
    {
      label: 'query: invalid UTF-8',
      query: queryParams.length ? `${queryParams[0]!.name}=%ff%fe%ED%A0%80` : 'q=%ff',
    },
    // Headers.
    { label: `header: NUL in ${ORG_HEADER}`, headers: { [ORG_HEADER]: '\u0000' } },
    { label: `header: not a UUID in ${ORG_HEADER}`, headers: { [ORG_HEADER]: "' OR 1=1 --" } },
    { label: 'header: NUL in accept-language', headers: { 'accept-language': 'zh-CN\u0000' } },
    { label: 'header: 1 MB', headers: { 'x-fuzz': ONE_MB, 'accept-language': 'en'.repeat(5000) } },
    { label: 'header: garbage bearer', headers: { authorization: `Bearer ${'x'.repeat(5000)}` } },
    {
      label: 'header: tus garbage',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '-1',
        'upload-offset': '1e20',
        'upload-metadata': 'operationCode ###,filename ',
      },
    },
  ];
  // A GET or OPTIONS carries no body: those variants would only repeat the calls above.
  if (['GET', 'OPTIONS'].includes(op.method)) return { variants, baseQuery };
  variants.push(
    // Bodies.
    { label: 'body: NUL in every string', ...json(mapStrings(body, (s) => `${s}\u0000`)) },
    {
      label: 'body: NUL in the free-text fields',
      ...json(mapStrings(body, (s) => (isFree(s) ? `${s}\u0000` : s))),
    },
    {
      label: 'body: bidi and lone surrogates in every string',
      ...json(mapStrings(body, (s) => `${s}${BIDI}\ud800`)),
    },
    { label: 'body: every field of the wrong type', ...json(mapFields(op.body, body, wrongType)) },
    { label: 'body: every field null', ...json(mapFields(op.body, body, () => null)) },
    { label: 'body: a 1 MB free-text field', ...json(firstString(body, ONE_MB)) },
    { label: `body: ${DEEP} levels of objects`, payload: deepObject, contentType: 'application/json' },
    { label: `body: ${DEEP} levels of arrays`, payload: deepArray, contentType: 'application/json' },
    {
      label: `body: a field ${DEEP} levels deep`,
      payload: `{"${Object.keys(body)[0] ?? 'a'}":${deepObject}}`,
      contentType: 'application/json',
    },
    {
      label: 'body: a 200 000-element array',
      payload: `[${'1,'.repeat(200_000)}1]`,
      contentType: 'application/json',
    },
    { label: 'body: top-level string', ...json('x') },
    { label: 'body: top-level null', payload: 'null', contentType: 'application/json' },
    { label: 'body: 1e999', payload: '1e999', contentType: 'application/json' },
    { label: 'body: invalid JSON', payload: '{"a":', contentType: 'application/json' },
    { label: 'body: empty JSON', payload: '', contentType: 'application/json' },
    {
      label: 'body: __proto__',
      payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
      contentType: 'application/json',
    },
    // Content types.
    { label: 'content type: text/plain', payload: JSON.stringify(body), contentType: 'text/plain' },
    { label: 'content type: XML', payload: '<a>1</a>', contentType: 'application/xml' },
    {
      label: 'content type: form',
      payload: `${new URLSearchParams(mapStrings(body, (s) => s) as Record<string, string>).toString()}&a[b]=c`,
      contentType: 'application/x-www-form-urlencoded',
    },
    {
      label: 'content type: form with %00',
      payload: 'username=%00&name=a%00b',
      contentType: 'application/x-www-form-urlencoded',
    },
    {
      label: 'content type: JSON in UTF-16',
      payload: Buffer.from(JSON.stringify(body), 'utf16le'),
      contentType: 'application/json; charset=utf-16',
    },
    { label: 'content type: none', payload: JSON.stringify(body) },
    {
      label: 'content type: octet-stream',
      payload: Buffer.from([0, 1, 2, 255]),
      contentType: 'application/octet-stream',
    },
    {
      label: 'content type: offset+octet-stream',
      payload: Buffer.from('%PDF-1.7'),
      contentType: 'application/offset+octet-stream',
      headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0' },
    },
    // Multipart, broken in every way a client can break it.
    {
      label: 'multipart: no boundary',
      payload: multipart([fileHead('a.pdf')]),
      contentType: 'multipart/form-data',
    },
    {
      label: 'multipart: truncated',
      payload: multipart([fileHead('a.pdf')]).subarray(0, 60),
      contentType: MULTIPART,
    },
    {
      label: 'multipart: unclosed',
      payload: multipart(
        ['Content-Disposition: form-data; name="purpose"\r\n\r\nATTACHMENT', fileHead('a.pdf')],
        false,
      ),
      contentType: MULTIPART,
    },
    {
      label: 'multipart: a part without a name',
      payload: multipart(['Content-Disposition: form-data; filename="a.pdf"\r\n\r\n%PDF-1.7']),
      contentType: MULTIPART,
    },
    {
      label: 'multipart: NUL in a file name',
      payload: multipart([fileHead('a\u0000.pdf')]),
      contentType: MULTIPART,
    },
    {
      label: 'multipart: NUL in a field',
      payload: multipart([
        'Content-Disposition: form-data; name="operationCode"\r\n\r\na\u0000b',
        fileHead('a.pdf'),
      ]),
      contentType: MULTIPART,
    },
    {
      label: 'multipart: bidi and empty file names',
      payload: multipart([fileHead(BIDI), fileHead('')]),
      contentType: MULTIPART,
    },
    { label: 'multipart: empty body', payload: '', contentType: MULTIPART },
    {
      label: 'multipart: 300-character boundary',
      payload: 'x',
      contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`,
    },
    {
      label: 'multipart: 1 MB field',
      payload: multipart([`Content-Disposition: form-data; name="purpose"\r\n\r\n${ONE_MB}`]),
      contentType: MULTIPART,
    },
    {
      label: 'multipart: 2000 parts',
      payload: multipart(
        Array.from({ length: 2000 }, (_, i) => `Content-Disposition: form-data; name="f${i}"\r\n\r\nx`),
      ),
      contentType: MULTIPART,
    },
  );
  const pointless = (v: Variant) =>
    !ALWAYS.has(v.label) &&
    ((v.label.startsWith('query: ') && queryParams.length === 0) ||
      (v.label.startsWith('multipart: ') && !takesMultipart));
  return { variants: variants.filter((v) => !pointless(v)), baseQuery };
}

/** Each declared top-level field of `body` replaced by what `f` makes of its schema. */
function mapFields(
  schema: Schema | undefined,
  body: Record<string, unknown>,
  f: (s: Schema | undefined) => unknown,
) {
  const properties = schema?.properties ?? {};
  return Object.fromEntries(Object.keys(body).map((key) => [key, f(properties[key])]));
}

/** `body` with its first free-text field, wherever it is, made `value`. */
function firstString(body: unknown, value: string): unknown {
  let done = false;
  return mapStrings(body, (s) => {
    if (done || !isFree(s)) return s;
    done = true;
    return value;
  });
}

describe('malformed input: every operation of the OpenAPI document', () => {
  let t: TestApp;
  /** Who calls, in the order tried: each operation is walked by the first one it lets through. */
  const SIGNED_IN = [
    { kind: 'designAdmin', username: 'design_admin' },
    { kind: 'constructAdmin', username: 'construct_admin' },
    { kind: 'systemAdmin', username: 'sysadmin' },
  ] as const;
  type Caller = 'anonymous' | (typeof SIGNED_IN)[number]['kind'];
  const tokens = new Map<Caller, string>();
  /** The organisation a caller acts for (the system admin, who has none, names the design org). */
  const orgOf = new Map<Caller, string>();
  let address = 0;

  beforeAll(async () => {
    t = await createTestApp();
    for (const p of SIGNED_IN) {
      tokens.set(p.kind, await t.signIn(p.username));
      const account = await t.app.inject({
        url: '/api/admin/account',
        headers: { authorization: `Bearer ${tokens.get(p.kind)}` },
      });
      const orgId = account.json<{ detail: { members: { orgId: string }[] } }>().detail.members[0]?.orgId;
      if (orgId) orgOf.set(p.kind, orgId);
    }
    orgOf.set('systemAdmin', orgOf.get('designAdmin')!);
    orgOf.set('anonymous', orgOf.get('designAdmin')!);
  }, 120_000);
  afterAll(() => t?.close());

  /** The call of `variant` on `op` as `caller` makes it. */
  function requestOf(op: Operation, caller: Caller, variant: Variant, baseQuery: string): InjectOptions {
    const path = (name: string) =>
      name === 'orgId' ? orgOf.get(caller)! : String(example(op.params.find((p) => p.name === name)?.schema));
    let url = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      variant.path ? variant.path[name]! : encodeURIComponent(path(name)),
    );
    if (variant.path?.[''] !== undefined) url += variant.path[''];
    const search = variant.query ?? baseQuery;
    const token = tokens.get(caller);
    return {
      method: op.method,
      url: search ? `${url}?${search}` : url,
      // Each call from its own address: rate limits must not hide an answer behind 429.
      remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(caller === 'designAdmin' || caller === 'constructAdmin'
          ? { [ORG_HEADER]: orgOf.get(caller)! }
          : {}),
        ...(variant.contentType ? { 'content-type': variant.contentType } : {}),
        ...variant.headers,
      },
      ...(variant.payload === undefined ? {} : { payload: variant.payload }),
    };
  }

  /** Answers the status, and the start of the body for a report; an event stream is let go at once. */
  async function answer(options: InjectOptions) {
    const res = await t.app.inject({ ...options, payloadAsStream: true });
    const stream = res.stream();
    if (res.statusCode < 500) {
      stream.destroy();
      return { status: res.statusCode, body: '' };
    }
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { status: res.statusCode, body: Buffer.concat(chunks).toString().slice(0, 300) };
  }

  /** The first signed-in caller the operation's access check lets through with its valid-looking call. */
  async function reachingCaller(op: Operation, valid: Variant, baseQuery: string): Promise<Caller> {
    for (const { kind } of SIGNED_IN) {
      const { status } = await answer(requestOf(op, kind, valid, baseQuery));
      if (status !== 401 && status !== 403) return kind;
    }
    return 'designAdmin';
  }

  /** Whether a route reads a well-formed multipart body rather than refusing its media type. */
  async function takesMultipart(op: Operation) {
    if (['GET', 'OPTIONS'].includes(op.method)) return false;
    const res = await t.app.inject(
      requestOf(
        op,
        'systemAdmin',
        {
          label: 'probe',
          contentType: MULTIPART,
          payload: multipart(['Content-Disposition: form-data; name="probe"\r\n\r\nx']),
        },
        '',
      ),
    );
    return res.json<{ code?: string }>().code !== 'UNSUPPORTED_MEDIA_TYPE';
  }

  /** Signs a caller in again when a call (a logout, say) ended its session. */
  async function keepSignedIn() {
    for (const p of SIGNED_IN) {
      const res = await t.app.inject({
        url: '/api/admin/account',
        headers: { authorization: `Bearer ${tokens.get(p.kind)}` },
      });
      if (res.statusCode === 401) tokens.set(p.kind, await t.signIn(p.username));
    }
  }

  it('answers no malformed call with 5xx', async () => {
    const doc = t.app.swagger() as { paths?: Record<string, Record<string, OpenApiOperation>> };
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(100);
    const failures: string[] = [];
    const reached = new Set<Caller>();
    let calls = 0;
    let fewest = Infinity;
    for (const op of operations) {
      const baseQuery = Object.fromEntries(
        op.params.filter((p) => p.in === 'query').map((p) => [p.name, String(example(p.schema))]),
      );
      const { variants, baseQuery: query } = variantsOf(op, baseQuery, await takesMultipart(op));
      fewest = Math.min(fewest, variants.length);
      const caller = await reachingCaller(op, variants[0]!, query);
      reached.add(caller);
      // Anonymous too where the route is public; elsewhere every anonymous call ends at 401.
      const isPublic = API_ACCESS[`${op.method} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`]?.kind === 'public';
      const requests = (isPublic ? [caller, 'anonymous' as const] : [caller]).flatMap((who) =>
        variants.map((variant) => ({
          who,
          variant: variant.label,
          options: requestOf(op, who, variant, query),
        })),
      );
      // Small batches: a two-core machine, and PGlite answers one query at a time anyway.
      for (let i = 0; i < requests.length; i += 8) {
        const batch = requests.slice(i, i + 8);
        const answers = await Promise.all(batch.map((r) => answer(r.options)));
        calls += batch.length;
        answers.forEach((a, j) => {
          if (a.status >= 500)
            failures.push(
              `${op.method} ${op.path} [${batch[j]!.who}] ${batch[j]!.variant}: ${a.status} ${a.body}`,
            );
        });
      }
      await keepSignedIn();
    }
    expect(fewest).toBeGreaterThanOrEqual(30);
    expect(calls).toBeGreaterThanOrEqual(operations.length * 30);
    expect([...reached].sort()).toEqual(['constructAdmin', 'designAdmin', 'systemAdmin']);
    expect(failures, failures.join('\n')).toEqual([]);
  }, 600_000);
});
