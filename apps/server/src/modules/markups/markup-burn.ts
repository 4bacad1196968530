import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type Color, type PDFPage } from 'pdf-lib';
import { MARKUP_STAMPS } from '@drp/domain';
import { bbox, measureLabel, nearestOnBox, type Box, type MarkupShape, type Point } from './markup-shape.js';

/**
 * "Download with markups": the original PDF with the markups drawn into its pages' content, so
 * any reader prints them. Everything is drawn in user space (page space plus the CropBox's
 * corner). Text is drawn as the glyphs' outlines rather than with an embedded font: pdf-lib's
 * font subsetting garbles CJK glyphs, and outlines need no font in the reader either.
 */

const require = createRequire(import.meta.url);

type Font = ReturnType<typeof fontkit.create>;
let fontOnce: Promise<Font> | undefined;
const cjkFont = () =>
  (fontOnce ??= readFile(
    require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  ).then((bytes) => fontkit.create(bytes)));

const colorOf = (hex: string): Color =>
  rgb(
    parseInt(hex.slice(1, 3), 16) / 255,
    parseInt(hex.slice(3, 5), 16) / 255,
    parseInt(hex.slice(5, 7), 16) / 255,
  );

const n = (v: number) => Number(v.toFixed(3));
/**
 * pdf-lib draws an SVG path with y pointing down from (x, y): a user-space point (ux, uy) is
 * written (ux, -uy) and drawn from the origin.
 */
const at = (p: Point) => `${n(p[0])},${n(-p[1])}`;
const polyPath = (points: readonly Point[], closed: boolean) =>
  `M${points.map(at).join('L')}${closed ? 'Z' : ''}`;

/** An open arrowhead's two barbs at `tip`, pointing away from `from`. */
function arrowHead(tip: Point, from: Point, width: number): string {
  const angle = Math.atan2(tip[1] - from[1], tip[0] - from[0]);
  const size = Math.max(6, width * 4);
  const barb = (turn: number): Point => [
    tip[0] - size * Math.cos(angle + turn),
    tip[1] - size * Math.sin(angle + turn),
  ];
  return `M${at(barb(Math.PI / 7))}L${at(tip)}L${at(barb(-Math.PI / 7))}`;
}

/** A revision cloud: half-circle bumps bulging outward along the rectangle's edges. */
function cloudPath(box: Box): string {
  const [l, b, r, t] = box;
  const bump = Math.min(Math.max(Math.min(r - l, t - b) / 6, 4), 24);
  // Counter-clockwise in user space, so the outward normal of a direction (dx, dy) is (dy, -dx).
  const corners: Point[] = [
    [l, b],
    [r, b],
    [r, t],
    [l, t],
  ];
  let d = `M${at(corners[0]!)}`;
  for (let i = 0; i < 4; i++) {
    const from = corners[i]!;
    const to = corners[(i + 1) % 4]!;
    const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
    const count = Math.max(1, Math.round(length / bump));
    const ux = (to[0] - from[0]) / length;
    const uy = (to[1] - from[1]) / length;
    const k = ((length / count / 2) * 4) / 3;
    for (let j = 0; j < count; j++) {
      const p: Point = [from[0] + ((to[0] - from[0]) * j) / count, from[1] + ((to[1] - from[1]) * j) / count];
      const q: Point = [
        from[0] + ((to[0] - from[0]) * (j + 1)) / count,
        from[1] + ((to[1] - from[1]) * (j + 1)) / count,
      ];
      d += `C${at([p[0] + uy * k, p[1] - ux * k])} ${at([q[0] + uy * k, q[1] - ux * k])} ${at(q)}`;
    }
  }
  return `${d}Z`;
}

/** The glyph outlines of `text` as one SVG path (see `at`), laid out in lines that fit `maxWidth`. */
function textPath(
  font: Font,
  text: string,
  origin: { x: number; top: number },
  size: number,
  maxWidth: number,
  maxHeight: number,
): { path: string; width: number; height: number } {
  const scale = size / font.unitsPerEm;
  const lineHeight = size * 1.25;
  const ascent = (font.ascent / font.unitsPerEm) * size;
  let path = '';
  let widest = 0;
  let line = 0;
  for (const paragraph of text.split('\n')) {
    const run = font.layout(paragraph);
    let pen = 0;
    const newLine = () => {
      widest = Math.max(widest, pen);
      pen = 0;
      line++;
    };
    for (let i = 0; i < run.glyphs.length; i++) {
      const advance = run.positions[i]!.xAdvance * scale;
      if (pen > 0 && pen + advance > maxWidth) newLine();
      if ((line + 1) * lineHeight > maxHeight + 0.01 && line > 0)
        return { path, width: widest, height: line * lineHeight };
      const baseX = origin.x + pen + run.positions[i]!.xOffset * scale;
      const baseY = origin.top - ascent - line * lineHeight + run.positions[i]!.yOffset * scale;
      const tokens = run.glyphs[i]!.path.toSVG().match(/[MLQCZ]|-?\d*\.?\d+(?:e[-+]?\d+)?/gi) ?? [];
      let odd = false;
      for (const token of tokens) {
        if (/^[A-Z]$/i.test(token)) {
          path += token;
          continue;
        }
        const v = Number(token);
        path += odd ? `,${n(-(baseY + v * scale))} ` : `${n(baseX + v * scale)}`;
        odd = !odd;
      }
      pen += advance;
    }
    newLine();
  }
  return { path, width: widest, height: line * lineHeight };
}

