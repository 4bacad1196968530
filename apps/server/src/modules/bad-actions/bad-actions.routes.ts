import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BAD_ACTION_LIMITS,
  PROJECT_DOC_CONTENT_TYPES,
  badAction,
  badActionCreateRequest,
  badActionList,
  badActionRejectRequest,
  badActionSubjects,
  envelopeOf,
} from '@drp/domain';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { describeRoute } from '../../lib/route-docs.js';
import { contentDisposition } from '../../lib/send-stored-file.js';
import { uploadParts } from '../../lib/upload-parts.js';
import { auditActorOf } from '../audit/audit.service.js';
import { actingMember } from '../project-access/project-access.service.js';
import {
  attachBadActionEvidence,
  confirmBadAction,
  getBadAction,
  listBadActionSubjects,
  listBadActions,
  openBadActionEvidence,
  recordBadAction,
  rejectBadAction,
  withdrawBadAction,
  type BadActionCaller,
} from './bad-actions.service.js';

const tags = ['badActions'];
const BASE = '/api/checkDrawings/:orgId/:projectId/badAction';
const projectParams = z.object({ orgId: z.uuid(), projectId: z.uuid() });
const badActionParams = projectParams.extend({ id: z.uuid() });
const MB = BAD_ACTION_LIMITS.evidenceBytesMax / 1048576;

/**
 * Bad actions of one application (issue 19): the review agency lists, records, attaches evidence
 * and withdraws; the supervising authority of the region reads, confirms and rejects.
 */
export const badActionsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: BAD_ACTION_LIMITS.evidenceBytesMax, files: 1, fields: 0 },
  });

  const callerOf = (request: FastifyRequest & { params: { projectId: string } }): BadActionCaller => ({
    member: actingMember(request),
    projectId: request.params.projectId,
    audit: auditActorOf(request),
  });

  app.get(
    BASE,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '项目的不良行为记录，最新在前；canRecord：当前能否新增',
          en: "An application's bad actions, newest first; canRecord: whether the caller may record one now",
          project: 'badAction.view',
        }),
        params: projectParams,
        response: { 200: envelopeOf(badActionList) },
      },
    },
    async (request) => ok(request, await listBadActions(app.ctx, callerOf(request))),
  );

  app.get(
    `${BASE}/subjects`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '可记录不良行为的单位（建设、设计、勘察单位）及其人员和注册信息',
          en: 'Who a bad action may name: the construction, design and survey units, their people and credentials',
          project: 'badAction.record',
          errors: ['BAD_ACTION_NOT_IN_REVIEW'],
        }),
        params: projectParams,
        response: { 200: envelopeOf(badActionSubjects) },
      },
    },
    async (request) => ok(request, await listBadActionSubjects(app.ctx, callerOf(request))),
  );

  app.get(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '一条不良行为记录',
          en: 'One bad action',
          project: 'badAction.view',
        }),
        params: badActionParams,
        response: { 200: envelopeOf(badAction) },
      },
    },
    async (request) => ok(request, await getBadAction(app.ctx, callerOf(request), request.params.id)),
  );

  app.post(
    BASE,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '记录不良行为：针对项目的一个单位或其人员，附图纸区域（页面坐标，单位为点）',
          en: 'Records a bad action against a unit of the application or one of its people, with a sheet region (page space, points)',
          project: 'badAction.record',
          errors: [
            'BAD_ACTION_NOT_IN_REVIEW',
            'BAD_ACTION_UNIT_NOT_PARTY',
            'BAD_ACTION_PERSON_NOT_OF_UNIT',
            'BAD_ACTION_REGION_INVALID',
            'SHEET_NOT_READY',
          ],
        }),
        params: projectParams,
        body: badActionCreateRequest,
        response: { 200: envelopeOf(badAction) },
      },
    },
    async (request) => ok(request, await recordBadAction(app.ctx, callerOf(request), request.body)),
  );

  app.post(
    `${BASE}/:id/evidence`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: `上传不良行为的证据文件（multipart：文件部分 file；按内容判断为 PDF、OFD、JPG 或 PNG，不超过 ${MB} MB），替换已有的`,
          en: `Attaches the evidence file (multipart: the part "file"; PDF, OFD, JPG or PNG by content, at most ${MB} MB), replacing any earlier one`,
          project: 'badAction.withdraw',
          errors: [
            'BAD_ACTION_NOT_RECORDED',
            'BAD_ACTION_EVIDENCE_MISSING',
            'BAD_ACTION_EVIDENCE_UNSUPPORTED',
            'FILE_TOO_LARGE',
            'FILE_NAME_EMPTY',
          ],
        }),
        params: badActionParams,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(badAction) },
      },
    },
    async (request) => {
      let file: { fileName: string; body: Buffer } | undefined;
      for await (const part of uploadParts(request)) {
        if (part.type !== 'file') continue;
        const body = await part.toBuffer().catch((error: { code?: string }) => {
          if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE', { mb: MB });
          throw error;
        });
        file = { fileName: part.filename, body };
      }
      if (!file || file.body.length === 0) throw new AppError('BAD_ACTION_EVIDENCE_MISSING');
      return ok(request, await attachBadActionEvidence(app.ctx, callerOf(request), request.params.id, file));
    },
  );

  app.get(
    `${BASE}/:id/evidence`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '下载不良行为的证据文件',
          en: "A bad action's evidence file, as a download under its own name",
          project: 'badAction.view',
        }),
        params: badActionParams,
        produces: [...PROJECT_DOC_CONTENT_TYPES],
        response: { 200: z.any() },
      },
    },
    async (request, reply) => {
      const file = await openBadActionEvidence(app.ctx, callerOf(request), request.params.id);
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  app.put(
    `${BASE}/:id/withdraw`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '审查机构撤回尚待确认的不良行为',
          en: 'The agency withdraws a bad action still awaiting confirmation',
          project: 'badAction.withdraw',
          errors: ['BAD_ACTION_NOT_RECORDED'],
        }),
        params: badActionParams,
        response: { 200: envelopeOf(badAction) },
      },
    },
    async (request) => ok(request, await withdrawBadAction(app.ctx, callerOf(request), request.params.id)),
  );

  app.put(
    `${BASE}/:id/confirm`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '属地主管部门确认不良行为：在门户网站通报批评中公布，并通知该单位',
          en: "The region's supervising authority confirms a bad action: published in the portal's criticism list, the unit told",
          project: 'badAction.decide',
          errors: ['BAD_ACTION_NOT_RECORDED'],
        }),
        params: badActionParams,
        response: { 200: envelopeOf(badAction) },
      },
    },
    async (request) => {
      const answer = await confirmBadAction(app.ctx, callerOf(request), request.params.id);
      // The portal's kept answers hear of the new entry by NOTIFY a moment after the commit; the
      // authority's next look at the portal must not win that race.
      app.portalAnswers.clear();
      return ok(request, answer);
    },
  );

  app.put(
    `${BASE}/:id/reject`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '属地主管部门驳回不良行为，并说明理由',
          en: "The region's supervising authority rejects a bad action, with its reason",
          project: 'badAction.decide',
          errors: ['BAD_ACTION_NOT_RECORDED'],
        }),
        params: badActionParams,
        body: badActionRejectRequest,
        response: { 200: envelopeOf(badAction) },
      },
    },
    async (request) =>
      ok(request, await rejectBadAction(app.ctx, callerOf(request), request.params.id, request.body.reason)),
  );
};
