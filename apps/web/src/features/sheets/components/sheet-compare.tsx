import { useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { SheetInfo } from '@drp/domain';
import { COMPARE_COLOURS } from '../lib/compare-compose';
import type { SheetOpenError } from '../lib/pdfjs-document';
import {
  ACTUAL_SIZE_ZOOM,
  ZOOM_MAX,
  ZOOM_MIN,
  fitZoom,
  type SheetViewState,
  type Viewport,
  type ZoomRequest,
} from '../sheet-view';
import { SheetCanvas } from './sheet-canvas';

export interface SheetCompareProps {
  left: SheetInfo;
  right: SheetInfo;
  leftPage: number;
  rightPage: number;
  mode: 'side' | 'overlay';
  labels: { left: string; right: string };
  /** Either file could not be opened by pdf.js. */
  onError?: (code: SheetOpenError) => void;
  /** The toolbar's zoom buttons, applied to compare's own view. */
  zoomRequest?: ZoomRequest;
  /** The zoom shown, for the toolbar's percentage. */
  onZoom?: (zoom: number) => void;
}

const rgb = (c: readonly number[]) => `rgb(${c.join(',')})`;
const pane: CSSProperties = {
  position: 'relative',
  flex: 1,
  minWidth: 0,
  minHeight: 0,
  display: 'flex',
  flexDirection: 'column',
};
const caption: CSSProperties = { padding: '4px 8px', fontSize: 13, lineHeight: '20px' };
const swatch = (colour: readonly number[]): CSSProperties => ({
  display: 'inline-block',
  width: 12,
  height: 12,
  marginInlineEnd: 6,
  verticalAlign: -1,
  background: rgb(colour),
});

/**
 * Two versions of a sheet. 'side': two canvases on one view (the same page-space centre and
 * zoom), so panning or zooming either moves both. 'overlay': one canvas drawing both, what only
 * the left (older) one has in red, what only the right (newer) one has in blue, what both have in
 * dark grey, with the legend. The view starts fitted to the left page.
 */
export function SheetCompare(props: SheetCompareProps): ReactNode {
  const { left, right, leftPage, rightPage, mode, labels, onError, zoomRequest, onZoom } = props;
  const [view, setView] = useState<SheetViewState>();
  const page = left.pages[leftPage] ?? right.pages[rightPage];
  const viewportRef = useRef<Viewport>(undefined);
  const fit = useCallback(
    (viewport: Viewport) => {
      viewportRef.current = viewport;
      setView((old) => {
        if (old?.page === leftPage || !page) return old;
        return {
          page: leftPage,
          rotation: 0,
          zoom: fitZoom(page, 0, viewport, 'page'),
          center: [page.width / 2, page.height / 2],
        };
      });
    },
    [leftPage, page],
  );
  // A press of the toolbar's zoom: the same steps as the single sheet's, around the centre.
  const applied = useRef(zoomRequest?.seq);
  useEffect(() => {
    if (!zoomRequest || zoomRequest.seq === applied.current) return;
    applied.current = zoomRequest.seq;
    const { to } = zoomRequest;
    setView((old) => {
      if (!old || !page) return old;
      const viewport = viewportRef.current;
      if (to === 'actual') return { ...old, zoom: ACTUAL_SIZE_ZOOM };
      if (to === 'page' || to === 'width') {
        if (!viewport) return old;
        return { ...old, zoom: fitZoom(page, 0, viewport, to), center: [page.width / 2, page.height / 2] };
      }
      return { ...old, zoom: Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, old.zoom * to.by)) };
    });
  }, [zoomRequest, page]);
  const zoomNow = view?.zoom;
  useEffect(() => {
    if (zoomNow !== undefined) onZoom?.(zoomNow);
  }, [zoomNow, onZoom]);

  // Both canvases index pages of their own file: the right one shows its own page on the same view.
  const shown = view ?? { page: leftPage, rotation: 0 as const, zoom: 0.1, center: [0, 0] as const };
  const rightView = { ...shown, page: rightPage };

  if (mode === 'overlay')
    return (
      <div style={{ ...pane, height: '100%' }} data-testid="sheet-compare-overlay">
        <div style={{ flex: 1, minHeight: 0 }}>
          <SheetCanvas
            sheet={left}
            view={shown}
            onViewChange={setView}
            onViewport={fit}
            onError={onError}
            compare={{ sheet: right, page: rightPage }}
            ariaLabel={`${labels.left} ↔ ${labels.right}`}
          />
        </div>
        <div style={caption} data-testid="sheet-compare-legend">
          <span style={{ marginInlineEnd: 16 }}>
            <span style={swatch(COMPARE_COLOURS.removed)} aria-hidden />
            {labels.left}
          </span>
          <span style={{ marginInlineEnd: 16 }}>
            <span style={swatch(COMPARE_COLOURS.added)} aria-hidden />
            {labels.right}
          </span>
        </div>
      </div>
    );

  return (
    <div style={{ display: 'flex', gap: 4, height: '100%' }} data-testid="sheet-compare-side">
      <div style={pane}>
        <div style={caption}>{labels.left}</div>
        <div style={{ flex: 1, minHeight: 0 }}>
          <SheetCanvas
            sheet={left}
            view={shown}
            onViewChange={setView}
            onViewport={fit}
            onError={onError}
            ariaLabel={labels.left}
          />
        </div>
      </div>
      <div style={pane}>
        <div style={caption}>{labels.right}</div>
        <div style={{ flex: 1, minHeight: 0 }}>
          <SheetCanvas
            sheet={right}
            view={rightView}
            onViewChange={(next) => setView({ ...next, page: leftPage })}
            onError={onError}
            ariaLabel={labels.right}
          />
        </div>
      </div>
    </div>
  );
}