/** How wide `text` is at one point per em unit: to fit a stamp's text to its box. */
function emWidth(font: Font, text: string): number {
  return font.layout(text).positions.reduce((sum, p) => sum + p.xAdvance, 0) / font.unitsPerEm;
}

function drawOne(page: PDFPage, font: Font, m: MarkupShape, corner: Point) {
  const pts: Point[] = m.points.map(([x, y]) => [x + corner[0], y + corner[1]]);
  const color = colorOf(m.color);
  const stroke = (path: string, fill?: { opacity: number }) =>
    page.drawSvgPath(path, {
      x: 0,
      y: 0,
      borderColor: color,
      borderWidth: m.strokeWidth,
      ...(fill ? { color, opacity: fill.opacity, borderOpacity: 1 } : {}),
    });
  const fillText = (
    text: string,
    x: number,
    top: number,
    size: number,
    maxWidth: number,
    maxHeight: number,
  ) => {
    const laid = textPath(font, text, { x, top }, size, maxWidth, maxHeight);
    if (laid.path) page.drawSvgPath(laid.path, { x: 0, y: 0, color, borderWidth: 0 });
    return laid;
  };
  const label = (text: string, centre: Point) => {
    const size = 10;
    const width = emWidth(font, text) * size;
    fillText(text, centre[0] - width / 2, centre[1] + size * 1.4, size, width + 1, size * 1.5);
  };
  const [l, b, r, t] = bbox(pts.slice(m.kind === 'CALLOUT' ? 1 : 0));
  switch (m.kind) {
    case 'RECT':
      page.drawRectangle({
        x: l,
        y: b,
        width: r - l,
        height: t - b,
        borderColor: color,
        borderWidth: m.strokeWidth,
      });
      break;
    case 'ELLIPSE':
      page.drawEllipse({
        x: (l + r) / 2,
        y: (b + t) / 2,
        xScale: (r - l) / 2,
        yScale: (t - b) / 2,
        borderColor: color,
        borderWidth: m.strokeWidth,
      });
      break;
    case 'CLOUD':
      stroke(cloudPath([l, b, r, t]));
      break;
    case 'ARROW': {
      const [from, to] = pts as [Point, Point];
      stroke(`${polyPath([from, to], false)}${arrowHead(to, from, m.strokeWidth)}`);
      break;
    }
    case 'POLYLINE':
      stroke(polyPath(pts, false));
      break;
    case 'DISTANCE': {
      const [from, to] = pts as [Point, Point];
      stroke(
        `${polyPath([from, to], false)}${arrowHead(to, from, m.strokeWidth)}${arrowHead(from, to, m.strokeWidth)}`,
      );
      label(measureLabel(m), [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2]);
      break;
    }
    case 'AREA': {
      stroke(polyPath(pts, true), { opacity: 0.2 });
      const centre: Point = [
        pts.reduce((s, p) => s + p[0], 0) / pts.length,
        pts.reduce((s, p) => s + p[1], 0) / pts.length,
      ];
      label(measureLabel(m), [centre[0], centre[1] - 7]);
      break;
    }
    case 'TEXT': {
      const size = Math.min(12, Math.max(4, t - b - 2));
      fillText(m.text, l + 1, t - 1, size, r - l - 2, t - b - 2);
      break;
    }
    case 'CALLOUT': {
      const tip = pts[0]!;
      const knee = nearestOnBox(tip, [l, b, r, t]);
      page.drawRectangle({
        x: l,
        y: b,
        width: r - l,
        height: t - b,
        borderColor: color,
        borderWidth: m.strokeWidth,
      });
      stroke(`${polyPath([knee, tip], false)}${arrowHead(tip, knee, m.strokeWidth)}`);
      const size = Math.min(12, Math.max(4, t - b - 4));
      fillText(m.text, l + 2, t - 2, size, r - l - 4, t - b - 4);
      break;
    }
    case 'STAMP': {
      const text = MARKUP_STAMPS[m.stamp ?? 'CHECKED']['zh-CN'];
      const border = Math.max(1.5, m.strokeWidth);
      page.drawRectangle({
        x: l,
        y: b,
        width: r - l,
        height: t - b,
        borderColor: color,
        borderWidth: border,
      });
      const inset = border * 2;
      if (r - l > 2 * inset && t - b > 2 * inset)
        page.drawRectangle({
          x: l + inset,
          y: b + inset,
          width: r - l - 2 * inset,
          height: t - b - 2 * inset,
          borderColor: color,
          borderWidth: border / 2,
        });
      const size = Math.max(
        2,
        Math.min((t - b) * 0.55, ((r - l) * 0.8) / Math.max(emWidth(font, text), 0.1)),
      );
      const width = emWidth(font, text) * size;
      const height = size * 1.25;
      fillText(text, (l + r) / 2 - width / 2, (b + t) / 2 + height / 2, size, width + 1, height + 0.1);
      break;
    }
  }
}

/**
 * The PDF's bytes with `markups` drawn on their pages (pages it does not have are passed over).
 * The original's pages, order and everything else stay as they were.
 */
export async function burnMarkups(pdf: Uint8Array, markups: readonly MarkupShape[]): Promise<Uint8Array> {
  const [doc, font] = await Promise.all([PDFDocument.load(pdf, { updateMetadata: false }), cjkFont()]);
  const pages = doc.getPages();
  for (const m of markups) {
    const page = pages[m.page];
    if (!page) continue;
    const box = page.getCropBox();
    drawOne(page, font, m, [box.x, box.y]);
  }
  return doc.save({ useObjectStreams: false });
}
