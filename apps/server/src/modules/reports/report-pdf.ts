import pdfmake, { type Content, type DocumentDefinition, type TableCell } from 'pdfmake';
import { RULE_GREY, configurePdfFonts } from '../../lib/pdf-fonts.js';
import { A4, SLOT_LABEL, signatureSlotRects, type SlotRect } from '../signatures/signature-slots.js';
import { REPORT_CONCLUSIONS, REPORT_LIMITS, type ReportContent, type ReportPartyRole } from '@drp/domain';

const ROLE_NAMES: Record<ReportPartyRole, string> = {
  CONSTRUCT: '建设单位',
  DESIGN: '设计单位',
  SURVEY: '勘察单位',
  CENSOR: '审查机构',
};

const MANDATORY_RED = '#b42318';

const label = (text: string): TableCell => ({ text, bold: true, fillColor: '#f2f2f2' });
const area = (m2: number) => `${m2.toLocaleString('zh-CN', { maximumFractionDigits: 2 })} ㎡`;
/** The clock as the report prints it: this round's days and the total, the applicant's apart. */
const used = (c: ReportContent['clock']['design']) =>
  c.rounds?.length
    ? `本轮 ${c.rounds.at(-1)} 个工作日，累计 ${c.used} 个，时限 ${c.limit} 个` +
      (c.applicantDays ? `；修改 ${c.applicantDays} 个工作日不计入` : '')
    : `已用 ${c.used} 个工作日，时限 ${c.limit} 个工作日`;

function partiesTable(content: ReportContent): Content {
  const rows: TableCell[][] = [
    [label('项目名称'), { text: content.project.name, colSpan: 3 }, '', ''],
    [label('项目编号'), content.project.code, label('建筑面积'), area(content.project.area)],
    [label('建设地点'), { text: content.project.location || '—', colSpan: 3 }, '', ''],
  ];
  for (const role of ['CONSTRUCT', 'DESIGN', 'SURVEY', 'CENSOR'] as const)
    for (const party of content.parties.filter((p) => p.role === role))
      rows.push([label(ROLE_NAMES[role]), party.name, label('统一社会信用代码'), party.creditCode ?? '—']);
  rows.push([
    label('受理日期'),
    content.project.acceptedOn ?? '—',
    label('审查用时'),
    content.clock.survey
      ? `设计：${used(content.clock.design)}\n勘察：${used(content.clock.survey)}`
      : used(content.clock.design),
  ]);
  return {
    table: { widths: [64, '*', 100, '*'], body: rows },
    layout: 'lightBorders',
    margin: [0, 0, 0, 10],
  };
}

/** A later round's decisions counted: closed, kept open, reopened. */
function decided(content: ReportContent) {
  const carried = content.carried ?? [];
  const n = (d: string) => carried.filter((c) => c.decision === d).length;
  return { total: carried.length, closed: n('CLOSE'), kept: n('KEEP'), reopened: n('REOPEN') };
}

function conclusion(content: ReportContent): Content {
  const mandatory = content.opinions.filter((o) => o.mandatory).length;
  const d = decided(content);
  const review =
    d.total > 0
      ? `经复审，以前轮次的意见闭合 ${d.closed} 条，保留 ${d.kept} 条，重新打开 ${d.reopened} 条；`
      : '';
  const text =
    content.conclusion === 'PASSED'
      ? d.total > 0
        ? `${review}本轮无新增意见，已无未闭合的审查意见，施工图设计文件审查合格。`
        : '经审查，本轮无未关闭的审查意见，施工图设计文件审查合格。'
      : `${review || '经审查，'}本轮${d.total > 0 ? '新增' : '共提出'}审查意见 ${content.opinions.length} 条，其中违反工程建设强制性条文 ${mandatory} 条。` +
        `请设计（勘察）单位逐条回复、修改图纸，并于 ${REPORT_LIMITS.answerDays} 个工作日内经建设单位重新送审。`;
  return [
    { text: `审查结论：${REPORT_CONCLUSIONS[content.conclusion]['zh-CN']}`, style: 'h2' },
    { text, margin: [0, 0, 0, 10] },
  ];
}

