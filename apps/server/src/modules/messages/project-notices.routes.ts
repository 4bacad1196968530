import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, localeFrom, projectNotice, projectNoticeList } from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { describeRoute } from '../../lib/route-docs.js';
import { actingMember } from '../project-access/project-access.service.js';
import {
  getProjectNotice,
  listProjectNotices,
  type ProjectNoticesCaller,
} from './project-notices.service.js';

const tags = ['messages'];
const BASE = '/api/checkDrawings/:orgId/:projectId/notifications';
const projectParams = z.object({ orgId: z.uuid(), projectId: z.uuid() });

/** The project's notices (issue 19): what the review agency sent about one application. */
export const projectNoticesRoutes: FastifyPluginAsyncZod = async (app) => {
  const callerOf = (request: FastifyRequest & { params: { projectId: string } }): ProjectNoticesCaller => ({
    member: actingMember(request),
    projectId: request.params.projectId,
    locale: localeFrom(request.headers['accept-language']),
  });

  app.get(
    BASE,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '本机构就该项目发出的全部通知，最新在前，含接收单位及各人的阅读时间',
          en: 'Every message the agency sent about the application, newest first, with its receivers and who read it when',
          project: 'notices.view',
        }),
        params: projectParams,
        response: { 200: envelopeOf(projectNoticeList) },
      },
    },
    async (request) => ok(request, await listProjectNotices(app.ctx, callerOf(request))),
  );

  app.get(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '本机构就该项目发出的一条通知',
          en: 'One message the agency sent about the application',
          project: 'notices.view',
        }),
        params: projectParams.extend({ id: z.uuid() }),
        response: { 200: envelopeOf(projectNotice) },
      },
    },
    async (request) => ok(request, await getProjectNotice(app.ctx, callerOf(request), request.params.id)),
  );
};
