import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  MARKUP_KINDS,
  MARKUP_LIMITS,
  MARKUP_STAMPS,
  MARKUP_STAMP_KEYS,
  MEASURE_UNITS,
  type Locale,
  type MarkupCalibration,
  type MarkupStamp,
  type MeasureUnit,
} from '@drp/domain';
import {
  bbox,
  measureLabel,
  nearestOnBox,
  type Box,
  type MarkupShape,
  type Point,
  type ShapeProblem,
} from './markup-shape.js';

/**
 * Markups as Adobe XFDF 3.0, the way Acrobat and Bluebeam Revu exchange annotations: each kind as
 * its natural annotation, in PDF user space (page space plus the page box's corner), replies as
 * `<text inreplyto>`. Reading accepts what those programs write for the same shapes and names
 * what it cannot map. Pure: the service supplies the page boxes and stores the result.
 */

export interface XfdfReply {
  id: string;
  text: string;
  authorName: string;
  createdAt: Date;
}

export interface XfdfMarkup extends MarkupShape {
  id: string;
  authorName: string;
  createdAt: Date;
  updatedAt: Date;
  replies: XfdfReply[];
}

/** Our own attributes (measure calibration, a measure's note): other readers skip them. */
const DRP_NS = 'urn:drp:markup:1';

// ---- writing ----

/** Whether XML 1.0 can carry the character: not the C0 controls but tab, line feed and return. */
const xmlChar = (c: string) => {
  const code = c.charCodeAt(0);
  return (
    (code >= 0x20 && code !== 0xfffe && code !== 0xffff) || code === 0x09 || code === 0x0a || code === 0x0d
  );
};

/** Text as XML character data or an attribute value, with what XML 1.0 cannot carry removed. */
export function escapeXml(value: string): string {
  return [...value]
    .filter(xmlChar)
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\r/g, '&#13;')
    .replace(/\n/g, '&#10;')
    .replace(/\t/g, '&#9;');
}

/** A number as XFDF writes it: at most four decimals, no exponent. */
const num = (n: number) => {
  const s = n.toFixed(4).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
};

/** `D:YYYYMMDDHHmmSSZ`, the PDF date format, in UTC. */
export function pdfDate(at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return (
    `D:${at.getUTCFullYear()}${p(at.getUTCMonth() + 1)}${p(at.getUTCDate())}` +
    `${p(at.getUTCHours())}${p(at.getUTCMinutes())}${p(at.getUTCSeconds())}Z`
  );
}

function attrs(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeXml(typeof v === 'number' ? num(v) : v!)}"`)
    .join('');
}

const element = (name: string, values: Record<string, string | number | undefined>, children: string[]) =>
  children.length === 0
    ? `<${name}${attrs(values)}/>`
    : `<${name}${attrs(values)}>${children.join('')}</${name}>`;

const contents = (text: string) => (text === '' ? [] : [`<contents>${escapeXml(text)}</contents>`]);

/** The PDF colour operator of a `#rrggbb` colour, for a free text's default appearance. */
function rgOf(color: string): string {
  const c = [1, 3, 5].map((i) => num(parseInt(color.slice(i, i + 2), 16) / 255));
  return `${c.join(' ')} rg`;
}

const rectOf = (b: Box) => b.map(num).join(',');
const pointList = (points: readonly Point[]) => points.map((p) => `${num(p[0])},${num(p[1])}`).join(',');

