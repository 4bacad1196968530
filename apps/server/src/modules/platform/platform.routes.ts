import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, healthResult, platformConfig, type PlatformConfig } from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { renderOperationManual } from './operation-manual.js';
import { describeRoute } from '../../lib/route-docs.js';

export const MANUAL_URL = '/api/platform/manual';

export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  const publicConfig: PlatformConfig = {
    title: config.platformTitle,
    province: config.province,
    portalFirst: config.platformTitle.includes(config.province),
    passwordPolicy: config.passwordPolicy,
    idleTimeoutMinutes: config.idleTimeoutMinutes,
    manualUrl: MANUAL_URL,
  };
  let manual: Promise<Buffer> | undefined;

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['platform'],
        ...describeRoute({ zh: '服务存活检查', en: 'Liveness' }),
        response: { 200: envelopeOf(healthResult) },
      },
    },
    async (request) => ok(request, { status: 'ok' as const }),
  );

  app.get(
    '/api/platform/config',
    {
      schema: {
        tags: ['platform'],
        ...describeRoute({
          zh: '网页端登录前需要的公开设置',
          en: 'Public settings the web app needs before sign-in',
        }),
        response: { 200: envelopeOf(platformConfig) },
      },
    },
    async (request) => ok(request, publicConfig),
  );

  app.get(
    MANUAL_URL,
    {
      schema: {
        tags: ['platform'],
        ...describeRoute({ zh: '下载操作手册（PDF）', en: 'Download the operation manual (PDF)' }),
        produces: ['application/pdf'],
        response: { 200: z.any().meta({ description: 'PDF file' }) },
      },
    },
    async (_request, reply) => {
      manual ??= renderOperationManual(config.platformTitle);
      const pdf = await manual;
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent('操作手册.pdf')}`)
        .send(pdf);
    },
  );
};
