import type { FastifySerializerCompiler } from 'fastify';
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
    if (typeof detail !== 'object' || detail === null || !kept.has(detail)) return serialize(data);
    const envelope = data as Envelope;
    const head = JSON.stringify([envelope.code, envelope.message, Object.keys(envelope)]);
    const found = json.get(detail);
    if (found?.head === head) return found.json;
    const serialized = serialize(data);
    json.set(detail, { head, json: serialized });
    return serialized;
  };
};
