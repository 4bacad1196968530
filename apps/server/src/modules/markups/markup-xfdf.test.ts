import { describe, expect, it } from 'vitest';
import type { MarkupShape, Point } from './markup-shape.js';
import { shapeProblem } from './markup-shape.js';
import { XfdfInvalid, escapeXml, pdfDate, readXfdf, writeXfdf, type XfdfMarkup } from './markup-xfdf.js';

const PAGES = [{ box: [0, 0, 1190.55, 841.89] as const }, { box: [50, 100, 400, 600] as const }];

const base = {
  text: '',
  stamp: null,
  color: '#e03131',
  strokeWidth: 1.5,
  calibration: null,
} satisfies Partial<MarkupShape>;

let n = 0;
function markup(shape: Partial<MarkupShape> & Pick<MarkupShape, 'kind' | 'points'>, page = 1): XfdfMarkup {
  n += 1;
  return {
    ...base,
    page,
    ...shape,
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    authorName: '李审查 <审图>',
    createdAt: new Date('2026-11-27T05:06:07Z'),
    updatedAt: new Date('2026-11-27T06:07:08Z'),
    replies: [],
  };
}

const SHAPES: XfdfMarkup[] = [
  markup({
    kind: 'RECT',
    points: [
      [10, 20],
      [110.25, 80.5],
    ],
    text: '梁 & 柱 "<核对>"',
  }),
  markup({
    kind: 'ELLIPSE',
    points: [
      [30, 30],
      [90, 70],
    ],
    color: '#1971c2',
    strokeWidth: 3,
  }),
  markup(
    {
      kind: 'CLOUD',
      points: [
        [100, 100],
        [200, 180],
      ],
    },
    0,
  ),
  markup({
    kind: 'ARROW',
    points: [
      [5, 5],
      [60.125, 90.875],
    ],
  }),
  markup({
    kind: 'POLYLINE',
    points: [
      [1, 1],
      [20, 40],
      [60, 10],
      [80, 90],
    ],
  }),
  markup({
    kind: 'TEXT',
    points: [
      [10, 300],
      [200, 340],
    ],
    text: '第一行\n第二行',
  }),
  markup({
    kind: 'CALLOUT',
    points: [
      [20, 200],
      [100, 220],
      [300, 260],
    ],
    text: '请补充计算书',
  }),
  markup({
    kind: 'STAMP',
    points: [
      [200, 400],
      [320, 450],
    ],
    stamp: 'MANDATORY',
  }),
  markup({
    kind: 'DISTANCE',
    points: [
      [10, 10],
      [310, 10],
    ],
    calibration: { realPerPoint: 0.0352778, unit: 'm', source: '1:100' },
    text: '净距',
  }),
  markup(
    {
      kind: 'AREA',
      points: [
        [10, 10],
        [100, 10],
        [100, 80],
        [10, 80],
      ],
    },
    0,
  ),
];

const close = (a: Point[], b: Point[]) => {
  expect(a).toHaveLength(b.length);
  a.forEach((p, i) => {
    expect(Math.abs(p[0] - b[i]![0])).toBeLessThan(0.01);
    expect(Math.abs(p[1] - b[i]![1])).toBeLessThan(0.01);
  });
};

