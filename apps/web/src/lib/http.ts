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
  /**
   * JSON, a FormData sent as multipart (the browser sets its boundary), or a Blob sent as it is
   * with its own type (a document such as XFDF).
   */
  body?: unknown;
  /** Uploads run without the request timeout (spec §9: none on upload). */
  noTimeout?: boolean;
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

/** Language, bearer token and acting organisation, as every call sends them. */
function headersOf(extra: Record<string, string> | undefined): Record<string, string> {
  const headers: Record<string, string> = { 'accept-language': currentLocale(), ...extra };
  const token = sessionStore.token();
  if (token) headers.authorization = `Bearer ${token}`;
  // A call may name the organisation it acts for (a message of another org); else the current one.
  const orgId = sessionStore.currentOrgId();
  if (orgId && !headers[ORG_HEADER]) headers[ORG_HEADER] = orgId;
  return headers;
}

async function send(url: string, options: RequestOptions): Promise<Response> {
  const headers = headersOf(options.headers);
  let body: string | FormData | Blob | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body instanceof Blob) {
    body = options.body;
    if (options.body.type) headers['content-type'] = options.body.type;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const timeout = options.noTimeout ? undefined : AbortSignal.timeout(LIMITS.requestTimeoutMs);
  const signal =
    options.signal && timeout ? AbortSignal.any([options.signal, timeout]) : (options.signal ?? timeout);
  try {
    return await fetch(url, { method: options.method ?? 'GET', headers, body, signal });
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
}

/** The envelope of a failed call as an ApiError (a 401 also tells the app). */
function failure(response: Response, parsed: Partial<Envelope<unknown>>, isLogin?: boolean) {
  if (response.status === 401 && !isLogin) onUnauthorized?.();
  return new ApiError(
    String(parsed.code ?? `HTTP_${response.status}`),
    parsed.message ?? `HTTP ${response.status}`,
    response.status,
    parsed.detail,
  );
}

export async function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(url, options);
  const text = await response.text();
  let parsed: Partial<Envelope<T>> = {};
  try {
    parsed = text ? (JSON.parse(text) as Partial<Envelope<T>>) : {};
  } catch {
    parsed = { code: 'BAD_RESPONSE', message: `HTTP ${response.status}` };
  }
  if (!response.ok || !succeeded(parsed)) throw failure(response, parsed, options.isLogin);
  return parsed.detail as T;
}

/**
 * A file the API serves (bearer token needed), as bytes: a generated PDF drawn in the page. A
 * refusal arrives as the usual envelope and is thrown as an ApiError.
 */
export async function requestBytes(url: string, options: RequestOptions = {}): Promise<Uint8Array> {
  const response = await send(url, { ...options, noTimeout: true });
  if (!response.ok) {
    const parsed = (await response.json().catch(() => ({}))) as Partial<Envelope<unknown>>;
    throw failure(response, parsed);
  }
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * A file the API serves (bearer token needed, so not a plain link): fetched as a blob and saved
 * under `fileName`. A refusal arrives as the usual envelope and is thrown as an ApiError.
 */
export async function downloadFile(url: string, fileName: string, options: RequestOptions = {}) {
  const response = await send(url, { ...options, noTimeout: true });
  if (!response.ok) {
    const parsed = (await response.json().catch(() => ({}))) as Partial<Envelope<unknown>>;
    throw failure(response, parsed);
  }
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the browser's download; the URL can go a moment later.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}
