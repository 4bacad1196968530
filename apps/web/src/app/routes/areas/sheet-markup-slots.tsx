import type { Markup, SheetInfo } from '@drp/domain';
import type { ProjectTarget } from '../../../lib/project-target';
import { useMarkups } from '../../../features/markups/hooks/use-markups';
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
 * The markups of one file in the viewer's slots. It lives in app/ because it joins two features
 * (sheets hosts, markups draws), which do not import each other.
 */
export function useSheetMarkupSlots(
  target: ProjectTarget,
  fileId: string,
  sheet: SheetInfo | undefined,
): SheetMarkupSlots {
  const session = useMarkups(target, fileId, sheet);
  return {
    tools: <MarkupTools session={session} />,
    overlay: (overlay) => <MarkupOverlay session={session} overlay={overlay} />,
    list: (goTo) => <MarkupList session={session} onGoTo={(m) => goTo(m.page, centreOf(m))} />,
    drawing: session.drawing,
  };
}

/** The viewer with the markups of the file it shows. */
export function SheetWorkspaceWithMarkups(props: SheetWorkspaceProps) {
  const sheet = useSheet(props.target, props.at.fileId).data;
  const markups = useSheetMarkupSlots(props.target, props.at.fileId, sheet);
  return <SheetWorkspace {...props} markups={markups} />;
}
