import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';
import { findNul, nulField } from '../lib/find-nul.js';

/** A NUL as sent (raw) or percent-encoded; `%2500` is the text `%00` once decoded, and harmless. */
const NUL_IN_URL = /%00|\0/i;

/**
 * Bad bytes are bad input: PostgreSQL cannot store a NUL in text and fails the query, so a NUL
 * anywhere in the URL (path or query), a header or a parsed body is refused with 400 before any
 * route sees it, once here rather than in every schema. Multipart parts are read by their routes
 * and checked as they arrive (lib/upload-parts).
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (NUL_IN_URL.test(request.url)) throw new AppError('NUL_CHARACTER', { field: nulField('url') });
    for (const [name, value] of Object.entries(request.headers)) {
      const values = Array.isArray(value) ? value : [value];
      if (values.some((v) => typeof v === 'string' && v.includes('\0')))
        throw new AppError('NUL_CHARACTER', { field: nulField('header', name) });
    }
  });
  app.addHook('preValidation', async (request) => {
    // A cookie's value is percent-decoded after the header was looked at.
    if (findNul(request.cookies) !== undefined)
      throw new AppError('NUL_CHARACTER', { field: nulField('header', 'cookie') });
    const path = findNul(request.body);
    if (path !== undefined) throw new AppError('NUL_CHARACTER', { field: nulField('field', path) });
  });
});
