import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKUP_STAMPS, type Markup, type MarkupKind } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import type { MarkupOverlayView } from '../overlay-view';
import type { MarkupSession, MarkupTool } from '../hooks/use-markups';
import { CalibrationModal } from './calibration-modal';
import { MarkupTextModal } from './markup-text-modal';
import { clampToPage, movePoints, screenMatrix, zoomStep, type Pt } from './markup-geometry';
import { MarkupShape, type ShapeData } from './markup-shape';

/** How a tool takes its points. */
const DRAG_TOOLS = new Set<MarkupTool>([
  'RECT',
  'ELLIPSE',
  'CLOUD',
  'TEXT',
  'STAMP',
  'ARROW',
  'DISTANCE',
  'CALIBRATE',
]);
const CLICK_TOOLS = new Set<MarkupTool>(['POLYLINE', 'AREA']);
/** A drag shorter than this (screen pixels) is a click. */
const CLICK_PX = 4;
/** The box a click sets for a stamp or a text, in screen pixels. */
const DEFAULT_BOX: Pt = [160, 48];

interface Draft {
  tool: MarkupTool;
  points: Pt[];
  /** Where the pointer is (the next point of a polyline, the far corner of a drag). */
  cursor: Pt;
  /** A drag under way; a callout waits for its box after the tip. */
  phase: 'drag' | 'click' | 'tip' | 'box';
}

interface Edit {
  id: string;
  /** The handle dragged, or the whole shape. */
  handle: number | null;
  from: Pt;
  start: Pt[];
  points: Pt[];
}

const near = (a: Pt, b: Pt, zoom: number) => Math.hypot(a[0] - b[0], a[1] - b[1]) * zoom < CLICK_PX;

/** Drops points a double click repeats. */
function distinct(points: Pt[], zoom: number) {
  return points.filter((p, i) => i === 0 || !near(p, points[i - 1]!, zoom));
}

/**
 * The markups of the page shown, over the sheet: one SVG the size of the viewport, with one group
 * whose matrix is the sheet's transform, so everything is drawn in page space and stays put at any
 * zoom and rotation. With a drawing tool the SVG takes the pointer (and keeps it from the canvas);
 * otherwise only the shapes do, so the canvas below pans wherever there is no markup.
 */
