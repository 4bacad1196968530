import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MARKUP_LIMITS,
  envelopeOf,
  localeFrom,
  markup,
  markupCreateRequest,
  markupList,
  markupListQuery,
  markupReplyRequest,
  markupUpdateRequest,
  xfdfImportResult,
} from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { describeRoute } from '../../lib/route-docs.js';
import { contentDisposition } from '../../lib/send-stored-file.js';
import { auditActorOf } from '../audit/audit.service.js';
import { actingMember } from '../project-access/project-access.service.js';
import {
  burnedPdf,
  changeMarkup,
  createMarkup,
  exportXfdf,
  importXfdf,
  listMarkups,
  publishOwnMarkup,
  removeMarkup,
  replyToMarkup,
  type MarkupCaller,
} from './markups.service.js';

const tags = ['markups'];
const BASE = '/api/checkDrawings/:orgId/:projectId/docRepository/markups';
const projectParams = z.object({ orgId: z.uuid(), projectId: z.uuid() });
const markupParams = projectParams.extend({ id: z.uuid() });

export const XFDF_TYPE = 'application/vnd.adobe.xfdf';
/** What an XFDF upload may be labelled: its own type, XML, or what a browser gives an unknown file. */
const XFDF_UPLOAD_TYPES = [XFDF_TYPE, 'application/xml', 'text/xml', 'application/octet-stream'];

/** Refusals every drawing call can answer, besides access and validation. */
const DRAW_ERRORS = [
  'MARKUP_VERSION_NOT_IN_REVIEW',
  'SHEET_NOT_READY',
  'SHEET_PAGE_NOT_FOUND',
  'MARKUP_OFF_PAGE',
  'MARKUP_SHAPE_INVALID',
] as const;

/**
 * Markups on the sheets of the document repository (issue 18): every party reads the published
 * ones; the review agency's people draw their own, publish them, reply, and exchange them as XFDF.
 */
