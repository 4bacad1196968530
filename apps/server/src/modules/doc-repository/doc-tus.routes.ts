import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operationCodeField } from '@drp/domain';
import { AppError } from '../../lib/app-error.js';
import { nulField } from '../../lib/find-nul.js';
import {
  TUS_PATH,
  appendTusUpload,
  createTusUpload,
  describeTusUpload,
  terminateTusUpload,
} from './doc-tus.service.js';
import { describeRoute } from '../../lib/route-docs.js';

const TUS_VERSION = '1.0.0';
const OFFSET_TYPE = 'application/offset+octet-stream';

/** A tus length or offset header: a non-negative integer, nothing else. */
function byteCount(value: string | string[] | undefined, header: string): number {
  const n = typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) throw new AppError('VALIDATION_FAILED', { reason: `${header} header` });
  return n;
}

/** `Upload-Metadata`: comma-separated `key base64value` pairs; a key alone has an empty value. */
function metadataOf(value: string | string[] | undefined): Map<string, string> {
  const pairs = new Map<string, string>();
  if (typeof value !== 'string') return pairs;
  for (const pair of value.split(',')) {
    const [key, encoded = ''] = pair.trim().split(' ');
    if (key) pairs.set(key, Buffer.from(encoded, 'base64').toString('utf8'));
  }
  return pairs;
}

const tokenParams = z.object({ id: z.string().max(100) });

/**
 * Resumable uploads for the same operation codes as `POST /api/files/upload`, in the core tus
 * 1.0.0 protocol with creation and termination. Implemented here rather than with @tus/server so
 * that hashing, the type check and the move into the file store stay ours (doc-tus.service). The
 * code creates an upload; the token in its URL is then the credential, as the code is for the
 * multipart upload.
 */
export const docTusRoutes: FastifyPluginAsyncZod = async (app) => {
  // PATCH bodies are streamed by the service: no parsing, and the body limit does not apply.
  app.addContentTypeParser(OFFSET_TYPE, (_request, _payload, done) => done(null));

  app.addHook('onRequest', async (request) => {
    if (request.method !== 'OPTIONS' && request.headers['tus-resumable'] !== TUS_VERSION)
      throw new AppError('TUS_VERSION_UNSUPPORTED');
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Tus-Resumable', TUS_VERSION);
    if (reply.statusCode === 412) reply.header('Tus-Version', TUS_VERSION);
  });

  const tags = ['doc-repository'];

  app.options(
    TUS_PATH,
    {
      schema: {
        tags,
        ...describeRoute({ zh: 'tus：服务器支持的功能', en: 'tus: what the server supports' }),
      },
    },
    async (_request, reply) =>
      reply
        .code(204)
        .header('Tus-Version', TUS_VERSION)
        .header('Tus-Extension', 'creation,termination')
        .header('Tus-Max-Size', String(app.ctx.config.uploadMaxBytes))
        .send(),
  );

  app.post(
    TUS_PATH,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: 'tus 创建上传：Upload-Length，及含 operationCode 和 filename 的 Upload-Metadata；返回上传地址',
          en: 'tus creation: Upload-Length, and Upload-Metadata with operationCode and filename; answers the upload URL',
          errors: ['UPLOAD_CODE_INVALID', 'TUS_VERSION_UNSUPPORTED', 'FILE_NAME_EMPTY', 'DOC_FILE_TOO_LARGE'],
        }),
      },
    },
    async (request, reply) => {
      const uploadLength = byteCount(request.headers['upload-length'], 'Upload-Length');
      const metadata = metadataOf(request.headers['upload-metadata']);
      // Base64 hides a NUL from plugins/input-guard's look at the headers.
      for (const [key, value] of metadata)
        if (value.includes('\0')) throw new AppError('NUL_CHARACTER', { field: nulField('field', key) });
      const code = operationCodeField.safeParse(metadata.get('operationCode'));
      if (!code.success) throw new AppError('UPLOAD_CODE_INVALID');
      const { token } = await createTusUpload(app.ctx, {
        operationCode: code.data,
        fileName: metadata.get('filename') ?? '',
        uploadLength,
      });
      return reply.code(201).header('Location', `${TUS_PATH}/${token}`).send();
    },
  );

  app.head(
    `${TUS_PATH}/:id`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: 'tus：续传的起始偏移量',
          en: 'tus: the offset to resume from',
          errors: ['TUS_UPLOAD_BUSY'],
        }),
        params: tokenParams,
      },
    },
    async (request, reply) => {
      const { offset, length } = await describeTusUpload(app.ctx, request.params.id);
      return reply
        .code(200)
        .header('Upload-Offset', String(offset))
        .header('Upload-Length', String(length))
        .header('Cache-Control', 'no-store')
        .send();
    },
  );

  app.patch(
    `${TUS_PATH}/:id`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: 'tus：在 Upload-Offset 处追加请求体（application/offset+octet-stream）',
          en: 'tus: appends the body (application/offset+octet-stream) at Upload-Offset',
          errors: [
            'TUS_VERSION_UNSUPPORTED',
            'TUS_OFFSET_MISMATCH',
            'TUS_UPLOAD_BUSY',
            'TUS_LENGTH_EXCEEDED',
            'DOC_FILE_TYPE_REFUSED',
            'DOC_FILE_TOO_LARGE',
          ],
        }),
        params: tokenParams,
      },
    },
    async (request, reply) => {
      if (request.headers['content-type'] !== OFFSET_TYPE) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const offset = byteCount(request.headers['upload-offset'], 'Upload-Offset');
      const declared = request.headers['content-length'];
      const { offset: next } = await appendTusUpload(app.ctx, {
        token: request.params.id,
        offset,
        contentLength: declared === undefined ? undefined : byteCount(declared, 'Content-Length'),
        body: request.raw,
      });
      return reply.code(204).header('Upload-Offset', String(next)).send();
    },
  );

  app.delete(
    `${TUS_PATH}/:id`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: 'tus 终止上传：丢弃已传字节；操作码可再次使用',
          en: 'tus termination: drops the bytes; the code can be used again',
          errors: ['TUS_UPLOAD_BUSY'],
        }),
        params: tokenParams,
      },
    },
    async (request, reply) => {
      await terminateTusUpload(app.ctx, request.params.id);
      return reply.code(204).send();
    },
  );
};