export function MarkupOverlay({ session, overlay }: { session: MarkupSession; overlay: MarkupOverlayView }) {
  const { t } = useTranslation();
  const { page, transform, viewport } = overlay;
  const { setPage } = session;
  const svgRef = useRef<SVGSVGElement>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [edit, setEdit] = useState<Edit | null>(null);
  const [prompt, setPrompt] = useState<{ kind: 'TEXT' | 'CALLOUT'; points: Pt[] } | null>(null);
  const [calibrating, setCalibrating] = useState<Pt[] | null>(null);

  useEffect(() => setPage(page.index), [setPage, page.index]);
  // Another tool, page or file drops what was being drawn.
  const tool = session.tool;
  useEffect(() => setDraft(null), [tool, page.index, session.fileId]);

  const zoom = transform.zoom;
  const step = zoomStep(zoom);
  const locale = currentLocale();
  const uncalibrated = t('markups.uncalibrated');
  const onPage = useMemo(
    () => session.visible.filter((m) => m.page === page.index),
    [session.visible, page.index],
  );
  const selected = session.selected?.page === page.index ? session.selected : undefined;

  const pagePoint = (event: { clientX: number; clientY: number }): Pt => {
    const rect = svgRef.current!.getBoundingClientRect();
    const p = transform.toPage([event.clientX - rect.left, event.clientY - rect.top]);
    return clampToPage(p, page.width, page.height);
  };

  const finish = (kind: MarkupTool, points: Pt[]) => {
    setDraft(null);
    if (kind === 'CALIBRATE') setCalibrating(points);
    else if (kind === 'TEXT' || kind === 'CALLOUT') setPrompt({ kind, points });
    else void session.create({ page: page.index, kind, points });
  };

  /** A click (no drag) places a stamp or a text box of a usual size; other shapes need a drag. */
  const dragged = (kind: MarkupTool, a: Pt, b: Pt): Pt[] | null => {
    if (!near(a, b, zoom)) return [a, b];
    if (kind !== 'STAMP' && kind !== 'TEXT') return null;
    const [sx, sy] = transform.toScreen(a);
    const far = transform.toPage([sx + DEFAULT_BOX[0], sy + DEFAULT_BOX[1]]);
    return [a, clampToPage(far, page.width, page.height)];
  };

  const finishClicks = (current: Draft) => {
    const points = distinct(current.points, zoom);
    const min = current.tool === 'AREA' ? 3 : 2;
    if (points.length >= min) finish(current.tool, points);
    else setDraft(null);
  };

  const onPointerDown = useEffectEvent((event: PointerEvent) => {
    if (event.button !== 0) return;
    const target = event.target as Element;
    const p = pagePoint(event);
    if (session.drawing && tool) {
      event.stopPropagation();
      event.preventDefault();
      svgRef.current?.setPointerCapture(event.pointerId);
      if (DRAG_TOOLS.has(tool)) setDraft({ tool, points: [p], cursor: p, phase: 'drag' });
      else if (CLICK_TOOLS.has(tool))
        setDraft((old) =>
          old && old.tool === tool
            ? { ...old, points: [...old.points, p], cursor: p }
            : { tool, points: [p], cursor: p, phase: 'click' },
        );
      else if (tool === 'CALLOUT')
        setDraft((old) =>
          old?.tool === 'CALLOUT' && old.phase === 'tip'
            ? { ...old, points: [old.points[0]!, p], cursor: p, phase: 'box' }
            : { tool, points: [p], cursor: p, phase: 'tip' },
        );
      return;
    }
    const handle = target.closest('[data-handle]');
    const shape = target.closest('[data-markup-id]');
    const id = (handle ?? shape)?.getAttribute(handle ? 'data-handle-of' : 'data-markup-id');
    const markup = id ? onPage.find((m) => m.id === id) : undefined;
    if (!markup) return;
    event.stopPropagation();
    event.preventDefault();
    if (session.selectedId !== markup.id) session.select(markup.id);
    if (!markup.can.edit) return;
    svgRef.current?.setPointerCapture(event.pointerId);
    const points = markup.points.map(([x, y]): Pt => [x, y]);
    setEdit({
      id: markup.id,
      handle: handle ? Number(handle.getAttribute('data-handle')) : null,
      from: p,
      start: points,
      points,
    });
  });

  const onPointerMove = useEffectEvent((event: PointerEvent) => {
    if (draft) {
      const p = pagePoint(event);
      setDraft({ ...draft, cursor: p });
    } else if (edit) {
      const p = pagePoint(event);
      const points =
        edit.handle === null
          ? movePoints(edit.start, p[0] - edit.from[0], p[1] - edit.from[1], page.width, page.height)
          : edit.start.map((q, i): Pt => (i === edit.handle ? p : q));
      setEdit({ ...edit, points });
    }
  });

  const onPointerUp = useEffectEvent((event: PointerEvent) => {
    if (draft?.phase === 'drag') {
      const points = dragged(draft.tool, draft.points[0]!, pagePoint(event));
      if (points) finish(draft.tool, points);
      else setDraft(null);
    } else if (draft?.phase === 'box') {
      const c2 = pagePoint(event);
      const box = dragged('TEXT', draft.points[1]!, c2);
      if (box) finish('CALLOUT', [draft.points[0]!, box[0]!, box[1]!]);
    } else if (edit) {
      const markup = onPage.find((m) => m.id === edit.id);
      const moved = edit.points.some((p, i) => !near(p, edit.start[i]!, zoom));
      // The list shows the new points at once (optimistic), so the preview can go now.
      if (markup && moved) void session.update(markup, { points: edit.points });
      setEdit(null);
    }
  });

  const onDoubleClick = useEffectEvent((event: MouseEvent) => {
    if (draft?.phase === 'click') {
      event.stopPropagation();
      finishClicks(draft);
    }
  });

  /** Enter finishes a polyline or area, Escape drops what is being drawn (before the toolbar's keys). */
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (!draft || prompt || calibrating) return;
    if (event.key === 'Escape') {
      event.stopImmediatePropagation();
      setDraft(null);
    } else if (event.key === 'Enter' && draft.phase === 'click') {
      event.stopImmediatePropagation();
      event.preventDefault();
      finishClicks(draft);
    }
  });

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const down = (e: PointerEvent) => onPointerDown(e);
    const move = (e: PointerEvent) => onPointerMove(e);
    const up = (e: PointerEvent) => onPointerUp(e);
    const dbl = (e: MouseEvent) => onDoubleClick(e);
    const key = (e: KeyboardEvent) => onKeyDown(e);
    svg.addEventListener('pointerdown', down);
    svg.addEventListener('pointermove', move);
    svg.addEventListener('pointerup', up);
    svg.addEventListener('pointercancel', up);
    svg.addEventListener('dblclick', dbl);
    window.addEventListener('keydown', key, true);
    return () => {
      svg.removeEventListener('pointerdown', down);
      svg.removeEventListener('pointermove', move);
      svg.removeEventListener('pointerup', up);
      svg.removeEventListener('pointercancel', up);
      svg.removeEventListener('dblclick', dbl);
      window.removeEventListener('keydown', key, true);
    };
  }, []);

  const interactive = !session.drawing;
  const stampLabel = (m: Markup) => (m.stamp ? MARKUP_STAMPS[m.stamp][locale] : undefined);
  const draftShape = draft && draftData(draft, session);

  return (
    <>
      <svg
        ref={svgRef}
        className="markup-overlay"
        data-testid="markup-overlay"
        data-page={page.index}
        aria-hidden="true"
        width={viewport.width}
        height={viewport.height}
        style={{
          position: 'absolute',
          inset: 0,
          overflow: 'hidden',
          pointerEvents: session.drawing ? 'all' : 'none',
          cursor: session.drawing ? 'crosshair' : undefined,
          touchAction: session.drawing ? 'none' : undefined,
          userSelect: 'none',
        }}
      >
        <g transform={screenMatrix(transform)}>
          {onPage.map((m) => (
            <MarkupShape
              key={m.id}
              shape={edit?.id === m.id ? { ...m, points: edit.points } : m}
              zoom={step}
              selected={m.id === session.selectedId}
              interactive={interactive}
              stampLabel={stampLabel(m)}
              uncalibratedLabel={uncalibrated}
            />
          ))}
          {draftShape && (
            <MarkupShape
              shape={draftShape}
              zoom={step}
              selected={false}
              interactive={false}
              stampLabel={
                draftShape.kind === 'STAMP' ? MARKUP_STAMPS[session.style.stamp][locale] : undefined
              }
              uncalibratedLabel={uncalibrated}
            />
          )}
          {selected?.can.edit && interactive && (
            <Handles
              id={selected.id}
              points={edit?.id === selected.id ? edit.points : selected.points}
              zoom={zoom}
            />
          )}
        </g>
      </svg>
      <MarkupTextModal
        kind={prompt?.kind ?? null}
        onCancel={() => setPrompt(null)}
        onOk={(text) => {
          if (prompt)
            void session.create({ page: page.index, kind: prompt.kind, points: prompt.points, text });
          setPrompt(null);
        }}
      />
      <CalibrationModal
        points={calibrating}
        onCancel={() => setCalibrating(null)}
        onOk={(calibration) => {
          session.setCalibration(calibration);
          session.setTool(null);
          setCalibrating(null);
        }}
      />
    </>
  );
}

