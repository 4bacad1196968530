import pdfmake, { type Content, type DocumentDefinition, type TableCell } from 'pdfmake';
import type { CertificateContent, ReportPartyRole } from '@drp/domain';
import { RULE_GREY, configurePdfFonts } from '../../lib/pdf-fonts.js';
import {
  A4,
  CERTIFICATE_BAND,
  SLOT_LABEL,
  certificateSlotRects,
  type SlotRect,
} from '../signatures/signature-slots.js';

const ROLE_NAMES: Record<ReportPartyRole, string> = {
  CONSTRUCT: '建设单位',
  DESIGN: '设计单位',
  SURVEY: '勘察单位',
  CENSOR: '审查机构',
};

const label = (text: string): TableCell => ({ text, bold: true, fillColor: '#f2f2f2' });
const area = (m2: number) => `${m2.toLocaleString('zh-CN', { maximumFractionDigits: 2 })} ㎡`;
const chineseDay = (day: string) => day.replace(/^(\d+)-(\d+)-(\d+)$/, '$1年$2月$3日');
/** Long lists (buildings, clauses) are cut to what one page holds; the full list is in the reports. */
const listed = (items: string[], max: number) =>
  items.length <= max ? items.join('、') : `${items.slice(0, max).join('、')} 等 ${items.length} 项`;

function factsTable(content: CertificateContent): Content {
  const { project } = content;
  const rows: TableCell[][] = [
    [label('项目名称'), { text: project.name, colSpan: 3 }, '', ''],
    [label('项目编号'), project.code, label('项目类型'), project.projectTypeName || '—'],
    [label('建设地点'), { text: project.location || '—', colSpan: 3 }, '', ''],
    [
      label('建设规模'),
      `总建筑面积 ${area(project.area)}`,
      label('投资额'),
      project.investment === null ? '—' : `${project.investment.toLocaleString('zh-CN')} 万元`,
    ],
    [
      label('审查范围'),
      {
        text:
          `${listed(
            content.buildings.map((b) => (b.area ? `${b.name}（${area(b.area)}）` : b.name)),
            12,
          )}；` + `专业：${content.specialties.join('、')}`,
        colSpan: 3,
      },
      '',
      '',
    ],
  ];
  for (const role of ['CONSTRUCT', 'SURVEY', 'DESIGN', 'CENSOR'] as const)
    for (const party of content.parties.filter((p) => p.role === role))
      rows.push([label(ROLE_NAMES[role]), party.name, label('统一社会信用代码'), party.creditCode ?? '—']);
  const first = content.firstRound;
  rows.push(
    [
      label('一次审查'),
      first.passed ? '通过' : '未通过',
      label('违反强条'),
      first.mandatoryCount === 0 ? '无' : `${first.mandatoryCount} 条`,
    ],
    ...(first.mandatoryClauses.length
      ? [
          [
            label('违反强条条目'),
            { text: listed(first.mandatoryClauses, 10), colSpan: 3 },
            '',
            '',
          ] as TableCell[],
        ]
      : []),
    [label('受理日期'), content.project.acceptedOn ?? '—', label('审查完成日期'), content.completedOn],
    [label('审查轮次'), `${content.rounds} 轮`, label('审查意见告知书'), content.reportNo],
  );
  return { table: { widths: [72, '*', 86, '*'], body: rows }, layout: 'lightBorders', margin: [0, 0, 0, 8] };
}

/** 审查人员: each reviewer once, with their registration and the specialties they reviewed. */
function reviewersLine(content: CertificateContent): Content {
  if (content.reviewers.length === 0) return [];
  const people = new Map<string, { registration: string | null; specialties: string[] }>();
  for (const r of content.reviewers) {
    const key = `${r.name}|${r.registration ?? ''}`;
    const entry = people.get(key) ?? { registration: r.registration, specialties: [] };
    entry.specialties.push(r.specialtyName);
    people.set(key, entry);
  }
  return {
    text: [
      { text: '审查人员：', bold: true },
      [...people]
        .map(([key, p]) => {
          const name = key.split('|')[0]!;
          return `${p.registration ? `${name}（${p.registration}）` : name}：${p.specialties.join('、')}`;
        })
        .join('；'),
    ],
  };
}

/**
 * The band at the foot of the last page where the signatures go (signature-slots): a labelled
 * dashed box for each signer and the seal, in the same rectangles the signer fills. Empty until
 * signed, so a printed unsigned copy shows plainly what it lacks.
 */
