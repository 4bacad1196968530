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
import { describeRoute } from '../../lib/route-docs.js';

const tags = ['portal'];
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
        ...describeRoute({
          zh: '某一栏目已发布的文章：置顶在前，其余最新在前；可按标题和日期范围查找',
          en: "One category's published articles: pinned first, then newest; title search and date range",
        }),
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
        ...describeRoute({
          zh: '已发布的文章及其附件和上下篇；草稿和已删除的答 404',
          en: 'A published article with its attachments and neighbours; drafts and deleted ones are 404',
        }),
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
        ...describeRoute({
          zh: '供工作人员查看的文章，含草稿（不含已删除）：最近修改在前',
          en: 'Articles for staff, drafts too (not deleted ones): the last changed first',
        }),
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
        ...describeRoute({
          zh: '新建草稿；正文经过清理（bodyCleaned 表示是否删去了内容）',
          en: 'Creates a draft; the body is sanitised (bodyCleaned says whether anything was removed)',
          errors: [
            'PORTAL_BANNER_NEEDS_COVER',
            'PORTAL_UPLOAD_UNAVAILABLE',
            'PORTAL_UPLOAD_PURPOSE_MISMATCH',
          ],
        }),
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
        ...describeRoute({
          zh: '供工作人员查看的一篇文章，草稿或已发布',
          en: 'An article for staff, draft or published',
        }),
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
        ...describeRoute({
          zh: '保存文章；状态不变（已发布的立即显示修改）',
          en: 'Saves an article; it keeps its status (a published one shows the change at once)',
          errors: [
            'PORTAL_BANNER_NEEDS_COVER',
            'PORTAL_UPLOAD_UNAVAILABLE',
            'PORTAL_UPLOAD_PURPOSE_MISMATCH',
          ],
        }),
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
        ...describeRoute({
          zh: '删除文章（留档）：此后各处均答 404',
          en: 'Deletes an article (kept for the record): from now on it is 404 everywhere',
        }),
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
        ...describeRoute({
          zh: '发布文章：公众下次访问即可看到',
          en: 'Publishes an article: the public sees it at its next look',
          errors: ['PORTAL_BANNER_NEEDS_COVER'],
        }),
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
        ...describeRoute({
          zh: '撤回文章为草稿：公众下次访问即看不到',
          en: 'Withdraws an article to a draft: the public loses it at its next look',
        }),
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
        ...describeRoute({
          zh: '文章的修改记录，最新在前（来自审计日志）',
          en: 'Who changed what in an article, newest first (from the audit log)',
        }),
        params: idParams,
        response: { 200: envelopeOf(z.array(portalHistoryEntry)) },
      },
    },
    async (request) => ok(request, await getArticleHistory(app.ctx, request.params.id)),
  );
};
