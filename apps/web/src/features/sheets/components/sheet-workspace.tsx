import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert, App, Button, Result, Spin, Tabs, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorMessage, type DocFile, type ErrorCode, type SheetInfo, type SheetPage } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import type { ProjectTarget } from '../../../lib/project-target';
import { useSheet } from '../api/get-sheet';
import { useSheetSignals } from '../api/get-signal-url';
import { useSheetFiles, type SheetFiles } from '../hooks/use-sheet-files';
import { useSheetSearch } from '../hooks/use-sheet-search';
import { sheetViewerPath, type SheetViewerTarget } from '../sheet-viewer-path';
import {
  ACTUAL_SIZE_ZOOM,
  ZOOM_MAX,
  ZOOM_MIN,
  fitZoom,
  readDeepLink,
  writeDeepLink,
  type Point,
  type Rotation,
  type SheetOverlayProps,
  type SheetViewState,
  type Viewport,
  type ZoomRequest,
} from '../sheet-view';
import { SheetCanvas, type SheetCanvasHandle } from './sheet-canvas';
import { SheetCompareView, readCompareLink, writeCompareLink, type CompareState } from './sheet-compare-view';
import { SheetErrorView } from './sheet-error-view';
import { filedHiddenLayers } from '../lib/sheet-source';
import { SheetLayersPanel } from './sheet-layers-panel';
import { SheetSearchHighlights } from './sheet-search-highlights';
import { SheetSearchPanel } from './sheet-search-panel';
import { SheetThumbnails } from './sheet-thumbnails';
import { SheetToolbar, type SheetToolbarActions } from './sheet-toolbar';
import { SheetTreePanel } from './sheet-tree-panel';
import './sheet-workspace.css';

/**
 * What the markups (features/markups) put into the workspace. The route composes them, as no
 * feature imports another: the tools above the sheet, the layer over it, the list beside it.
 */
export interface SheetMarkupSlots {
  tools?: ReactNode;
  overlay?: (overlay: SheetOverlayProps) => ReactNode;
  /** The list; `goTo` centres the view on a point of a page. */
  list?: (goTo: (page: number, center: Point) => void) => ReactNode;
  /** A markup is being drawn: the canvas leaves the pointer to it. */
  drawing?: boolean;
}

export interface SheetWorkspaceProps {
  target: ProjectTarget;
  /** The sheet on screen and where it sits (the route's parameters). */
  at: SheetViewerTarget;
  appName: string;
  /** The document list this file was opened from. */
  backTo: string;
  /** What the way back says, when it leads elsewhere than the document list. */
  backLabel?: string;
  headerExtra?: ReactNode;
  markups?: SheetMarkupSlots;
  /**
   * Where another file of the tree opens: the viewer's own route by default; a page that hosts the
   * viewer (the opinion form beside it) keeps its own path.
   */
  pathOf?: (at: SheetViewerTarget) => string;
}

const ZOOM_STEP = 1.25;
const URL_DEBOUNCE_MS = 400;
const clampZoom = (z: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, z));
const downloadOf = (sheet: SheetInfo | undefined) =>
  sheet && `${sheet.viewUrl}${sheet.viewUrl.includes('?') ? '&' : '?'}download=1`;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A key typed into a field is the field's, not the viewer's. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) &&
  // A radio or a check box (compare's mode switch) takes no text.
  !(target instanceof HTMLInputElement && ['radio', 'checkbox'].includes(target.type));

/** The whole page in sight, centred: how a page opens. */
const fitted = (page: SheetPage, rotation: Rotation, viewport: Viewport, fit: 'page' | 'width' = 'page') => ({
  page: page.index,
  rotation,
  zoom: clampZoom(fitZoom(page, rotation, viewport, fit)),
  center: [page.width / 2, page.height / 2] as Point,
});

/** Where the previous sheet sends the viewer: its last page. */
interface OpenState {
  page?: 'last';
}

/**
 * The drawing viewer (issue 18): a full-window workspace with the version's folder tree, the
 * pages, text search, layers and markups beside the sheet and the tools above it. The view
 * (page, zoom, centre, rotation) is the workspace's; the canvas paints it and reports pan and
 * zoom by hand. The address follows the view (`?page=&x=&y=&zoom=`), so a copied link or a
 * reload opens exactly there.
 */
