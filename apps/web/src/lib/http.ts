import { LIMITS, ORG_HEADER, type Envelope } from '@drp/domain';
import { sessionStore } from './session-store';
import { currentLocale } from '../config/i18n';

/** A failed call: the envelope's stable code and its message, already in the user's language. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let onUnauthorized: (() => void) | undefined;
/** The app decides what a 401 means for the user (message and back to sign-in). */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Sign-in calls answer 401 for a wrong password; that is not an expired session. */
  isLogin?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Spec §7: a call succeeds when code is SUCCESS or 0, or when there is no code. */
const succeeded = (body: Partial<Envelope<unknown>>) =>
  body.code === undefined || body.code === 'SUCCESS' || (body.code as unknown) === 0;

/** Filters and paging as a query string; unset and empty values are left out. */
export function toQueryString(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query) as [string, unknown][])
    if (
      (typeof value === 'string' && value !== '') ||
      typeof value === 'number' ||
      typeof value === 'boolean'
    )
      params.set(key, String(value));
  return params.toString();
}

export async function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { 'accept-language': currentLocale(), ...options.headers };
  const token = sessionStore.token();
  if (token) headers.authorization = `Bearer ${token}`;
  // A call may name the organisation it acts for (a message of another org); else the current one.
  const orgId = sessionStore.currentOrgId();
  if (orgId && !headers[ORG_HEADER]) headers[ORG_HEADER] = orgId;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const timeout = AbortSignal.timeout(LIMITS.requestTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let response: Response;
  try {
    response = await fetch(url, { method: options.method ?? 'GET', headers, body, signal });
  } catch (error) {
    const zh = currentLocale() === 'zh-CN';
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError(
      'NETWORK_ERROR',
      timedOut
        ? zh
          ? '请求超时，请稍后再试'
          : 'The request timed out'
        : zh
          ? '网络连接失败'
          : 'Network error',
      0,
    );
  }
  const text = await response.text();
  let parsed: Partial<Envelope<T>> = {};
  try {
    parsed = text ? (JSON.parse(text) as Partial<Envelope<T>>) : {};
  } catch {
    parsed = { code: 'BAD_RESPONSE', message: `HTTP ${response.status}` };
  }
  if (response.status === 401 && !options.isLogin) onUnauthorized?.();
  if (!response.ok || !succeeded(parsed)) {
    throw new ApiError(
      String(parsed.code ?? `HTTP_${response.status}`),
      parsed.message ?? `HTTP ${response.status}`,
      response.status,
      parsed.detail,
    );
  }
  return parsed.detail as T;
}
