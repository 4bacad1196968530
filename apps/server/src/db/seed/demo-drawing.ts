import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);

/** A1 landscape in points, as construction sheets are plotted. */
const SHEET = { width: 2384, height: 1684 };
/** 1:100: one metre of the building is 10 mm of paper. */
const M = (10 / 25.4) * 72;

let fontBytes: Promise<Buffer> | undefined;
const cjkFont = () =>
  (fontBytes ??= readFile(
    require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  ));

export interface DemoDrawing {
  project: string;
  building: string;
  /** The specialty folder's name: 建筑, 结构, 给排水, 暖通, 电气 … */
  specialty: string;
  sheetNumber: string;
  /** Adds rebar detailing of tens of thousands of strokes: a sheet the viewer treats as heavy. */
  heavy?: boolean;
  /** What a later round's sheet changed, answering the review: printed in its notes and title. */
  revision?: string;
}

const X_BAYS = [8.1, 8.1, 8.1, 8.1, 8.1, 8.1];
const Y_BAYS = [6.9, 2.4, 6.9];
const ROOMS = ['办公室', '会议室', '办公室', '开敞办公', '办公室', '设备间'];

/**
 * A two-sheet drawing of the demo's buildings: a first-floor plan at 1:100 (axes, columns, walls,
 * doors, windows, dimension chains, room names, title block) and the design notes. The demo's
 * materials open in the viewer like real ones: text to search, a scale to calibrate measures by,
 * and, for the structure, a sheet heavy enough to be drawn from tiles.
 */
export async function renderDemoDrawing(d: DemoDrawing): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [SHEET.width, SHEET.height],
    margin: 0,
    autoFirstPage: false,
    info: {
      Title: `${d.building} ${d.specialty} ${d.sheetNumber}${d.revision ? '（修改版）' : ''}`,
      Creator: 'Demo',
    },
  });
  doc.registerFont('cjk', await cjkFont());
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.addPage();
  frame(doc, d, `一层${d.specialty}平面图`, '1:100', `${d.sheetNumber}-01`);
  plan(doc, d);
  doc.addPage();
  frame(doc, d, `${d.specialty}设计说明`, '—', `${d.sheetNumber}-00`);
  notes(doc, d);
  doc.end();
  return done;
}

function frame(doc: PDFKit.PDFDocument, d: DemoDrawing, title: string, scale: string, number: string) {
  const mm = 72 / 25.4;
  doc
    .lineWidth(0.5)
    .rect(10 * mm, 10 * mm, SHEET.width - 20 * mm, SHEET.height - 20 * mm)
    .stroke('#000');
  doc
    .lineWidth(2)
    .rect(25 * mm, 10 * mm, SHEET.width - 35 * mm, SHEET.height - 20 * mm)
    .stroke('#000');
  // Title block, bottom right: 180 × 56 mm.
  const w = 180 * mm;
  const h = 56 * mm;
  const x = SHEET.width - 10 * mm - w;
  const y = SHEET.height - 10 * mm - h;
  doc.lineWidth(1).rect(x, y, w, h).stroke();
  const rows = [
    ['工程名称', d.project],
    ['子项名称', d.building],
    ['图名', title],
    ['图号', number],
    ['比例', scale],
    ['设计 / 校对 / 审核', '王工 / 李工 / 张工'],
  ];
  const rowH = h / rows.length;
  doc.font('cjk').fontSize(11).fillColor('#000');
  rows.forEach(([label, value], i) => {
    const ry = y + i * rowH;
    if (i > 0)
      doc
        .lineWidth(0.5)
        .moveTo(x, ry)
        .lineTo(x + w, ry)
        .stroke();
    doc.text(label!, x + 6, ry + rowH / 2 - 7, { width: 46 * mm, lineBreak: false });
    doc.text(value!, x + 50 * mm, ry + rowH / 2 - 7, { width: w - 54 * mm, lineBreak: false });
  });
  doc
    .lineWidth(0.5)
    .moveTo(x + 48 * mm, y)
    .lineTo(x + 48 * mm, y + h)
    .stroke();
}

