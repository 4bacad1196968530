import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPage, auditQuery, envelopeOf } from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { listAuditEvents } from './audit.service.js';
import { describeRoute } from '../../lib/route-docs.js';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/audit-events',
    {
      schema: {
        tags: ['audit'],
        ...describeRoute({
          zh: '安全审计日志，最新在前，可筛选（仅系统管理员）',
          en: 'The security audit trail, newest first, with filters (system admin only)',
        }),
        querystring: auditQuery,
        response: { 200: envelopeOf(auditPage) },
      },
    },
    async (request) => ok(request, await listAuditEvents(app.ctx, request.query)),
  );
};
