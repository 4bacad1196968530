import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SIGNED_DOCUMENT_KIND_KEYS,
  envelopeOf,
  localeFrom,
  signTaskBody,
  signatureCheck,
  signatureVerification,
  signingDocument,
  signingDocumentPage,
  reportLink,
} from '@drp/domain';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { sendStoredFile } from '../../lib/send-stored-file.js';
import { describeRoute } from '../../lib/route-docs.js';
import { uploadParts } from '../../lib/upload-parts.js';
import { auditActorOf } from '../audit/audit.service.js';
import { actingMember } from '../project-access/project-access.service.js';
import {
  linkedSignedPdf,
  listSigningDocuments,
  signedDocumentLink,
  signatureTree,
  readSigningInfo,
  signCallbackUrl,
  signTask,
  verifyPresentedPdf,
  type SignatureCaller,
} from './signatures.service.js';

const tags = ['signatures'];
const PROJECT = '/api/checkDrawings/:orgId/:projectId';
const projectParams = z.object({ orgId: z.uuid(), projectId: z.uuid() });
/** A signed PDF presented for checking: reports and certificates are a few MB at most. */
const VERIFY_BYTES_MAX = 50 * 1024 * 1024;

const SIGNING_ERRORS = [
  'SIGNATURE_ALREADY_SIGNED',
  'SIGNATURE_WAITING',
  'SIGNATURE_NOT_YOURS',
  'SIGNATURE_NO_PROFILE',
  'SIGNATURE_PASSWORD_WRONG',
  'ACCOUNT_LOCKED',
  'SIGNATURE_DOCUMENT_CHANGED',
  'REPORT_COMPILING',
  'REPORT_NOT_READY',
  'CERTIFICATE_BUILDING',
  'CERTIFICATE_NOT_READY',
  'SIGNATURE_TIMESTAMP_FAILED',
] as const;
/** A signed document's file, or why it has none yet. */
const FILE_ERRORS = ['REPORT_COMPILING', 'REPORT_NOT_READY', 'CERTIFICATE_BUILDING', 'CERTIFICATE_NOT_READY'] as const;

/**
 * Electronic signatures (issue 21): who must sign which document in which order, signing with the
 * password again, each signature's verification, and a check of any PDF someone presents.
 */
