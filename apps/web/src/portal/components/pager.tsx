import { Link } from 'react-router';
import { PAGE_SIZE } from '../api/portal-queries';
import { usePortalI18n } from '../i18n/portal-i18n';
import { usePageHref } from './use-list-filters';

/** Page numbers around the current one, with the first and last always reachable. */
function pageWindow(current: number, pages: number): (number | null)[] {
  const shown = new Set([0, pages - 1, current - 1, current, current + 1].filter((p) => p >= 0 && p < pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push(null);
    out.push(p);
  });
  return out;
}

/**
 * Links, not buttons: every page of a list has its own URL. `browsable` is how many of the
 * `total` rows may be paged through, where a list stops short of its end (the review record).
 */
export function Pager({
  page,
  total,
  browsable = total,
}: {
  page: number;
  total: number;
  browsable?: number;
}) {
  const { t } = usePortalI18n();
  const href = usePageHref();
  const pages = Math.max(1, Math.ceil(browsable / PAGE_SIZE));
  return (
    <nav className="portal-pager" aria-label={t('pager.label')}>
      <span className="portal-pager-total">{t('list.total', { total })}</span>
      <ul>
        <li>
          {page > 0 ? (
            <Link to={href(page - 1)} rel="prev">
              {t('pager.previous')}
            </Link>
          ) : (
            <span className="portal-pager-disabled">{t('pager.previous')}</span>
          )}
        </li>
        {pageWindow(Math.min(page, pages - 1), pages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span className="portal-pager-current" aria-current="page">
                  <span className="sr-only">{t('pager.page', { page: p + 1 })}</span>
                  <span aria-hidden="true">{p + 1}</span>
                </span>
              ) : (
                <Link to={href(p)} aria-label={t('pager.page', { page: p + 1 })}>
                  {p + 1}
                </Link>
              )}
            </li>
          ),
        )}
        <li>
          {page < pages - 1 ? (
            <Link to={href(page + 1)} rel="next">
              {t('pager.next')}
            </Link>
          ) : (
            <span className="portal-pager-disabled">{t('pager.next')}</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
