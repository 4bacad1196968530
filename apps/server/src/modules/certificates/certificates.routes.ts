import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  certificateCheck,
  certificateCheckQuery,
  certificateDetail,
  certificatePage,
  certificateRevokeInput,
  certificateSummary,
  envelopeOf,
  localeFrom,
} from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { describeRoute } from '../../lib/route-docs.js';
import { sendStoredFile } from '../../lib/send-stored-file.js';
import { auditActorOf } from '../audit/audit.service.js';
import { actingMember } from '../project-access/project-access.service.js';
import {
  certificatePdf,
  checkCertificate,
  compileCertificate,
  getCertificate,
  issueCertificate,
  listCertificates,
  revokeCertificate,
  type CertificateCaller,
} from './certificates.service.js';

const tags = ['certificates'];
const BASE = '/api/checkDrawings/:orgId/:projectId/certification';
const projectParams = z.object({ orgId: z.uuid(), projectId: z.uuid() });
const certificateParams = projectParams.extend({ id: z.uuid() });
const downloadQuery = z.object({ download: z.enum(['0', '1']).optional() });

/**
 * 施工图设计文件审查合格书 (issue 21): the agency's admin or director compiles it once the review
 * passed and issues it once signed and sealed; the units read it once issued. Its QR code opens a
 * public check.
 */
export const certificatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const callerOf = (request: FastifyRequest & { params: { projectId: string } }): CertificateCaller => ({
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
          zh: '项目的审查合格书（审查机构可见各状态，各单位仅见已签发的）；compile：当前能否编制，不能时说明原因',
          en: "The application's certificates (the agency at every step, the units once issued); compile: whether the caller may compile one now, and else why not",
          project: 'certificates.view',
        }),
        params: projectParams,
        response: { 200: envelopeOf(certificatePage) },
      },
    },
    async (request) => ok(request, await listCertificates(app.ctx, callerOf(request))),
  );

  app.post(
    `${BASE}/compile`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '编制审查合格书（或在签发前重新编制，签章重新开始）：编号按省规则生成，内容此刻固定，PDF 在任务队列中生成',
          en: 'Compiles the certificate (or again before it is issued, starting the signatures over): numbered by the province’s rule, its content fixed now, the PDF built in the job queue',
          project: 'certificate.compile',
          errors: ['CERTIFICATE_NOT_PASSED', 'CERTIFICATE_BUILDING', 'CERTIFICATE_ALREADY_ISSUED'],
        }),
        params: projectParams,
        response: { 200: envelopeOf(certificateSummary) },
      },
    },
    async (request) =>
      ok(
        request,
        await compileCertificate(app.ctx, {
          ...callerOf(request),
          origin: `${request.protocol}://${request.host}`,
        }),
      ),
  );

  app.post(
    `${BASE}/issue/:id`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '向建设、设计、勘察单位签发已全部签章的审查合格书：此后不可更改',
          en: 'Issues the signed and sealed certificate to the construction, design and survey units: final',
          project: 'certificate.issue',
          errors: ['CERTIFICATE_NOT_READY', 'CERTIFICATE_NOT_SIGNED', 'CERTIFICATE_ALREADY_ISSUED'],
        }),
        params: certificateParams,
        response: { 200: envelopeOf(certificateSummary) },
      },
    },
    async (request) => ok(request, await issueCertificate(app.ctx, callerOf(request), request.params.id)),
  );

  app.post(
    `${BASE}/revoke/:id`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '撤销已签发的审查合格书（须填写原因）：各单位收到通知，公众核验显示已撤销',
          en: 'Revokes the issued certificate (a reason is required): the units are told and the public check says revoked',
          project: 'certificate.revoke',
          errors: ['CERTIFICATE_NOT_ISSUED', 'CERTIFICATE_REVOKE_REASON_REQUIRED'],
        }),
        params: certificateParams,
        body: certificateRevokeInput,
        response: { 200: envelopeOf(certificateSummary) },
      },
    },
    async (request) =>
      ok(request, await revokeCertificate(app.ctx, callerOf(request), request.params.id, request.body)),
  );

  app.get(
    `${BASE}/getCertificate/:id`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '审查合格书 PDF：内嵌显示，download=1 时下载',
          en: "The certificate's PDF: shown, or saved with download=1",
          project: 'certificates.view',
          errors: ['CERTIFICATE_BUILDING', 'CERTIFICATE_NOT_READY'],
        }),
        params: certificateParams,
        querystring: downloadQuery,
        response: { 200: z.any(), 206: z.any() },
      },
    },
    async (request, reply) =>
      sendStoredFile(
        request,
        reply,
        app.ctx.files,
        await certificatePdf(app.ctx, callerOf(request), request.params.id, request.query.download === '1'),
      ),
  );

  app.get(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '一份审查合格书：状态、签章进度和它所载明的内容',
          en: 'One certificate: its state, its signing and what it says',
          project: 'certificates.view',
        }),
        params: certificateParams,
        response: { 200: envelopeOf(certificateDetail) },
      },
    },
    async (request) => ok(request, await getCertificate(app.ctx, callerOf(request), request.params.id)),
  );

  app.get(
    '/api/portal/certificateCheck',
    {
      config: {
        // Numbers and codes must not be guessed by trying: a person checks a few at a time.
        rateLimit: {
          max: 30,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => `certificateCheck:${request.ip}`,
        },
      },
      schema: {
        tags,
        ...describeRoute({
          zh: '公众核验审查合格书：编号与二维码上的校验码一致时，回答合格书是否有效（已撤销、已被替代）、项目、机构、签章人和 PDF 摘要',
          en: "The public check of a certificate: with its number and the QR code's check code, whether it is valid (or revoked, or superseded), the application, the agency, the signers and the PDF's hash",
          errors: ['NOT_FOUND'],
        }),
        querystring: certificateCheckQuery,
        response: { 200: envelopeOf(certificateCheck) },
      },
    },
    async (request) => ok(request, await checkCertificate(app.ctx, request.query)),
  );
};
