import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ORG_HEADER, accessRuleFor, decideAccess, type AccessRule } from '@drp/domain';
import { API_PATH } from '../lib/api-path.js';
import { AppError } from '../lib/app-error.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
  interface FastifyInstance {
    /** Every API route with its rule, as registered: what the authorization matrix walks. */
    apiRoutes: { method: string; url: string; access: AccessRule }[];
  }
}

/**
 * Enforces the access table of packages/domain on every API route. A route under /api or /uaa
 * that the table does not name stops the server at start, so nothing ships unguarded. The check
 * runs before body validation: an outsider learns nothing from the shape of its errors.
 */
export const accessPlugin = fp(async (app: FastifyInstance) => {
  const apiRoutes: FastifyInstance['apiRoutes'] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!API_PATH.test(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const rule = accessRuleFor(method, route.url);
      if (!rule) throw new Error(`No access rule for ${method} ${route.url}: add it to API_ACCESS`);
      route.config = { ...route.config, access: rule };
      apiRoutes.push({ method, url: route.url, access: rule });
    }
  });

  app.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config.access;
    if (!rule) return;
    const params = request.params as Record<string, string | undefined> | undefined;
    const headerOrg = request.headers[ORG_HEADER];
    const orgId = params?.orgId ?? (typeof headerOrg === 'string' ? headerOrg : undefined);
    const decision = decideAccess(rule, request.auth?.principal ?? null, orgId);
    if (!decision.allow) throw new AppError(decision.deny);
    request.actingMember = decision.member;
  });
});
