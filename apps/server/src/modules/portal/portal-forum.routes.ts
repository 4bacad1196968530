import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ORG_HEADER,
  envelopeOf,
  forumModerationRequest,
  forumReply,
  forumReplyRequest,
  forumTopic,
  forumTopicPage,
  forumTopicRequest,
  forumTopicSummary,
  portalListQuery,
} from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { auditActorOf } from '../audit/audit.service.js';
import { answerFromCache, cachePublicJson } from './portal-cache.js';
import {
  describePublicForumTopic,
  describeStaffForumTopic,
  listPublicForumTopics,
  listStaffForumTopics,
  moderateForumReply,
  moderateForumTopic,
  openForumTopic,
  replyToForumTopic,
  type ForumAuthor,
} from './portal-forum.service.js';
import { describeRoute } from '../../lib/route-docs.js';

const tags = ['portal'];
const idParams = z.object({ id: z.uuid() });

/**
 * Posting is per account, not per address: a whole office behind one NAT posts freely, one
 * account flooding the forum is stopped. Ten posts a minute is far beyond a person typing.
 */
const postRateLimit = {
  max: 10,
  timeWindow: 60_000,
  keyGenerator: (request: FastifyRequest) => `forum:${request.auth?.account.id ?? request.ip}`,
};

/**
 * The author of a post: the signed-in account, shown with the organisation it acts for, the one
 * the X-Org-Id header names if the account belongs to it, else its first; none for an account
 * without one (the system admin).
 */
function authorOf(request: FastifyRequest): ForumAuthor {
  const auth = request.auth!;
  const header = request.headers[ORG_HEADER];
  const named = typeof header === 'string' ? auth.memberships.find((m) => m.orgId === header) : undefined;
  return { accountId: auth.account.id, orgId: (named ?? auth.memberships[0])?.orgId ?? null };
}

/**
 * The forum (`forumDetail`): anyone reads visible topics, signed-in users open topics and reply,
 * information-service staff hide, show and lock under `/api/info/portal/forum`.
 */
export const portalForumRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/portal/forum/topics',
    {
      onRequest: answerFromCache,
      onSend: cachePublicJson,
      schema: {
        tags,
        ...describeRoute({
          zh: '论坛中可见的主题，最近活跃在前',
          en: 'Visible forum topics, the most recently active first',
        }),
        querystring: portalListQuery,
        response: { 200: envelopeOf(forumTopicPage) },
      },
    },
    async (request) => ok(request, await listPublicForumTopics(app.ctx, request.query)),
  );

  app.get(
    '/api/portal/forum/topics/:id',
    {
      onRequest: answerFromCache,
      onSend: cachePublicJson,
      schema: {
        tags,
        ...describeRoute({
          zh: '一个可见主题及其可见回复，最早在前；隐藏的主题答 404',
          en: 'A visible topic with its visible replies, oldest first; a hidden topic answers 404',
          errors: ['FORUM_TOPIC_HIDDEN'],
        }),
        params: idParams,
        response: { 200: envelopeOf(forumTopic) },
      },
    },
    async (request) => ok(request, await describePublicForumTopic(app.ctx, request.params.id)),
  );

  app.post(
    '/api/portal/forum/topics',
    {
      config: { rateLimit: postRateLimit },
      schema: {
        tags,
        ...describeRoute({
          zh: '发表主题（已登录用户）；正文为经过清理的富文本',
          en: 'Opens a topic (signed-in users); the body is sanitised rich text',
          errors: ['FORUM_BODY_EMPTY'],
        }),
        body: forumTopicRequest,
        response: { 200: envelopeOf(forumTopic) },
      },
    },
    async (request) =>
      ok(request, await openForumTopic(app.ctx, { author: authorOf(request), request: request.body })),
  );

  app.post(
    '/api/portal/forum/topics/:id/replies',
    {
      config: { rateLimit: postRateLimit },
      schema: {
        tags,
        ...describeRoute({
          zh: '回复未锁定的可见主题（已登录用户）',
          en: 'Replies to a visible topic that is not locked (signed-in users)',
          errors: ['FORUM_BODY_EMPTY', 'FORUM_TOPIC_HIDDEN', 'FORUM_TOPIC_LOCKED'],
        }),
        params: idParams,
        body: forumReplyRequest,
        response: { 200: envelopeOf(forumReply) },
      },
    },
    async (request) =>
      ok(
        request,
        await replyToForumTopic(app.ctx, {
          topicId: request.params.id,
          author: authorOf(request),
          request: request.body,
        }),
      ),
  );

  app.get(
    '/api/info/portal/forum/topics',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '全部论坛主题，含隐藏的（信息服务人员）',
          en: 'Every forum topic, hidden ones too (information staff)',
        }),
        querystring: portalListQuery,
        response: { 200: envelopeOf(forumTopicPage) },
      },
    },
    async (request) => ok(request, await listStaffForumTopics(app.ctx, request.query)),
  );

  app.get(
    '/api/info/portal/forum/topics/:id',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '一个主题及其全部回复，含隐藏的（信息服务人员）',
          en: 'A topic with all its replies, hidden ones too (information staff)',
        }),
        params: idParams,
        response: { 200: envelopeOf(forumTopic) },
      },
    },
    async (request) => ok(request, await describeStaffForumTopic(app.ctx, request.params.id)),
  );

  app.put(
    '/api/info/portal/forum/topics/:id',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '隐藏或显示主题，锁定或解锁回复',
          en: 'Hides or shows a topic, locks or unlocks it against replies',
        }),
        params: idParams,
        body: forumModerationRequest,
        response: { 200: envelopeOf(forumTopicSummary) },
      },
    },
    async (request) =>
      ok(
        request,
        await moderateForumTopic(app.ctx, {
          id: request.params.id,
          request: request.body,
          audit: auditActorOf(request),
        }),
      ),
  );

  app.put(
    '/api/info/portal/forum/replies/:id',
    {
      schema: {
        tags,
        ...describeRoute({ zh: '隐藏或显示回复', en: 'Hides or shows a reply' }),
        params: idParams,
        body: z.object({ hidden: z.boolean() }),
        response: { 200: envelopeOf(forumReply) },
      },
    },
    async (request) =>
      ok(
        request,
        await moderateForumReply(app.ctx, {
          id: request.params.id,
          hidden: request.body.hidden,
          audit: auditActorOf(request),
        }),
      ),
  );
};
