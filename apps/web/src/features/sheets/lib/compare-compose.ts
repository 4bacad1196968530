import type { SheetSource, SourceNeed } from './sheet-source';

/** Ink colours of the overlay compare: only in the old sheet, only in the new one, in both. */
export const COMPARE_COLOURS = {
  removed: [214, 40, 40],
  added: [22, 100, 230],
  both: [64, 64, 64],
} as const;

/**
 * One pixel of the overlay compare from the old (`a`) and new (`b`) sheets' luminance (0 black …
 * 255 white): the ink both share is dark grey, what only the old one has red, only the new one
 * blue, each by how dark it was. Pure, so the test checks the colours without a canvas.
 */
export function differencePixel(a: number, b: number): [number, number, number] {
  const inkA = 1 - a / 255;
  const inkB = 1 - b / 255;
  const both = Math.min(inkA, inkB);
  const onlyA = inkA - both;
  const onlyB = inkB - both;
  const channel = (i: 0 | 1 | 2) =>
    Math.max(
      0,
      Math.min(
        255,
        Math.round(
          255 -
            both * (255 - COMPARE_COLOURS.both[i]) -
            onlyA * (255 - COMPARE_COLOURS.removed[i]) -
            onlyB * (255 - COMPARE_COLOURS.added[i]),
        ),
      ),
    );
  return [channel(0), channel(1), channel(2)];
}

const scratch = new WeakMap<CanvasRenderingContext2D, [HTMLCanvasElement, HTMLCanvasElement]>();

/**
 * Paints both sheets of the visible window on off-screen canvases (previews or tiles, whatever
 * each has loaded) and composes them pixel by pixel onto `ctx`.
 */
export function composeDifference(
  ctx: CanvasRenderingContext2D,
  a: SheetSource,
  needA: SourceNeed,
  b: SheetSource,
  needB: SourceNeed,
) {
  const { width, height } = ctx.canvas;
  if (width === 0 || height === 0) return;
  let pair = scratch.get(ctx);
  if (!pair) {
    pair = [document.createElement('canvas'), document.createElement('canvas')];
    scratch.set(ctx, pair);
  }
  const layers = pair.map((canvas, i) => {
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    const c = canvas.getContext('2d', { willReadFrequently: true })!;
    c.setTransform(1, 0, 0, 1, 0, 0);
    c.fillStyle = '#fff';
    c.fillRect(0, 0, width, height);
    (i === 0 ? a : b).paint(c, i === 0 ? needA : needB);
    return c.getImageData(0, 0, width, height);
  });
  const [pa, pb] = [layers[0]!.data, layers[1]!.data];
  const out = ctx.createImageData(width, height);
  const o = out.data;
  // Per pixel, as differencePixel, inlined: this runs over every device pixel of the viewport.
  const [rr, rg, rb] = COMPARE_COLOURS.removed;
  const [ar, ag, ab] = COMPARE_COLOURS.added;
  const [br, bg, bb] = COMPARE_COLOURS.both;
  for (let i = 0; i < o.length; i += 4) {
    const inkA = 1 - (pa[i]! * 0.299 + pa[i + 1]! * 0.587 + pa[i + 2]! * 0.114) / 255;
    const inkB = 1 - (pb[i]! * 0.299 + pb[i + 1]! * 0.587 + pb[i + 2]! * 0.114) / 255;
    const both = inkA < inkB ? inkA : inkB;
    const onlyA = inkA - both;
    const onlyB = inkB - both;
    o[i] = 255 - both * (255 - br) - onlyA * (255 - rr) - onlyB * (255 - ar);
    o[i + 1] = 255 - both * (255 - bg) - onlyA * (255 - rg) - onlyB * (255 - ag);
    o[i + 2] = 255 - both * (255 - bb) - onlyA * (255 - rb) - onlyB * (255 - ab);
    o[i + 3] = 255;
  }
  ctx.putImageData(out, 0, 0);
}
