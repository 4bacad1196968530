import { useEffect } from 'react';
import { usePortalI18n } from '../i18n/portal-i18n';

/** The tab names the page first and the site after it, in the reader's language. */
export function useDocumentTitle(title: string | undefined) {
  const { t } = usePortalI18n();
  const site = t('site.title');
  useEffect(() => {
    document.title = title ? `${title} - ${site}` : site;
  }, [title, site]);
}