/** One markup (and its replies) as XFDF annotations, on the page whose box is `box`. */
function annotationsOf(m: XfdfMarkup, box: Box): string[] {
  const pts: Point[] = m.points.map(([x, y]) => [x + box[0], y + box[1]]);
  const base = {
    page: String(m.page),
    color: m.color.toUpperCase(),
    width: m.strokeWidth,
    title: m.authorName,
    name: m.id,
    subject: MARKUP_KINDS[m.kind]['zh-CN'],
    creationdate: pdfDate(m.createdAt),
    date: pdfDate(m.updatedAt),
  };
  const calibration = m.calibration
    ? {
        'drp:real-per-point': String(m.calibration.realPerPoint),
        'drp:unit': m.calibration.unit,
        'drp:source': m.calibration.source,
      }
    : {};
  const note = m.text === '' ? {} : { 'drp:text': m.text };
  let annot: string;
  switch (m.kind) {
    case 'RECT':
      annot = element('square', { ...base, rect: rectOf(bbox(pts)) }, contents(m.text));
      break;
    case 'CLOUD':
      annot = element(
        'square',
        { ...base, rect: rectOf(bbox(pts)), style: 'cloudy', intensity: '1' },
        contents(m.text),
      );
      break;
    case 'ELLIPSE':
      annot = element('circle', { ...base, rect: rectOf(bbox(pts)) }, contents(m.text));
      break;
    case 'ARROW': {
      // The head is the line's start: the arrow's tip, our second point.
      const [from, to] = pts as [Point, Point];
      annot = element(
        'line',
        {
          ...base,
          rect: rectOf(bbox(pts)),
          start: pointList([to]),
          end: pointList([from]),
          head: 'OpenArrow',
          tail: 'None',
        },
        contents(m.text),
      );
      break;
    }
    case 'DISTANCE': {
      const [from, to] = pts as [Point, Point];
      annot = element(
        'line',
        {
          ...base,
          rect: rectOf(bbox(pts)),
          start: pointList([from]),
          end: pointList([to]),
          head: 'OpenArrow',
          tail: 'OpenArrow',
          IT: 'LineDimension',
          ...calibration,
          ...note,
        },
        contents(measureLabel(m)),
      );
      break;
    }
    case 'POLYLINE':
      annot = element('polyline', { ...base, rect: rectOf(bbox(pts)) }, [
        ...contents(m.text),
        `<vertices>${pointList(pts)}</vertices>`,
      ]);
      break;
    case 'AREA':
      annot = element(
        'polygon',
        {
          ...base,
          rect: rectOf(bbox(pts)),
          'interior-color': m.color.toUpperCase(),
          IT: 'PolygonDimension',
          ...calibration,
          ...note,
        },
        [...contents(measureLabel(m)), `<vertices>${pointList(pts)}</vertices>`],
      );
      break;
    case 'TEXT':
      annot = element('freetext', { ...base, rect: rectOf(bbox(pts)) }, [
        ...contents(m.text),
        `<defaultappearance>${escapeXml(`${rgOf(m.color)} /Helv 12 Tf`)}</defaultappearance>`,
      ]);
      break;
    case 'CALLOUT': {
      const [tip, a, b] = pts as [Point, Point, Point];
      const textBox = bbox([a, b]);
      const all = bbox([tip, a, b]);
      const knee = nearestOnBox(tip, textBox);
      annot = element(
        'freetext',
        {
          ...base,
          rect: rectOf(all),
          IT: 'FreeTextCallout',
          callout: pointList([tip, knee]),
          head: 'OpenArrow',
          // The text box inside the rectangle: left, bottom, right and top insets.
          fringe: [textBox[0] - all[0], textBox[1] - all[1], all[2] - textBox[2], all[3] - textBox[3]]
            .map(num)
            .join(','),
        },
        [
          ...contents(m.text),
          `<defaultappearance>${escapeXml(`${rgOf(m.color)} /Helv 12 Tf`)}</defaultappearance>`,
        ],
      );
      break;
    }
    case 'STAMP': {
      const stamp = m.stamp ?? 'CHECKED';
      annot = element(
        'stamp',
        { ...base, rect: rectOf(bbox(pts)), icon: `DRP_${stamp}` },
        contents(MARKUP_STAMPS[stamp]['zh-CN']),
      );
      break;
    }
  }
  const rect = rectOf(bbox(pts));
  const replies = m.replies.map((r) =>
    element(
      'text',
      {
        page: String(m.page),
        rect,
        inreplyto: m.id,
        replyType: 'reply',
        name: r.id,
        title: r.authorName,
        creationdate: pdfDate(r.createdAt),
        date: pdfDate(r.createdAt),
        icon: 'Comment',
      },
      contents(r.text),
    ),
  );
  return [annot, ...replies];
}

/**
 * The XFDF of a file's markups. `pages[i].box` is page i's CropBox in user space; a markup on a
 * page the sheet no longer has is left out.
 */
