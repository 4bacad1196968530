import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { Outlet, useMatches, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SessionProvider } from '../features/auth/hooks/session-provider';
import { useSession } from '../features/auth/hooks/session-context';
import { loginPathFor } from '../features/auth/components/login-path-for';
import { HandoverGate } from '../features/auth/components/handover-gate';
import { usePlatformConfig } from '../features/platform/api/get-platform-config';
import { setUnauthorizedHandler } from '../lib/http';
import type { RouteHandle } from './route-handle';

/** Spec §8: a 401 on any call but sign-in says the session expired and returns to sign-in. */
function UnauthorizedHandler() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const session = useSession();
  const handling = useRef(false);
  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (handling.current) return;
      handling.current = true;
      const target = loginPathFor(window.location);
      session.clear();
      void message.error(t('guard.expired'));
      void navigate(target, { replace: true });
      setTimeout(() => (handling.current = false), 1000);
    });
  }, [message, navigate, session, t]);
  return null;
}

/**
 * The browser tab names the page, then the platform: each route declares its screen's title in
 * its handle (router.tsx), the deepest one wins, so no page sets the title by itself.
 */
function DocumentTitle() {
  const config = usePlatformConfig();
  const { t, i18n } = useTranslation();
  const key = useMatches()
    .map((m) => (m.handle as RouteHandle | undefined)?.title)
    .filter(Boolean)
    .pop();
  const page = key && i18n.exists(key) ? t(key) : undefined;
  const site = config.data?.title;
  useEffect(() => {
    const title = [page, site].filter(Boolean).join(' - ');
    if (title) document.title = title;
  }, [page, site]);
  return null;
}

export function RootLayout() {
  return (
    <SessionProvider>
      <UnauthorizedHandler />
      <DocumentTitle />
      <HandoverGate>
        <Outlet />
      </HandoverGate>
    </SessionProvider>
  );
}
