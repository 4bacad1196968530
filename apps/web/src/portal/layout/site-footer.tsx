import type { PortalFooter } from '@drp/domain';
import { usePortalI18n } from '../i18n/portal-i18n';

/**
 * Sponsor, operator, contact and ICP number as the staff wrote them (`/api/portal/site`): each
 * is a whole line with its own label (主办单位：…), so none is added here.
 */
export function SiteFooter({ footer }: { footer: PortalFooter | undefined }) {
  const { t } = usePortalI18n();
  const lines = [footer?.sponsor, footer?.operator, footer?.contact].filter(Boolean);
  return (
    <footer className="portal-footer">
      <div className="portal-container">
        <p className="portal-footer-rows">
          {lines.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </p>
        {footer?.icp && (
          <p className="portal-footer-icp">
            <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
              {footer.icp}
              <span className="sr-only">{t('a11y.opensNew')}</span>
            </a>
          </p>
        )}
        <p className="portal-footer-copy">© {t('site.title')}</p>
      </div>
    </footer>
  );
}
