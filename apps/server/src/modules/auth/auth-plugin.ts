import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BACKGROUND_HEADER, type PrincipalMember } from '@drp/domain';
import { followChanges, writesRecords } from '../../lib/answer-cache.js';
import { API_PATH } from '../../lib/api-path.js';
import type { Database } from '../../db/database.js';
import { authenticateToken, type Authenticated } from './auth.service.js';
import { AUTH_CHANGED_CHANNEL } from './session-cache.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null for anonymous and for bad, revoked or idle tokens. */
    auth: Authenticated | null;
    /** The membership the call acts through, set by the access plugin for area routes. */
    actingMember: PrincipalMember | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export interface AuthPluginOptions {
  /** The database's LISTEN; without it every call reads its session from the database. */
  listen?: Database['listen'] | undefined;
}

/**
 * Resolves the bearer token on API calls; static files and the SPA never touch the database.
 * Keeps the session cache (`ctx.sessions`) true: on while the change notifications are heard,
 * cleared by each of them, and cleared before any writing call answers (see SessionCache).
 */
export const authPlugin = fp<AuthPluginOptions>(async (app, options) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('actingMember', null);
  app.addHook('onRequest', async (request) => {
    if (!API_PATH.test(request.url)) return;
    const token = bearerToken(request);
    if (token)
      request.auth = await authenticateToken(app.ctx, token, { touch: !request.headers[BACKGROUND_HEADER] });
  });
  await followChanges(app, {
    listen: options.listen,
    channel: AUTH_CHANGED_CHANNEL,
    cache: app.ctx.sessions,
    whileLost: 'sessions are read from the database',
    clearOn: writesRecords,
  });
});
