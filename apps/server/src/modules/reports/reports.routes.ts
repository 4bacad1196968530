import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  localeFrom,
  opinionReportDetail,
  opinionReportListQuery,
  opinionReportPage,
  opinionReportSummary,
  reportCheck,
  reportCheckQuery,
  reportLink,
} from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { describeRoute } from '../../lib/route-docs.js';
import { sendStoredFile } from '../../lib/send-stored-file.js';
import { auditActorOf } from '../audit/audit.service.js';
import { actingMember } from '../project-access/project-access.service.js';
import {
  checkReport,
  compileOpinionReport,
  forwardOpinionReport,
  getOpinionReport,
  linkedReportPdf,
  listOpinionReports,
  opinionReportLink,
  opinionReportPdf,
  type ReportCaller,
} from './reports.service.js';

const tags = ['opinionReports'];
const BASE = '/api/checkDrawings/:orgId/:projectId/opinionReport';
const projectParams = z.object({ orgId: z.uuid(), projectId: z.uuid() });
const reportParams = projectParams.extend({ id: z.uuid() });
const downloadQuery = z.object({ download: z.enum(['0', '1']).optional() });

/**
 * 审查意见告知书 (issue 20): every party lists and reads the application's reports (the units and
 * authorities those forwarded to them); the agency's admin or director compiles the round's
 * report and forwards it. The PDF answers by the session (`getReport`) and by a signed link
 * (`getSignedURL`), and its QR code opens a public check.
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const callerOf = (request: FastifyRequest & { params: { projectId: string } }): ReportCaller => ({
    member: actingMember(request),
    projectId: request.params.projectId,
    audit: auditActorOf(request),
    locale: localeFrom(request.headers['accept-language']),
  });

  app.get(
    `${BASE}/pagelist`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '项目的审查意见告知书，最新一轮在前；compile：当前能否编制本轮告知书，不能时说明原因',
          en: "The application's opinion reports, newest round first; compile: whether the caller may compile this round's report now, and else why not",
          project: 'reports.view',
        }),
        params: projectParams,
        querystring: opinionReportListQuery,
        response: { 200: envelopeOf(opinionReportPage) },
      },
    },
    async (request) => ok(request, await listOpinionReports(app.ctx, callerOf(request), request.query)),
  );

  app.post(
    `${BASE}/compile`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '编制本轮审查意见告知书（或在告知前重新编制）：内容此刻固定，PDF 在任务队列中生成',
          en: "Compiles this round's opinion report (or again, before it is forwarded): its content is fixed now, the PDF is built in the job queue",
          project: 'report.compile',
          errors: [
            'REPORT_NOT_IN_REVIEW',
            'REPORT_ROUND_EMPTY',
            'REPORT_MISSIONS_OPEN',
            'REPORT_COMPILING',
            'REPORT_ALREADY_FORWARDED',
          ],
        }),
        params: projectParams,
        response: { 200: envelopeOf(opinionReportSummary) },
      },
    },
    async (request) =>
      ok(
        request,
        await compileOpinionReport(app.ctx, {
          ...callerOf(request),
          origin: `${request.protocol}://${request.host}`,
        }),
      ),
  );

  app.post(
    `${BASE}/forward/:id`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '将告知书告知建设、设计、勘察单位：此后不可更改；有意见时审查计时暂停，无意见时审查合格',
          en: 'Forwards the report to the construction, design and survey units: final; with opinions the review clock pauses, with none the review passed',
          project: 'report.forward',
          errors: ['REPORT_NOT_READY', 'REPORT_ALREADY_FORWARDED', 'REPORT_NOT_IN_REVIEW'],
        }),
        params: reportParams,
        response: { 200: envelopeOf(opinionReportSummary) },
      },
    },
    async (request) => ok(request, await forwardOpinionReport(app.ctx, callerOf(request), request.params.id)),
  );

  app.get(
    `${BASE}/getSignedURL/:id`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '告知书 PDF 的临时链接（10 分钟内有效，无需登录即可打开）',
          en: "A link to the report's PDF that opens without the session for 10 minutes",
          project: 'reports.view',
          errors: ['REPORT_COMPILING', 'REPORT_NOT_READY'],
        }),
        params: reportParams,
        response: { 200: envelopeOf(reportLink) },
      },
    },
    async (request) => ok(request, await opinionReportLink(app.ctx, callerOf(request), request.params.id)),
  );

  app.get(
    `${BASE}/getReport/:id`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '告知书 PDF：内嵌显示，download=1 时下载',
          en: "The report's PDF: shown, or saved with download=1",
          project: 'reports.view',
          errors: ['REPORT_COMPILING', 'REPORT_NOT_READY'],
        }),
        params: reportParams,
        querystring: downloadQuery,
        response: { 200: z.any(), 206: z.any() },
      },
    },
    async (request, reply) =>
      sendStoredFile(
        request,
        reply,
        app.ctx.files,
        await opinionReportPdf(app.ctx, callerOf(request), request.params.id, request.query.download === '1'),
      ),
  );

  app.get(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '一份告知书：状态、结论、按专业和类型的统计、审查人员、审查用时',
          en: 'One report: its state, conclusion, counts by specialty and type, reviewers and the days used',
          project: 'reports.view',
        }),
        params: reportParams,
        response: { 200: envelopeOf(opinionReportDetail) },
      },
    },
    async (request) => ok(request, await getOpinionReport(app.ctx, callerOf(request), request.params.id)),
  );

  app.get(
    '/api/files/report/:token',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '告知书临时链接对应的 PDF（过期或被改动的链接按不存在处理）',
          en: 'The PDF of a report link (an expired or altered link answers as missing)',
        }),
        // Any string: a link that does not verify answers 404 as a missing file, never 400.
        params: z.object({ token: z.string() }),
        querystring: downloadQuery,
        response: { 200: z.any(), 206: z.any() },
      },
    },
    async (request, reply) =>
      sendStoredFile(
        request,
        reply,
        app.ctx.files,
        await linkedReportPdf(app.ctx, request.params.token, request.query.download === '1'),
      ),
  );

  app.get(
    '/api/portal/reportCheck',
    {
      config: {
        // Numbers and codes must not be guessed by trying: a person checks a few at a time.
        rateLimit: {
          max: 30,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => `reportCheck:${request.ip}`,
        },
      },
      schema: {
        tags,
        ...describeRoute({
          zh: '公众核验告知书：编号与二维码上的校验码一致时，回答告知书的项目、机构、轮次、结论和 PDF 摘要',
          en: "The public check of a report: with its number and the QR code's check code, the application, agency, round, conclusion and the PDF's hash",
          errors: ['NOT_FOUND'],
        }),
        querystring: reportCheckQuery,
        response: { 200: envelopeOf(reportCheck) },
      },
    },
    async (request) => ok(request, await checkReport(app.ctx, request.query)),
  );
};
