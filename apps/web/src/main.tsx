import type { Envelope, PlatformConfig } from '@drp/domain';
import { PORTAL_HOME, isPortalPath } from './portal/portal-paths';
import { TOKEN_KEY, prefetchPortalData } from './portal/portal-prefetch';
import { pendingHandoverCode, takeHandoverCodeFromUrl } from './lib/handover-code';
import { loadLanguage, storedLocale } from './config/languages/load-language';

/**
 * The entry only chooses a bundle: the public portal (React, the router, TanStack Query and its
 * own CSS, no antd) for `/sys_out_sys/*`, the signed-in app for every other path. Each is a
 * dynamic import, so neither downloads the other; moving between them is a full page load.
 */

function startPortal(pathname: string) {
  prefetchPortalData(pathname);
  return import('./portal/portal-main');
}

/**
 * `/` and `/common/index` open the portal for an anonymous visitor when the platform title names
 * the province (spec §2), decided here so that visitor never downloads the app. A signed-in tab
 * (or one handed a `?token=` code) goes to the app, whose index page sends it to its area.
 */
async function portalFirstForVisitor(): Promise<boolean> {
  if (sessionStorage.getItem(TOKEN_KEY) || pendingHandoverCode() !== null) return false;
  try {
    const response = await fetch('/api/platform/config');
    if (!response.ok) return false;
    const body = (await response.json()) as Envelope<PlatformConfig>;
    return body.detail.portalFirst === true;
  } catch {
    return false;
  }
}

async function start() {
  // A hand-over code leaves the address bar before the first request (lib/handover-code).
  takeHandoverCodeFromUrl();
  const { pathname } = window.location;
  if (isPortalPath(pathname)) return startPortal(pathname);
  if ((pathname === '/' || pathname === '/common/index') && (await portalFirstForVisitor())) {
    window.history.replaceState(null, '', PORTAL_HOME);
    return startPortal(PORTAL_HOME);
  }
  // The app waits for its texts: fetch them beside its code, not after it (a failure shows when
  // app-main awaits the same import).
  loadLanguage(storedLocale()).catch(() => undefined);
  const app = await import('./app/app-main');
  return app.startApp();
}

/**
 * A chunk that cannot load (the network dropped, or a new release replaced the files under an
 * open tab) would leave a blank page: say so and offer a reload.
 */
function showLoadFailure() {
  const root = document.getElementById('root');
  if (!root) return;
  const english = localStorage.getItem('drp.locale') === 'en-US';
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.style.cssText = 'margin:30vh auto 0;text-align:center;font:16px/1.6 sans-serif;color:#1f2937';
  message.textContent = english ? 'The page could not be loaded. ' : '页面加载失败，';
  const reload = document.createElement('a');
  reload.href = window.location.href;
  reload.textContent = english ? 'Reload' : '请刷新重试';
  message.append(reload);
  root.replaceChildren(message);
}

start().catch(showLoadFailure);