export function writeXfdf(input: {
  fileName: string;
  pages: readonly { box: Box }[];
  markups: readonly XfdfMarkup[];
}): string {
  const annots = input.markups.flatMap((m) => {
    const page = input.pages[m.page];
    return page ? annotationsOf(m, page.box) : [];
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<xfdf xmlns="http://ns.adobe.com/xfdf/" xmlns:drp="${DRP_NS}" xml:space="preserve">` +
    `<annots>${annots.join('')}</annots>` +
    `<f href="${escapeXml(input.fileName)}"/>` +
    '</xfdf>\n'
  );
}

// ---- reading ----

/** Why a file is not XFDF at all (MARKUP_XFDF_INVALID's reason). */
export class XfdfInvalid extends Error {
  constructor(readonly reason: Record<Locale, string>) {
    super(reason['en-US']);
  }
}

type Node = Record<string, unknown> & { ':@'?: Record<string, string> };

export interface XfdfCandidate {
  /** Place among the file's annotations, as the skip list counts them. */
  index: number;
  /** The annotation's `name`, which replies point at. */
  name: string | undefined;
  shape: MarkupShape;
  replies: string[];
}

export interface XfdfRead {
  candidates: XfdfCandidate[];
  skipped: { index: number; problem: ShapeProblem }[];
}

const why = (zh: string, en: string): ShapeProblem => ({
  code: 'MARKUP_SHAPE_INVALID',
  params: { reason: { 'zh-CN': zh, 'en-US': en } },
});

const tagOf = (node: Node) => Object.keys(node).find((k) => k !== ':@')!;
const childrenOf = (node: Node) => (node[tagOf(node)] as Node[] | undefined) ?? [];
const childNamed = (node: Node, name: string) => childrenOf(node).find((c) => tagOf(c) === name);

/** All character data under a node (a rich-text body's paragraphs joined by line breaks). */
function textOf(node: Node | undefined): string {
  if (!node) return '';
  const tag = tagOf(node);
  if (tag === '#text') {
    const value = node['#text'];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
  const inner = childrenOf(node).map(textOf).join('');
  return tag === 'p' || tag === 'div' ? `${inner}\n` : inner;
}

function numbers(value: string | undefined): number[] | undefined {
  if (value === undefined) return undefined;
  const parts = value
    .trim()
    .split(/[\s,;]+/)
    .filter(Boolean);
  const nums = parts.map(Number);
  return nums.every(Number.isFinite) ? nums : undefined;
}

function pairs(nums: number[] | undefined): Point[] | undefined {
  if (!nums || nums.length % 2 !== 0 || nums.length === 0) return undefined;
  const out: Point[] = [];
  for (let i = 0; i < nums.length; i += 2) out.push([nums[i]!, nums[i + 1]!]);
  return out;
}

function colorOf(a: Record<string, string>, da: string): string | undefined {
  const c = a.color ?? a.c;
  if (c && /^#[0-9a-f]{6}$/i.test(c.trim())) return c.trim().toLowerCase();
  // A free text's colour is its text's: the default appearance's `r g b rg`.
  const rg = /([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+rg/.exec(da);
  if (rg) {
    const hex = rg.slice(1, 4).map((v) =>
      Math.round(Math.min(1, Math.max(0, Number(v))) * 255)
        .toString(16)
        .padStart(2, '0'),
    );
    return `#${hex.join('')}`;
  }
  return undefined;
}

const ARROW_ENDS = new Set(['openarrow', 'closedarrow', 'ropenarrow', 'rclosedarrow']);
const isArrow = (end: string | undefined) => end !== undefined && ARROW_ENDS.has(end.toLowerCase());

/** Acrobat's standard stamp names that say what ours say. */
const STANDARD_STAMPS: Record<string, MarkupStamp> = {
  approved: 'CHECKED',
  final: 'CHECKED',
  notapproved: 'REVISE',
  forcomment: 'QUERY',
  void: 'VOID',
  expired: 'VOID',
};

function stampOf(
  icon: string | undefined,
  text: string,
  subject: string | undefined,
): MarkupStamp | undefined {
  const key = icon?.replace(/^DRP_/, '').replace(/^#/, '');
  if (key && (MARKUP_STAMP_KEYS as string[]).includes(key)) return key as MarkupStamp;
  for (const candidate of [text.trim(), subject?.trim()])
    for (const stamp of MARKUP_STAMP_KEYS)
      if (
        candidate &&
        (candidate === MARKUP_STAMPS[stamp]['zh-CN'] || candidate === MARKUP_STAMPS[stamp]['en-US'])
      )
        return stamp;
  return icon ? STANDARD_STAMPS[icon.toLowerCase()] : undefined;
}

function calibrationOf(a: Record<string, string>): MarkupCalibration | null {
  const per = Number(a['real-per-point']);
  const unit = a.unit as MeasureUnit | undefined;
  if (!(per > 0 && per <= 1e9) || !unit || !(MEASURE_UNITS as readonly string[]).includes(unit)) return null;
  return { realPerPoint: per, unit, source: (a.source ?? '').slice(0, 40) };
}

/**
 * Reads an XFDF document's annotations into shapes in page space (`pages[i].box` is page i's
 * CropBox). Throws XfdfInvalid when the text is not XFDF; an annotation it cannot map is skipped
 * with its reason; a reply is kept with the annotation it answers.
 */
export function readXfdf(xml: string, pages: readonly { box: Box }[]): XfdfRead {
  // No DTD: entities declared in one are a way to blow a small file up, and XFDF never needs one.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml))
    throw new XfdfInvalid({ 'zh-CN': '不允许文档类型声明', 'en-US': 'a DTD is not allowed' });
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    throw new XfdfInvalid({
      'zh-CN': `XML格式错误（第${valid.err.line}行）`,
      'en-US': `malformed XML (line ${valid.err.line}): ${valid.err.msg}`,
    });
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    removeNSPrefix: true,
    processEntities: true,
    // Also the numeric references (&#10;) that carry line breaks in attributes.
    htmlEntities: true,
    trimValues: false,
    parseTagValue: false,
    parseAttributeValue: false,
  });
  let doc: Node[];
  try {
    doc = parser.parse(xml) as Node[];
  } catch (error) {
    // The parser refuses names such as __proto__ that could pollute prototypes.
    const message = error instanceof Error ? error.message : String(error);
    throw new XfdfInvalid({
      'zh-CN': `XML无法解析：${message}`,
      'en-US': `the XML cannot be parsed: ${message}`,
    });
  }
  const root = doc.find((n) => tagOf(n) === 'xfdf');
  if (!root) throw new XfdfInvalid({ 'zh-CN': '缺少xfdf根元素', 'en-US': 'no xfdf root element' });
  const annots = childrenOf(childNamed(root, 'annots') ?? { annots: [] }).filter((n) => tagOf(n) !== '#text');

  const candidates: XfdfCandidate[] = [];
  const skipped: XfdfRead['skipped'] = [];
  const replies: { index: number; to: string; text: string }[] = [];

  annots.forEach((node, index) => {
    const tag = tagOf(node).toLowerCase();
    const a = node[':@'] ?? {};
    const text = textOf(childNamed(node, 'contents') ?? childNamed(node, 'contents-richtext'))
      .replace(/\r\n?/g, '\n')
      .replace(/\n$/, '');
    if (a.inreplyto !== undefined) {
      if (text.trim() !== '') replies.push({ index, to: a.inreplyto, text: text.trim() });
      return;
    }
    const skip = (zh: string, en: string) => skipped.push({ index, problem: why(zh, en) });
    const pageNo = Number(a.page);
    const page = Number.isInteger(pageNo) ? pages[pageNo] : undefined;
    if (!page) {
      skipped.push({ index, problem: { code: 'SHEET_PAGE_NOT_FOUND', params: {} } });
      return;
    }
    const [ox, oy] = page.box;
    const local = (pts: Point[]): Point[] => pts.map(([x, y]) => [x - ox, y - oy]);
    const rect = numbers(a.rect);
    const corners =
      rect && rect.length === 4
        ? local([
            [rect[0]!, rect[1]!],
            [rect[2]!, rect[3]!],
          ])
        : undefined;
    const da = textOf(childNamed(node, 'defaultappearance')) || (a.defaultappearance ?? '');
    const width = Number(a.width);
    const common = {
      page: pageNo,
      color: colorOf(a, da) ?? '#e03131',
      strokeWidth: Number.isFinite(width)
        ? Math.min(MARKUP_LIMITS.strokeMax, Math.max(MARKUP_LIMITS.strokeMin, width))
        : 1.5,
      text: text.slice(0, MARKUP_LIMITS.textMax),
      stamp: null,
      calibration: null,
    } satisfies Omit<MarkupShape, 'kind' | 'points'>;
    const add = (shape: MarkupShape) => candidates.push({ index, name: a.name, shape, replies: [] });
    const noRect = () => skip('缺少rect属性', 'no rect attribute');
    const it = (a.IT ?? a.it ?? '').toLowerCase();
    switch (tag) {
      case 'square':
      case 'circle':
        if (!corners) return noRect();
        add({
          ...common,
          kind: tag === 'circle' ? 'ELLIPSE' : a.style?.toLowerCase() === 'cloudy' ? 'CLOUD' : 'RECT',
          points: corners,
        });
        return;
      case 'line': {
        const ends = pairs([...(numbers(a.start) ?? []), ...(numbers(a.end) ?? [])]);
        if (!ends || ends.length !== 2) return skip('直线缺少起点或终点', 'the line has no start or end');
        const [start, end] = local(ends) as [Point, Point];
        if (it === 'linedimension') {
          add({
            ...common,
            kind: 'DISTANCE',
            points: [start, end],
            text: (a.text ?? '').slice(0, MARKUP_LIMITS.textMax),
            calibration: calibrationOf(a),
          });
        } else if (isArrow(a.head) && !isArrow(a.tail))
          add({ ...common, kind: 'ARROW', points: [end, start] });
        else if (isArrow(a.tail)) add({ ...common, kind: 'ARROW', points: [start, end] });
        else add({ ...common, kind: 'POLYLINE', points: [start, end] });
        return;
      }
      case 'polyline':
      case 'polygon': {
        const vertices = pairs(numbers(textOf(childNamed(node, 'vertices')) || a.vertices));
        if (!vertices) return skip('缺少顶点', 'no vertices');
        if (tag === 'polygon' && it !== 'polygondimension')
          return add({ ...common, kind: 'POLYLINE', points: local([...vertices, vertices[0]!]) });
        add(
          tag === 'polygon'
            ? {
                ...common,
                kind: 'AREA',
                points: local(vertices),
                text: (a.text ?? '').slice(0, MARKUP_LIMITS.textMax),
                calibration: calibrationOf(a),
              }
            : { ...common, kind: 'POLYLINE', points: local(vertices) },
        );
        return;
      }
      case 'ink': {
        const gestures = childrenOf(childNamed(node, 'inklist') ?? { inklist: [] }).filter(
          (g) => tagOf(g) === 'gesture',
        );
        const strokes = gestures.map((g) => pairs(numbers(textOf(g)))).filter((g) => g !== undefined);
        if (strokes.length === 0) return skip('手绘线没有笔画', 'the ink has no strokes');
        for (const stroke of strokes)
          add({
            ...common,
            kind: 'POLYLINE',
            points: local(stroke.length === 1 ? [stroke[0]!, stroke[0]!] : stroke),
          });
        return;
      }
      case 'freetext': {
        if (!rect || rect.length !== 4) return noRect();
        const callout = pairs(numbers(a.callout));
        if (it === 'freetextcallout' || callout) {
          if (!callout || callout.length < 2) return skip('引注缺少引线', 'the callout has no leader line');
          const fringe = numbers(a.fringe);
          const inset = fringe && fringe.length === 4 ? fringe : [0, 0, 0, 0];
          const textBox: Point[] = [
            [rect[0]! + inset[0]!, rect[1]! + inset[1]!],
            [rect[2]! - inset[2]!, rect[3]! - inset[3]!],
          ];
          add({ ...common, kind: 'CALLOUT', points: local([callout[0]!, ...textBox]) });
          return;
        }
        add({ ...common, kind: 'TEXT', points: corners! });
        return;
      }
      case 'stamp': {
        if (!corners) return noRect();
        const stamp = stampOf(a.icon, text, a.subject);
        if (!stamp) return skip(`无法识别的图章“${a.icon ?? ''}”`, `unknown stamp “${a.icon ?? ''}”`);
        add({ ...common, kind: 'STAMP', points: corners, stamp, text: '' });
        return;
      }
      default:
        skip(`不支持的注释类型“${tag}”`, `annotation type “${tag}” is not supported`);
    }
  });

  // Replies follow the annotation they answer, by its name; a reply to a reply joins the same thread.
  const byName = new Map(candidates.filter((c) => c.name).map((c) => [c.name!, c]));
  const replyTarget = new Map<string, string>();
  for (const node of annots) {
    const a = node[':@'] ?? {};
    if (a.inreplyto !== undefined && a.name) replyTarget.set(a.name, a.inreplyto);
  }
  const rootOf = (name: string) => {
    let at = name;
    for (let i = 0; i < 100 && !byName.has(at) && replyTarget.has(at); i++) at = replyTarget.get(at)!;
    return byName.get(at);
  };
  for (const reply of replies) {
    const target = rootOf(reply.to);
    if (!target) {
      skipped.push({
        index: reply.index,
        problem: why('回复的标注不存在', 'the reply answers no annotation here'),
      });
      continue;
    }
    target.replies.push(reply.text.slice(0, MARKUP_LIMITS.replyMax));
  }
  return { candidates, skipped };
}
