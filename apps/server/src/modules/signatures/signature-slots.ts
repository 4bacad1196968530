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
