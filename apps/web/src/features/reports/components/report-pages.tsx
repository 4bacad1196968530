import { useEffect, useRef, useState } from 'react';
import { Alert, Spin } from 'antd';
import { AnnotationMode, getDocument } from 'pdfjs-dist';
import { useTranslation } from 'react-i18next';
import { pdfjsOptions } from '../../../lib/pdfjs-options';
import './report-pages.css';

/**
 * The report's pages drawn by pdf.js from its signed link, one canvas per A4 page at the column's
 * width: the report reads in the page without the browser's own PDF plug-in (which kiosks and
 * some government desktops switch off). Nothing inside the PDF runs (no scripting, no XFA).
 */
export function ReportPages({ url, pages }: { url: string; pages: number }) {
  const { t } = useTranslation();
  const holder = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    const task = getDocument({ ...pdfjsOptions, url });
    let cancelled = false;
    setState('loading');
    void task.promise
      .then(async (document) => {
        const box = holder.current;
        if (!box) return;
        box.replaceChildren();
        const width = Math.max(320, box.clientWidth);
        for (let n = 1; n <= document.numPages && !cancelled; n++) {
          const page = await document.getPage(n);
          const base = page.getViewport({ scale: 1 });
          const viewport = page.getViewport({ scale: (width / base.width) * (window.devicePixelRatio || 1) });
          const canvas = window.document.createElement('canvas');
          canvas.width = Math.ceil(viewport.width);
          canvas.height = Math.ceil(viewport.height);
          canvas.className = 'report-page';
          canvas.setAttribute('role', 'img');
          canvas.setAttribute('aria-label', t('reports.pageLabel', { page: n, total: document.numPages }));
          box.append(canvas);
          await page.render({ canvas, viewport, annotationMode: AnnotationMode.DISABLE, background: 'white' })
            .promise;
        }
        if (!cancelled) setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [url, t]);
  return (
    <div data-testid="report-pages" data-state={state} data-pages={pages}>
      {state === 'loading' && <Spin />}
      {state === 'failed' && <Alert type="warning" showIcon title={t('reports.pdfFailed')} />}
      <div ref={holder} className="report-pages" />
    </div>
  );
}
