import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  filingDecision,
  filingDetail,
  filingExportQuery,
  filingInput,
  filingListQuery,
  filingPage,
  localeFrom,
  projectFilingPage,
} from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { describeRoute } from '../../lib/route-docs.js';
import { auditActorOf } from '../audit/audit.service.js';
import { actingMember } from '../project-access/project-access.service.js';
import {
  decideFiling,
  exportConfirmedFilings,
  fileCertificate,
  getFiling,
  listFilingsForAuthority,
  listFilingsOfProject,
  type FilingCaller,
} from './filings.service.js';

const tags = ['filings'];
const PROJECT = '/api/checkDrawings/:orgId/:projectId/filing';
const AREA = '/api/checkDrawings/filing';
const projectParams = z.object({ orgId: z.uuid(), projectId: z.uuid() });
const filingParams = z.object({ id: z.uuid() });

/**
 * 备案 (issue 21): the agency files the issued certificate with the region's supervising
 * authority; the authority lists what waits for it (`approval/tbc`), confirms or rejects with a
 * reason, and exports the national reporting records of a period.
 */
export const filingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const callerOf = (request: FastifyRequest): FilingCaller => ({
    member: actingMember(request),
    audit: auditActorOf(request),
    locale: localeFrom(request.headers['accept-language']),
  });

  app.get(
    PROJECT,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '项目的备案记录（最新一次在前）；file：审查机构当前能否备案，不能时说明原因，以及备案截止日',
          en: "The application's filings, latest first; file: whether the agency may file now (else why not) and the day it is due",
          project: 'filings.view',
        }),
        params: projectParams,
        response: { 200: envelopeOf(projectFilingPage) },
      },
    },
    async (request) =>
      ok(
        request,
        await listFilingsOfProject(app.ctx, { ...callerOf(request), projectId: request.params.projectId }),
      ),
  );

  app.post(
    PROJECT,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '向项目所在地主管部门备案已签发的审查合格书（被退回后更正再备案）：国家上报字段此刻固定',
          en: "Files the issued certificate with the authority of the application's region (again after a rejection): the national reporting record is fixed now",
          project: 'filing.file',
          errors: ['FILING_NO_CERTIFICATE', 'FILING_PENDING', 'FILING_ALREADY_CONFIRMED'],
        }),
        params: projectParams,
        body: filingInput,
        response: { 200: envelopeOf(filingDetail) },
      },
    },
    async (request) =>
      ok(
        request,
        await fileCertificate(
          app.ctx,
          { ...callerOf(request), projectId: request.params.projectId },
          request.body,
        ),
      ),
  );

  app.get(
    `${AREA}/pagelist`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '主管部门辖区内的备案：待确认（tbc）、已确认（confirmed）、已退回（rejected），可按项目名称、编号或合格书编号查找',
          en: "The filings of the authority's region: to confirm (tbc), confirmed, rejected; by application name, code or certificate number",
        }),
        querystring: filingListQuery,
        response: { 200: envelopeOf(filingPage) },
      },
    },
    async (request) => ok(request, await listFilingsForAuthority(app.ctx, callerOf(request), request.query)),
  );

  app.get(
    `${AREA}/export`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '导出辖区内某一期间确认的备案的国家上报字段（CSV，UTF-8）',
          en: "Exports the national reporting records of the filings confirmed in the authority's region in a period (CSV, UTF-8)",
          errors: ['FILING_EXPORT_PERIOD', 'FILING_EXPORT_TOO_MANY'],
        }),
        querystring: filingExportQuery,
        response: { 200: z.any() },
      },
    },
    async (request, reply) => {
      const { fileName, body } = await exportConfirmedFilings(app.ctx, callerOf(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
        .send(body);
    },
  );

  app.get(
    `${AREA}/:id`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '一次备案：状态、截止日、审查机构填报的内容和国家上报字段',
          en: 'One filing: its state, the day it was due, what the agency stated and the national reporting record',
          project: 'filings.view',
        }),
        params: filingParams,
        response: { 200: envelopeOf(filingDetail) },
      },
    },
    async (request) => ok(request, await getFiling(app.ctx, callerOf(request), request.params.id)),
  );

  app.post(
    `${AREA}/:id/decide`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '主管部门确认备案（项目转为已备案）或退回（须写明原因，审查机构更正后重新备案）',
          en: 'The authority confirms the filing (the application is filed) or rejects it with a reason (the agency corrects and files again)',
          project: 'filing.decide',
          errors: ['FILING_ALREADY_DECIDED', 'FILING_REASON_REQUIRED'],
        }),
        params: filingParams,
        body: filingDecision,
        response: { 200: envelopeOf(filingDetail) },
      },
    },
    async (request) =>
      ok(request, await decideFiling(app.ctx, callerOf(request), request.params.id, request.body)),
  );
};
