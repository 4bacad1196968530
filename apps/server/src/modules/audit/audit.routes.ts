import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPage, auditQuery, envelopeOf } from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { listAuditEvents } from './audit.service.js';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/audit-events',
    {
      schema: {
        tags: ['audit'],
        security: [{ bearer: [] }],
        summary: 'The security audit trail, newest first, with filters (system admin only)',
        querystring: auditQuery,
        response: { 200: envelopeOf(auditPage) },
      },
    },
    async (request) => ok(request, await listAuditEvents(app.ctx, request.query)),
  );
};