function countsTable(content: ReportContent): Content {
  if (content.bySpecialty.length === 0) return [];
  const body: TableCell[][] = [
    ['专业', '意见数', '违反强条', '审查人', '校审人'].map((h) => label(h)),
    ...content.bySpecialty.map((s): TableCell[] => [
      s.name,
      { text: String(s.opinions), alignment: 'right' },
      { text: String(s.mandatory), alignment: 'right', color: s.mandatory ? MANDATORY_RED : undefined },
      s.reviewers.join('、') || '—',
      s.checkers.join('、') || '—',
    ]),
  ];
  const types = content.byType.map((t) => `${t.name} ${t.opinions} 条`).join('；');
  return [
    { text: '意见统计', style: 'h2' },
    {
      table: { headerRows: 1, widths: ['*', 44, 52, '*', '*'], body },
      layout: 'lightBorders',
      margin: [0, 0, 0, 4],
    },
    ...(types
      ? [{ text: `按意见类型：${types}。`, margin: [0, 0, 0, 10] as [number, number, number, number] }]
      : []),
  ];
}

function opinionsTable(content: ReportContent): Content {
  if (content.opinions.length === 0) return { text: '本轮无审查意见。', margin: [0, 0, 0, 10] };
  const body: TableCell[][] = [['序号', '单体 / 专业', '图纸', '审查意见', '依据条文'].map((h) => label(h))];
  content.opinions.forEach((o, i) => {
    body.push([
      { text: String(i + 1), alignment: 'right' },
      `${o.buildingName}\n${o.specialtyName}`,
      o.sheet ?? '—',
      {
        text: [
          ...(o.mandatory ? [{ text: '【强条】', bold: true, color: MANDATORY_RED }] : []),
          { text: `${o.typeName}：`, bold: true },
          o.text,
        ],
      },
      o.clause ? { text: o.clause, color: o.mandatory ? MANDATORY_RED : undefined } : '—',
    ]);
  });
  return {
    table: { headerRows: 1, dontBreakRows: true, widths: [24, 70, 74, '*', 86], body },
    layout: 'lightBorders',
    fontSize: 9,
    margin: [0, 0, 0, 10],
  };
}

const DECISION_TEXT = { CLOSE: '闭合', KEEP: '保留', REOPEN: '重新打开' } as const;

/** A later round: each earlier opinion with the answer sent and the reviewer's decision. */
function carriedTable(content: ReportContent): Content {
  const carried = content.carried ?? [];
  if (carried.length === 0) return [];
  const body: TableCell[][] = [['序号', '原意见', '意见与回复', '复审处理'].map((h) => label(h))];
  carried.forEach((c, i) => {
    body.push([
      { text: String(i + 1), alignment: 'right' },
      `${c.origin}\n${c.buildingName}\n${c.specialtyName}`,
      {
        text: [
          ...(c.mandatory ? [{ text: '【强条】', bold: true, color: MANDATORY_RED }] : []),
          c.text,
          { text: '\n回复：', bold: true },
          c.answer ?? '—',
        ],
      },
      {
        text: [
          {
            text: DECISION_TEXT[c.decision],
            bold: true,
            color: c.decision === 'CLOSE' ? undefined : MANDATORY_RED,
          },
          ...(c.remark ? [`\n${c.remark}`] : []),
        ],
      },
    ]);
  });
  return [
    { text: '以前轮次意见的复审情况', style: 'h2' },
    {
      table: { headerRows: 1, dontBreakRows: true, widths: [24, 74, '*', 96], body },
      layout: 'lightBorders',
      fontSize: 9,
      margin: [0, 0, 0, 10],
    },
  ];
}

function signatures(content: ReportContent): Content {
  const reviewers = content.bySpecialty
    .map((s) => `${s.name}：${s.reviewers.join('、') || '—'}`)
    .join('\u3000');
  const censor = content.parties.find((p) => p.role === 'CENSOR')?.name ?? '';
  return {
    unbreakable: true,
    stack: [
      { text: '审查人员', style: 'h2' },
      { text: reviewers, margin: [0, 0, 0, 18] },
      { text: `审查机构（盖章）：${censor}`, alignment: 'right' },
      { text: content.compiledOn.replace(/^(\d+)-(\d+)-(\d+)$/, '$1年$2月$3日'), alignment: 'right' },
    ],
  };
}

/**
 * The signature page (签章页, issue 21): a labelled box for each signer and the seal, at the places
 * signature-slots gives, so the signatures added later land inside them. Empty boxes until signed:
 * a printed unsigned copy shows plainly what it lacks.
 */
