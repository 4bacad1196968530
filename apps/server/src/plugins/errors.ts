import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorMessage, localeFrom, type ErrorCode } from '@drp/domain';
import { AppError } from '../lib/app-error.js';

/** Fastify's own error codes that are the client's fault, mapped to ours. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_BODY',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
  FST_ERR_BAD_URL: 'NOT_FOUND',
  // No record has an id that long.
  FST_ERR_MAX_PARAM_LENGTH: 'NOT_FOUND',
  FST_ERR_ASYNC_CONSTRAINT: 'NOT_FOUND',
  // @fastify/multipart: a body that is not the form it claims to be.
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_PROTO_VIOLATION: 'MALFORMED_BODY',
  FST_MP_PREMATURE_CLOSE: 'MALFORMED_BODY',
  FST_INVALID_JSON_FIELD_ERROR: 'MALFORMED_BODY',
};

/**
 * What busboy (under @fastify/multipart) throws for a broken multipart body: no boundary, a
 * boundary too long to search for, a body that ends inside a part. Plain errors with no code, so
 * known by their text; the malformed-input test sends each and expects 400.
 */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|The needle cannot (be an empty String\/Buffer|have a length bigger than 256)\.)$/;

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const locale = localeFrom(request.headers['accept-language']);
  return reply.status(error.statusCode).send({
    code: error.code,
    message: errorMessage(error.code, locale, error.params),
    ...(error.detail === undefined ? {} : { detail: error.detail }),
  });
}

export function toAppError(error: FastifyError | Error): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    // A path whose id is malformed names no record: 404 as for an unknown id, never "Invalid UUID".
    // Other path values (a count, a kind) stay 400: they are not ids.
    const malformedIds =
      (error as { validationContext?: string }).validationContext === 'params' &&
      error.validation.every((v) => v.keyword === 'invalid_format' && v.params.format === 'uuid');
    if (malformedIds) return new AppError('NOT_FOUND');
    const issues = error.validation.map((v) => ({
      field: [v.instancePath.replace(/^\//, '').replaceAll('/', '.')].filter(Boolean).join('') || undefined,
      message: v.message ?? 'invalid',
    }));
    const reason = issues.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message)).join('; ');
    return new AppError('VALIDATION_FAILED', { reason }, { fields: issues });
  }
  const code = 'code' in error && typeof error.code === 'string' ? FASTIFY_CODES[error.code] : undefined;
  if (code) return new AppError(code, { reason: error.message });
  if (error instanceof SyntaxError) return new AppError('MALFORMED_BODY');
  if (!('code' in error) && MALFORMED_MULTIPART.test(error.message)) return new AppError('MALFORMED_BODY');
  // A unique index beat a check made just before (two identical submits at once): a conflict, not a crash.
  const pgCode =
    (error as { code?: unknown; cause?: { code?: unknown } }).cause?.code ??
    (error as { code?: unknown }).code;
  if (pgCode === '23505') return new AppError('CONFLICT');
  const status = 'statusCode' in error ? Number(error.statusCode) : 500;
  if (status === 429) return new AppError('RATE_LIMITED');
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE');
  if (status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE');
  if (status >= 400 && status < 500) return new AppError('VALIDATION_FAILED', { reason: error.message });
  return new AppError('INTERNAL_ERROR');
}

/** One error handler, one wire shape: every failure leaves as `{ code, message, detail? }`. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.code }, 'request refused');
    return sendError(request, reply, appError);
  });
});
