import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  portalArticle,
  portalArticleListQuery,
  portalArticlePage,
  portalHistoryEntry,
  saveArticleRequest,
  savedArticle,
  staffArticle,
  staffArticleListQuery,
  staffArticlePage,
} from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { auditActorOf } from '../audit/audit.service.js';
import { answerFromCache, cachePublicJson } from './portal-cache.js';
import {
  createArticle,
  deleteArticle,
  editArticle,
  getArticleHistory,
  getPublishedArticle,
  getStaffArticle,
  listPublishedArticles,
  listStaffArticles,
  publishArticle,
  unpublishArticle,
} from './portal-articles.service.js';

const tags = ['portal'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });
const STAFF = '/api/info/portal/articles';

/**
 * The portal's articles (notices, policy documents, standards, news): the public reads what is
 * published, cacheable and revalidated on every look; information-service staff write, publish and withdraw.
 */
export const portalArticlesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/portal/articles',
    {
      schema: {
        tags,
        summary: "One category's published articles: pinned first, then newest; title search and date range",
        querystring: portalArticleListQuery,
        response: { 200: envelopeOf(portalArticlePage) },
      },
      onRequest: answerFromCache,
      onSend: cachePublicJson,
    },
    async (request) => ok(request, await listPublishedArticles(app.ctx, request.query)),
  );

  app.get(
    '/api/portal/articles/:id',
    {
      schema: {
        tags,
        summary: 'A published article with its attachments and neighbours; drafts and deleted ones are 404',
        params: idParams,
        response: { 200: envelopeOf(portalArticle) },
      },
      onRequest: answerFromCache,
      onSend: cachePublicJson,
    },
    async (request) => ok(request, await getPublishedArticle(app.ctx, request.params.id)),
  );

  app.get(
    STAFF,
    {
      schema: {
        tags,
        security,
        summary: 'Articles for staff, drafts too (not deleted ones): the last changed first',
        querystring: staffArticleListQuery,
        response: { 200: envelopeOf(staffArticlePage) },
      },
    },
    async (request) => ok(request, await listStaffArticles(app.ctx, request.query)),
  );

  app.post(
    STAFF,
    {
      schema: {
        tags,
        security,
        summary: 'Creates a draft; the body is sanitised (bodyCleaned says whether anything was removed)',
        body: saveArticleRequest,
        response: { 200: envelopeOf(savedArticle) },
      },
    },
    async (request) =>
      ok(request, await createArticle(app.ctx, { request: request.body, audit: auditActorOf(request) })),
  );

  app.get(
    `${STAFF}/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'An article for staff, draft or published',
        params: idParams,
        response: { 200: envelopeOf(staffArticle) },
      },
    },
    async (request) => ok(request, await getStaffArticle(app.ctx, request.params.id)),
  );

  app.put(
    `${STAFF}/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'Saves an article; it keeps its status (a published one shows the change at once)',
        params: idParams,
        body: saveArticleRequest,
        response: { 200: envelopeOf(savedArticle) },
      },
    },
    async (request) =>
      ok(
        request,
        await editArticle(app.ctx, {
          id: request.params.id,
          request: request.body,
          audit: auditActorOf(request),
        }),
      ),
  );

  app.delete(
    `${STAFF}/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'Deletes an article (kept for the record): from now on it is 404 everywhere',
        params: idParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await deleteArticle(app.ctx, { id: request.params.id, audit: auditActorOf(request) });
      return ok(request, null);
    },
  );

  app.post(
    `${STAFF}/:id/publish`,
    {
      schema: {
        tags,
        security,
        summary: 'Publishes an article: the public sees it at its next look',
        params: idParams,
        response: { 200: envelopeOf(staffArticle) },
      },
    },
    async (request) =>
      ok(request, await publishArticle(app.ctx, { id: request.params.id, audit: auditActorOf(request) })),
  );

  app.post(
    `${STAFF}/:id/unpublish`,
    {
      schema: {
        tags,
        security,
        summary: 'Withdraws an article to a draft: the public loses it at its next look',
        params: idParams,
        response: { 200: envelopeOf(staffArticle) },
      },
    },
    async (request) =>
      ok(request, await unpublishArticle(app.ctx, { id: request.params.id, audit: auditActorOf(request) })),
  );

  app.get(
    `${STAFF}/:id/history`,
    {
      schema: {
        tags,
        security,
        summary: 'Who changed what in an article, newest first (from the audit log)',
        params: idParams,
        response: { 200: envelopeOf(z.array(portalHistoryEntry)) },
      },
    },
    async (request) => ok(request, await getArticleHistory(app.ctx, request.params.id)),
  );
};
