import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BACKGROUND_HEADER, type PrincipalMember } from '@drp/domain';
import { API_PATH } from '../lib/api-path.js';
import { authenticateToken, type Authenticated } from '../modules/auth/auth.service.js';

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

/** Resolves the bearer token on API calls; static files and the SPA never touch the database. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('actingMember', null);
  app.addHook('onRequest', async (request) => {
    if (!API_PATH.test(request.url)) return;
    const token = bearerToken(request);
    if (token)
      request.auth = await authenticateToken(app.ctx, token, { touch: !request.headers[BACKGROUND_HEADER] });
  });
});
