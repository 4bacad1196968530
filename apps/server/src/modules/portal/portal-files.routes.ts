import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PORTAL_ATTACHMENT_CONTENT_TYPES,
  PORTAL_COVER_CONTENT_TYPES,
  PORTAL_LIMITS,
  PORTAL_UPLOAD_PURPOSES,
  envelopeOf,
  portalUpload,
} from '@drp/domain';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { uploadParts } from '../../lib/upload-parts.js';
import { sendStoredFile } from '../../lib/send-stored-file.js';
import { PUBLIC_FILE_CACHE_CONTROL, cachePublicFile, ifNoneMatchHits } from './portal-cache.js';
import { openPublicPortalFile, openStaffPortalFile, receivePortalUpload } from './portal-files.service.js';
import { describeRoute } from '../../lib/route-docs.js';

const idParams = z.object({ id: z.uuid() });
const produces = [...new Set([...PORTAL_ATTACHMENT_CONTENT_TYPES, ...PORTAL_COVER_CONTENT_TYPES])];
const MB = (bytes: number) => bytes / 1024 / 1024;

/**
 * The portal's files: staff upload attachments and covers before saving the item that uses them;
 * the public reads the files of published items, staff read them all.
 */
export const portalFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    // One byte over the largest limit reaches the store, which refuses it and keeps nothing.
    limits: { fileSize: PORTAL_LIMITS.attachmentMaxBytes + 1, files: 1, fields: 5, fieldSize: 256 },
  });

  app.post(
    '/api/info/portal/uploads',
    {
      schema: {
        tags: ['portal'],
        ...describeRoute({
          zh: '上传附件或封面图片',
          en:
            `Uploads an attachment (at most ${MB(PORTAL_LIMITS.attachmentMaxBytes)} MB) or a cover ` +
            `(at most ${MB(PORTAL_LIMITS.coverMaxBytes)} MB) for an item saved later ` +
            '(multipart: the field purpose, ATTACHMENT or COVER, then the part "file"; the type is judged by content)',
          errors: [
            'PORTAL_UPLOAD_PURPOSE_MISSING',
            'PORTAL_UPLOAD_FILE_MISSING',
            'PORTAL_ATTACHMENT_TYPE_REFUSED',
            'PORTAL_COVER_TYPE_REFUSED',
            'PORTAL_FILE_TOO_LARGE',
            'FILE_NAME_EMPTY',
          ],
        }),
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(portalUpload) },
      },
    },
    async (request) => {
      let purpose: (typeof PORTAL_UPLOAD_PURPOSES)[number] | undefined;
      for await (const part of uploadParts(request)) {
        if (part.type === 'field') {
          const value = typeof part.value === 'string' ? part.value.trim().toUpperCase() : '';
          if (part.fieldname === 'purpose')
            purpose = PORTAL_UPLOAD_PURPOSES.find((p) => p === value) ?? undefined;
          continue;
        }
        if (part.fieldname !== 'file' || !purpose) {
          part.file.resume();
          if (!purpose) throw new AppError('PORTAL_UPLOAD_PURPOSE_MISSING');
          continue;
        }
        const upload = await receivePortalUpload(app.ctx, {
          purpose,
          fileName: part.filename,
          body: part.file,
          accountId: request.auth!.account.id,
        });
        return ok(request, upload);
      }
      throw new AppError(purpose ? 'PORTAL_UPLOAD_FILE_MISSING' : 'PORTAL_UPLOAD_PURPOSE_MISSING');
    },
  );

  app.get(
    '/api/portal/files/:id',
    {
      schema: {
        tags: ['portal'],
        ...describeRoute({
          zh: '已发布内容的文件：附件下载，图片内嵌；可缓存一天（强 ETag）',
          en: 'A file of a published item: attachments as downloads, pictures inline; cacheable a day (strong ETag)',
        }),
        params: idParams,
        produces,
        response: { 200: z.any(), 304: z.any().describe('Not modified: the ETag matches') },
      },
      onSend: cachePublicFile,
    },
    async (request, reply) => {
      const file = await openPublicPortalFile(app.ctx, request.params.id);
      const etag = `"${file.sha256}"`;
      if (ifNoneMatchHits(request, etag))
        return reply
          .code(304)
          .header('etag', etag)
          .header('cache-control', PUBLIC_FILE_CACHE_CONTROL)
          .header('x-content-type-options', 'nosniff')
          .send();
      return sendStoredFile(request, reply, app.ctx.files, file);
    },
  );

  app.get(
    '/api/info/portal/files/:id',
    {
      schema: {
        tags: ['portal'],
        ...describeRoute({
          zh: '供工作人员查看的任意门户文件，含草稿和未使用的上传',
          en: 'Any portal file for staff, drafts’ and unused uploads too',
        }),
        params: idParams,
        produces,
        response: { 200: z.any() },
      },
    },
    async (request, reply) =>
      sendStoredFile(request, reply, app.ctx.files, await openStaffPortalFile(app.ctx, request.params.id)),
  );
};