function plan(doc: PDFKit.PDFDocument, d: DemoDrawing) {
  const xs = [0];
  for (const bay of X_BAYS) xs.push(xs[xs.length - 1]! + bay);
  const ys = [0];
  for (const bay of Y_BAYS) ys.push(ys[ys.length - 1]! + bay);
  const width = xs[xs.length - 1]! * M;
  const depth = ys[ys.length - 1]! * M;
  const ox = (SHEET.width - width) / 2 - 80;
  const oy = (SHEET.height - depth) / 2 - 40;
  const px = (m: number) => ox + m * M;
  const py = (m: number) => oy + m * M;

  // Under everything else, so the room names stay readable over it.
  if (d.heavy) rebar(doc, xs.map(px), ys.map(py));

  // Axes: dash-dot, bubbles with their names.
  doc.font('cjk').fontSize(14);
  doc.lineWidth(0.35).strokeColor('#c00000').dash(18, { space: 4 });
  xs.forEach((x) =>
    doc
      .moveTo(px(x), oy - 90)
      .lineTo(px(x), oy + depth + 90)
      .stroke(),
  );
  ys.forEach((y) =>
    doc
      .moveTo(ox - 90, py(y))
      .lineTo(ox + width + 90, py(y))
      .stroke(),
  );
  doc.undash().strokeColor('#000');
  xs.forEach((x, i) => bubble(doc, px(x), oy - 106, String(i + 1)));
  ys.forEach((y, i) => bubble(doc, ox - 106, py(y), 'ABCD'[i]!));

  // Exterior walls (200 mm), partitions (100 mm), columns (600 × 600 mm).
  const t = 0.2 * M;
  doc.lineWidth(1.2);
  doc.rect(ox - t / 2, oy - t / 2, width + t, depth + t).stroke();
  doc.rect(ox + t / 2, oy + t / 2, width - t, depth - t).stroke();
  doc.lineWidth(0.7);
  for (const y of [ys[1]!, ys[2]!]) {
    doc
      .moveTo(ox, py(y) - 0.05 * M)
      .lineTo(ox + width, py(y) - 0.05 * M)
      .stroke();
    doc
      .moveTo(ox, py(y) + 0.05 * M)
      .lineTo(ox + width, py(y) + 0.05 * M)
      .stroke();
  }
  for (const x of xs.slice(1, -1))
    for (const [from, to] of [
      [ys[0]!, ys[1]!],
      [ys[2]!, ys[3]!],
    ] as const) {
      doc
        .moveTo(px(x) - 0.05 * M, py(from))
        .lineTo(px(x) - 0.05 * M, py(to))
        .stroke();
      doc
        .moveTo(px(x) + 0.05 * M, py(from))
        .lineTo(px(x) + 0.05 * M, py(to))
        .stroke();
    }
  const c = 0.6 * M;
  for (const x of xs) for (const y of ys) doc.rect(px(x) - c / 2, py(y) - c / 2, c, c).fill('#000');

  // Doors onto the corridor (900 mm leaves with their swing) and windows in the long walls.
  doc.lineWidth(0.35).strokeColor('#000');
  xs.slice(0, -1).forEach((x, i) => {
    for (const [y, dir] of [
      [ys[1]!, -1],
      [ys[2]!, 1],
    ] as const) {
      const hx = px(x + X_BAYS[i]! / 2);
      const hy = py(y);
      const leaf = 0.9 * M;
      doc
        .moveTo(hx, hy)
        .lineTo(hx, hy + dir * leaf)
        .stroke();
      doc
        .path(`M ${hx} ${hy + dir * leaf} A ${leaf} ${leaf} 0 0 ${dir > 0 ? 0 : 1} ${hx + leaf} ${hy}`)
        .stroke();
    }
    for (const y of [ys[0]!, ys[3]!]) {
      const wx = px(x + 1.5);
      const ww = (X_BAYS[i]! - 3) * M;
      for (const k of [-1, 0, 1])
        doc
          .moveTo(wx, py(y) + k * 0.07 * M)
          .lineTo(wx + ww, py(y) + k * 0.07 * M)
          .stroke();
    }
  });

  // Room names and areas.
  doc.font('cjk').fontSize(16).fillColor('#000');
  xs.slice(0, -1).forEach((x, i) => {
    for (const [from, to] of [
      [ys[0]!, ys[1]!],
      [ys[2]!, ys[3]!],
    ] as const) {
      const name = ROOMS[(i + (from > 0 ? 3 : 0)) % ROOMS.length]!;
      const area = (X_BAYS[i]! * (to - from)).toFixed(1);
      const cx = px(x + X_BAYS[i]! / 2);
      const cy = py((from + to) / 2);
      doc.text(name, cx - 60, cy - 18, { width: 120, align: 'center', lineBreak: false });
      doc.fontSize(11).text(`${area} m²`, cx - 60, cy + 4, { width: 120, align: 'center', lineBreak: false });
      doc.fontSize(16);
    }
  });
  doc.text('走廊', px(24.3) - 40, py(ys[1]! + 1.2) - 10, { width: 80, align: 'center', lineBreak: false });

  // Dimension chains above (bays, then the total) and to the left.
  doc.fontSize(11).lineWidth(0.35);
  chain(doc, xs.map(px), oy - 40, 'h');
  chain(doc, [px(0), px(xs[xs.length - 1]!)], oy - 64, 'h');
  chain(doc, ys.map(py), ox - 40, 'v');
  chain(doc, [py(0), py(ys[ys.length - 1]!)], ox - 64, 'v');

  doc.fontSize(22).text(`一层${d.specialty}平面图  1:100`, ox, oy + depth + 130, { lineBreak: false });
}

