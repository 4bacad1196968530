import { useTranslation } from 'react-i18next';
import { PdfPages } from '../../../components/pdf-pages';

/** The report's pages, drawn in the page from its signed link (components/pdf-pages). */
export function ReportPages({ url, pages }: { url: string; pages: number }) {
  const { t } = useTranslation();
  return (
    <div data-pages={pages}>
      <PdfPages
        source={url}
        testId="report-pages"
        pageLabel={t('reports.pageLabel', { page: '{page}', total: '{total}' })}
        failedText={t('reports.pdfFailed')}
      />
    </div>
  );
}
