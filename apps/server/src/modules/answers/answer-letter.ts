import pdfmake, { type DocumentDefinition, type TableCell } from 'pdfmake';
import { RULE_GREY, configurePdfFonts } from '../../lib/pdf-fonts.js';

/**
 * 审查意见回复单: the answers a round's version carries, as one PDF the units file with their
 * revised drawings and the agency reads beside them (the spec's answerCensorConstRes/pdf and
 * answerCensorEnergyRes/pdf). Built from this content alone, in the report's fonts and frame.
 */
export interface AnswerLetterContent {
  /** 施工图审查意见回复单 / 节能审查意见回复单. */
  title: string;
  projectName: string;
  projectCode: string;
  /** The round the answers go into (the version's number). */
  round: number;
  /** When it was printed, a China date. */
  printedOn: string;
  /** The units whose answers it holds. */
  units: string[];
  items: {
    /** "第1轮 第3条". */
    origin: string;
    buildingName: string;
    specialtyName: string;
    mandatory: boolean;
    opinion: string;
    kind: string;
    answer: string;
    /** "S-101 结构平面.pdf 第 1 页", or null when explained without revision. */
    sheet: string | null;
    by: string;
  }[];
}

const MANDATORY_RED = '#b42318';
const label = (text: string): TableCell => ({ text, bold: true, fillColor: '#f2f2f2' });

export function answerLetterDocument(
  content: AnswerLetterContent,
  onPages?: (n: number) => void,
): DocumentDefinition {
  const body: TableCell[][] = [['序号', '原意见', '审查意见', '回复', '修改图纸'].map((h) => label(h))];
  content.items.forEach((item, i) => {
    body.push([
      { text: String(i + 1), alignment: 'right' },
      `${item.origin}\n${item.buildingName}\n${item.specialtyName}`,
      {
        text: [
          ...(item.mandatory ? [{ text: '【强条】', bold: true, color: MANDATORY_RED }] : []),
          item.opinion,
        ],
      },
      {
        text: [
          { text: `${item.kind}：`, bold: true },
          item.answer,
          { text: `\n（${item.by}）`, color: RULE_GREY },
        ],
      },
      item.sheet ?? '—',
    ]);
  });
  return {
    pageSize: 'A4',
    pageMargins: [50, 56, 50, 56],
    info: {
      title: `${content.title} 第${content.round}轮`,
      subject: content.projectName,
      creator: '施工图数字化审查平台',
      creationDate: new Date(`${content.printedOn}T00:00:00+08:00`),
    },
    defaultStyle: { font: 'Report', fontSize: 10.5, lineHeight: 1.3 },
    footer: (current, total) => {
      onPages?.(total);
      return {
        columns: [
          { text: content.projectCode, color: RULE_GREY },
          { text: `第 ${current} 页 共 ${total} 页`, alignment: 'right' },
        ],
        margin: [50, 16, 50, 0],
        fontSize: 9,
      };
    },
    content: [
      { text: content.title, fontSize: 18, bold: true, alignment: 'center', margin: [0, 4, 0, 6] },
      {
        text: `第 ${content.round} 轮送审\u3000\u3000${content.printedOn}`,
        alignment: 'center',
        margin: [0, 0, 0, 12],
      },
      {
        table: {
          widths: [64, '*'],
          body: [
            [label('项目名称'), content.projectName],
            [label('项目编号'), content.projectCode || '—'],
            [label('回复单位'), content.units.join('、') || '—'],
            [label('回复条数'), `${content.items.length} 条`],
          ],
        },
        layout: 'lightBorders',
        margin: [0, 0, 0, 10],
      },
      content.items.length === 0
        ? { text: '本轮尚无回复。' }
        : {
            table: { headerRows: 1, dontBreakRows: true, widths: [24, 70, '*', '*', 80], body },
            layout: 'lightBorders',
            fontSize: 9,
          },
    ],
  };
}

export async function buildAnswerLetterPdf(
  content: AnswerLetterContent,
): Promise<{ bytes: Buffer; pages: number }> {
  configurePdfFonts();
  let pages = 0;
  const doc = pdfmake.createPdf(answerLetterDocument(content, (n) => (pages = n)));
  const bytes = Buffer.from(await doc.getBuffer());
  return { bytes, pages };
}