function signatureBand(content: CertificateContent): Content[] {
  const people = content.signing.filter((s) => !s.seal);
  const seal = content.signing.find((s) => s.seal);
  const rects = certificateSlotRects(people.length);
  const top = (r: SlotRect) => A4.height - r.y - r.height;
  // A label keeps to the room above its box: the signer's line, then at most two small lines.
  const fit = (line: string, size: number, lines: number, width: number) => {
    const max = Math.floor(width / size) * lines;
    return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
  };
  const box = (r: SlotRect, text: string): Content[] => [
    {
      columns: [
        {
          width: r.width + 16,
          stack: text.split('\n').map((line, i) => ({
            text: i === 0 ? fit(line, 7.5, 1, r.width + 16) : fit(line, 6.5, 2, r.width + 16),
            fontSize: i === 0 ? 7.5 : 6.5,
            lineHeight: 1.05,
            alignment: 'center',
          })),
        },
      ],
      absolutePosition: { x: r.x - 8, y: top(r) - SLOT_LABEL + 1 },
    },
    {
      canvas: [
        {
          type: 'rect',
          x: 0,
          y: 0,
          w: r.width,
          h: r.height,
          lineWidth: 0.5,
          lineColor: RULE_GREY,
          dash: { length: 2 },
        },
      ],
      absolutePosition: { x: r.x, y: top(r) },
    },
  ];
  const censor = content.parties.find((p) => p.role === 'CENSOR')?.name ?? '';
  return [
    {
      text: '审查人员及审查机构签章',
      bold: true,
      fontSize: 10,
      absolutePosition: { x: 50, y: CERTIFICATE_BAND.top },
    },
    ...people.flatMap((p, i) => box(rects.people[i]!, p.label)),
    ...(seal
      ? [
          ...box(rects.seal, seal.label),
          {
            stack: [
              { text: censor, alignment: 'center' },
              { text: chineseDay(content.compiledOn), alignment: 'center' },
            ],
            fontSize: 8,
            width: rects.seal.width + 20,
            absolutePosition: { x: rects.seal.x - 10, y: top(rects.seal) + rects.seal.height + 2 },
          } as Content,
        ]
      : []),
  ];
}

/**
 * The certificate's document definition: one A4 page (a second only for a very long review),
 * the QR code of its public check at the top right with the check code under it, and the band
 * of signatures at the foot of the last page, which the flow of the page never enters.
 */
export function certificateDocument(
  content: CertificateContent,
  onPages?: (pages: number) => void,
  layout: { fontSize: number; bandOnPage: number | null } = { fontSize: 9.5, bandOnPage: null },
): DocumentDefinition {
  return {
    pageSize: 'A4',
    // The bottom margin is the signature band and the footer: nothing else is laid out there.
    pageMargins: [50, 46, 50, A4.height - CERTIFICATE_BAND.top + 6],
    info: {
      title: `施工图设计文件审查合格书 ${content.certificateNo}`,
      subject: content.project.name,
      creator: '施工图数字化审查平台',
      // Fixed by the content: building the same certificate twice gives the same bytes.
      creationDate: new Date(`${content.compiledOn}T00:00:00+08:00`),
    },
    defaultStyle: { font: 'Report', fontSize: layout.fontSize, lineHeight: 1.2 },
    // The band is drawn behind the page at absolute places: a footer is laid out in flow, which
    // would not put the boxes exactly where the signer puts the signatures. Only on the last page,
    // where the signatures go: a box on another page would stay empty for good.
    background: (page: number) =>
      layout.bandOnPage === null || page === layout.bandOnPage ? signatureBand(content) : [],
    footer: (current, total) => {
      onPages?.(total);
      return {
        columns: [
          { text: `合格书编号：${content.certificateNo}`, color: RULE_GREY },
          { text: `第 ${current} 页 共 ${total} 页`, alignment: 'right' },
        ],
        fontSize: 8.5,
        margin: [50, A4.height - CERTIFICATE_BAND.top - 6 - 34, 50, 0],
      };
    },
    content: [
      {
        columns: [
          {
            width: '*',
            stack: [
              {
                text: '施工图设计文件审查合格书',
                fontSize: 20,
                bold: true,
                alignment: 'center',
                margin: [96, 8, 0, 6],
              },
              { text: `合格书编号：${content.certificateNo}`, alignment: 'center', margin: [96, 0, 0, 0] },
            ],
          },
          {
            width: 96,
            stack: [
              { qr: content.verifyUrl, fit: 70, eccLevel: 'M', alignment: 'center' },
              { text: '扫码核验 校验码', fontSize: 7, alignment: 'center', color: RULE_GREY },
              { text: content.checkCode, fontSize: 6.5, alignment: 'center' },
            ],
          },
        ],
        margin: [0, 0, 0, 10],
      },
      factsTable(content),
      {
        text:
          '经审查，该项目施工图设计文件符合工程建设强制性标准，地基基础和主体结构安全，符合民用建筑节能强制性标准，' +
          '勘察设计企业和注册执业人员按规定签字盖章，审查合格。本合格书与经审查的施工图设计文件（加盖审查专用章）一并使用。',
        margin: [0, 0, 0, 8],
      },
      reviewersLine(content),
    ],
  };
}

/** Type sizes tried in turn so that a long review still fits its one page. */
const FONT_SIZES = [9.5, 8.5, 7.5] as const;

/**
 * Builds the certificate's PDF: the bytes and the number of pages. A certificate is one page: a
 * review with many parties, reviewers or clauses is set in smaller type until it fits; only what
 * does not fit even then runs on, with the signature band on its last page alone.
 */
export async function buildCertificatePdf(
  content: CertificateContent,
): Promise<{ bytes: Buffer; pages: number }> {
  configurePdfFonts();
  const build = async (fontSize: number, bandOnPage: number | null) => {
    let pages = 0;
    const doc = pdfmake.createPdf(certificateDocument(content, (n) => (pages = n), { fontSize, bandOnPage }));
    const bytes = Buffer.from(await doc.getBuffer());
    return { bytes, pages };
  };
  let built = await build(FONT_SIZES[0], 1);
  for (const size of FONT_SIZES.slice(1)) {
    if (built.pages === 1) return built;
    built = await build(size, 1);
  }
  return built.pages === 1 ? built : build(FONT_SIZES.at(-1)!, built.pages);
}
