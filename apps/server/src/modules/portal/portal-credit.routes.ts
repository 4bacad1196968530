import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  creditEntryPage,
  creditListQuery,
  envelopeOf,
  portalHistoryEntry,
  saveCreditEntryRequest,
  staffCreditEntry,
  staffCreditListQuery,
  staffCreditPage,
} from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { auditActorOf } from '../audit/audit.service.js';
import { answerFromCache, cachePublicJson } from './portal-cache.js';
import {
  changeCreditEntry,
  createCreditEntry,
  deleteCreditEntry,
  listCreditEntries,
  listCreditEntryHistory,
  listStaffCreditEntries,
} from './portal-credit.service.js';
import { describeRoute } from '../../lib/route-docs.js';

const tags = ['portal'];
const idParams = z.object({ id: z.uuid() });

/**
 * Credit information (`creditInformation`): the public reads the four lists; information-service
 * staff keep the entries under `/api/info/portal/credit`.
 */
export const portalCreditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/portal/credit',
    {
      onRequest: answerFromCache,
      onSend: cachePublicJson,
      schema: {
        tags,
        ...describeRoute({
          zh: '信用信息的一个列表（表彰、通报、各市、外省）：已发布条目，最新在前',
          en: "One of creditInformation's lists (commendations, bulletins, the cities', other provinces'): published entries, newest first",
        }),
        querystring: creditListQuery,
        response: { 200: envelopeOf(creditEntryPage) },
      },
    },
    async (request) => ok(request, await listCreditEntries(app.ctx, request.query)),
  );

  app.get(
    '/api/info/portal/credit',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '全部未删除的信用信息，含未发布的（信息服务人员）',
          en: 'Every credit entry that is not deleted, unpublished ones too (information staff)',
        }),
        querystring: staffCreditListQuery,
        response: { 200: envelopeOf(staffCreditPage) },
      },
    },
    async (request) => ok(request, await listStaffCreditEntries(app.ctx, request.query)),
  );

  app.post(
    '/api/info/portal/credit',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '新增表彰或通报条目；其决定文件为 documentId 指定的上传文件',
          en: 'Adds a commendation or bulletin entry; its decision document is an upload named by documentId',
          errors: ['CREDIT_DOCUMENT_INVALID'],
        }),
        body: saveCreditEntryRequest,
        response: { 200: envelopeOf(staffCreditEntry) },
      },
    },
    async (request) =>
      ok(request, await createCreditEntry(app.ctx, { request: request.body, audit: auditActorOf(request) })),
  );

  app.put(
    '/api/info/portal/credit/:id',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '修改信用信息条目（全部字段；documentId 保留、替换或去掉文件）',
          en: 'Changes a credit entry (all its fields; documentId keeps, replaces or drops the document)',
          errors: ['CREDIT_DOCUMENT_INVALID'],
        }),
        params: idParams,
        body: saveCreditEntryRequest,
        response: { 200: envelopeOf(staffCreditEntry) },
      },
    },
    async (request) =>
      ok(
        request,
        await changeCreditEntry(app.ctx, {
          id: request.params.id,
          request: request.body,
          audit: auditActorOf(request),
        }),
      ),
  );

  app.delete(
    '/api/info/portal/credit/:id',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '删除信用信息条目：从各列表消失，保留历史',
          en: 'Deletes a credit entry: gone from every list, its history kept',
        }),
        params: idParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await deleteCreditEntry(app.ctx, { id: request.params.id, audit: auditActorOf(request) });
      return ok(request, null);
    },
  );

  app.get(
    '/api/info/portal/credit/:id/history',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '信用信息条目的历史：谁新增、修改或删除及改了什么，最新在前',
          en: "A credit entry's history: who added, changed or deleted it and what changed, newest first",
        }),
        params: idParams,
        response: { 200: envelopeOf(z.array(portalHistoryEntry)) },
      },
    },
    async (request) => ok(request, await listCreditEntryHistory(app.ctx, request.params.id)),
  );
};
