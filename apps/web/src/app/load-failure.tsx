import { useEffect } from 'react';
import { Navigate, useRouteError } from 'react-router';
import { currentLocale } from '../config/i18n';
import { NOT_FOUND_PATH, isRecordNotFound } from '../lib/not-found';

/**
 * A screen's code that cannot load (the network dropped, or a new release replaced the files
 * under an open tab) would otherwise end on the router's developer page: say so and offer a
 * reload, as main.tsx does when the app itself cannot load.
 */
export function LoadFailure() {
  const error = useRouteError();
  const notFound = isRecordNotFound(error);
  useEffect(() => {
    if (!notFound) console.error(error);
  }, [error, notFound]);
  // A read found no record for the page (lib/not-found): the one 404 page, as for an unknown path.
  if (notFound) return <Navigate to={NOT_FOUND_PATH} replace />;
  const english = currentLocale() === 'en-US';
  return (
    <p
      role="alert"
      style={{ margin: '30vh auto 0', textAlign: 'center', font: '16px/1.6 sans-serif', color: '#1f2937' }}
    >
      {english ? 'The page could not be loaded. ' : '页面加载失败，'}
      <a href={window.location.href}>{english ? 'Reload' : '请刷新重试'}</a>
    </p>
  );
}

/** What index.html shows until the app renders, kept while the first page's screens load. */
export function StartupLogo() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', paddingTop: '30vh' }}>
      <img src="/logo.svg" alt="" width={48} height={48} />
    </div>
  );
}
