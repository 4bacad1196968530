import type { Envelope } from '@drp/domain';
import { TOKEN_KEY, storedLocale, takePrefetched } from '../portal-prefetch';

/** A failed portal call: the envelope's code and message (in the reader's language), and the status. */
export class PortalApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PortalApiError';
  }
}

/**
 * A detail the API will not show: a draft, a withdrawn or an unknown id (404), or one that is no
 * id at all (400, refused by the route's schema). The reader sees the same "no such content".
 */
export const isNotFound = (error: unknown) =>
  error instanceof PortalApiError && (error.status === 404 || error.status === 400);

/** The token of the signed-in app in this tab (sessionStorage, as the app keeps it), if any. */
export function sessionToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

async function unwrap<T>(response: Response): Promise<T> {
  const text = await response.text();
  let body: Partial<Envelope<T>> = {};
  try {
    body = text ? (JSON.parse(text) as Partial<Envelope<T>>) : {};
  } catch {
    body = {};
  }
  if (!response.ok || (body.code !== undefined && body.code !== 'SUCCESS'))
    throw new PortalApiError(
      String(body.code ?? `HTTP_${response.status}`),
      body.message ?? `HTTP ${response.status}`,
      response.status,
    );
  return body.detail as T;
}

function networkError(): PortalApiError {
  return new PortalApiError(
    'NETWORK_ERROR',
    storedLocale() === 'en-US' ? 'Network error' : '网络连接失败',
    0,
  );
}

/**
 * A public read. No bearer token is sent: the portal's content is the same for everyone, and an
 * Authorization header would keep shared caches from holding it. The browser revalidates what it
 * holds (ETag, a bodiless 304) rather than trusting it for the server's minute, so an item staff
 * withdraw is gone on the reader's next load.
 */
export async function getPortal<T>(url: string, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response =
      (await takePrefetched(url)) ??
      (await fetch(url, { headers: { 'accept-language': storedLocale() }, cache: 'no-cache', signal }));
  } catch (error) {
    if (signal?.aborted) throw error;
    throw networkError();
  }
  return unwrap<T>(response);
}

/** A signed-in write (a forum post): the app's token from this tab. */
export async function postPortal<T>(url: string, body: unknown): Promise<T> {
  const headers: Record<string, string> = {
    'accept-language': storedLocale(),
    'content-type': 'application/json',
  };
  const token = sessionToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  } catch {
    throw networkError();
  }
  return unwrap<T>(response);
}

/** Filters and paging as a query string; unset and empty values are left out. */
export function queryString(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
