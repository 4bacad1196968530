import { useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { SheetInfo } from '@drp/domain';
import { SheetCanvas } from '../components/sheet-canvas';
import { fitZoom, type SheetOverlayProps, type SheetViewState, type Viewport } from '../sheet-view';

/**
 * The viewer benchmark's page (apps/web/vite.bench.config.ts; driven by
 * apps/server/src/bench/bench-viewer.ts through `window.bench`): our engine (SheetCanvas) and
 * stock pdf.js on the same file, in the same browser, one after the other.
 */

interface Markup {
  kind: 'rect' | 'ellipse' | 'line' | 'text';
  x: number;
  y: number;
  w: number;
  h: number;
}

/** `n` markups spread over the page, the same every run. */
function syntheticMarkups(n: number, width: number, height: number): Markup[] {
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const kinds = ['rect', 'ellipse', 'line', 'text'] as const;
  return Array.from({ length: n }, (_, i) => ({
    kind: kinds[i % 4]!,
    x: random() * width,
    y: random() * height,
    w: 20 + random() * 120,
    h: 20 + random() * 80,
  }));
}

function MarkupLayer({ markups, transform, viewport }: SheetOverlayProps & { markups: Markup[] }): ReactNode {
  const k = transform.zoom;
  return (
    <svg
      width={viewport.width}
      height={viewport.height}
      style={{ position: 'absolute', inset: 0, overflow: 'visible' }}
    >
      {markups.map((m, i) => {
        const [x, y] = transform.toScreen([m.x, m.y]);
        if (m.kind === 'rect')
          return (
            <rect
              key={i}
              x={x}
              y={y}
              width={m.w * k}
              height={m.h * k}
              fill="none"
              stroke="#d4380d"
              strokeWidth={2}
            />
          );
        if (m.kind === 'ellipse')
          return (
            <ellipse
              key={i}
              cx={x}
              cy={y}
              rx={m.w * k}
              ry={m.h * k * 0.5}
              fill="none"
              stroke="#1677ff"
              strokeWidth={2}
            />
          );
        if (m.kind === 'line') {
          const [x2, y2] = transform.toScreen([m.x + m.w, m.y + m.h]);
          return <line key={i} x1={x} y1={y} x2={x2} y2={y2} stroke="#389e0d" strokeWidth={2} />;
        }
        return (
          <text key={i} x={x} y={y} fontSize={12} fill="#d4380d">
            意见 {i}
          </text>
        );
      })}
    </svg>
  );
}

type Status = { shown: boolean; sharp: boolean };
interface Control {
  setView(view: SheetViewState): void;
  setMarkups(n: number): void;
  view(): SheetViewState;
  viewport(): Viewport;
  waitFor(what: keyof Status): Promise<number>;
}

let control: Control | undefined;
const controlReady: { resolve?: (c: Control) => void } = {};

function Bench({ sheet }: { sheet: SheetInfo }) {
  const [view, setView] = useState<SheetViewState>();
  const [viewport, setViewport] = useState<Viewport>();
  const [markups, setMarkups] = useState<Markup[]>([]);
  const page = sheet.pages[0]!;
  useEffect(() => {
    if (!viewport) return;
    const waiters: { what: keyof Status; start: number; resolve(ms: number): void }[] = [];
    (window as unknown as { benchPaint: (s: Status) => void }).benchPaint = (status) => {
      for (const w of [...waiters])
        if (status[w.what]) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(performance.now() - w.start);
        }
    };
    let current: SheetViewState | undefined;
    control = {
      setView: (v) => {
        current = v;
        setView(v);
      },
      setMarkups: (n) => setMarkups(syntheticMarkups(n, page.width, page.height)),
      view: () => current!,
      viewport: () => viewport,
      waitFor: (what) => new Promise((resolve) => waiters.push({ what, start: performance.now(), resolve })),
    };
    controlReady.resolve?.(control);
  }, [viewport, page]);
  const shown =
    view ??
    (viewport
      ? fitView(page, viewport)
      : { page: 0, zoom: 0.1, center: [0, 0] as const, rotation: 0 as const });
  return (
    <SheetCanvas
      sheet={sheet}
      view={shown}
      onViewChange={(v) => {
        control?.setView(v);
      }}
      onViewport={setViewport}
      onPaint={(status) => (window as unknown as { benchPaint?: (s: Status) => void }).benchPaint?.(status)}
      overlay={markups.length > 0 ? (props) => <MarkupLayer {...props} markups={markups} /> : undefined}
      ariaLabel="bench"
    />
  );
}