/** Slab bottom bars at 100 mm both ways in every bay, each drawn as short strokes: tens of thousands. */
function rebar(doc: PDFKit.PDFDocument, xs: number[], ys: number[]) {
  doc.lineWidth(0.18).strokeColor('#0050a0');
  const step = 0.1 * M;
  const piece = 0.75 * M;
  for (let i = 0; i < xs.length - 1; i++)
    for (let j = 0; j < ys.length - 1; j++) {
      const [x0, x1, y0, y1] = [xs[i]! + 8, xs[i + 1]! - 8, ys[j]! + 8, ys[j + 1]! - 8];
      for (let y = y0; y < y1; y += step)
        for (let x = x0; x < x1; x += piece)
          doc
            .moveTo(x, y)
            .lineTo(Math.min(x + piece - 2, x1), y)
            .stroke();
      for (let x = x0; x < x1; x += step)
        for (let y = y0; y < y1; y += piece)
          doc
            .moveTo(x, y)
            .lineTo(x, Math.min(y + piece - 2, y1))
            .stroke();
    }
  doc.strokeColor('#000');
}

function bubble(doc: PDFKit.PDFDocument, x: number, y: number, label: string) {
  doc.lineWidth(0.5).circle(x, y, 16).stroke();
  doc.fontSize(14).text(label, x - 16, y - 9, { width: 32, align: 'center', lineBreak: false });
}

/** A dimension chain through `at` (pt along the axis), drawn at `offset` across it, in millimetres. */
function chain(doc: PDFKit.PDFDocument, at: number[], offset: number, dir: 'h' | 'v') {
  const line = (a: number, b: number, c: number, e: number) =>
    dir === 'h' ? doc.moveTo(a, b).lineTo(c, e).stroke() : doc.moveTo(b, a).lineTo(e, c).stroke();
  line(at[0]!, offset, at[at.length - 1]!, offset);
  for (const a of at) {
    line(a, offset - 8, a, offset + 8);
    line(a - 4, offset + 4, a + 4, offset - 4);
  }
  for (let i = 0; i < at.length - 1; i++) {
    const mm = Math.round(((at[i + 1]! - at[i]!) / M) * 1000);
    const mid = (at[i]! + at[i + 1]!) / 2;
    if (dir === 'h')
      doc.text(String(mm), mid - 40, offset - 20, { width: 80, align: 'center', lineBreak: false });
    else {
      doc.save().rotate(-90, { origin: [offset, mid] });
      doc.text(String(mm), offset - 40, mid - 20, { width: 80, align: 'center', lineBreak: false });
      doc.restore();
    }
  }
}

function notes(doc: PDFKit.PDFDocument, d: DemoDrawing) {
  const mm = 72 / 25.4;
  doc
    .font('cjk')
    .fillColor('#000')
    .fontSize(28)
    .text(`${d.specialty}设计说明`, 60 * mm, 50 * mm);
  const lines = [
    `1. 本工程为${d.project}${d.building}，设计使用年限 50 年，建筑结构安全等级二级。`,
    '2. 抗震设防烈度 6 度（0.05g），设计地震分组第一组，场地类别 II 类。',
    '3. 耐火等级一级；防火分区、安全疏散按《建筑设计防火规范》GB 50016-2014（2018 年版）执行。',
    '4. 屋面防水等级 I 级，外墙采用岩棉板外保温，传热系数满足《公共建筑节能设计标准》GB 50189-2015。',
    '5. 图中尺寸以毫米为单位，标高以米为单位；轴线尺寸为结构轴线。',
    '6. 未尽事宜按国家现行规范、规程执行，施工中如有疑问应及时与设计单位联系。',
    ...(d.revision ? [`7. 本版修改（回复审查意见）：${d.revision}`] : []),
  ];
  doc.fontSize(16);
  let y = 80 * mm;
  for (const line of lines) {
    doc.text(line, 60 * mm, y, { width: SHEET.width - 140 * mm });
    y += 14 * mm;
  }
}
