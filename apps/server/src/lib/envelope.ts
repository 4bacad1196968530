import type { FastifyRequest } from 'fastify';
import { localeFrom, type Envelope } from '@drp/domain';

const OK_MESSAGE = { 'zh-CN': '操作成功', 'en-US': 'OK' } as const;

/** Wraps a successful answer in the spec's envelope. */
export function ok<T>(request: FastifyRequest, detail: T): Envelope<T> & { code: 'SUCCESS' } {
  return { code: 'SUCCESS', message: OK_MESSAGE[localeFrom(request.headers['accept-language'])], detail };
}