export const signaturesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: VERIFY_BYTES_MAX, files: 1, fields: 0 } });

  const callerOf = (request: FastifyRequest): SignatureCaller => ({
    member: actingMember(request),
    audit: auditActorOf(request),
    locale: localeFrom(request.headers['accept-language']),
  });

  app.post(
    '/api/signature/task/start',
    {
      config: {
        // The password is asked again here: a stolen session must not try passwords at leisure.
        rateLimit: {
          max: 10,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) =>
            `signature:${request.headers.authorization ?? request.ip}`,
        },
      },
      schema: {
        tags,
        ...describeRoute({
          zh: '签署一项签章任务（再次输入本人密码）：在文件上加盖本人签名或机构印章，作为增量更新，之前的签名保持有效',
          en: "Signs one signing task (with the signer's password again): the signature or the agency's seal is added to the file as an incremental update, earlier signatures staying valid",
          project: 'signature.sign',
          errors: [...SIGNING_ERRORS],
        }),
        body: signTaskBody,
        response: { 200: envelopeOf(signingDocument) },
      },
    },
    async (request) => ok(request, await signTask(app.ctx, callerOf(request), request.body)),
  );

  app.get(
    '/api/signature/task/getVerifyInfo',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '一份文件的签章任务与其当前文件中每个签名的核验结果（签署人、时间、证书、是否完好、是否可信）',
          en: 'One document: its signing tasks and the verification of each signature in its current file (signer, time, certificate, intact, trusted)',
          project: 'signatures.view',
        }),
        querystring: z.object({ projectId: z.uuid(), documentId: z.uuid() }),
        response: {
          200: envelopeOf(z.object({ document: signingDocument, signatures: z.array(signatureCheck) })),
        },
      },
    },
    async (request) =>
      ok(
        request,
        await readSigningInfo(app.ctx, { ...callerOf(request), projectId: request.query.projectId }, request.query.documentId),
      ),
  );

  app.get(
    '/api/signature/task/getSignCallbackUrl',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '签署一项任务的页面地址（外部签章服务签署完成后也回到这里）',
          en: 'The address of the screen where a task is signed (an outside signing service returns here too)',
          project: 'signatures.view',
        }),
        querystring: z.object({ taskId: z.uuid() }),
        response: { 200: envelopeOf(z.object({ url: z.string() })) },
      },
    },
    async (request) => ok(request, await signCallbackUrl(app.ctx, callerOf(request), request.query.taskId)),
  );

  app.post(
    '/api/signature/task/verify',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '核验一个 PDF 文件（multipart：文件部分 file）：文件中每个签名是否完好、是否由平台证书签发，以及它是否正是平台签发的文件',
          en: 'Verifies a PDF (multipart: the part "file"): whether each signature in it is intact and issued under the platform root, and whether it is exactly a file the platform issued',
          errors: ['SIGNATURE_FILE_INVALID', 'SIGNATURE_FILE_UNSIGNED', 'FILE_TOO_LARGE'],
        }),
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(signatureVerification) },
      },
    },
    async (request) => {
      let body: Buffer | undefined;
      for await (const part of uploadParts(request)) {
        if (part.type !== 'file') continue;
        body = await part.toBuffer().catch((error: { code?: string }) => {
          if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE', { mb: 50 });
          throw error;
        });
      }
      if (!body) throw new AppError('SIGNATURE_FILE_INVALID');
      return ok(request, await verifyPresentedPdf(app.ctx, body));
    },
  );

  app.get(
    `${PROJECT}/docRepository/listSignatureTree`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '项目的签章文件目录：按文件种类（审查意见告知书、审查合格书）列出份数与已签完的份数',
          en: "The application's signed-file folders: per kind of document (opinion reports, certificates) how many there are and how many are fully signed",
          project: 'signatures.view',
        }),
        params: projectParams,
        response: {
          200: envelopeOf(
            z.array(
              z.object({
                kind: z.enum(SIGNED_DOCUMENT_KIND_KEYS),
                name: z.string(),
                documents: z.number().int(),
                complete: z.number().int(),
              }),
            ),
          ),
        },
      },
    },
    async (request) =>
      ok(request, await signatureTree(app.ctx, { ...callerOf(request), projectId: request.params.projectId })),
  );

  app.get(
    `${PROJECT}/docRepository/querySignatureFile`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '项目的签章文件及其签章任务（可按文件种类筛选）',
          en: "The application's signed documents with their signing tasks (optionally of one kind)",
          project: 'signatures.view',
        }),
        params: projectParams,
        querystring: z.object({ kind: z.enum(SIGNED_DOCUMENT_KIND_KEYS).optional() }),
        response: { 200: envelopeOf(signingDocumentPage) },
      },
    },
    async (request) =>
      ok(request, {
        items: await listSigningDocuments(
          app.ctx,
          { ...callerOf(request), projectId: request.params.projectId },
          request.query.kind,
        ),
      }),
  );

  app.get(
    `${PROJECT}/signature/getViewUrl`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '已签章文件（告知书、合格书）当前文件的临时查看链接（10 分钟内有效）',
          en: "A link to a signed document's current file (a report or the certificate), valid for 10 minutes",
          project: 'signatures.view',
          errors: [...FILE_ERRORS],
        }),
        params: projectParams,
        querystring: z.object({ documentId: z.uuid() }),
        response: { 200: envelopeOf(reportLink) },
      },
    },
    async (request) =>
      ok(
        request,
        await signedDocumentLink(
          app.ctx,
          { ...callerOf(request), projectId: request.params.projectId },
          request.query.documentId,
        ),
      ),
  );

  app.get(
    '/api/files/signed/:token',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '已签章文件临时链接对应的 PDF（过期或被改动的链接按不存在处理）',
          en: 'The PDF of a signed-document link (an expired or altered link answers as missing)',
          errors: [...FILE_ERRORS],
        }),
        // Any string: a link that does not verify answers 404 as a missing file, never 400.
        params: z.object({ token: z.string() }),
        querystring: z.object({ download: z.enum(['0', '1']).optional() }),
        response: { 200: z.any(), 206: z.any() },
      },
    },
    async (request, reply) =>
      sendStoredFile(
        request,
        reply,
        app.ctx.files,
        await linkedSignedPdf(app.ctx, request.params.token, request.query.download === '1'),
      ),
  );
};
