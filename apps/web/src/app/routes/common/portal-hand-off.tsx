import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { FullPageSpin } from '../../../components/full-page-spin';

/**
 * `/sys_out_sys/*` or the public review record (`/common/reviewInfoSearch/*`) reached inside
 * the app (sign-in returning to a forum topic, /common/index): the portal is its own bundle, so
 * the browser loads the page afresh and main.tsx starts the portal. A fresh load of such a path never reaches the app, so this cannot loop.
 */
export function PortalHandOff() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.replace(`${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return <FullPageSpin />;
}
