import { useEffect, useRef, type RefObject } from 'react';
import type { SheetPage } from '@drp/domain';
import type { Point, SheetViewState, Viewport } from '../sheet-view';
import { panBy, zoomAround } from '../lib/view-math';

interface GestureState {
  page: Pick<SheetPage, 'width' | 'height' | 'rotation'> | undefined;
  view: SheetViewState;
  viewport: Viewport;
  panDisabled: boolean;
}

export interface GestureCallbacks {
  change(view: SheetViewState): void;
  /** A drag, pinch or run of wheel turns starts or ends (the overlay is moved by CSS meanwhile). */
  active(on: boolean): void;
}

/** A run of wheel events ends when none came for this long. */
const WHEEL_IDLE_MS = 150;
const KEY_ZOOM = 1.25;

/**
 * Drag to pan (pointer capture), wheel to zoom around the cursor (a trackpad's pinch arrives as
 * ctrl+wheel, zoomed faster), two-finger pinch and pan, and the keys (+ − and arrows) when the
 * surface has focus. The latest props are read through a ref, and the view each gesture step
 * starts from is the last one it emitted, so fast events do not wait for the parent's render.
 */
export function useSheetGestures(
  root: RefObject<HTMLElement | null>,
  surface: RefObject<HTMLElement | null>,
  state: GestureState,
  callbacks: GestureCallbacks,
) {
  const latest = useRef({ state, callbacks });
  const live = useRef<SheetViewState>(state.view);
  useEffect(() => {
    latest.current = { state, callbacks };
    live.current = state.view;
  });

  useEffect(() => {
    const el = root.current;
    const focusable = surface.current;
    if (!el || !focusable) return;
    const pointers = new Map<number, Point>();
    let start: { view: SheetViewState; points: Point[] } | undefined;
    let wheelTimer: ReturnType<typeof setTimeout> | undefined;
    let active = false;

    const emit = (view: SheetViewState) => {
      live.current = view;
      latest.current.callbacks.change(view);
    };
    const setActive = (on: boolean) => {
      if (on === active) return;
      active = on;
      latest.current.callbacks.active(on);
    };
    const local = (e: { clientX: number; clientY: number }): Point => {
      const r = el.getBoundingClientRect();
      return [e.clientX - r.left, e.clientY - r.top];
    };
    const restart = () => {
      const points = [...pointers.values()];
      start = points.length > 0 ? { view: live.current, points } : undefined;
    };

    const down = (e: PointerEvent) => {
      const { state: s } = latest.current;
      if (!s.page || s.panDisabled || (e.pointerType === 'mouse' && e.button !== 0)) return;
      if (pointers.size >= 2) return;
      focusable.focus({ preventScroll: true });
      el.setPointerCapture(e.pointerId);
      pointers.set(e.pointerId, local(e));
      restart();
      setActive(true);
      e.preventDefault();
    };
    const move = (e: PointerEvent) => {
      if (!pointers.has(e.pointerId) || !start) return;
      pointers.set(e.pointerId, local(e));
      const { page, viewport } = latest.current.state;
      if (!page) return;
      const points = [...pointers.values()];
      if (points.length === 1 || start.points.length === 1) {
        const [p] = points;
        const [q] = start.points;
        emit(panBy(page, start.view, viewport, p![0] - q![0], p![1] - q![1]));
      } else {
        const [a, b] = points as [Point, Point];
        const [a0, b0] = start.points as [Point, Point];
        const dist = Math.hypot(a[0] - b[0], a[1] - b[1]);
        const dist0 = Math.max(1, Math.hypot(a0[0] - b0[0], a0[1] - b0[1]));
        const mid: Point = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
        const mid0: Point = [(a0[0] + b0[0]) / 2, (a0[1] + b0[1]) / 2];
        emit(zoomAround(page, start.view, viewport, start.view.zoom * (dist / dist0), mid0, mid));
      }
    };
    const up = (e: PointerEvent) => {
      if (!pointers.delete(e.pointerId)) return;
      if (el.hasPointerCapture(e.pointerId)) el.releasePointerCapture(e.pointerId);
      restart();
      if (pointers.size === 0) setActive(false);
    };
    const wheel = (e: WheelEvent) => {
      const { page, viewport } = latest.current.state;
      if (!page) return;
      e.preventDefault();
      const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? viewport.height : 1;
      // Ctrl+wheel is a trackpad's pinch: small deltas, so a steeper curve.
      const factor = Math.exp(-e.deltaY * unit * (e.ctrlKey ? 0.01 : 0.0015));
      setActive(true);
      clearTimeout(wheelTimer);
      wheelTimer = setTimeout(() => setActive(false), WHEEL_IDLE_MS);
      const at = local(e);
      emit(zoomAround(page, live.current, viewport, live.current.zoom * factor, at));
    };
    const key = (e: KeyboardEvent) => {
      const { page, viewport } = latest.current.state;
      if (!page || e.altKey || e.metaKey || e.ctrlKey) return;
      const centre: Point = [viewport.width / 2, viewport.height / 2];
      const step = (e.shiftKey ? 0.5 : 0.1) * Math.min(viewport.width, viewport.height);
      const view = live.current;
      let next: SheetViewState | undefined;
      if (e.key === '+' || e.key === '=')
        next = zoomAround(page, view, viewport, view.zoom * KEY_ZOOM, centre);
      else if (e.key === '-' || e.key === '_')
        next = zoomAround(page, view, viewport, view.zoom / KEY_ZOOM, centre);
      else if (e.key === 'ArrowLeft') next = panBy(page, view, viewport, step, 0);
      else if (e.key === 'ArrowRight') next = panBy(page, view, viewport, -step, 0);
      else if (e.key === 'ArrowUp') next = panBy(page, view, viewport, 0, step);
      else if (e.key === 'ArrowDown') next = panBy(page, view, viewport, 0, -step);
      if (!next) return;
      e.preventDefault();
      emit(next);
    };

    el.addEventListener('pointerdown', down);
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', up);
    el.addEventListener('wheel', wheel, { passive: false });
    focusable.addEventListener('keydown', key);
    return () => {
      clearTimeout(wheelTimer);
      el.removeEventListener('pointerdown', down);
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      el.removeEventListener('pointercancel', up);
      el.removeEventListener('wheel', wheel);
      focusable.removeEventListener('keydown', key);
    };
  }, [root, surface]);
}