export function SheetWorkspace(props: SheetWorkspaceProps) {
  const { target, at, appName, backTo, backLabel, headerExtra } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const files = useSheetFiles(target, at.versionId, at.category);
  const sheet = useSheet(target, at.fileId);
  useSheetSignals(target, at.fileId);
  const root = useRef<HTMLDivElement>(null);
  const [fullScreen, setFullScreen] = useState(false);
  const [filter, setFilter] = useState('');
  const [tab, setTab] = useState('tree');

  useEffect(() => {
    const onChange = () => setFullScreen(document.fullscreenElement === root.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggleFullScreen = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void root.current?.requestFullscreen().catch(() => undefined);
  }, []);

  const hostPath = props.pathOf;
  const pathOf = useCallback(
    (file: DocFile) => (hostPath ?? sheetViewerPath)({ ...at, folderId: file.folderId, fileId: file.id }),
    [at, hostPath],
  );
  const open = useCallback(
    (file: DocFile, state?: OpenState) => void navigate(pathOf(file), { state }),
    [navigate, pathOf],
  );
  const current = files.sheets.find((f) => f.id === at.fileId);
  const name = sheet.data?.name ?? current?.name ?? '';

  return (
    <div className="sheet-workspace" ref={root} data-testid="sheet-workspace">
      <header className="sheet-header">
        <Link to={backTo} className="sheet-back" data-testid="sheet-back">
          <ArrowLeftOutlined /> {backLabel ?? t('sheets.back')}
        </Link>
        <span className="sheet-app-name">{appName}</span>
        <h1 className="sheet-file-name" title={name} data-testid="sheet-file-name">
          {name}
        </h1>
        <div className="sheet-header-extra">{headerExtra}</div>
      </header>
      <div className="sheet-body">
        {sheet.isError ? (
          <main className="sheet-main">
            <Result
              status="error"
              title={<span role="alert">{t('sheets.loadFailed', { message: sheet.error.message })}</span>}
              extra={<Button onClick={() => void sheet.refetch()}>{t('sheets.retry')}</Button>}
            />
          </main>
        ) : !sheet.data ? (
          <main className="sheet-main sheet-main-loading">
            <Spin size="large" aria-label={t('sheets.title')} />
          </main>
        ) : (
          <SheetFileView
            key={at.fileId}
            {...props}
            sheet={sheet.data}
            files={files}
            tree={
              <SheetTreePanel
                files={files}
                currentId={at.fileId}
                filter={filter}
                onFilter={setFilter}
                pathOf={pathOf}
                onOpen={(file) => file.id !== at.fileId && open(file)}
              />
            }
            tab={tab}
            onTab={setTab}
            onOpen={open}
            fullScreen={fullScreen}
            onFullScreen={toggleFullScreen}
          />
        )}
      </div>
    </div>
  );
}

function SheetFileView({
  target,
  at,
  markups,
  sheet,
  files,
  tree,
  tab,
  onTab,
  onOpen,
  fullScreen,
  onFullScreen,
}: SheetWorkspaceProps & {
  sheet: SheetInfo;
  files: SheetFiles;
  tree: ReactNode;
  tab: string;
  onTab: (key: string) => void;
  onOpen: (file: DocFile, state?: OpenState) => void;
  fullScreen: boolean;
  onFullScreen: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const location = useLocation();
  const locale = currentLocale();
  const canvas = useRef<SheetCanvasHandle>(null);
  const stage = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState<Viewport | null>(null);
  const [view, setView] = useState<SheetViewState | null>(null);
  // While the page is fitted (on opening, or by the fit buttons), it stays fitted as the stage
  // changes size (the markup tools' row appears, the window or full screen changes); a zoom or
  // pan by hand ends that.
  const [fitMode, setFitMode] = useState<'page' | 'width' | null>(null);
  // The layers as the file has them until the reader changes one (a sheet still being prepared
  // learns its layers later).
  const [chosenHidden, setHiddenLayers] = useState<string[] | null>(null);
  const filedHidden = useMemo(() => filedHiddenLayers(sheet), [sheet]);
  const hiddenLayers = chosenHidden ?? filedHidden;
  const [canvasError, setCanvasError] = useState<'SHEET_ENCRYPTED' | 'SHEET_DAMAGED' | null>(null);
  const [markupsShown, setMarkupsShown] = useState(at.review);
  const [query, setQuery] = useState('');
  const [activeHit, setActiveHit] = useState(-1);
  // The address this file was opened with: a deep link, or the previous sheet's "last page".
  const [opening] = useState(() => ({
    link: readDeepLink(new URLSearchParams(location.search)),
    last: (location.state as OpenState | null)?.page === 'last',
  }));
  // Compare mode (this file the new side), restored from the address like the view.
  const [compareZoom, setCompareZoom] = useState<ZoomRequest>();
  const [compareZoomShown, setCompareZoomShown] = useState<number>();
  const [compare, setCompare] = useState<CompareState | null>(() =>
    readCompareLink(new URLSearchParams(location.search), opening.link.page ?? 0),
  );

  // The stage's size is the canvas's viewport; the view cannot be fitted before it is known.
  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      const { width, height } = entry!.contentRect;
      if (width > 0 && height > 0)
        setViewport((v) => (v && v.width === width && v.height === height ? v : { width, height }));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // A sheet still being prepared has no pages from the server yet: pdf.js tells their sizes.
  const [pdfPages, setPdfPages] = useState<SheetPage[]>([]);
  const pages = sheet.pages.length > 0 ? sheet.pages : pdfPages;
  const failed = sheet.state === 'FAILED' || canvasError !== null;
  // The first view once the page sizes and the viewport are known: the deep link's, else the page fitted.
  useEffect(() => {
    if (view || !viewport || pages.length === 0 || failed) return;
    const { link, last } = opening;
    const index = Math.min(pages.length - 1, Math.max(0, last ? pages.length - 1 : (link.page ?? 0)));
    const page = pages[index]!;
    const start = fitted(page, 0, viewport);
    setView({ ...start, zoom: link.zoom ?? start.zoom, center: link.center ?? start.center });
    setFitMode(link.zoom === undefined && link.center === undefined ? 'page' : null);
  }, [view, viewport, pages, failed, opening]);
  useEffect(() => {
    if (!fitMode || !viewport) return;
    setView((v) => {
      const shownPage = v && pages[v.page];
      if (!shownPage) return v;
      const next = fitted(shownPage, v.rotation, viewport, fitMode);
      return next.zoom === v.zoom && next.center[0] === v.center[0] && next.center[1] === v.center[1]
        ? v
        : next;
    });
  }, [fitMode, viewport, pages]);

  const page = view ? pages[view.page] : undefined;
  // Until the pages are known, the canvas opens the file with a view that only names the page.
  const shown: SheetViewState = view ?? {
    page: opening.link.page ?? 0,
    zoom: opening.link.zoom ?? 1,
    center: opening.link.center ?? [0, 0],
    rotation: 0,
  };
  const fileIndex = files.sheets.findIndex((f) => f.id === at.fileId);
  const nextFile = fileIndex >= 0 ? files.sheets[fileIndex + 1] : undefined;
  const prevFile = fileIndex > 0 ? files.sheets[fileIndex - 1] : undefined;
  const hasNext = (view !== null && view.page < pages.length - 1) || nextFile !== undefined;
  const hasPrev = (view !== null && view.page > 0) || prevFile !== undefined;

  const goToPage = (index: number) => {
    const target = pages[index];
    if (!target || !viewport) return;
    setView((v) => fitted(target, v?.rotation ?? 0, viewport));
    setFitMode('page');
  };
  const goTo = (index: number, center: Point) => {
    setView((v) => (v ? { ...v, page: index, center } : v));
    setFitMode(null);
  };
  const nextSheet = () => {
    if (view && view.page < pages.length - 1) goToPage(view.page + 1);
    else if (nextFile) onOpen(nextFile);
  };
  const prevSheet = () => {
    if (view && view.page > 0) goToPage(view.page - 1);
    else if (prevFile) onOpen(prevFile, { page: 'last' });
  };

  // PageDown / PageUp and ] / [ turn the sheets, anywhere but in a field. The listener stays;
  // what it calls is this render's.
  const turn = useRef({ nextSheet, prevSheet });
  useEffect(() => {
    turn.current = { nextSheet, prevSheet };
  });
  const toggleCompare = () =>
    setCompare((c) =>
      c
        ? null
        : { otherId: null, otherPage: view?.page ?? 0, page: view?.page ?? 0, mode: 'side', swapped: false },
    );
  const compareKeys = useRef({ toggleCompare, comparing: false });
  useEffect(() => {
    compareKeys.current = { toggleCompare, comparing: compare !== null };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || typing(event.target)) return;
      if (event.key === 'PageDown' || event.key === ']') turn.current.nextSheet();
      else if (event.key === 'PageUp' || event.key === '[') turn.current.prevSheet();
      else if (event.key === 'b' || event.key === 'B') compareKeys.current.toggleCompare();
      else if (event.key === 'Escape' && compareKeys.current.comparing) compareKeys.current.toggleCompare();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // The address follows the view and compare, a moment after they settle. The path is taken when
  // the view changes: the router changes the address before it unmounts this screen, and a timer
  // firing in between must not write the viewer's query onto the page the user went back to.
  useEffect(() => {
    if (!view) return;
    const path = window.location.pathname;
    const timer = setTimeout(() => {
      if (window.location.pathname !== path) return;
      const compared = compare ? `&${writeCompareLink(compare)}` : '';
      const url = `${path}?${hostQuery(window.location.search)}${writeDeepLink(view)}${compared}`;
      window.history.replaceState(window.history.state, '', url);
    }, URL_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [view, compare]);

  const search = useSheetSearch(target, sheet, query);
  const hit = search.hits[activeHit];
  const goToHit = (index: number) => {
    const found = search.hits[index];
    if (!found) return;
    setActiveHit(index);
    const [l, b, r, top] = found.box;
    goTo(found.page, [(l + r) / 2, (b + top) / 2]);
  };

  // Compare keeps its own view: the zoom buttons go to it while it is open.
  const toCompare = (to: ZoomRequest['to']) => setCompareZoom((last) => ({ seq: (last?.seq ?? 0) + 1, to }));
  const zoomBy = (factor: number) => {
    if (compare) return toCompare({ by: factor });
    setView((v) => v && { ...v, zoom: clampZoom(v.zoom * factor) });
    setFitMode(null);
  };
  const fit = (how: 'page' | 'width') => {
    if (compare) return toCompare(how);
    if (!page || !viewport) return;
    setView((v) => v && fitted(page, v.rotation, viewport, how));
    setFitMode(how);
  };
  const actions: SheetToolbarActions = {
    prevSheet,
    nextSheet,
    zoomIn: () => zoomBy(ZOOM_STEP),
    zoomOut: () => zoomBy(1 / ZOOM_STEP),
    fitWidth: () => fit('width'),
    fitPage: () => fit('page'),
    actualSize: () => {
      if (compare) return toCompare('actual');
      setView((v) => v && { ...v, zoom: ACTUAL_SIZE_ZOOM });
      setFitMode(null);
    },
    rotate: (by) =>
      setView((v) => {
        if (!v) return v;
        const rotation = ((((v.rotation + by) % 360) + 360) % 360) as Rotation;
        const shownPage = pages[v.page];
        // A fitted page stays fitted when it turns.
        return fitMode && shownPage && viewport
          ? fitted(shownPage, rotation, viewport, fitMode)
          : { ...v, rotation };
      }),
    fullScreen: onFullScreen,
    print: () =>
      void printView(canvas.current).catch((error: unknown) =>
        message.error(`${t('sheets.printFailed')}: ${messageOf(error)}`),
      ),
    copyLink: () => {
      if (!view) return;
      const url = `${window.location.origin}${window.location.pathname}?${writeDeepLink(view)}`;
      window.history.replaceState(window.history.state, '', url);
      navigator.clipboard
        .writeText(url)
        .then(() => message.success(t('sheets.linkCopied')))
        .catch(() => message.warning(t('sheets.linkCopyFailed')));
    },
    toggleMarkups: markups?.tools ? () => setMarkupsShown((shown) => !shown) : undefined,
    compare: toggleCompare,
  };

  const downloadUrl = downloadOf(sheet);
  let failure: { code: ErrorCode; text: string } | null = null;
  if (sheet.state === 'FAILED') {
    const code = `SHEET_${sheet.failure ?? 'DAMAGED'}` as ErrorCode;
    failure = { code, text: errorMessage(code, locale, { size: formatSize(sheet.size) }) };
  } else if (canvasError) failure = { code: canvasError, text: errorMessage(canvasError, locale) };

  const tabs = [
    { key: 'tree', label: t('sheets.treeTitle'), children: tree },
    {
      key: 'pages',
      label: t('sheets.pagesTitle'),
      children: <SheetThumbnails sheet={sheet} page={view?.page ?? 0} onPage={goToPage} />,
    },
    {
      key: 'search',
      label: t('sheets.searchTitle'),
      children: (
        <SheetSearchPanel
          query={query}
          onQuery={(value) => {
            setQuery(value);
            setActiveHit(-1);
          }}
          hits={search.hits}
          active={activeHit}
          onGo={goToHit}
          loading={search.loading}
          searchable={search.searchable}
          pending={search.pending}
        />
      ),
    },
    ...(sheet.layers.length > 0
      ? [
          {
            key: 'layers',
            label: t('sheets.layersTitle'),
            children: (
              <SheetLayersPanel layers={sheet.layers} hidden={hiddenLayers} onHidden={setHiddenLayers} />
            ),
          },
        ]
      : []),
    ...(markups?.list
      ? [{ key: 'markups', label: t('sheets.markupsTitle'), children: markups.list(goTo) }]
      : []),
  ];

  return (
    <>
      <aside className="sheet-sidebar" aria-label={t('sheets.treeTitle')}>
        <Tabs
          size="small"
          activeKey={tabs.some((x) => x.key === tab) ? tab : 'tree'}
          onChange={onTab}
          items={tabs.map((item) => ({
            ...item,
            children: <div className="sheet-panel">{item.children}</div>,
          }))}
          data-testid="sheet-sidebar-tabs"
        />
      </aside>
      <main className="sheet-main">
        <SheetToolbar
          actions={actions}
          // Compare keeps a view of its own: its zoom is what is on screen.
          zoom={compare ? compareZoomShown : view?.zoom}
          hasPrev={hasPrev}
          hasNext={hasNext}
          viewing={view !== null && !failure && !compare}
          zooming={view !== null && !failure}
          fullScreen={fullScreen}
          downloadUrl={downloadUrl}
          markupsShown={markupsShown}
          comparing={compare !== null}
          canCompare={!failure}
        />
        {!compare && markupsShown && markups?.tools && (
          <div className="sheet-markup-tools">{markups.tools}</div>
        )}
        {sheet.scripts && (
          <Alert type="warning" showIcon banner title={t('sheets.scripts')} data-testid="sheet-scripts" />
        )}
        <div className="sheet-stage" ref={stage} data-testid="sheet-stage">
          {compare && !failure ? (
            <SheetCompareView
              target={target}
              at={at}
              sheet={sheet}
              state={compare}
              onState={setCompare}
              onExit={() => setCompare(null)}
              zoomRequest={compareZoom}
              onZoom={setCompareZoomShown}
            />
          ) : failure ? (
            <SheetErrorView message={failure.text} code={failure.code} downloadUrl={downloadUrl} />
          ) : (
            viewport && (
              <SheetCanvas
                ref={canvas}
                sheet={sheet}
                view={shown}
                onViewChange={(next) => {
                  if (!view) return;
                  setView(next);
                  setFitMode(null);
                }}
                hiddenLayers={hiddenLayers}
                panDisabled={markups?.drawing ?? false}
                onViewport={(vp) =>
                  setViewport((v) => (v && v.width === vp.width && v.height === vp.height ? v : vp))
                }
                onError={setCanvasError}
                onPages={setPdfPages}
                ariaLabel={t('sheets.sheetArea', { name: sheet.name, page: shown.page + 1 })}
                overlay={(overlay) => (
                  <>
                    <SheetSearchHighlights overlay={overlay} hits={search.hits} active={hit} />
                    {markups?.overlay?.(overlay)}
                  </>
                )}
              />
            )
          )}
          {sheet.state === 'PENDING' && !failure && (
            <Typography.Text className="sheet-pending" role="status" data-testid="sheet-pending">
              {t('sheets.pending')}
            </Typography.Text>
          )}
        </div>
      </main>
    </>
  );
}

/** The view's and compare's own keys in the address; a hosting page's others are kept. */
const VIEW_KEYS = ['page', 'x', 'y', 'zoom', 'compare', 'comparePage', 'mode', 'swap'];
function hostQuery(search: string) {
  const kept = new URLSearchParams(search);
  for (const key of VIEW_KEYS) kept.delete(key);
  const rest = kept.toString();
  return rest ? `${rest}&` : '';
}

/** Bytes as people read them (the too-large message names the size). */
function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GB`;
}

/**
 * Prints what is on screen: the canvas's picture of the view, alone on the printed page (the
 * print style hides everything else while `sheet-printing` is set).
 */
async function printView(canvas: SheetCanvasHandle | null) {
  if (!canvas) return;
  const url = URL.createObjectURL(await canvas.capture());
  const holder = document.createElement('div');
  holder.className = 'sheet-print-sheet';
  const image = new Image();
  image.alt = '';
  image.src = url;
  holder.append(image);
  document.body.append(holder);
  const done = () => {
    document.documentElement.classList.remove('sheet-printing');
    holder.remove();
    URL.revokeObjectURL(url);
    window.removeEventListener('afterprint', done);
  };
  try {
    await image.decode();
  } catch (error) {
    done();
    throw error;
  }
  document.documentElement.classList.add('sheet-printing');
  window.addEventListener('afterprint', done);
  window.print();
}
