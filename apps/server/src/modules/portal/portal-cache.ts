import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { localeFrom } from '@drp/domain';
import type { Database } from '../../db/database.js';

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
  storedAt: number;
}

/**
 * The finished public answers of this process, by URL and language. Readers far outnumber
 * writers, and every answer used to run its queries, serialise and hash again: at 500 req/s the
 * lists fell behind. An answer is kept until portal content changes:
 * - a portal write through this process clears it before the write is answered;
 * - a change by any process or tool reaches every process through PORTAL_CHANGED_CHANNEL
 *   (triggers on the portal's tables); while that channel is lost or absent nothing is kept;
 * - an answer computed across a clear is not stored (generation check);
 * - a minute is the backstop for what no trigger sees (an author renamed in the forum).
 */
export class PortalAnswerCache {
  static readonly MAX_ENTRIES = 1000;
  static readonly MAX_AGE_MS = 60_000;
  private readonly entries = new Map<string, CachedAnswer>();
  private generation = 0;
  private enabled = false;

  setEnabled(enabled: boolean) {
    this.enabled = enabled;
    this.clear();
  }

  clear() {
    this.generation += 1;
    this.entries.clear();
  }

  /** A token for `set`: answers computed before a later `clear` are not stored. */
  token() {
    return this.generation;
  }

  get(key: string, now: number): CachedAnswer | undefined {
    const entry = this.enabled ? this.entries.get(key) : undefined;
    if (!entry) return undefined;
    if (now - entry.storedAt > PortalAnswerCache.MAX_AGE_MS) {
      this.entries.delete(key);
      return undefined;
    }
    // Most recently used last: the oldest is the first to go when the map is full.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, answer: CachedAnswer, generation: number) {
    if (!this.enabled || generation !== this.generation) return;
    this.entries.set(key, answer);
    if (this.entries.size > PortalAnswerCache.MAX_ENTRIES)
      this.entries.delete(this.entries.keys().next().value!);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    portalAnswers: PortalAnswerCache;
  }
  interface FastifyRequest {
    /** The cache generation when this public request began, or null when it is not cached. */
    portalGeneration: number | null;
  }
}

const keyOf = (request: FastifyRequest) => `${localeFrom(request.headers['accept-language'])} ${request.url}`;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Writes that change what the public reads: staff's content calls and the forum's posts. */
const PORTAL_WRITE = /^\/api\/(info\/portal|portal)\//;

/**
 * Registers the process's answer cache and keeps it honest: cleared by any portal write this
 * process answers, and by every change any process makes (LISTEN), off while that is lost.
 */
export const portalCachePlugin = fp(
  async (app: FastifyInstance, options: { listen?: Database['listen'] | undefined }) => {
    const answers = new PortalAnswerCache();
    app.decorate('portalAnswers', answers);
    app.decorateRequest('portalGeneration', null);
    app.addHook('onSend', async (request, _reply, payload) => {
      if (!READ_METHODS.has(request.method) && PORTAL_WRITE.test(request.url)) answers.clear();
      return payload;
    });
    if (!options.listen) return;
    const unlisten = await options.listen(PORTAL_CHANGED_CHANNEL, {
      onNotify: () => answers.clear(),
      onLost: () => {
        app.log.warn(
          'portal change notifications lost; public answers are computed each time until restored',
        );
        answers.setEnabled(false);
      },
      onRestored: () => answers.setEnabled(true),
    });
    answers.setEnabled(true);
    app.addHook('preClose', async () => {
      answers.setEnabled(false);
      await unlisten();
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
 * otherwise the request notes the cache generation for `cachePublicJson` to store its answer.
 */
export async function answerFromCache(request: FastifyRequest, reply: FastifyReply) {
  if (request.method !== 'GET') return;
  const answers = request.server.portalAnswers;
  const kept = answers.get(keyOf(request), Date.now());
  if (kept) return sendKept(request, reply, kept);
  request.portalGeneration = answers.token();
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
      { body: payload, etag, storedAt: Date.now() },
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
