import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LIMITS,
  MESSAGE_STREAM_EVENTS,
  envelopeOf,
  localeFrom,
  markAllReadRequest,
  messagePage,
  messageQuery,
  type MessageEvent,
} from '@drp/domain';
import type { Database } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { bearerToken } from '../auth/auth-plugin.js';
import { authenticateToken } from '../auth/auth.service.js';
import { MESSAGE_CHANNEL, MessageHub, type StreamSubscriber } from './message-hub.js';
import { listMessages, markAllMessagesRead, markMessageRead } from './messages.service.js';
import { describeRoute } from '../../lib/route-docs.js';

const tags = ['messages'];

export interface MessagesRoutesOptions {
  /** Where NOTIFYs are heard; without it the stream still serves but nothing is pushed. */
  listen?: Database['listen'] | undefined;
}

export const messagesRoutes: FastifyPluginAsyncZod<MessagesRoutesOptions> = async (app, options) => {
  const hub = new MessageHub();
  let unlisten: (() => Promise<void>) | undefined;
  if (options.listen) {
    unlisten = await options.listen(MESSAGE_CHANNEL, {
      onNotify: (payload) => hub.deliver(payload),
      onLost: () => {
        app.log.warn('message notifications lost; streams closed, pages poll until restored');
        hub.lost();
      },
      onRestored: () => {
        app.log.info('message notifications restored');
        hub.restored();
      },
    });
  }
  // Open streams would keep the server from closing.
  app.addHook('preClose', async () => {
    hub.closeAll();
    await unlisten?.();
  });

  const memberOrgIds = (members: readonly { orgId: string }[]) => members.map((m) => m.orgId);

  app.get(
    '/api/message/messages',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '调用者的待办消息，最新在前（size -1：全部）',
          en: "The caller's to-do messages, newest first (size -1: all)",
        }),
        querystring: messageQuery,
        response: { 200: envelopeOf(messagePage) },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const page = await listMessages(app.ctx, {
        accountId: auth.account.id,
        members: auth.principal.members,
        query: request.query,
        locale: localeFrom(request.headers['accept-language']),
      });
      return ok(request, page);
    },
  );

  app.put(
    '/api/message/messageReceivers/:id/read',
    {
      schema: {
        tags,
        ...describeRoute({ zh: '将一条消息标为调用者已读', en: 'Marks one message read for the caller' }),
        params: z.object({ id: z.uuid() }),
        response: { 200: envelopeOf(z.object({ id: z.string(), beRead: z.boolean() })) },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const read = await markMessageRead(app.ctx, {
        receiverId: request.params.id,
        accountId: auth.account.id,
        members: auth.principal.members,
      });
      return ok(request, read);
    },
  );

  app.put(
    '/api/message/messageReceivers/read',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '全部已读：将发给调用者的消息标为已读，限于指定单位或调用者的全部单位',
          en: "Marks every message addressed to the caller read, in the named organisations or all of the caller's",
        }),
        body: markAllReadRequest,
        response: { 200: envelopeOf(z.object({ marked: z.number().int() })) },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const done = await markAllMessagesRead(app.ctx, {
        accountId: auth.account.id,
        members: auth.principal.members,
        orgIds: request.body.orgIds,
      });
      return ok(request, done);
    },
  );

  app.get(
    '/api/message/events',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '新消息实时推送（server-sent events）',
          en: 'Live push of new messages (server-sent events)',
          errors: ['LIVE_UPDATES_UNAVAILABLE'],
        }),
        description:
          'A text/event-stream. `ready` once connected, then `message` with `{ orgId, type }` whenever a ' +
          "message arrives for one of the caller's organisations; fetch the list to read it. Answers " +
          '503 LIVE_UPDATES_UNAVAILABLE while the server cannot hear new messages: poll instead.',
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const token = bearerToken(request)!;
      if (!hub.isLive) throw new AppError('LIVE_UPDATES_UNAVAILABLE');
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // Proxies such as nginx would otherwise hold the events back.
        'x-accel-buffering': 'no',
      });
      const write = (event: string, data: unknown) => {
        res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      let closed = false;
      const subscriber: StreamSubscriber = {
        accountId: auth.account.id,
        orgIds: new Set(memberOrgIds(auth.principal.members)),
        send: (event: MessageEvent) => write(MESSAGE_STREAM_EVENTS.message, event),
        close: () => {
          if (closed) return;
          closed = true;
          clearInterval(heartbeat);
          hub.remove(subscriber);
          res.end();
        },
      };
      // Each beat re-reads the session without counting as activity: a signed-out, idle or
      // disabled session, or a membership taken away, ends or narrows the stream.
      const heartbeat = setInterval(() => {
        void authenticateToken(app.ctx, token, { touch: false })
          .then((again) => {
            if (closed) return;
            if (!again) return subscriber.close();
            subscriber.orgIds = new Set(memberOrgIds(again.principal.members));
            res.write(': keep-alive\n\n');
          })
          .catch(() => subscriber.close());
      }, LIMITS.messageStreamHeartbeatMs);
      request.raw.on('close', () => subscriber.close());
      // The browser may have gone while the session was being checked: 'close' will not come again.
      if (request.raw.destroyed || res.destroyed) return subscriber.close();
      hub.add(subscriber);
      res.write('retry: 5000\n\n');
      write(MESSAGE_STREAM_EVENTS.ready, {});
    },
  );
};