export const markupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    XFDF_UPLOAD_TYPES,
    { parseAs: 'string', bodyLimit: MARKUP_LIMITS.xfdfBytesMax },
    (_request, body, done) => done(null, body),
  );

  const callerOf = (request: FastifyRequest & { params: { projectId: string } }): MarkupCaller => ({
    member: actingMember(request),
    accountId: request.auth!.account.id,
    projectId: request.params.projectId,
    audit: auditActorOf(request),
  });

  app.get(
    BASE,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '一个文件的标注：已发布的和本人的；canDraw：当前能否标注',
          en: "A file's markups: the published ones and the caller's own; canDraw: whether the caller may draw now",
          project: 'project.view',
        }),
        params: projectParams,
        querystring: markupListQuery,
        response: { 200: envelopeOf(markupList) },
      },
    },
    async (request) =>
      ok(request, await listMarkups(app.ctx, { caller: callerOf(request), fileId: request.query.fileId })),
  );

  app.post(
    BASE,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '新建标注（页面坐标，单位为点），先放在本人图层',
          en: 'A new markup (page space, in points), in the author’s own layer',
          project: 'markups.draw',
          errors: [...DRAW_ERRORS, 'MARKUP_FILE_FULL'],
        }),
        params: projectParams,
        body: markupCreateRequest,
        response: { 200: envelopeOf(markup) },
      },
    },
    async (request) => {
      const { fileId, ...input } = request.body;
      return ok(request, await createMarkup(app.ctx, { caller: callerOf(request), fileId, markup: input }));
    },
  );

  app.put(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '修改本人的标注：形状、文字或样式',
          en: 'Changes one’s own markup: shape, text or style',
          project: 'markups.draw',
          errors: [...DRAW_ERRORS, 'MARKUP_NOT_YOURS'],
        }),
        params: markupParams,
        body: markupUpdateRequest,
        response: { 200: envelopeOf(markup) },
      },
    },
    async (request) =>
      ok(
        request,
        await changeMarkup(app.ctx, {
          caller: callerOf(request),
          id: request.params.id,
          markup: request.body,
        }),
      ),
  );

  app.delete(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '删除本人的标注及其回复',
          en: 'Deletes one’s own markup and its replies',
          project: 'markups.draw',
          errors: ['MARKUP_VERSION_NOT_IN_REVIEW', 'MARKUP_NOT_YOURS'],
        }),
        params: markupParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await removeMarkup(app.ctx, { caller: callerOf(request), id: request.params.id });
      return ok(request, null);
    },
  );

  app.put(
    `${BASE}/:id/publish`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '发布本人的标注：此后报审各方均可查看',
          en: 'Publishes one’s own markup: every party of the application reads it from then on',
          project: 'markups.draw',
          errors: ['MARKUP_VERSION_NOT_IN_REVIEW', 'MARKUP_NOT_YOURS'],
        }),
        params: markupParams,
        response: { 200: envelopeOf(markup) },
      },
    },
    async (request) =>
      ok(request, await publishOwnMarkup(app.ctx, { caller: callerOf(request), id: request.params.id })),
  );

  app.post(
    `${BASE}/:id/replies`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '回复一条可见的标注',
          en: 'Replies under a markup the caller sees',
          project: 'markups.reply',
          errors: ['MARKUP_VERSION_NOT_IN_REVIEW', 'MARKUP_REPLIES_FULL'],
        }),
        params: markupParams,
        body: markupReplyRequest,
        response: { 200: envelopeOf(markup) },
      },
    },
    async (request) =>
      ok(
        request,
        await replyToMarkup(app.ctx, {
          caller: callerOf(request),
          id: request.params.id,
          text: request.body.text,
        }),
      ),
  );

  app.get(
    `${BASE}/xfdf`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '导出可见的标注为 XFDF（Acrobat、Bluebeam 可导入）',
          en: 'The markups the caller sees as XFDF (Acrobat and Bluebeam import it)',
          project: 'project.view',
          errors: ['SHEET_NOT_READY'],
        }),
        params: projectParams,
        querystring: markupListQuery,
        produces: [XFDF_TYPE],
        response: { 200: z.any() },
      },
    },
    async (request, reply) => {
      const exported = await exportXfdf(app.ctx, { caller: callerOf(request), fileId: request.query.fileId });
      return reply
        .type(`${XFDF_TYPE}; charset=utf-8`)
        .header('content-disposition', contentDisposition(exported.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(exported.body);
    },
  );

  app.post(
    `${BASE}/xfdf`,
    {
      bodyLimit: MARKUP_LIMITS.xfdfBytesMax,
      schema: {
        tags,
        ...describeRoute({
          zh: '导入 XFDF 中的标注，作为本人的标注；无法识别的注释跳过并说明原因',
          en: 'Imports the annotations of an XFDF file as the caller’s own markups; what cannot be mapped is skipped with its reason',
          project: 'markups.draw',
          errors: [
            'MARKUP_VERSION_NOT_IN_REVIEW',
            'SHEET_NOT_READY',
            'MARKUP_XFDF_INVALID',
            'MARKUP_FILE_FULL',
          ],
        }),
        params: projectParams,
        querystring: markupListQuery,
        consumes: XFDF_UPLOAD_TYPES,
        body: z.string(),
        response: { 200: envelopeOf(xfdfImportResult) },
      },
    },
    async (request) =>
      ok(
        request,
        await importXfdf(app.ctx, {
          caller: callerOf(request),
          fileId: request.query.fileId,
          xml: request.body,
          locale: localeFrom(request.headers['accept-language']),
        }),
      ),
  );

  app.get(
    `${BASE}/burned`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '下载含标注的 PDF：原文件并绘入可见的标注',
          en: 'The PDF with the markups the caller sees drawn into it',
          project: 'project.view',
          errors: ['SHEET_NOT_READY', 'SHEET_ENCRYPTED', 'SHEET_DAMAGED'],
        }),
        params: projectParams,
        querystring: markupListQuery,
        produces: ['application/pdf'],
        response: { 200: z.any() },
      },
    },
    async (request, reply) => {
      const burned = await burnedPdf(app.ctx, { caller: callerOf(request), fileId: request.query.fileId });
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(burned.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(burned.bytes));
    },
  );
};
