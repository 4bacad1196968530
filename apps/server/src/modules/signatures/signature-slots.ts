/**
 * Where each signature goes on a document's signature page (签章页): the people (reviewers, then
 * the director) in a grid of boxes, the agency's round seal at the bottom right. One function for
 * both sides: the PDF builder draws the boxes and labels here, the signer puts the seal appearance
 * in the same rectangles, so the two can never drift apart. A4 portrait, PDF points.
 */

export const A4 = { width: 595.28, height: 841.89 } as const;

export interface SlotRect {
  /** From the page's lower-left corner, as PDF rectangles are. */
  x: number;
  y: number;
  width: number;
  height: number;
}

const MARGIN = 50;
const GRID_TOP = 170;
const GRID_BOTTOM = 600;
const COLUMNS = 4;
/** Room above a box for its label: the signer's line and two small lines of specialties. */
export const SLOT_LABEL = 30;
const LABEL = SLOT_LABEL;
const SEAL = { width: 150, height: 166 };

/** The rectangles of `people` signature boxes and the seal, in that order; labels sit above them. */
export function signatureSlotRects(people: number): { people: SlotRect[]; seal: SlotRect } {
  const rows = Math.max(1, Math.ceil(people / COLUMNS));
  const pitchX = (A4.width - 2 * MARGIN) / COLUMNS;
  const pitchY = Math.min(124, (GRID_BOTTOM - GRID_TOP) / rows);
  const height = pitchY - LABEL - 8;
  const width = Math.min(pitchX - 12, height * 0.85);
  const rects = Array.from({ length: people }, (_, i) => {
    const column = i % COLUMNS;
    const row = Math.floor(i / COLUMNS);
    const top = GRID_TOP + row * pitchY + LABEL;
    return {
      x: MARGIN + column * pitchX + (pitchX - width) / 2,
      y: A4.height - top - height,
      width,
      height,
    };
  });
  return {
    people: rects,
    seal: { x: A4.width - MARGIN - SEAL.width - 10, y: A4.height - 610 - SEAL.height, ...SEAL },
  };
}

/**
 * The certificate's signatures share its one page (审查合格书): a band at the foot of the last page,
 * below everything the certificate says (its builder keeps the flow out of the band), the people's
 * boxes on the left and the agency's seal on the right.
 */
export const CERTIFICATE_BAND = { top: 575, bottom: 790 } as const;

export function certificateSlotRects(people: number): { people: SlotRect[]; seal: SlotRect } {
  const columns = 4;
  const rows = Math.max(1, Math.ceil(people / columns));
  const gridTop = CERTIFICATE_BAND.top + 24;
  const gridWidth = A4.width - 2 * MARGIN - 160;
  const pitchX = gridWidth / columns;
  const pitchY = Math.min(92, (CERTIFICATE_BAND.bottom - gridTop) / rows);
  const height = pitchY - LABEL - 6;
  const width = Math.min(pitchX - 10, height * 1.3);
  const rects = Array.from({ length: people }, (_, i) => {
    const column = i % columns;
    const row = Math.floor(i / columns);
    const top = gridTop + row * pitchY + LABEL;
    return { x: MARGIN + column * pitchX + (pitchX - width) / 2, y: A4.height - top - height, width, height };
  });
  const seal = { width: 136, height: 150 };
  return {
    people: rects,
    seal: { x: A4.width - MARGIN - seal.width, y: A4.height - (gridTop + 12) - seal.height, ...seal },
  };
}