const fitView = (page: SheetInfo['pages'][number], viewport: Viewport): SheetViewState => ({
  page: 0,
  rotation: 0,
  zoom: fitZoom(page, 0, viewport, 'width', 0),
  center: [page.width / 2, page.height / 2],
});

const api = {
  /** Ours, first readable paint: from asking for the sheet to the preview on screen. */
  async oursFirstPaint(infoUrl: string, headers: Record<string, string>) {
    const start = performance.now();
    const answer = (await (await fetch(infoUrl, { headers })).json()) as { detail: SheetInfo };
    const ready = new Promise<Control>((resolve) => (controlReady.resolve = resolve));
    createRoot(document.getElementById('root')!).render(<Bench sheet={answer.detail} />);
    const c = await ready;
    await c.waitFor('shown');
    return performance.now() - start;
  },
  /** Ours, a sharp window at `factor` × the fit-width zoom around the page point (x, y). */
  async oursZoom(factor: number, x: number, y: number) {
    const c = control!;
    const fit = c.view() ?? undefined;
    const base = fit?.zoom ?? 0;
    const start = performance.now();
    const sharp = c.waitFor('sharp');
    c.setView({ page: 0, rotation: 0, zoom: base * factor, center: [x, y] });
    await sharp;
    return performance.now() - start;
  },
  oursFit() {
    const c = control!;
    c.setView(c.view());
  },
  async oursMarkups(n: number, zoomFactor: number) {
    const c = control!;
    c.setMarkups(n);
    const v = c.view();
    c.setView({ ...v, zoom: v.zoom * zoomFactor });
    await c.waitFor('sharp');
  },
  /** Frames painted while `run` goes on: count and the longest gap, from requestAnimationFrame. */
  frames() {
    const stamps: number[] = [];
    let on = true;
    const tick = (t: number) => {
      stamps.push(t);
      if (on) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    return () => {
      on = false;
      const gaps = stamps.slice(1).map((t, i) => t - stamps[i]!);
      const seconds = (stamps.at(-1)! - stamps[0]!) / 1000;
      return { frames: stamps.length - 1, seconds, longest: Math.max(...gaps) };
    };
  },
  /**
   * Stock pdf.js as its viewer renders: the whole page at fit-to-`width`, then (operator list
   * cached) a `width`×`height` window at `factor` × that zoom around the page point (x, y).
   */
  async stock(url: string, width: number, height: number, factor: number, x: number, y: number) {
    const start = performance.now();
    const pdfjs = await import('pdfjs-dist');
    const { default: workerUrl } = await import('pdfjs-dist/build/pdf.worker.min.mjs?url');
    pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
    const task = pdfjs.getDocument({
      url,
      cMapUrl: '/pdfjs/cmaps/',
      standardFontDataUrl: '/pdfjs/standard_fonts/',
      wasmUrl: '/pdfjs/wasm/',
    });
    const doc = await task.promise;
    const page = await doc.getPage(1);
    const scale = width / page.view[2]!;
    const fit = page.getViewport({ scale });
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(fit.width);
    canvas.height = Math.ceil(fit.height);
    document.body.append(canvas);
    await page.render({ canvas, viewport: fit }).promise;
    const firstPaint = performance.now() - start;
    const zoomed = scale * factor;
    const detail = document.createElement('canvas');
    detail.width = width;
    detail.height = height;
    const pageHeight = page.view[3]! - page.view[1]!;
    const windowViewport = page.getViewport({
      scale: zoomed,
      offsetX: -(x * zoomed - width / 2),
      offsetY: -((pageHeight - y) * zoomed - height / 2),
    });
    const t1 = performance.now();
    await page.render({ canvas: detail, viewport: windowViewport }).promise;
    const window8 = performance.now() - t1;
    await task.destroy();
    return { firstPaint, window8 };
  },
};

(window as unknown as { bench: typeof api }).bench = api;
