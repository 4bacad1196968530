import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APPLICATION_TOKEN_HEADER,
  LICENCE_MAX_BYTES,
  applicationPage,
  applicationQuery,
  envelopeOf,
  licenceUploadResult,
  orgApplication,
  registrationRequest,
  rejectApplicationRequest,
} from '@drp/domain';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { uploadParts } from '../../lib/upload-parts.js';
import { auditActorOf } from '../audit/audit.service.js';
import {
  approveApplication,
  getApplication,
  listApplications,
  openLicence,
  readOwnApplication,
  rejectApplication,
  resubmitRegistration,
  submitRegistration,
  uploadLicence,
} from './registration.service.js';
import { describeRoute } from '../../lib/route-docs.js';

const tags = ['registration'];
const idParams = z.object({ id: z.uuid() });
const submitted = z.object({ id: z.string(), status: z.string() });
/** Public uploads: generous for an office registering several times, tight for a flood. */
const uploadRateLimit = { max: 30, timeWindow: 60_000 };

export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Fields are ignored, but read (a few, short): busboy would drop them unread, NUL and all.
  await app.register(multipart, {
    limits: { fileSize: LICENCE_MAX_BYTES, files: 1, fields: 5, fieldSize: 256 },
  });

  app.post(
    '/api/register/licence',
    {
      config: { rateLimit: uploadRateLimit },
      schema: {
        tags,
        ...describeRoute({
          zh: '上传营业执照（multipart 字段 file；按内容判断为 PDF、PNG 或 JPG，最大 10 MB）',
          en: 'Upload the business licence (multipart field "file"; PDF, PNG or JPG by content, at most 10 MB)',
          errors: ['UNSUPPORTED_FILE', 'FILE_TOO_LARGE', 'FILE_NAME_EMPTY'],
        }),
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(licenceUploadResult) },
      },
    },
    async (request) => {
      for await (const part of uploadParts(request)) {
        if (part.type !== 'file') continue;
        const body = await part.toBuffer().catch((error: { code?: string }) => {
          if (error.code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError('FILE_TOO_LARGE', { mb: LICENCE_MAX_BYTES / 1048576 });
          throw error;
        });
        return ok(request, await uploadLicence(app.ctx, { fileName: part.filename, body }));
      }
      throw new AppError('UNSUPPORTED_FILE');
    },
  );

  app.post(
    '/api/register/applications',
    {
      config: { rateLimit: uploadRateLimit },
      schema: {
        tags,
        ...describeRoute({
          zh: '申请加入平台；系统管理员审核通过后才创建管理员账号',
          en: 'Apply to join the platform; the admin account exists once the system admin approves',
          errors: ['USERNAME_TAKEN', 'CREDIT_CODE_TAKEN', 'PASSWORD_POLICY', 'UNSUPPORTED_FILE'],
        }),
        body: registrationRequest,
        response: { 200: envelopeOf(submitted) },
      },
    },
    async (request) =>
      ok(
        request,
        await submitRegistration(app.ctx, {
          request: request.body,
          ip: request.ip,
          acceptLanguage: request.headers['accept-language'],
        }),
      ),
  );

  const applicantToken = (headers: Record<string, unknown>) => {
    const value = headers[APPLICATION_TOKEN_HEADER];
    return typeof value === 'string' ? value : undefined;
  };

  app.get(
    '/api/register/applications/:id',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '被退回的申请人查看申请（请求头携带登录答复中的申请令牌）',
          en: `A refused applicant reads the application (header ${APPLICATION_TOKEN_HEADER} from the sign-in answer)`,
        }),
        params: idParams,
        response: { 200: envelopeOf(orgApplication) },
      },
    },
    async (request) =>
      ok(
        request,
        await readOwnApplication(app.ctx, { id: request.params.id, token: applicantToken(request.headers) }),
      ),
  );

  app.put(
    '/api/register/applications/:id',
    {
      config: { rateLimit: uploadRateLimit },
      schema: {
        tags,
        ...describeRoute({
          zh: '被退回的申请人修改并重新提交申请',
          en: 'A refused applicant corrects and resubmits the application',
          errors: ['APPLICATION_NOT_PENDING', 'USERNAME_TAKEN', 'CREDIT_CODE_TAKEN', 'UNSUPPORTED_FILE'],
        }),
        params: idParams,
        body: registrationRequest,
        response: { 200: envelopeOf(submitted) },
      },
    },
    async (request) =>
      ok(
        request,
        await resubmitRegistration(app.ctx, {
          id: request.params.id,
          token: applicantToken(request.headers),
          request: request.body,
          ip: request.ip,
          acceptLanguage: request.headers['accept-language'],
        }),
      ),
  );

  app.get(
    '/table/list',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '注册申请列表（旧接口；系统管理员），最新在前，可筛选',
          en: 'Registration applications (legacy list; system admin), newest first, with filters',
        }),
        querystring: applicationQuery,
        response: { 200: envelopeOf(applicationPage) },
      },
    },
    async (request) => ok(request, await listApplications(app.ctx, request.query)),
  );

  app.get(
    '/api/admin/org-applications/:id',
    {
      schema: {
        tags,
        ...describeRoute({ zh: '一份注册申请的全部提交内容', en: 'One application, everything submitted' }),
        params: idParams,
        response: { 200: envelopeOf(orgApplication) },
      },
    },
    async (request) => ok(request, await getApplication(app.ctx, request.params.id)),
  );

  app.get(
    '/api/admin/org-applications/:id/licence',
    {
      schema: {
        tags,
        ...describeRoute({ zh: '营业执照文件，内嵌显示', en: 'The business licence file, shown inline' }),
        params: idParams,
        produces: ['application/pdf', 'image/png', 'image/jpeg'],
        response: { 200: z.any() },
      },
    },
    async (request, reply) => {
      const file = await openLicence(app.ctx, request.params.id);
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  app.post(
    '/api/admin/org-applications/:id/approve',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '审核通过：创建单位及其管理员账号',
          en: 'Approve: the organisation and its admin account are created',
          errors: ['APPLICATION_NOT_PENDING', 'USERNAME_TAKEN', 'CREDIT_CODE_TAKEN'],
        }),
        params: idParams,
        response: { 200: envelopeOf(z.object({ orgId: z.string() })) },
      },
    },
    async (request) =>
      ok(request, await approveApplication(app.ctx, { id: request.params.id, audit: auditActorOf(request) })),
  );

  app.post(
    '/api/admin/org-applications/:id/reject',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '说明原因退回；申请人可修改后重新提交',
          en: 'Refuse with a reason; the applicant can correct and resubmit',
          errors: ['APPLICATION_NOT_PENDING'],
        }),
        params: idParams,
        body: rejectApplicationRequest,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await rejectApplication(app.ctx, {
        id: request.params.id,
        reason: request.body.reason,
        audit: auditActorOf(request),
      });
      return ok(request, null);
    },
  );
};
