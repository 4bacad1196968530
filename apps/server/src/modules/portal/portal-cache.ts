import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { localeFrom } from '@drp/domain';
import type { Database } from '../../db/database.js';
import { AnswerCache, followChanges, isWritingCall } from '../../lib/answer-cache.js';

/**
 * HTTP caching of what the portal shows to everyone (issue 7: "public content is cacheable").
 *
 * Public JSON may be stored but is revalidated on every use (`no-cache`): when staff unpublish
 * an item it is gone at the reader's next look, not a minute later. A client asks with its ETag
 * and gets 304 while nothing changed, so the reader's cost stays one small round trip.
 *
 * A file's bytes never change under its id (an edit uploads a new file), so a day is safe for
 * them; what a day does allow is a file of an unpublished item to stay in a cache that already
 * holds it, which is the trade-off the issue accepts for downloads.
 */
export const PUBLIC_JSON_CACHE_CONTROL = 'public, no-cache';
export const PUBLIC_FILE_CACHE_CONTROL = 'public, max-age=86400';

/** RFC 9110 §13.1.2: If-None-Match compares weakly; `*` matches any current representation. */
export function ifNoneMatchHits(request: Pick<FastifyRequest, 'headers'>, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/** Every process is told on this channel when portal content changes (migration 0020). */
export const PORTAL_CHANGED_CHANNEL = 'drp_portal_changed';

interface CachedAnswer {
  body: string;
  etag: string;
}

/**
 * The finished public answers of this process, by URL and language. Readers far outnumber
 * writers, and every answer used to run its queries, serialise and hash again: at 500 req/s the
 * lists fell behind. An answer is kept until portal content changes:
 * - a portal write through this process clears it before the write is answered;
 * - a change by any process or tool reaches every process through PORTAL_CHANGED_CHANNEL
 *   (triggers on the portal's tables); while that channel is lost or absent nothing is kept;
 * - a minute is the backstop for what no trigger sees (an author renamed in the forum).
 */
const newPortalAnswerCache = () => new AnswerCache<CachedAnswer>(1000, 60_000);

declare module 'fastify' {
  interface FastifyInstance {
    portalAnswers: AnswerCache<CachedAnswer>;
  }
  interface FastifyRequest {
    /** The cache generation when this public request began, or null when it is not cached. */
    portalGeneration: number | null;
    /** Ends this request's claim to compute its answer, which others wait for (AnswerCache.track). */
    portalComputed: (() => void) | null;
  }
}

const keyOf = (request: FastifyRequest) => `${localeFrom(request.headers['accept-language'])} ${request.url}`;
/** Writes that change what the public reads: staff's content calls and the forum's posts. */
const PORTAL_WRITE = /^\/api\/(info\/portal|portal)\//;

/**
 * Registers the process's answer cache and keeps it honest: cleared by any portal write this
 * process answers, and by every change any process makes (LISTEN), off while that is lost.
 */
export const portalCachePlugin = fp(
  async (app: FastifyInstance, options: { listen?: Database['listen'] | undefined }) => {
    const answers = newPortalAnswerCache();
    app.decorate('portalAnswers', answers);
    app.decorateRequest('portalGeneration', null);
    app.decorateRequest('portalComputed', null);
    // Whatever became of the answer (kept, an error, the client gone), others stop waiting for it.
    const computed = async (request: FastifyRequest) => request.portalComputed?.();
    app.addHook('onResponse', computed);
    app.addHook('onRequestAbort', computed);
    await followChanges(app, {
      listen: options.listen,
      channel: PORTAL_CHANGED_CHANNEL,
      cache: answers,
      whileLost: 'public answers are computed each time',
      clearOn: (request) => isWritingCall(request) && PORTAL_WRITE.test(request.url),
    });
  },
  { name: 'portal-cache' },
);

/** Sends a kept answer as `cachePublicJson` sent it: 304 when the client holds these bytes. */
function sendKept(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply
    .header('etag', answer.etag)
    .header('cache-control', PUBLIC_JSON_CACHE_CONTROL)
    .header('vary', 'Accept-Language');
  if (ifNoneMatchHits(request, answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

/**
 * An `onRequest` hook for public JSON routes: a kept answer goes out at once, without a query;
 * otherwise the request notes the cache generation for `cachePublicJson` to store its answer,
 * and readers of the same answer meanwhile wait for it.
 */
export async function answerFromCache(request: FastifyRequest, reply: FastifyReply) {
  if (request.method !== 'GET') return;
  const answers = request.server.portalAnswers;
  const key = keyOf(request);
  const kept = answers.get(key, Date.now());
  if (kept) return sendKept(request, reply, kept);
  // Another reader is computing this very answer (it expired under load): wait for it.
  const running = answers.running(key);
  if (running) {
    await running;
    const joined = answers.get(key, Date.now());
    if (joined) return sendKept(request, reply, joined);
  }
  request.portalGeneration = answers.token();
  request.portalComputed = answers.track(key);
}

/**
 * An `onSend` hook for public JSON routes: an ETag from the bytes of the answer, the
 * Cache-Control, and 304 without a body when the client already holds these bytes; the answer
 * is kept for the next reader (`answerFromCache`). The envelope message follows Accept-Language,
 * hence the Vary. Errors are never marked cacheable nor kept.
 */
export async function cachePublicJson(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  // A kept answer (answerFromCache) arrives with its headers set: nothing to compute again.
  if (reply.statusCode !== 200 || typeof payload !== 'string' || reply.hasHeader('etag')) return payload;
  // Weak: a proxy that compresses the answer changes its bytes, not its meaning.
  const etag = `W/"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;
  if (request.portalGeneration !== null)
    request.server.portalAnswers.set(
      keyOf(request),
      { body: payload, etag },
      Date.now(),
      request.portalGeneration,
    );
  reply
    .header('etag', etag)
    .header('cache-control', PUBLIC_JSON_CACHE_CONTROL)
    .header('vary', 'Accept-Language');
  if (!ifNoneMatchHits(request, etag)) return payload;
  reply.code(304).removeHeader('content-type').removeHeader('content-length');
  return '';
}

/**
 * An `onSend` hook for public file routes: the file's answers (whole, a range, or 304) may be
 * kept a day; a refusal (404) is left as the error handler made it.
 */
export async function cachePublicFile(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if ([200, 206, 304].includes(reply.statusCode)) reply.header('cache-control', PUBLIC_FILE_CACHE_CONTROL);
  return payload;
}
