import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ReportContent } from '@drp/domain';
import {
  differingShare,
  inkIn,
  pdfFonts,
  pdfText,
  readPgm,
  renderPdfPages,
  type GreyImage,
} from '../../test/render-pdf.js';
import { buildReportPdf } from './report-pdf.js';

const SPECIALTIES = [
  ['ARCHITECTURE', '建筑'],
  ['STRUCTURE', '结构'],
  ['WATER', '给排水'],
  ['ENERGY_SAVING', '节能'],
] as const;

/** A round of three buildings with 48 opinions, a sixth of them on mandatory clauses. */
export function sampleReport(over: Partial<ReportContent> = {}): ReportContent {
  const opinions: ReportContent['opinions'] = [];
  for (const building of ['1#住宅楼', '2#住宅楼', '地下车库'])
    for (const [specialty, specialtyName] of SPECIALTIES)
      for (let n = 1; n <= 4; n++) {
        const mandatory = n === 1 && specialty !== 'WATER';
        opinions.push({
          buildingName: building,
          specialty,
          specialtyName,
          kind: specialty === 'ENERGY_SAVING' ? 'ENERGY' : 'CONSTRUCTION',
          typeName: mandatory ? '违反强制性条文' : '一般性问题',
          mandatory,
          clause: mandatory ? 'GB 55001-2021 第 4.2.1 条' : null,
          sheet: `${specialtyName}施-10${n}`,
          text:
            n % 2
              ? '框架柱轴压比超过规范限值，请复核计算并调整截面或混凝土强度等级。'
              : '疏散楼梯间的门应向疏散方向开启，且不应减少楼梯平台的有效宽度；请修改平面图并补充门表。',
        });
      }
  return {
    reportNo: 'HN-2026-000123-R1',
    round: 1,
    conclusion: 'REVISE',
    compiledOn: '2026-11-27',
    project: {
      name: '长沙市岳麓区梅溪湖安置房项目',
      code: 'HN-2026-000123',
      location: '长沙市岳麓区梅溪湖路 88 号',
      area: 58234.5,
      acceptedOn: '2026-11-02',
    },
    parties: [
      { role: 'CONSTRUCT', name: '长沙梅溪湖投资建设有限公司', creditCode: '91430100MA4L000001' },
      { role: 'DESIGN', name: '湖南省建筑设计院有限公司', creditCode: '91430000183760000X' },
      { role: 'SURVEY', name: '湖南省勘测设计院', creditCode: null },
      { role: 'CENSOR', name: '湖南省施工图审查中心', creditCode: '12430000MB1C00000Y' },
    ],
    buildings: [
      { name: '1#住宅楼', area: 21000 },
      { name: '2#住宅楼', area: 21000 },
      { name: '地下车库', area: 16234.5 },
    ],
    opinions,
    bySpecialty: SPECIALTIES.map(([specialty, name]) => ({
      specialty,
      name,
      opinions: opinions.filter((o) => o.specialty === specialty).length,
      mandatory: opinions.filter((o) => o.specialty === specialty && o.mandatory).length,
      reviewers: ['王审查'],
      checkers: ['赵校审'],
    })),
    byType: [
      { name: '违反强制性条文', opinions: opinions.filter((o) => o.mandatory).length },
      { name: '一般性问题', opinions: opinions.filter((o) => !o.mandatory).length },
    ],
    clock: { design: { used: 8, limit: 15, left: 7 }, survey: { used: 3, limit: 5, left: 2 } },
    verifyUrl: 'https://review.example.cn/common/verify?no=HN-2026-000123-R1&c=0123456789ABCDEF',
    ...over,
  };
}

const REFERENCES = path.join(import.meta.dirname, 'report-pdf-references');
const DPI = 40;

/** The page as stored for comparison (UPDATE_REPORT_REFERENCES=1 writes it afresh, to look at first). */
async function reference(name: string, page: GreyImage): Promise<GreyImage> {
  const file = path.join(REFERENCES, `${name}.pgm.gz`);
  if (process.env.UPDATE_REPORT_REFERENCES === '1') {
    const header = Buffer.from(`P5\n${page.width} ${page.height}\n255\n`, 'latin1');
    await writeFile(file, gzipSync(Buffer.concat([header, page.pixels])));
  }
  if (!existsSync(file))
    throw new Error(`${file} is missing: run with UPDATE_REPORT_REFERENCES=1 and look at it`);
  return readPgm(gunzipSync(await readFile(file)));
}

