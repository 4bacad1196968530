import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, operationCodeField, uploadedFile } from '@drp/domain';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { uploadParts } from '../../lib/upload-parts.js';
import { UPLOAD_PATH, receiveUpload } from './doc-uploads.service.js';
import { describeRoute } from '../../lib/route-docs.js';

/**
 * The upload of the spec's "external document service": a multipart POST of the operation code
 * and the file, streamed to the file store. The code is the credential (one file, one member, one
 * folder, short-lived), so the call needs no bearer token, as an upload service on another host
 * would not have one.
 */
export const docUploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    // One byte over the limit reaches the store, which refuses it and keeps nothing.
    limits: { fileSize: app.ctx.config.uploadMaxBytes + 1, files: 1, fields: 5, fieldSize: 256 },
    // Larger buffers than busboy's 64 KB defaults: fewer, bigger chunks through hashing and writing.
    highWaterMark: 1024 * 1024,
    fileHwm: 1024 * 1024,
  });

  app.post(
    UPLOAD_PATH,
    {
      schema: {
        tags: ['doc-repository'],
        ...describeRoute({
          zh: '凭操作码上传一个文件（multipart：字段 operationCode 或查询参数，然后是文件部分 file）',
          en: 'Uploads one file for an operation code (multipart: the field operationCode, or the query parameter, then the part "file")',
          errors: [
            'UPLOAD_CODE_INVALID',
            'UPLOAD_FILE_MISSING',
            'FILE_NAME_EMPTY',
            'DOC_FILE_TYPE_REFUSED',
            'DOC_FILE_TOO_LARGE',
          ],
        }),
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(uploadedFile) },
      },
    },
    async (request) => {
      const query = request.query as Record<string, unknown>;
      let code = typeof query.operationCode === 'string' ? query.operationCode : undefined;
      for await (const part of uploadParts(request)) {
        if (part.type === 'field') {
          if (part.fieldname === 'operationCode' && typeof part.value === 'string') code = part.value;
          continue;
        }
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        const parsed = operationCodeField.safeParse(code);
        if (!parsed.success) {
          part.file.resume();
          throw new AppError('UPLOAD_CODE_INVALID');
        }
        const result = await receiveUpload(app.ctx, {
          operationCode: parsed.data,
          fileName: part.filename,
          body: part.file,
        });
        return ok(request, result);
      }
      throw new AppError('UPLOAD_FILE_MISSING');
    },
  );
};
