import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import type { SheetInfo, SheetPage } from '@drp/domain';
import { useSheetGestures } from '../hooks/use-sheet-gestures';
import { composeDifference } from '../lib/compare-compose';
import type { SheetOpenError } from '../lib/pdfjs-document';
import { SheetSource, filedHiddenLayers, type SourceNeed } from '../lib/sheet-source';
import {
  sheetTransform,
  type SheetOverlayProps,
  type SheetTransform,
  type SheetViewState,
  type Viewport,
} from '../sheet-view';

export interface SheetCanvasHandle {
  /** The current view as painted, for print: a PNG of the viewport. */
  capture(): Promise<Blob>;
  viewport(): Viewport;
}

export interface SheetCanvasProps {
  sheet: SheetInfo;
  view: SheetViewState;
  onViewChange(view: SheetViewState): void;
  /**
   * The layers (optional content groups) switched off; as the file has them when not given. Any
   * other choice than the file's is drawn by pdf.js.
   */
  hiddenLayers?: readonly string[];
  /**
   * Drawn above the sheet, in screen pixels from the transform (markups, search hits). The layer
   * holding it lets pointer events through; what must take them sets `pointer-events: auto`.
   */
  overlay?: (props: SheetOverlayProps) => ReactNode;
  /** When a tool of the overlay is active, the canvas does not pan on drag (the overlay takes the pointer). */
  panDisabled?: boolean;
  onViewport?(viewport: Viewport): void;
  ariaLabel: string;
  /** pdf.js could not open the file: the workspace shows the reason instead of the sheet. */
  onError?(code: SheetOpenError): void;
  /**
   * The pages as pdf.js reads them, for a sheet still being prepared (whose `pages` the server has
   * not filled yet): the workspace needs their sizes to fit the page.
   */
  onPages?(pages: SheetPage[]): void;
  /**
   * Compare as an overlay (used by SheetCompare): this other sheet's page is drawn with this
   * one, dark only here → red, only there → blue, in both → dark grey.
   */
  compare?: { sheet: SheetInfo; page: number };
  /**
   * After each paint: whether anything of the page is shown yet, and whether everything the view
   * needs is at the screen's resolution (the benchmark and tests wait on it).
   */
  onPaint?(status: { shown: boolean; sharp: boolean }, view: SheetViewState): void;
}

const EMPTY: readonly string[] = [];
const BACKDROP = '#e9ebee';

const rootStyle: CSSProperties = {
  position: 'relative',
  overflow: 'hidden',
  width: '100%',
  height: '100%',
  touchAction: 'none',
  userSelect: 'none',
  background: BACKDROP,
  cursor: 'grab',
};
const layerStyle: CSSProperties = { position: 'absolute', inset: 0 };

interface Frozen {
  transform: SheetTransform;
  overlay: SheetCanvasProps['overlay'];
}

/**
 * The drawing surface of the viewer: one canvas the size of the viewport painted by a
 * SheetSource (preview, tiles, or pdf.js's window) through the view's transform, and the
 * overlay's layer above it. During a drag, a pinch or a run of wheel turns the overlay is not
 * rendered again: its layer follows by a CSS transform from the view it was drawn for, and is
 * drawn anew when the gesture ends (500 SVG markups re-rendered per frame cost more than a frame).
 */
