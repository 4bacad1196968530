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

const tags = ['registration'];
const security = [{ bearer: [] }];
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
        summary:
          'Upload the business licence (multipart field "file"; PDF, PNG or JPG by content, at most 10 MB)',
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
        summary: 'Apply to join the platform; the admin account exists once the system admin approves',
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
        summary: `A refused applicant reads the application (header ${APPLICATION_TOKEN_HEADER} from the sign-in answer)`,
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
        summary: 'A refused applicant corrects and resubmits the application',
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
        security,
        summary: 'Registration applications (legacy list; system admin), newest first, with filters',
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
        security,
        summary: 'One application, everything submitted',
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
        security,
        summary: 'The business licence file, shown inline',
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
        security,
        summary: 'Approve: the organisation and its admin account are created',
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
        security,
        summary: 'Refuse with a reason; the applicant can correct and resubmit',
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