/** What is being drawn, as a shape: the points so far and where the pointer is. */
function draftData(draft: Draft, session: MarkupSession): ShapeData {
  const kind: MarkupKind = draft.tool === 'CALIBRATE' ? 'DISTANCE' : draft.tool;
  let points: Pt[];
  if (draft.phase === 'tip') points = [draft.points[0]!, draft.cursor, draft.cursor];
  else if (draft.phase === 'box') points = [draft.points[0]!, draft.points[1]!, draft.cursor];
  else points = [...draft.points, draft.cursor];
  return {
    id: 'draft',
    kind,
    points,
    text: '',
    color: draft.tool === 'CALIBRATE' ? '#1677ff' : session.style.color,
    strokeWidth: session.style.strokeWidth,
    calibration: draft.tool === 'CALIBRATE' ? null : session.calibration,
  };
}

/** Squares at the selected markup's points, a constant size on screen, to drag one point. */
function Handles({ id, points, zoom }: { id: string; points: readonly Pt[]; zoom: number }) {
  const size = 9 / zoom;
  return (
    <g className="markup-handles">
      {points.map(([x, y], i) => (
        <rect
          key={i}
          data-handle={i}
          data-handle-of={id}
          x={x - size / 2}
          y={y - size / 2}
          width={size}
          height={size}
          fill="#fff"
          stroke="#1677ff"
          strokeWidth={1.5 / zoom}
          pointerEvents="all"
          style={{ cursor: 'move' }}
        />
      ))}
    </g>
  );
}
