import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the same zod schemas the routes validate with. */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: '施工图数字化审查平台 API',
        description:
          'Every answer is the envelope `{ code, message, detail }`; `code` is `SUCCESS` or a stable error code. Sign in through /uaa/login, /uaa/oauth/authorize and /uaa/oauth/token, then send `Authorization: Bearer <token>`.',
        version: '0.1.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets a few inline styles; and intranet deployments often serve plain http, where
    // upgrade-insecure-requests would send the document fetch to a port that does not answer.
    transformStaticCSP: (header) =>
      header
        .replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'")
        .replace(/upgrade-insecure-requests;?/, ''),
  });
});