export const SheetCanvas = forwardRef<SheetCanvasHandle, SheetCanvasProps>(function SheetCanvas(props, ref) {
  const { sheet, view, overlay, panDisabled = false, compare } = props;
  const filed = useMemo(() => filedHiddenLayers(sheet), [sheet]);
  const compareFiled = useMemo(() => (compare ? filedHiddenLayers(compare.sheet) : EMPTY), [compare]);
  const hiddenLayers = props.hiddenLayers ?? filed;
  const rootRef = useRef<HTMLDivElement>(null);
  const surfaceRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState<Viewport>({ width: 0, height: 0 });
  const [pdfPages, setPdfPages] = useState<{ fileId: string; pages: SheetPage[] }>();
  const [frozen, setFrozen] = useState<Frozen>();

  const callbacks = useRef(props);
  useEffect(() => {
    callbacks.current = props;
  });

  const page: SheetPage | undefined =
    sheet.pages[view.page] ?? (pdfPages?.fileId === sheet.fileId ? pdfPages.pages[view.page] : undefined);
  const transform = useMemo(
    () => (page ? sheetTransform(page, view, viewport) : undefined),
    [page, view, viewport],
  );

  // The sources: this sheet, and the other one when comparing as an overlay.
  const [source, setSource] = useState<SheetSource>();
  const [compareSource, setCompareSource] = useState<SheetSource>();
  const repaint = useRef<() => void>(() => {});
  const frame = useRef(0);
  const requestPaint = useCallback(() => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      repaint.current();
    });
  }, []);
  const fileId = sheet.fileId;
  const compareFileId = compare?.sheet.fileId;
  useEffect(() => {
    const created = new SheetSource(callbacks.current.sheet, {
      changed: requestPaint,
      error: (code) => callbacks.current.onError?.(code),
      pages: (pages) => {
        setPdfPages({ fileId, pages });
        callbacks.current.onPages?.(pages);
      },
    });
    setSource(created);
    return () => created.dispose();
  }, [fileId, requestPaint]);
  useEffect(() => {
    const other = callbacks.current.compare?.sheet;
    if (!other) return;
    const created = new SheetSource(other, {
      changed: requestPaint,
      error: (code) => callbacks.current.onError?.(code),
      pages: () => {},
    });
    setCompareSource(created);
    return () => created.dispose();
  }, [compareFileId, requestPaint]);
  useEffect(() => source?.update(sheet), [source, sheet]);
  useEffect(() => {
    if (compare) compareSource?.update(compare.sheet);
  }, [compareSource, compare]);

  // The viewport follows the element's size.
  useLayoutEffect(() => {
    const el = rootRef.current;
    if (!el) return;
    const measure = () => {
      const next = { width: el.clientWidth, height: el.clientHeight };
      setViewport((old) => (old.width === next.width && old.height === next.height ? old : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    if (viewport.width > 0) callbacks.current.onViewport?.(viewport);
  }, [viewport]);

  // Painting: at once when the view changes (so canvas and overlay move in the same frame), and
  // on the next frame when imagery arrives.
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !source) return;
    const dpr = window.devicePixelRatio || 1;
    const width = Math.round(viewport.width * dpr);
    const height = Math.round(viewport.height * dpr);
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    const need: SourceNeed | undefined =
      page && transform && viewport.width > 0
        ? {
            pageIndex: view.page,
            page,
            transform,
            viewport,
            dpr,
            // Compare shows both sheets' layers as filed.
            hidden: compare ? filed : hiddenLayers,
          }
        : undefined;
    let otherNeed: SourceNeed | undefined;
    if (need && compare && compareSource) {
      const otherPage = compare.sheet.pages[compare.page];
      if (otherPage)
        otherNeed = {
          pageIndex: compare.page,
          page: otherPage,
          transform: sheetTransform(otherPage, view, viewport),
          viewport,
          dpr,
          hidden: compareFiled,
        };
    }
    repaint.current = () => {
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.fillStyle = BACKDROP;
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      if (!need) return;
      let status = source.status(need);
      if (otherNeed && compareSource) {
        composeDifference(ctx, source, need, compareSource, otherNeed);
        const other = compareSource.status(otherNeed);
        status = { shown: status.shown && other.shown, sharp: status.sharp && other.sharp };
      } else source.paint(ctx, need);
      callbacks.current.onPaint?.(status, view);
    };
    if (need) source.want(need);
    if (otherNeed) compareSource?.want(otherNeed);
    repaint.current();
  }, [source, compareSource, compare, filed, compareFiled, page, transform, view, viewport, hiddenLayers]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const transformRef = useRef(transform);
  useEffect(() => {
    transformRef.current = transform;
  });
  useSheetGestures(
    rootRef,
    surfaceRef,
    { page, view, viewport, panDisabled },
    {
      change: (next) => callbacks.current.onViewChange(next),
      active: (on) => {
        if (!on) setFrozen(undefined);
        else if (transformRef.current)
          setFrozen({ transform: transformRef.current, overlay: callbacks.current.overlay });
      },
    },
  );

  useImperativeHandle(
    ref,
    () => ({
      viewport: () => viewport,
      capture: () => capture(canvasRef.current, overlayRef.current),
    }),
    [viewport],
  );

  // The overlay: drawn for the current transform, or for the one a gesture started from.
  const stale = frozen && transform && frozen.transform.rotation === transform.rotation ? frozen : undefined;
  const overlayFn = stale ? stale.overlay : overlay;
  const overlayTransform = stale ? stale.transform : transform;
  const overlayNode = useMemo(
    () =>
      overlayFn && page && overlayTransform
        ? overlayFn({ page, transform: overlayTransform, viewport })
        : null,
    [overlayFn, page, overlayTransform, viewport],
  );
  let follow: CSSProperties | undefined;
  if (stale && transform && page) {
    // The similarity carrying the frozen screen onto the current one: same rotation, so a scale
    // and a shift, found from where one page point lands in each.
    const k = transform.zoom / stale.transform.zoom;
    const anchor = stale.transform.toPage([0, 0]);
    const [tx, ty] = transform.toScreen(anchor);
    follow = {
      transform: `translate(${tx}px, ${ty}px) scale(${k})`,
      transformOrigin: '0 0',
      willChange: 'transform',
    };
  }

  return (
    <div
      ref={rootRef}
      style={{ ...rootStyle, cursor: panDisabled ? 'default' : 'grab' }}
      data-testid="sheet-canvas"
    >
      <div ref={surfaceRef} role="application" aria-label={props.ariaLabel} tabIndex={0} style={layerStyle}>
        <canvas ref={canvasRef} aria-hidden style={{ display: 'block', width: '100%', height: '100%' }} />
      </div>
      <div
        ref={overlayRef}
        style={{ ...layerStyle, pointerEvents: 'none', ...follow }}
        data-testid="sheet-overlay"
      >
        {overlayNode}
      </div>
    </div>
  );
});

