import type { OpinionKind, SheetPlace } from '@drp/domain';

/**
 * Where the answer screens lead. The app composes these (the viewer belongs to the sheets feature,
 * which this one may not import); `sheetPath` is null in an area without the viewer (joint).
 */
export interface AnswerLinks {
  listPath: string;
  detailPath: (opinionId: string) => string;
  /**
   * The viewer at a place (page, centred on its region); with `compareWith`, comparing that
   * earlier sheet beside it. `kind` says which category's tree the sheet is in.
   */
  sheetPath: ((place: SheetPlace, kind: OpinionKind, compareWith?: SheetPlace | null) => string) | null;
  /** A round's answer letter (`pdf/{versionId}`); null where the spec has none (supervise, joint). */
  letterPath: ((versionId: string) => string) | null;
}

/** The region's centre, the point the viewer centres on (PDF points from the bottom-left). */
export const regionCentre = (region: { x: number; y: number; width: number; height: number }) => ({
  x: Math.round((region.x + region.width / 2) * 100) / 100,
  y: Math.round((region.y + region.height / 2) * 100) / 100,
});
