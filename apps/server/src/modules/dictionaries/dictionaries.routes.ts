import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dictionary, dictionaryKind, envelopeOf } from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { getDictionary } from './dictionaries.service.js';
import { describeRoute } from '../../lib/route-docs.js';

export const dictionariesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/checkDrawings/cdDictionary/:kind',
    {
      schema: {
        tags: ['dictionaries'],
        ...describeRoute({
          zh: '审查字典（专业、危大工程、项目与工程类型、阶段、意见与审查类型、强制性条文、气候分区）及其数据版本',
          en:
            'A review dictionary (specialties, hazardous sub-projects, project and construct types, stages, ' +
            'opinion and audit types, mandatory clauses, climatic regions) with its data version',
        }),
        params: z.object({ kind: dictionaryKind }),
        response: { 200: envelopeOf(dictionary) },
      },
    },
    async (request) => ok(request, getDictionary(app.ctx.dictionaries, request.params.kind)),
  );
};
