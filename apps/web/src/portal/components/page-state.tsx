import { Link } from 'react-router';
import { usePortalI18n } from '../i18n/portal-i18n';
import { PORTAL_HOME } from '../portal-paths';

/** Shown while a page's content loads; it keeps the room the content will take. */
export function Loading({ lines = 6 }: { lines?: number }) {
  const { t } = usePortalI18n();
  return (
    <div className="portal-loading" role="status" aria-live="polite">
      <span className="sr-only">{t('list.loading')}</span>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="portal-skeleton-line" aria-hidden="true" />
      ))}
    </div>
  );
}

export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = usePortalI18n();
  return (
    <div className="portal-error" role="alert">
      <p>{t('list.error')}</p>
      <button type="button" className="portal-button" onClick={onRetry}>
        {t('list.retry')}
      </button>
    </div>
  );
}

/** A draft, a withdrawn or a made-up id: the API answers 404 and the reader gets a way home. */
export function NotFoundContent() {
  const { t } = usePortalI18n();
  return (
    <section
      className="portal-not-found"
      data-testid="portal-not-found"
      aria-labelledby="portal-not-found-title"
    >
      <svg className="portal-not-found-icon" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
        <circle cx="32" cy="32" r="30" fill="#e8f0fb" />
        <path d="M22 20h16l6 6v18H22z" fill="#fff" stroke="#1f5fbf" strokeWidth="2" />
        <path d="M27 33l10 6m0-6l-10 6" stroke="#c0392b" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <h1 id="portal-not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link className="portal-button portal-button-primary" to={PORTAL_HOME}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}
