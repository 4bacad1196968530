import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  drawingSetDetail,
  drawingSetPage,
  drawingSetSummary,
  drawingSheetVerification,
  envelopeOf,
  localeFrom,
} from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { describeRoute } from '../../lib/route-docs.js';
import { sendStoredFile } from '../../lib/send-stored-file.js';
import { auditActorOf } from '../audit/audit.service.js';
import { actingMember } from '../project-access/project-access.service.js';
import {
  compileDrawingSet,
  drawingSheetFile,
  getDrawingSet,
  getDrawingSetPage,
  verifyDrawingSheet,
  type DrawingSetCaller,
} from './drawing-sets.service.js';

const tags = ['signatures'];
const BASE = '/api/checkDrawings/:orgId/:projectId/drawingSet';
const projectParams = z.object({ orgId: z.uuid(), projectId: z.uuid() });
const setParams = projectParams.extend({ id: z.uuid() });
const sheetParams = projectParams.extend({ sheetId: z.uuid() });
const downloadQuery = z.object({ download: z.enum(['0', '1']).optional() });

/**
 * The sealed drawing set (一套图签章, issue 21): the agency prepares it once the review passed; the
 * signers sign it on the signature screens like any document; each sheet is read, checked and
 * downloaded here.
 */
export const drawingSetsRoutes: FastifyPluginAsyncZod = async (app) => {
  const callerOf = (request: FastifyRequest & { params: { projectId: string } }): DrawingSetCaller => ({
    member: actingMember(request),
    projectId: request.params.projectId,
    audit: auditActorOf(request),
    locale: localeFrom(request.headers['accept-language']),
  });

  app.get(
    BASE,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '项目的签章图纸（审查机构可见各状态，其他各方仅见已全部签章的）；compile：当前能否生成，不能时说明原因',
          en: "The application's sealed drawing set (the agency at every step, the others once sealed); compile: whether the caller may prepare it now, and else why not",
          project: 'certificates.view',
        }),
        params: projectParams,
        response: { 200: envelopeOf(drawingSetPage) },
      },
    },
    async (request) => ok(request, await getDrawingSetPage(app.ctx, callerOf(request))),
  );

  app.post(
    `${BASE}/compile`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '由审查通过的版本生成签章图纸（每份 PDF 一张），并请审查人、审核人和审查机构依次签章；首个签章之前可重新生成',
          en: 'Prepares the sealed set from the version the review passed (each PDF a sheet) and asks the reviewers, the director and the agency to sign in turn; again until the first signature',
          project: 'drawingSet.compile',
          errors: [
            'CERTIFICATE_NOT_PASSED',
            'DRAWING_SET_SIGNING',
            'DRAWING_SET_SEALED',
            'DRAWING_SET_EMPTY',
            'DRAWING_SET_TOO_LARGE',
          ],
        }),
        params: projectParams,
        response: { 200: envelopeOf(drawingSetSummary) },
      },
    },
    async (request) => ok(request, await compileDrawingSet(app.ctx, callerOf(request))),
  );

  app.get(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '签章图纸的各张图纸：位置、专业、已签与应签的数量、摘要',
          en: 'The sheets of a sealed set: where each lies, its specialty, signatures on it and due, its hash',
          project: 'certificates.view',
        }),
        params: setParams,
        response: { 200: envelopeOf(drawingSetDetail) },
      },
    },
    async (request) => ok(request, await getDrawingSet(app.ctx, callerOf(request), request.params.id)),
  );

  app.get(
    `${BASE}/sheets/:sheetId/verify`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '一张签章图纸的各个签名：签署人、时间、证书、是否完整可信',
          en: 'The signatures of one sealed sheet: signer, time, certificate, intact and trusted or not',
          project: 'certificates.view',
        }),
        params: sheetParams,
        response: { 200: envelopeOf(drawingSheetVerification) },
      },
    },
    async (request) =>
      ok(request, await verifyDrawingSheet(app.ctx, callerOf(request), request.params.sheetId)),
  );

  app.get(
    `${BASE}/sheets/:sheetId/file`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '一张签章图纸的 PDF：内嵌显示，download=1 时下载',
          en: "One sealed sheet's PDF: shown, or saved with download=1",
          project: 'certificates.view',
        }),
        params: sheetParams,
        querystring: downloadQuery,
        response: { 200: z.any(), 206: z.any() },
      },
    },
    async (request, reply) =>
      sendStoredFile(
        request,
        reply,
        app.ctx.files,
        await drawingSheetFile(
          app.ctx,
          callerOf(request),
          request.params.sheetId,
          request.query.download === '1',
        ),
      ),
  );
};