describe('XFDF', () => {
  it('writes each kind as its natural annotation, in user space, with replies after it', () => {
    const withReply = {
      ...SHAPES[0]!,
      replies: [{ id: 'r1', text: '已核', authorName: '王', createdAt: new Date(0) }],
    };
    const xml = writeXfdf({
      fileName: 'A-101 "平面".pdf',
      pages: PAGES,
      markups: [withReply, ...SHAPES.slice(1)],
    });
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<xfdf xmlns="http:\/\/ns.adobe.com\/xfdf\/"/,
    );
    // Page 1's box starts at (50, 100): its points move by that much.
    expect(xml).toContain('<square page="1" color="#E03131" width="1.5" title="李审查 &lt;审图&gt;"');
    expect(xml).toContain('rect="60,120,160.25,180.5"');
    expect(xml).toContain('<contents>梁 &amp; 柱 &quot;&lt;核对&gt;&quot;</contents>');
    expect(xml).toContain('style="cloudy" intensity="1"');
    expect(xml).toContain('<circle ');
    expect(xml).toMatch(/<line [^>]*start="110.125,190.875" end="55,105" head="OpenArrow" tail="None"/);
    expect(xml).toContain('<vertices>51,101,70,140,110,110,130,190</vertices>');
    expect(xml).toMatch(/<freetext [^>]*IT="FreeTextCallout" callout="70,300,150,320" head="OpenArrow"/);
    expect(xml).toMatch(/<stamp [^>]*icon="DRP_MANDATORY"[^>]*><contents>违反强条<\/contents>/);
    expect(xml).toMatch(/<line [^>]*IT="LineDimension"[^>]*><contents>10.58 m<\/contents>/);
    expect(xml).toMatch(/<polygon [^>]*IT="PolygonDimension"/);
    expect(xml).toContain(`inreplyto="${withReply.id}"`);
    expect(xml).toContain(`creationdate="${pdfDate(new Date('2026-11-27T05:06:07Z'))}"`);
    expect(pdfDate(new Date('2026-11-27T05:06:07Z'))).toBe('D:20261127050607Z');
    expect(xml).toContain('<f href="A-101 &quot;平面&quot;.pdf"/>');
  });

  it('reads back what it wrote: kinds, pages, points within 0.01 pt, text, stamps, calibration, replies', () => {
    const withReply = {
      ...SHAPES[1]!,
      replies: [
        { id: 'r1', text: '同意', authorName: '王', createdAt: new Date(0) },
        { id: 'r2', text: '已改 <b>', authorName: '李', createdAt: new Date(0) },
      ],
    };
    const source = [SHAPES[0]!, withReply, ...SHAPES.slice(2)];
    const read = readXfdf(writeXfdf({ fileName: 'x.pdf', pages: PAGES, markups: source }), PAGES);
    expect(read.skipped).toEqual([]);
    expect(read.candidates.map((c) => c.shape.kind)).toEqual(source.map((m) => m.kind));
    read.candidates.forEach((c, i) => {
      const m = source[i]!;
      expect(c.shape.page).toBe(m.page);
      close(c.shape.points, m.points);
      expect(c.shape.color).toBe(m.color);
      expect(c.shape.strokeWidth).toBe(m.strokeWidth);
      if (m.kind !== 'STAMP') expect(c.shape.text).toBe(m.text);
      expect(c.shape.stamp).toBe(m.stamp);
      expect(c.shape.calibration).toEqual(m.calibration);
      expect(shapeProblem(c.shape)).toBeUndefined();
    });
    expect(read.candidates[1]!.replies).toEqual(['同意', '已改 <b>']);
  });

  it('reads what Acrobat and Bluebeam write: ink, plain lines, polygons, standard stamps, rich text, callouts', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8" ?>
<xfdf xmlns="http://ns.adobe.com/xfdf/" xml:space="preserve">
  <annots>
    <ink page="0" color="#FF0000" width="2" rect="0,0,100,100" name="i1"><inklist><gesture>10,10;20,30;40,35</gesture><gesture>50,50;60,60</gesture></inklist></ink>
    <line page="0" start="10,10" end="80,10" head="None" tail="ClosedArrow" rect="0,0,90,20" name="l1"/>
    <line page="0" start="10,20" end="80,20" rect="0,0,90,30" name="l2"/>
    <polygon page="0" color="#00FF00" rect="0,0,100,100" name="p1"><vertices>10,10,90,10,50,80</vertices></polygon>
    <stamp page="0" rect="100,100,200,150" icon="Approved" name="s1"/>
    <stamp page="0" rect="100,100,200,150" icon="SBCustom" name="s2"/>
    <freetext page="0" rect="300,300,400,340" name="t1" title="Bluebeam">
      <contents-richtext><body xmlns="http://www.w3.org/1999/xhtml"><p>Check <span>this</span></p></body></contents-richtext>
      <defaultappearance>0 0 1 rg /Helv 12 Tf</defaultappearance>
    </freetext>
    <freetext page="0" rect="0,0,200,100" IT="FreeTextCallout" callout="5,5,40,40,50,50" fringe="50,50,0,0" name="c1"><contents>see</contents></freetext>
    <highlight page="0" rect="0,0,10,10" coords="0,0,10,0,0,10,10,10" name="h1"/>
    <square page="7" rect="0,0,10,10" name="q1"/>
    <text page="0" rect="0,0,10,10" inreplyto="p1" name="r1"><contents>reply to polygon</contents></text>
    <text page="0" rect="0,0,10,10" inreplyto="r1" name="r2"><contents>reply to reply</contents></text>
    <text page="0" rect="0,0,10,10" inreplyto="gone" name="r3"><contents>orphan</contents></text>
  </annots>
</xfdf>`;
    const read = readXfdf(xml, PAGES);
    expect(read.candidates.map((c) => [c.index, c.shape.kind])).toEqual([
      [0, 'POLYLINE'],
      [0, 'POLYLINE'],
      [1, 'ARROW'],
      [2, 'POLYLINE'],
      [3, 'POLYLINE'],
      [4, 'STAMP'],
      [6, 'TEXT'],
      [7, 'CALLOUT'],
    ]);
    expect(read.candidates[0]!.shape.points).toEqual([
      [10, 10],
      [20, 30],
      [40, 35],
    ]);
    // ClosedArrow at the end: the tip is the end point.
    expect(read.candidates[2]!.shape.points).toEqual([
      [10, 10],
      [80, 10],
    ]);
    // A polygon that is not a measure is drawn closed.
    expect(read.candidates[4]!.shape.points).toHaveLength(4);
    expect(read.candidates[4]!.replies).toEqual(['reply to polygon', 'reply to reply']);
    expect(read.candidates[5]!.shape.stamp).toBe('CHECKED');
    expect(read.candidates[6]!.shape).toMatchObject({ text: 'Check this', color: '#0000ff' });
    expect(read.candidates[7]!.shape.points).toEqual([
      [5, 5],
      [50, 50],
      [200, 100],
    ]);
    expect(read.skipped.map((s) => [s.index, s.problem.code])).toEqual([
      [5, 'MARKUP_SHAPE_INVALID'],
      [8, 'MARKUP_SHAPE_INVALID'],
      [9, 'SHEET_PAGE_NOT_FOUND'],
      [12, 'MARKUP_SHAPE_INVALID'],
    ]);
  });

  it('refuses what is not XFDF, and any DTD', () => {
    const invalid = (xml: string) => {
      try {
        readXfdf(xml, PAGES);
      } catch (error) {
        expect(error).toBeInstanceOf(XfdfInvalid);
        return (error as XfdfInvalid).reason;
      }
      throw new Error('read without complaint');
    };
    expect(invalid('<xfdf><annots><square></annots></xfdf>')['en-US']).toMatch(/malformed XML/);
    expect(invalid('not xml at all')['zh-CN']).toMatch(/XML格式错误|缺少xfdf根元素/);
    expect(invalid('<?xml version="1.0"?><html/>')['en-US']).toBe('no xfdf root element');
    expect(
      invalid('<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;">]><xfdf><annots/></xfdf>')[
        'en-US'
      ],
    ).toBe('a DTD is not allowed');
    expect(invalid('<xfdf><annots><square __proto__="x" page="0"/></annots></xfdf>')['en-US']).toMatch(
      /cannot be parsed/,
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(readXfdf('<xfdf xmlns="http://ns.adobe.com/xfdf/"/>', PAGES)).toEqual({
      candidates: [],
      skipped: [],
    });
  });

  it('escapes markup and drops what XML cannot carry', () => {
    expect(escapeXml('a<b>&"c\'\u0001\u0007d\n')).toBe('a&lt;b&gt;&amp;&quot;c&apos;d&#10;');
  });
});
