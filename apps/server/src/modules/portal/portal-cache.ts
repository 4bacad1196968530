import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

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

/**
 * An `onSend` hook for public JSON routes: an ETag from the bytes of the answer, the short
 * Cache-Control, and 304 without a body when the client already holds these bytes. The answer's
 * envelope message follows Accept-Language, hence the Vary. Errors are never marked cacheable.
 */
export async function cachePublicJson(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  // Weak: a proxy that compresses the answer changes its bytes, not its meaning.
  const etag = `W/"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;
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
