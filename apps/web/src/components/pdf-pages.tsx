import { useEffect, useRef, useState } from 'react';
import { Alert, Spin } from 'antd';
import { AnnotationMode, getDocument } from 'pdfjs-dist';
import { pdfjsOptions } from '../lib/pdfjs-options';
import './pdf-pages.css';

/**
 * A generated PDF's pages (an opinion report, an answer letter) drawn by pdf.js, one canvas per A4
 * page at the column's width: it reads in the page without the browser's own PDF plug-in (which
 * kiosks and some government desktops switch off). Nothing inside the PDF runs (no scripting, no
 * XFA). `source` is a link that opens without the session, or the bytes already fetched.
 */
export function PdfPages({
  source,
  testId,
  pageLabel,
  failedText,
}: {
  source: string | Uint8Array;
  testId: string;
  /** Each page's accessible name, with `{page}` and `{total}` where the numbers go. */
  pageLabel: string;
  failedText: string;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    // pdf.js takes over the bytes it is given: a copy keeps the caller's intact for a redraw.
    const task = getDocument(
      typeof source === 'string'
        ? { ...pdfjsOptions, url: source }
        : { ...pdfjsOptions, data: source.slice() },
    );
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
          canvas.setAttribute(
            'aria-label',
            pageLabel.replace('{page}', String(n)).replace('{total}', String(document.numPages)),
          );
          box.append(canvas);
          // ENABLE draws the annotations' own appearances on the canvas: a signed document's seals
          // are signature widgets, and a page without them would not be the page that was signed.
          await page.render({ canvas, viewport, annotationMode: AnnotationMode.ENABLE, background: 'white' })
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
    // Drawn again in another language (the label changes), not on every render.
  }, [source, pageLabel]);
  return (
    <div data-testid={testId} data-state={state}>
      {state === 'loading' && <Spin />}
      {state === 'failed' && <Alert type="warning" showIcon title={failedText} />}
      <div ref={holder} className="report-pages" />
    </div>
  );
}
