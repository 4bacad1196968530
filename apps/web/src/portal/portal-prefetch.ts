import type { Envelope, LOCAL_STORAGE_KEYS, PortalHome, SESSION_STORAGE_KEYS } from '@drp/domain';
import { PORTAL_PREFIX } from './portal-paths';

/**
 * The keys the signed-in app keeps its language and session under, spelt out here so the portal
 * bundle does not import the domain package (its zod schemas would come along); the types keep
 * them equal to the domain's.
 */
export const LOCALE_KEY: (typeof LOCAL_STORAGE_KEYS)['locale'] = 'drp.locale';
export const TOKEN_KEY: (typeof SESSION_STORAGE_KEYS)['token'] = 'drp.token';

export type PortalLocale = 'zh-CN' | 'en-US';

export function storedLocale(): PortalLocale {
  try {
    return localStorage.getItem(LOCALE_KEY) === 'en-US' ? 'en-US' : 'zh-CN';
  } catch {
    return 'zh-CN';
  }
}

const early = new Map<string, Promise<Response>>();

/** The item a detail page shows: `noticeDetail/{id}` or `emptyDetail?id={id}`. */
export function firstArticleId(pathname: string, search: string): string | null {
  const page = pathname.slice(PORTAL_PREFIX.length);
  const detail = /^\/noticeDetail\/([^/]+)$/.exec(page);
  if (detail) return decodeURIComponent(detail[1]!);
  if (page === '/emptyDetail') return new URLSearchParams(search).get('id') || null;
  return null;
}

export const isHomePath = (pathname: string) => {
  const page = pathname.slice(PORTAL_PREFIX.length);
  return page === '' || page === '/' || page === '/home';
};

/**
 * Starts the calls a portal page needs while its code is still loading, so the page does not
 * wait for its chunk and then for its data one after the other.
 */
export function prefetchPortalData(pathname: string) {
  const urls = ['/api/portal/site'];
  if (isHomePath(pathname)) urls.push('/api/portal/home');
  const id = firstArticleId(pathname, window.location.search);
  if (id) urls.push(`/api/portal/articles/${encodeURIComponent(id)}`);
  const lang = storedLocale();
  for (const url of urls) {
    const response = fetch(url, { headers: { 'accept-language': lang }, cache: 'no-cache' });
    // Nobody may take it (the page changed); an unclaimed failure must not be reported.
    response.catch(() => undefined);
    early.set(url, response);
  }
  const home = early.get('/api/portal/home');
  if (home) void preloadFirstCover(home);
}

/**
 * The first banner picture is the home page's largest paint: it starts downloading as soon as
 * the home call answers, not once React has rendered the carousel.
 */
async function preloadFirstCover(home: Promise<Response>) {
  try {
    const body = (await (await home).clone().json()) as Envelope<Pick<PortalHome, 'banner'>>;
    const cover = body.detail?.banner?.find((item) => item.coverUrl)?.coverUrl;
    if (!cover) return;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = cover;
    link.fetchPriority = 'high';
    document.head.append(link);
  } catch {
    // The page shows the banner without the head start.
  }
}

/** A call started by prefetchPortalData, handed out once. */
export function takePrefetched(url: string): Promise<Response> | undefined {
  const response = early.get(url);
  early.delete(url);
  return response;
}
