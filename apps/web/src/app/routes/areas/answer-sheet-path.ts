import type { OpinionKind, SheetPlace } from '@drp/domain';
import { regionCentre } from '../../../features/answers/components/answer-links';
import { sheetViewerPath, type SheetViewerArea } from '../../../features/sheets/sheet-viewer-path';
import type { ProjectTarget } from '../../../lib/project-target';
import type { ProjectArea } from './project-area';

/** The areas with a viewer route (spec §2: the joint area has none, so its answers link nowhere). */
export const viewerArea = (area: ProjectArea): SheetViewerArea | null => (area === 'joint' ? null : area);

/**
 * The viewer at a place: its page (1-based in the link), centred on the region when there is one;
 * with `compareWith`, the viewer's compare mode against that earlier sheet (the one the opinion
 * was written on), as readCompareLink reads `compare` and `comparePage`.
 */
export function answerSheetPath(
  area: SheetViewerArea,
  target: ProjectTarget,
  place: SheetPlace,
  kind: OpinionKind,
  compareWith?: SheetPlace | null,
) {
  const path = sheetViewerPath({
    area,
    orgId: target.orgId,
    projectId: target.projectId,
    versionId: place.versionId,
    folderId: place.folderId,
    fileId: place.fileId,
    category: kind === 'SURVEY' ? 'SURVEY' : 'DESIGN',
    review: false,
  });
  const query = new URLSearchParams({ page: String(place.page + 1) });
  if (place.region) {
    const { x, y } = regionCentre(place.region);
    query.set('x', String(x));
    query.set('y', String(y));
  }
  if (compareWith) {
    query.set('compare', compareWith.fileId);
    query.set('comparePage', String(compareWith.page + 1));
  }
  return `${path}?${query.toString()}`;
}
