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
  type Point,
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
  /** `moved`: only the view changed since the last paint, so a pan may keep what is painted. */
  const repaint = useRef<(moved?: boolean) => void>(() => {});
  const painted = useRef<Painted | undefined>(undefined);
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
    // What a pan may keep of the canvas: same page, zoom, rotation, size and layers, no compare.
    const key =
      need && !otherNeed
        ? [fileId, view.page, view.zoom, view.rotation, width, height, dpr, need.hidden.join('\u0000')].join(
            '|',
          )
        : undefined;
    repaint.current = (moved = false) => {
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      if (!need) {
        ctx.fillStyle = BACKDROP;
        ctx.fillRect(0, 0, canvas.width, canvas.height);
        painted.current = undefined;
        return;
      }
      let status = source.status(need);
      const kept =
        moved && key !== undefined
          ? shiftPainted(ctx, canvas, painted.current, key, need, view.rotation)
          : undefined;
      if (kept) painted.current = kept.painted;
      if (kept && kept.strips.length > 0) {
        // Only the strips the pan uncovered are painted, for the view the kept pixels show.
        ctx.save();
        ctx.beginPath();
        for (const [x, y, w, h] of kept.strips) ctx.rect(x, y, w, h);
        ctx.clip();
        ctx.fillStyle = BACKDROP;
        ctx.fillRect(0, 0, canvas.width, canvas.height);
        source.paint(ctx, kept.need);
        ctx.restore();
      } else if (!kept) {
        ctx.fillStyle = BACKDROP;
        ctx.fillRect(0, 0, canvas.width, canvas.height);
        if (otherNeed && compareSource) {
          composeDifference(ctx, source, need, compareSource, otherNeed);
          const other = compareSource.status(otherNeed);
          status = { shown: status.shown && other.shown, sharp: status.sharp && other.sharp };
        } else source.paint(ctx, need);
        painted.current = key === undefined ? undefined : paintedAt(key, need);
      }
      callbacks.current.onPaint?.(status, view);
    };
    if (need) source.want(need);
    if (otherNeed) compareSource?.want(otherNeed);
    repaint.current(true);
  }, [
    source,
    compareSource,
    compare,
    filed,
    compareFiled,
    page,
    transform,
    view,
    viewport,
    hiddenLayers,
    fileId,
  ]);
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
        if (!on) {
          setFrozen(undefined);
          // A kept canvas may lie up to half a device pixel off; the end of a gesture paints it true.
          painted.current = undefined;
          requestPaint();
        } else if (transformRef.current)
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
    // By whole pixels: a layer moved by a fraction of a pixel is rasterised again each frame (500
    // markups: 47 fps at fit instead of 60 in the viewer benchmark); it lies true again when the
    // gesture ends.
    follow = {
      transform: `translate(${Math.round(tx)}px, ${Math.round(ty)}px) scale(${k})`,
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
 * What the canvas shows, for the next frame of a pan: the view's `key` (page, zoom, rotation,
 * size, layers), and where one page point lies on the canvas, in device pixels.
 */
interface Painted {
  key: string;
  point: Point;
  at: Point;
}

function paintedAt(key: string, need: SourceNeed): Painted {
  const point = need.transform.toPage([0, 0]);
  const [x, y] = need.transform.toScreen(point);
  return { key, point, at: [x * need.dpr, y * need.dpr] };
}

/**
 * A pan moves what is painted by whole device pixels (the canvas copied onto itself, which keeps
 * it sharp) and answers the uncovered strips, and the view the kept pixels show: within half a
 * device pixel of `need`'s, so the strips join them seamlessly. Without a GPU this costs a copy
 * and a sliver of tiles a frame, instead of every tile of the view. Undefined when nothing can be
 * kept (another zoom or size, the first paint, or a jump past the screen).
 */
function shiftPainted(
  ctx: CanvasRenderingContext2D,
  canvas: HTMLCanvasElement,
  last: Painted | undefined,
  key: string,
  need: SourceNeed,
  viewRotation: SheetViewState['rotation'],
): { strips: [number, number, number, number][]; need: SourceNeed; painted: Painted } | undefined {
  if (!last || last.key !== key) return undefined;
  const { transform, dpr, viewport, page } = need;
  const [sx, sy] = transform.toScreen(last.point);
  const exact: Point = [sx * dpr, sy * dpr];
  const dx = Math.round(exact[0] - last.at[0]);
  const dy = Math.round(exact[1] - last.at[1]);
  const { width, height } = canvas;
  if (Math.abs(dx) >= width / 2 || Math.abs(dy) >= height / 2) return undefined;
  const at: Point = [last.at[0] + dx, last.at[1] + dy];
  if (dx !== 0 || dy !== 0) ctx.drawImage(canvas, dx, dy);
  const strips: [number, number, number, number][] = [];
  if (dx > 0) strips.push([0, 0, dx, height]);
  if (dx < 0) strips.push([width + dx, 0, -dx, height]);
  if (dy > 0) strips.push([0, 0, width, dy]);
  if (dy < 0) strips.push([0, height + dy, width, -dy]);
  // The view whose screen is the exact one moved by the rounding, so the strips meet the kept pixels.
  const ex = (at[0] - exact[0]) / dpr;
  const ey = (at[1] - exact[1]) / dpr;
  const center = transform.toPage([viewport.width / 2 - ex, viewport.height / 2 - ey]);
  return {
    strips,
    need: {
      ...need,
      transform: sheetTransform(page, { zoom: transform.zoom, rotation: viewRotation, center }, viewport),
    },
    painted: { key, point: last.point, at },
  };
}

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