function signaturePage(content: ReportContent): Content[] {
  const slots = content.signing ?? [];
  if (slots.length === 0) return [];
  const people = slots.filter((s) => !s.seal);
  const seal = slots.find((s) => s.seal);
  const rects = signatureSlotRects(people.length);
  const censor = content.parties.find((p) => p.role === 'CENSOR')?.name ?? '';
  const top = (r: SlotRect) => A4.height - r.y - r.height;
  // The label above its box, in the box's own width: the signer, then (smaller, at most two
  // lines) what they reviewed.
  const box = (r: SlotRect, label: string): Content[] => [
    {
      columns: [
        {
          width: r.width + 24,
          stack: label.split('\n').map((line, i) => ({
            text: line,
            fontSize: i === 0 ? 7.5 : 6.5,
            lineHeight: 1.05,
            alignment: 'center',
          })),
        },
      ],
      absolutePosition: { x: r.x - 12, y: top(r) - SLOT_LABEL + 1 },
    },
    {
      canvas: [
        { type: 'rect', x: 0, y: 0, w: r.width, h: r.height, lineWidth: 0.5, lineColor: RULE_GREY, dash: { length: 2 } },
      ],
      absolutePosition: { x: r.x, y: top(r) },
    },
  ];
  return [
    { text: '签章页', style: 'title', pageBreak: 'before' },
    {
      text: `编号：${content.reportNo}\u3000\u3000第 ${content.round} 轮审查`,
      alignment: 'center',
      margin: [0, 0, 0, 8],
    },
    {
      text:
        '本告知书经下列审查人员、审核人签署并加盖审查机构电子印章后生效。各签章为可在任意 PDF 阅读器中核验的电子签名；' +
        '签署后文件的任何改动都会使签名失效。',
      fontSize: 9.5,
    },
    ...people.flatMap((p, i) => box(rects.people[i]!, p.label)),
    ...(seal
      ? [
          ...box(rects.seal, seal.label),
          {
            stack: [
              { text: `审查机构：${censor}` },
              { text: content.compiledOn.replace(/^(\d+)-(\d+)-(\d+)$/, '$1年$2月$3日') },
            ],
            absolutePosition: { x: 50, y: top(rects.seal) + rects.seal.height - 30 },
          } as Content,
        ]
      : []),
  ];
}

/** The report's document definition: A4, the QR code of its public check at the top right. */
export function reportDocument(
  content: ReportContent,
  onPages?: (pages: number) => void,
): DocumentDefinition {
  return {
    pageSize: 'A4',
    pageMargins: [50, 56, 50, 56],
    info: {
      title: `施工图设计文件审查意见告知书 ${content.reportNo}`,
      subject: content.project.name,
      creator: '施工图数字化审查平台',
      // Fixed by the content: building the same report twice gives the same bytes.
      creationDate: new Date(`${content.compiledOn}T00:00:00+08:00`),
    },
    defaultStyle: { font: 'Report', fontSize: 10.5, lineHeight: 1.3 },
    styles: {
      title: { fontSize: 18, bold: true, alignment: 'center', margin: [0, 4, 0, 6] },
      h2: { fontSize: 12, bold: true, margin: [0, 6, 0, 4] },
    },
    footer: (current, total) => {
      onPages?.(total);
      return {
        columns: [
          { text: content.reportNo, color: RULE_GREY },
          { text: `第 ${current} 页 共 ${total} 页`, alignment: 'right' },
        ],
        margin: [50, 16, 50, 0],
        fontSize: 9,
      };
    },
    content: [
      {
        columns: [
          {
            width: '*',
            stack: [
              { text: '施工图设计文件审查意见告知书', style: 'title' },
              {
                text: `编号：${content.reportNo}\u3000\u3000第 ${content.round} 轮审查`,
                alignment: 'center',
              },
            ],
          },
          {
            width: 76,
            stack: [
              { qr: content.verifyUrl, fit: 76, eccLevel: 'M' },
              { text: '扫码核验', fontSize: 8, alignment: 'center', color: RULE_GREY },
            ],
          },
        ],
        margin: [0, 0, 0, 12],
      },
      partiesTable(content),
      conclusion(content),
      countsTable(content),
      carriedTable(content),
      { text: content.carried?.length ? '本轮新增审查意见' : '审查意见', style: 'h2' },
      opinionsTable(content),
      signatures(content),
      ...signaturePage(content),
    ],
  };
}

/** Builds the report's PDF: the bytes and the number of pages. */
export async function buildReportPdf(content: ReportContent): Promise<{ bytes: Buffer; pages: number }> {
  configurePdfFonts();
  let pages = 0;
  const doc = pdfmake.createPdf(reportDocument(content, (n) => (pages = n)));
  const bytes = Buffer.from(await doc.getBuffer());
  return { bytes, pages };
}
