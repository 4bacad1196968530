import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { siteQuery } from '../api/portal-queries';
import { sessionToken } from '../api/portal-http';
import { usePortalI18n } from '../i18n/portal-i18n';
import { PORTAL_HOME } from '../portal-paths';
import { LinkTabs } from './link-tabs';
import { PortalMenu } from './portal-menu';
import { SiteFooter } from './site-footer';

function TopBar() {
  const { t, locale, setLocale } = usePortalI18n();
  const signedIn = Boolean(sessionToken());
  const other = locale === 'zh-CN' ? 'en-US' : 'zh-CN';
  return (
    <div className="portal-topbar">
      <div className="portal-container portal-topbar-inner">
        <span className="portal-topbar-welcome">
          {t('site.welcome')} {t('site.title')}
        </span>
        <div className="portal-topbar-actions">
          <button
            type="button"
            className="portal-topbar-link"
            lang={other}
            onClick={() => setLocale(other)}
            title={t('lang.switchLabel')}
            data-testid="portal-lang"
          >
            {t('lang.switch')}
          </button>
          {/* The app is its own bundle: a plain link, a full page load. Signing in from here
              leads to the user's work area, as from the sign-in page itself. */}
          {signedIn ? (
            <a className="portal-topbar-link" href="/common/index" data-testid="portal-enter-app">
              {t('auth.enterApp')}
            </a>
          ) : (
            <a className="portal-topbar-link" href="/sys_sso/login" data-testid="portal-login">
              {t('auth.login')}
            </a>
          )}
        </div>
      </div>
    </div>
  );
}

function SiteHeader() {
  const { t } = usePortalI18n();
  return (
    <div className="portal-header">
      <div className="portal-container portal-header-inner">
        <Link to={PORTAL_HOME} className="portal-brand">
          <img src="/logo.svg" alt="" width="52" height="52" />
          <span className="portal-brand-text">
            <span className="portal-brand-title">{t('site.title')}</span>
            <span className="portal-brand-tagline">{t('site.tagline')}</span>
          </span>
        </Link>
      </div>
    </div>
  );
}

/**
 * Every portal page (spec §1): skip link, top bar (language, sign-in), banner header, the top
 * menu, the page, the link lists and the footer. A new page moves focus to its main region so a
 * screen reader starts there, as after a full page load.
 */
export function PortalLayout() {
  const { t } = usePortalI18n();
  const site = useQuery(siteQuery);
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <>
      <a
        className="portal-skip"
        href="#portal-main"
        onClick={(e) => {
          // Focus without a hash in the URL, which the router would take for a new location.
          e.preventDefault();
          main.current?.focus();
        }}
      >
        {t('a11y.skip')}
      </a>
      <header className="portal-masthead">
        <TopBar />
        <SiteHeader />
        <PortalMenu />
      </header>
      <main id="portal-main" ref={main} tabIndex={-1} className="portal-main">
        <div className="portal-container">
          <Outlet />
        </div>
      </main>
      <LinkTabs links={site.data?.links ?? []} />
      <SiteFooter footer={site.data?.footer} />
      <ScrollRestoration />
    </>
  );
}
