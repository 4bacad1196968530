import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, portalHome, portalSite, saveSiteRequest } from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { auditActorOf } from '../audit/audit.service.js';
import { answerFromCache, cachePublicJson } from './portal-cache.js';
import { getPortalHome, getPortalSite, savePortalSite } from './portal-site.service.js';
import { describeRoute } from '../../lib/route-docs.js';

const tags = ['portal'];

/** The portal's home page and its frame (links, footer): public and cacheable; staff edit the frame. */
export const portalSiteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/portal/home',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '门户首页：横幅、各栏目最新内容、最新表彰和通报、论坛最新主题',
          en: 'The home page: banner, newest items of every category, latest commendations and criticisms, newest forum topics',
        }),
        response: { 200: envelopeOf(portalHome) },
      },
      onRequest: answerFromCache,
      onSend: cachePublicJson,
    },
    async (request) => ok(request, await getPortalHome(app.ctx)),
  );

  app.get(
    '/api/portal/site',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '各门户页面共用的友情链接和页脚',
          en: 'What frames every portal page: the link lists and the footer',
        }),
        response: { 200: envelopeOf(portalSite) },
      },
      onRequest: answerFromCache,
      onSend: cachePublicJson,
    },
    async (request) => ok(request, await getPortalSite(app.ctx)),
  );

  app.get(
    '/api/info/portal/site',
    {
      schema: {
        tags,
        ...describeRoute({ zh: '友情链接和页脚，供编辑', en: 'The link lists and the footer, for editing' }),
        response: { 200: envelopeOf(portalSite) },
      },
    },
    async (request) => ok(request, await getPortalSite(app.ctx)),
  );

  app.put(
    '/api/info/portal/site',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '一次替换全部友情链接和页脚',
          en: 'Replaces every link list and the footer at once',
          errors: ['PORTAL_LINKS_PER_GROUP', 'PORTAL_LINK_SCHEME'],
        }),
        body: saveSiteRequest,
        response: { 200: envelopeOf(portalSite) },
      },
    },
    async (request) =>
      ok(request, await savePortalSite(app.ctx, { request: request.body, audit: auditActorOf(request) })),
  );
};