describe('the opinion report PDF', () => {
  it('prints on A4 pages numbered x of y, with embedded TrueType subsets of the Noto fonts and no Type 3', async () => {
    const { bytes, pages } = await buildReportPdf(sampleReport());
    expect(pages).toBeGreaterThanOrEqual(3);
    const fonts = await pdfFonts(bytes);
    expect(fonts.length).toBeGreaterThanOrEqual(2);
    for (const font of fonts) {
      expect(font.type, font.name).toMatch(/TrueType/);
      expect(font.embedded && font.subset, font.name).toBe(true);
    }
    expect(fonts.map((f) => f.name).join(' ')).toMatch(/NotoSerifSC/);
    expect(fonts.map((f) => f.name).join(' ')).toMatch(/NotoSansSC/);
    const text = await pdfText(bytes);
    expect(text).toContain('施工图设计文件审查意见告知书');
    // pdftotext drops the spaces around the numbers.
    expect(text).toMatch(new RegExp(`第\\s*1\\s*页\\s*共\\s*${pages}\\s*页`));
    expect(text).toMatch(new RegExp(`第\\s*${pages}\\s*页\\s*共\\s*${pages}\\s*页`));
    expect(text).toContain('需修改后复审');
    expect(text.replace(/\s+/g, '')).toContain('本轮共提出审查意见48条，其中违反工程建设强制性条文9条');
    expect(text).toContain('【强条】');
    // The same content builds the same bytes: a retried build issues the same report.
    expect((await buildReportPdf(sampleReport())).bytes.equals(bytes)).toBe(true);
  });

  it('draws its pages as the reference images show them (glyphs, tables, the QR code)', async () => {
    const { bytes, pages } = await buildReportPdf(sampleReport());
    const [first] = await renderPdfPages(bytes, { first: 1, last: 1, dpi: DPI });
    const [last] = await renderPdfPages(bytes, { first: pages, last: pages, dpi: DPI });
    // A4 at 40 dpi.
    expect([first!.width, first!.height]).toEqual([331, 468]);
    // The QR code at the top right is a dense block of ink; the title beside it is drawn too.
    expect(inkIn(first!, 262, 28, 300, 68)).toBeGreaterThan(400);
    expect(inkIn(first!, 60, 30, 240, 50)).toBeGreaterThan(150);
    expect(differingShare(first!, await reference('page-1', first!))).toBeLessThan(0.005);
    expect(differingShare(last!, await reference('page-last', last!))).toBeLessThan(0.005);
  });

  it('says a round without opinions passed, in a report of one page', async () => {
    const { bytes, pages } = await buildReportPdf(
      sampleReport({ conclusion: 'PASSED', opinions: [], byType: [], bySpecialty: [] }),
    );
    expect(pages).toBe(1);
    const text = await pdfText(bytes);
    expect(text).toContain('审查结论：审查合格');
    expect(text.replace(/\s+/g, '')).toContain('本轮无未关闭的审查意见，施工图设计文件审查合格');
    expect(text).toContain('本轮无审查意见');
  });

  it('lists a later round’s carried opinions with their answers and decisions, and what it added', async () => {
    const carried: NonNullable<ReportContent['carried']> = [
      ['CLOSE', '', '已将 KZ1 截面调整为 600×600，见结施-101'],
      ['KEEP', '总说明仍未写明抗震设防类别，请补充。', '抗震设防类别为丙类，已见总说明第 3.1 条'],
      ['REOPEN', '复核发现 KZ2 同样超限。', '已调整 KZ1'],
    ].map(([decision, remark, answer], i) => ({
      origin: `第1轮 第${i + 1}条`,
      buildingName: '1#住宅楼',
      specialtyName: '结构',
      mandatory: i === 0,
      text: '框架柱轴压比超过规范限值，请复核计算并调整截面或混凝土强度等级。',
      answer: answer!,
      decision: decision as 'CLOSE' | 'KEEP' | 'REOPEN',
      remark: remark!,
    }));
    const content = sampleReport({
      reportNo: 'HN-2026-000123-R2',
      round: 2,
      carried,
      opinions: sampleReport().opinions.slice(0, 2),
      bySpecialty: [],
      byType: [],
      clock: {
        design: { used: 11, limit: 15, left: 4, rounds: [8, 3], applicantDays: 6 },
        survey: null,
      },
    });
    const { bytes } = await buildReportPdf(content);
    const text = (await pdfText(bytes)).replace(/\s+/g, '');
    expect(text).toContain('以前轮次意见的复审情况');
    expect(text).toContain('经复审，以前轮次的意见闭合1条，保留1条，重新打开1条；本轮新增审查意见2条');
    expect(text).toContain('回复：抗震设防类别为丙类');
    expect(text).toContain('本轮新增审查意见');
    expect(text).toContain('本轮3个工作日，累计11个，时限15个；修改6个工作日不计入');
    const [first] = await renderPdfPages(bytes, { first: 1, last: 1, dpi: DPI });
    expect(differingShare(first!, await reference('round-2-page-1', first!))).toBeLessThan(0.005);

    const passed = await buildReportPdf(
      sampleReport({
        round: 2,
        conclusion: 'PASSED',
        carried: carried.slice(0, 1),
        opinions: [],
        bySpecialty: [],
        byType: [],
      }),
    );
    expect((await pdfText(passed.bytes)).replace(/\s+/g, '')).toContain(
      '经复审，以前轮次的意见闭合1条，保留0条，重新打开0条；本轮无新增意见，已无未闭合的审查意见，施工图设计文件审查合格',
    );
  });
});
