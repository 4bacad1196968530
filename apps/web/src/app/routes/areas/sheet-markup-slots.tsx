import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ZOOM_MIN, writeDeepLink } from '../../../features/sheets/sheet-view';
import type { Markup, SheetInfo } from '@drp/domain';
import type { ProjectTarget } from '../../../lib/project-target';
import { FullPageSpin } from '../../../components/full-page-spin';
import { useMarkups, type MarkupSession } from '../../../features/markups/hooks/use-markups';
import { MarkupList } from '../../../features/markups/components/markup-list';
import { MarkupOverlay } from '../../../features/markups/components/markup-overlay';
import { MarkupTools } from '../../../features/markups/components/markup-tools';
import { useSheet } from '../../../features/sheets/api/get-sheet';
import {
  SheetWorkspace,
  type SheetMarkupSlots,
  type SheetWorkspaceProps,
} from '../../../features/sheets/components/sheet-workspace';

/** Where the view goes for a markup: the middle of its points. */
const centreOf = (m: Markup): [number, number] => {
  const xs = m.points.map((p) => p[0]);
  const ys = m.points.map((p) => p[1]);
  return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
};

/**
 * A zoom that shows the markup with room around it, guessed from the window (the viewer's stage
 * is the window less its side panel and toolbars), at most 8 px a point.
 */
const framingZoom = (m: Markup) => {
  const xs = m.points.map((p) => p[0]);
  const ys = m.points.map((p) => p[1]);
  const width = Math.max(40, Math.max(...xs) - Math.min(...xs));
  const height = Math.max(40, Math.max(...ys) - Math.min(...ys));
  const stageWidth = Math.max(200, window.innerWidth - 360);
  const stageHeight = Math.max(200, window.innerHeight - 160);
  return Math.min(8, Math.max(ZOOM_MIN, Math.min(stageWidth / (width * 3), stageHeight / (height * 3))));
};

/** The markups of one file in the viewer's slots, with the session the slots share. */
export function useSheetMarkupSession(
  target: ProjectTarget,
  fileId: string,
  sheet: SheetInfo | undefined,
): { slots: SheetMarkupSlots; session: MarkupSession } {
  const session = useMarkups(target, fileId, sheet);
  return {
    session,
    slots: {
      tools: <MarkupTools session={session} />,
      overlay: (overlay) => <MarkupOverlay session={session} overlay={overlay} />,
      list: (goTo) => <MarkupList session={session} onGoTo={(m) => goTo(m.page, centreOf(m))} />,
      drawing: session.drawing,
    },
  };
}

/**
 * The markups of one file in the viewer's slots. It lives in app/ because it joins two features
 * (sheets hosts, markups draws), which do not import each other.
 */
export function useSheetMarkupSlots(
  target: ProjectTarget,
  fileId: string,
  sheet: SheetInfo | undefined,
): SheetMarkupSlots {
  return useSheetMarkupSession(target, fileId, sheet).slots;
}

/**
 * `?markup={id}` (an opinion's region): once the markups are read, the address becomes the
 * viewer's own deep link to that markup's page and middle, framed, and the markup is selected. A
 * markup the reader cannot see leaves the page the link names. Until then the viewer waits, since
 * it reads its deep link once, when the file opens.
 */
export function useMarkupFocus(session: MarkupSession) {
  const location = useLocation();
  const navigate = useNavigate();
  const held: unknown = location.state;
  const wanted = new URLSearchParams(location.search).get('markup');
  const { loading, markups, select } = session;
  useEffect(() => {
    if (!wanted || loading) return;
    const params = new URLSearchParams(location.search);
    params.delete('markup');
    const found = markups.find((m) => m.id === wanted);
    if (found) {
      for (const key of ['page', 'x', 'y', 'zoom']) params.delete(key);
      const view = writeDeepLink({
        page: found.page,
        center: centreOf(found),
        zoom: framingZoom(found),
        rotation: 0,
      });
      const rest = params.toString();
      select(found.id);
      void navigate({ search: `?${rest ? `${rest}&` : ''}${view}` }, { replace: true, state: held });
    } else void navigate({ search: `?${params.toString()}` }, { replace: true, state: held });
  }, [wanted, loading, markups, select, location.search, held, navigate]);
  return Boolean(wanted);
}

/** The viewer with the markups of the file it shows. */
export function SheetWorkspaceWithMarkups(props: SheetWorkspaceProps) {
  const sheet = useSheet(props.target, props.at.fileId).data;
  const { slots, session } = useSheetMarkupSession(props.target, props.at.fileId, sheet);
  const focusing = useMarkupFocus(session);
  if (focusing) return <FullPageSpin />;
  return <SheetWorkspace {...props} markups={slots} />;
}