/**
 * A PNG of the viewport as painted, with the overlay's SVG drawn over it when the browser lets
 * a canvas read it back (else the sheet alone).
 */
async function capture(canvas: HTMLCanvasElement | null, overlay: HTMLDivElement | null): Promise<Blob> {
  if (!canvas) throw new Error('the sheet is not shown');
  const toBlob = (c: HTMLCanvasElement) =>
    new Promise<Blob>((resolve, reject) =>
      c.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('capture failed'))), 'image/png'),
    );
  const svgs = overlay ? [...overlay.querySelectorAll('svg')] : [];
  if (svgs.length === 0 || !overlay) return toBlob(canvas);
  const copy = document.createElement('canvas');
  copy.width = canvas.width;
  copy.height = canvas.height;
  const ctx = copy.getContext('2d')!;
  ctx.drawImage(canvas, 0, 0);
  const box = overlay.getBoundingClientRect();
  const scale = canvas.width / Math.max(1, box.width);
  try {
    for (const svg of svgs) {
      if (svg.parentElement?.closest('svg')) continue;
      const r = svg.getBoundingClientRect();
      const clone = svg.cloneNode(true) as SVGSVGElement;
      clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
      clone.setAttribute('width', String(r.width));
      clone.setAttribute('height', String(r.height));
      const url = URL.createObjectURL(
        new Blob([new XMLSerializer().serializeToString(clone)], { type: 'image/svg+xml' }),
      );
      try {
        const image = new Image();
        image.src = url;
        await image.decode();
        ctx.drawImage(
          image,
          (r.left - box.left) * scale,
          (r.top - box.top) * scale,
          r.width * scale,
          r.height * scale,
        );
      } finally {
        URL.revokeObjectURL(url);
      }
    }
    return await toBlob(copy);
  } catch {
    return toBlob(canvas);
  }
}
