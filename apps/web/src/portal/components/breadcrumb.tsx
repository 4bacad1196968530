import { Link } from 'react-router';
import { usePortalI18n } from '../i18n/portal-i18n';
import { PORTAL_HOME } from '../portal-paths';

export interface Crumb {
  label: string;
  to?: string;
}

/** 当前位置：首页 › … (the last crumb is the page itself). */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  const { t } = usePortalI18n();
  const all: Crumb[] = [{ label: t('menu.home'), to: PORTAL_HOME }, ...items];
  return (
    <nav className="portal-breadcrumb" aria-label={t('a11y.breadcrumb')}>
      <ol>
        {all.map((crumb, i) => {
          const last = i === all.length - 1;
          return (
            <li key={`${crumb.label}-${i}`}>
              {crumb.to && !last ? (
                <Link to={crumb.to}>{crumb.label}</Link>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{crumb.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
