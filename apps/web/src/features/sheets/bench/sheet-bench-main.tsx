import { useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { SheetInfo } from '@drp/domain';
import { SheetCanvas } from '../components/sheet-canvas';
import { tileLevel } from '../lib/tile-plan';
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
      // Clipped to the viewport, as the app's markup overlay is (features/markups/markup-overlay).
      style={{ position: 'absolute', inset: 0, overflow: 'hidden' }}
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
  page: NonNullable<SheetInfo['pages'][number]>;
  viewport(): Viewport;
  /** The next paint (of a view at `zoom`) showing `what`. */
  waitFor(what: keyof Status, zoom?: number): Promise<number>;
}

let control: Control | undefined;
/** Resolved by the first paint that shows anything of the page. */
let firstShown: ((at: number) => void) | undefined;
/** What the latest paint of ours showed. */
let lastStatus: Status | undefined;
// Every tile request stays countable (oursSettle counts them; the default buffer keeps 250).
performance.setResourceTimingBufferSize(100_000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function Bench({ sheet }: { sheet: SheetInfo }) {
  const [view, setView] = useState<SheetViewState>();
  const [viewport, setViewport] = useState<Viewport>();
  const [markups, setMarkups] = useState<Markup[]>([]);
  // A sheet still being prepared has no pages yet: pdf.js reads them (onPages).
  const [pdfPages, setPdfPages] = useState<SheetInfo['pages']>([]);
  const page = sheet.pages[0] ?? pdfPages[0];
  useEffect(() => {
    if (!viewport || !page) return;
    const waiters: { what: keyof Status; zoom?: number; start: number; resolve(ms: number): void }[] = [];
    (window as unknown as { benchPaint: (s: Status, v: SheetViewState) => void }).benchPaint = (
      status,
      painted,
    ) => {
      for (const w of [...waiters])
        if (status[w.what] && (w.zoom === undefined || w.zoom === painted.zoom)) {
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
      view: () => current ?? fitView(page, viewport),
      page,
      viewport: () => viewport,
      waitFor: (what, zoom) =>
        new Promise((resolve) => waiters.push({ what, zoom, start: performance.now(), resolve })),
    };
  }, [viewport, page]);
  const shown =
    view ??
    (viewport && page
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
      onPages={setPdfPages}
      onPaint={(status, painted) => {
        lastStatus = status;
        if (status.shown) firstShown?.(performance.now());
        (window as unknown as { benchPaint?: (s: Status, v: SheetViewState) => void }).benchPaint?.(
          status,
          painted,
        );
      }}
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
  async oursFirstPaint(infoUrl: string, headers: Record<string, string>, asPending = false) {
    const start = performance.now();
    const answer = (await (await fetch(infoUrl, { headers })).json()) as { detail: SheetInfo };
    const info = performance.now() - start;
    // As the viewer opens a sheet still being prepared: pdf.js, pages read from the file.
    const sheet: SheetInfo = asPending ? { ...answer.detail, state: 'PENDING', pages: [] } : answer.detail;
    const shown = new Promise<number>((resolve) => (firstShown = resolve));
    createRoot(document.getElementById('root')!).render(<Bench sheet={sheet} />);
    await shown;
    const preview = performance.getEntriesByType('resource').find((e) => e.name.includes('/preview/')) as
      PerformanceResourceTiming | undefined;
    return {
      total: performance.now() - start,
      info,
      preview: preview ? preview.responseEnd - preview.startTime : NaN,
      previewBytes: preview?.encodedBodySize ?? NaN,
    };
  },
  /**
   * Until ours is done with the view it shows: sharp, no tile answer for 400 ms, then an idle
   * moment. Stock pdf.js's zoomed window is timed from the end of its first render, and a reader
   * zooms after looking at the sheet, not while its first view still loads.
   */
  async oursSettle() {
    while (!lastStatus?.sharp) await sleep(50);
    let answered = -1;
    for (;;) {
      const now = performance.getEntriesByType('resource').length;
      if (now === answered) break;
      answered = now;
      await sleep(400);
    }
    await new Promise((resolve) => requestIdleCallback(resolve));
  },
  /** Ours, a sharp window at `factor` × the fit-width zoom around the page point (x, y). */
  async oursZoom(factor: number, x: number, y: number) {
    const c = control!;
    const zoom = fitView(c.page, c.viewport()).zoom * factor;
    const start = performance.now();
    const sharp = c.waitFor('sharp', zoom);
    c.setView({ page: 0, rotation: 0, zoom, center: [x, y] });
    await sharp;
    const total = performance.now() - start;
    // The tile requests the zoom made, each for one or more tiles (`…/tiles/{page}/{z}?at=`).
    const requests = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/tiles/') && e.startTime >= start) as PerformanceResourceTiming[];
    const times = requests.map((t) => t.responseEnd - t.startTime).sort((a, b) => a - b);
    const ms = (n: number) => n.toFixed(0);
    return {
      total,
      requests: requests.length,
      tiles: requests.reduce(
        (n, r) => n + (new URL(r.name).searchParams.get('at')?.split('.').length ?? 0),
        0,
      ),
      requestMedian: times[Math.floor(times.length / 2)] ?? NaN,
      lastReceived: Math.max(...requests.map((t) => t.responseEnd)) - start,
      // Each request: asked at, queued, waited for the first byte, downloaded; its size.
      timeline: requests
        .map(
          (t) =>
            `${ms(t.startTime - start)}+${ms(t.requestStart - t.startTime)}q+${ms(t.responseStart - t.requestStart)}w` +
            `+${ms(t.responseEnd - t.responseStart)}d/${ms(t.encodedBodySize / 1024)}k`,
        )
        .join(' '),
      level: tileLevel(zoom, window.devicePixelRatio || 1).z,
      need: zoom * (window.devicePixelRatio || 1),
    };
  },
  async oursMarkups(n: number, zoomFactor: number) {
    const c = control!;
    c.setMarkups(n);
    const v = c.view();
    const zoom = v.zoom * zoomFactor;
    const sharp = c.waitFor('sharp', zoom);
    c.setView({ ...v, zoom });
    await sharp;
  },
  /**
   * The overlay compare of the sheet with itself: the time to the first paint of both, and the
   * colours of the result (all ink in both: grey, none red or blue).
   */
  async oursCompare(infoUrl: string, headers: Record<string, string>) {
    const start = performance.now();
    const { detail: sheet } = (await (await fetch(infoUrl, { headers })).json()) as { detail: SheetInfo };
    const page = sheet.pages[0]!;
    const view = fitView(page, { width: window.innerWidth, height: window.innerHeight });
    const shown = new Promise<void>((resolve) => (firstShown = () => resolve()));
    createRoot(document.getElementById('root')!).render(
      <SheetCanvas
        sheet={sheet}
        view={view}
        onViewChange={() => {}}
        compare={{ sheet, page: 0 }}
        onPaint={(status) => status.shown && firstShown?.(performance.now())}
        ariaLabel="compare"
      />,
    );
    await shown;
    const total = performance.now() - start;
    const canvas = document.querySelector('canvas')!;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    const counts = { grey: 0, red: 0, blue: 0 };
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      if (r > 150 && g < 110 && b < 110) counts.red++;
      else if (b > 150 && r < 110) counts.blue++;
      else if (r < 200 && Math.abs(r - g) < 12 && Math.abs(g - b) < 12) counts.grey++;
    }
    return { total, ...counts };
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
