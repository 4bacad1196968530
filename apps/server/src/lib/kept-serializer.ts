import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyRequest, FastifySerializerCompiler } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler } from 'fastify-type-provider-zod';

/**
 * Answers an AnswerCache keeps. They are never changed once kept (a change replaces the answer),
 * so what one serialises to under a route's schema can be kept with it: the missions grid of a
 * round of fifty buildings is 200 kB of JSON whose encoding and checking against its schema cost
 * more than reading it from the cache (issue 19's benchmark).
 */
const kept = new WeakSet<object>();

/** Marks an answer as kept: from now on it must not be changed in place. */
export function markKept(value: unknown) {
  if (typeof value === 'object' && value !== null) kept.add(value);
}

const isKept = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && kept.has(value);

interface Envelope {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
}

/**
 * The zod serializer of every route, which reuses the JSON of an envelope whose detail is a kept
 * answer, per route (its schema decides the JSON) and per envelope code and message (the locale).
 */
export const keptSerializerCompiler: FastifySerializerCompiler<
  Parameters<typeof serializerCompiler>[0]['schema']
> = (route) => {
  const serialize = serializerCompiler(route);
  const json = new WeakMap<object, { head: string; json: string }>();
  return (data: unknown) => {
    const detail = (data as Envelope | null)?.detail;
    if (!isKept(detail)) return serialize(data);
    const envelope = data as Envelope;
    const head = JSON.stringify([envelope.code, envelope.message, Object.keys(envelope)]);
    const found = json.get(detail);
    if (found?.head === head) return found.json;
    const serialized = serialize(data);
    json.set(detail, { head, json: serialized });
    return serialized;
  };
};

/** Below this a kept answer goes as it is: a few kilobytes fit in the first packets anyway. */
export const KEPT_GZIP_MIN_BYTES = 4096;

const gzipAsync = promisify(gzip);

/** The gzip of each kept answer's JSON (one per route and language), made once. */
const gzipped = new WeakMap<object, { json: string; body: Promise<Buffer> }[]>();

function gzipOf(detail: object, json: string): Promise<Buffer> {
  const known = gzipped.get(detail) ?? [];
  const found = known.find((entry) => entry.json === json);
  if (found) return found.body;
  const body = gzipAsync(json);
  gzipped.set(detail, [...known, { json, body }]);
  return body;
}

/** Whether the caller takes gzip (every browser does); `gzip;q=0` is a refusal. */
export function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Sends a kept answer gzip-compressed to callers that take it, compressed once: the missions grid
 * of fifty buildings is 200 kB of JSON and 20 kB gzipped, so a browser on a provincial line gets it
 * ten times sooner, and the server writes a tenth of the bytes on every read (issue 19's benchmark).
 * Answers computed for one call are left alone: compressing each would cost more than it saves here.
 */
export const keptGzipPlugin = fp(async (app) => {
  app.addHook('preSerialization', async (request, reply, payload) => {
    const detail = (payload as Envelope | null)?.detail;
    if (!isKept(detail) || reply.statusCode !== 200 || !acceptsGzip(request)) return payload;
    reply.header('vary', 'accept-encoding');
    // The route's serializer: for a kept answer, the JSON it wrote the first time.
    const json = reply.serialize(payload) as string;
    if (json.length < KEPT_GZIP_MIN_BYTES) return payload;
    const body = await gzipOf(detail, json);
    reply.header('content-encoding', 'gzip');
    // Fastify sends a Buffer from a serializer as it is (its typing says string only).
    reply.serializer((() => body) as unknown as (payload: unknown) => string);
    return payload;
  });
});
