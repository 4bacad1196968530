import type { HandoverResult, TokenResult } from '@drp/domain';
import { request } from '../../../lib/http';

/** A one-time code that signs another tab or browser in as the caller (valid two minutes). */
export const requestHandoverCode = () => request<HandoverResult>('/uaa/handover', { method: 'POST' });

/** Spends a hand-over code for a new session; a used, expired or foreign code is refused. */
export const exchangeHandoverCode = (code: string) =>
  request<TokenResult>('/uaa/handover/token', { method: 'POST', body: { code }, isLogin: true });
