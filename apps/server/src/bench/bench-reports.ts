/**
 * Benchmark: building an opinion report of 500 opinions (issue 20, "Performance"): at most 3 s on
 * this machine, measured against pdfmake laying out the same opinions as a bare table (same fonts,
 * no report around them) in the same run; and building reports never blocks other calls.
 *
 * Measured, each after one warm-up:
 *   - the bare table, on the main thread (the baseline);
 *   - the report, on the main thread (what the layout itself costs);
 *   - the report as the job queue builds it: in a thread of its own, started for the build
 *     (report-pdf-client.ts), with the main thread's event-loop delay watched meanwhile.
 * Goals: the report in its thread at most 3 s; the main thread's longest event-loop delay during
 * that build at most 50 ms (no call waits behind a build); the ratio to the bare table reported.
 *
 * Environment: BENCH_REPORT_OPINIONS (default 500), BENCH_REPORT_RUNS (default 5).
 * Run with `npm run bench`, or `node apps/server/dist/bench/bench-reports.js`.
 */
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pdfmake from 'pdfmake';
import type { ReportContent } from '@drp/domain';
import { buildReportPdfInWorker } from '../modules/reports/report-pdf-client.js';
import { configurePdfFonts } from '../lib/pdf-fonts.js';
import { buildReportPdf } from '../modules/reports/report-pdf.js';
import { numberFromEnv, percentile, table } from './bench-harness.js';

const OPINIONS = numberFromEnv('BENCH_REPORT_OPINIONS', 500);
const RUNS = numberFromEnv('BENCH_REPORT_RUNS', 5);
const GOAL_MS = 3000;
const BLOCK_GOAL_MS = 50;

const SPECIALTIES = ['建筑', '结构', '给水排水', '暖通空调', '电气', '节能', '勘察'];
const TEXTS = [
  '框架柱轴压比超过规范限值，请复核计算并调整截面或混凝土强度等级。',
  '疏散楼梯间的门应向疏散方向开启，且不应减少楼梯平台的有效宽度；请修改平面图并补充门表。',
  '屋面保温层厚度与节能计算书不一致，请统一并补充热工计算。',
  '消防水池有效容积计算未计入室外消火栓用水量，请复核。',
];

/** A round of ten buildings with OPINIONS opinions across the specialties, a fifth of them 强条. */
function content(): ReportContent {
  const opinions: ReportContent['opinions'] = Array.from({ length: OPINIONS }, (_, i) => {
    const mandatory = i % 5 === 0;
    const specialtyName = SPECIALTIES[i % SPECIALTIES.length]!;
    return {
      buildingName: `${(i % 10) + 1}#楼`,
      specialty: `S${i % SPECIALTIES.length}`,
      specialtyName,
      kind: specialtyName === '节能' ? 'ENERGY' : 'CONSTRUCTION',
      typeName: mandatory ? '违反强制性条文' : '一般性问题',
      mandatory,
      clause: mandatory
        ? `GB 5500${(i % 9) + 1}-2021 第 ${(i % 7) + 2}.${(i % 5) + 1}.${(i % 4) + 1} 条`
        : null,
      sheet: `${specialtyName}施-${String(i % 60).padStart(2, '0')}`,
      text: TEXTS[i % TEXTS.length]!,
    };
  });
  return {
    reportNo: '430104-2026-0001-R1',
    round: 1,
    conclusion: 'REVISE',
    compiledOn: '2026-11-28',
    project: {
      name: '长沙市岳麓区学士路安置房项目（一期）',
      code: '430104-2026-0001',
      location: '长沙市岳麓区学士路 88 号',
      area: 218503.6,
      acceptedOn: '2026-11-02',
    },
    parties: [
      { role: 'CONSTRUCT', name: '长沙市城市建设投资开发集团有限公司', creditCode: '91430100MA4L0C1X20' },
      { role: 'DESIGN', name: '湖南省建筑设计院集团股份有限公司', creditCode: '91430000183762240P' },
      { role: 'SURVEY', name: '湖南省勘测设计院有限公司', creditCode: '914300001837605281' },
      { role: 'CENSOR', name: '湖南省建设工程施工图审查中心有限公司', creditCode: '91430102MA4PJ7N214' },
    ],
    buildings: Array.from({ length: 10 }, (_, i) => ({ name: `${i + 1}#楼`, area: 21850.36 })),
    opinions,
    bySpecialty: SPECIALTIES.map((name, s) => ({
      specialty: `S${s}`,
      name,
      opinions: opinions.filter((o) => o.specialtyName === name).length,
      mandatory: opinions.filter((o) => o.specialtyName === name && o.mandatory).length,
      reviewers: ['吴芳'],
      checkers: ['孙立'],
    })),
    byType: [
      { name: '违反强制性条文', opinions: opinions.filter((o) => o.mandatory).length },
      { name: '一般性问题', opinions: opinions.filter((o) => !o.mandatory).length },
    ],
    clock: { design: { used: 9, limit: 15, left: 6 }, survey: { used: 4, limit: 5, left: 1 } },
    verifyUrl: 'https://review.example.cn/common/verify?no=430104-2026-0001-R1&c=0123456789ABCDEF',
  };
}

/** The same opinions as one plain table in the same fonts: what pdfmake's layout costs alone. */
async function bareTable(c: ReportContent): Promise<Buffer> {
  configurePdfFonts();
  const body = [
    ['序号', '单体 / 专业', '图纸', '审查意见', '依据条文'],
    ...c.opinions.map((o, i) => [
      String(i + 1),
      `${o.buildingName}\n${o.specialtyName}`,
      o.sheet ?? '',
      o.text,
      o.clause ?? '',
    ]),
  ];
  const doc = pdfmake.createPdf({
    pageSize: 'A4',
    defaultStyle: { font: 'Report', fontSize: 9 },
    content: { table: { headerRows: 1, widths: [24, 70, 74, '*', 86], body } },
  });
  return Buffer.from(await doc.getBuffer());
}

async function timed(runs: number, work: () => Promise<unknown>) {
  await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await work();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

/** The longest event-loop delay of the main thread while `work` runs, in ms. */
async function longestBlock(work: () => Promise<unknown>) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  await work();
  // The timer the histogram samples with fires only once the loop is free again: let it.
  await new Promise((resolve) => setTimeout(resolve, 20));
  delay.disable();
  return delay.max / 1e6;
}

async function main() {
  const c = content();
  const bare = await timed(RUNS, () => bareTable(c));
  const inline = await timed(RUNS, () => buildReportPdf(c));
  const threaded = await timed(RUNS, () => buildReportPdfInWorker(c));
  const { pages, bytes } = await buildReportPdf(c);
  const blockInline = await longestBlock(() => buildReportPdf(c));
  const blockThreaded = await longestBlock(() => buildReportPdfInWorker(c));
  const median = (s: number[]) => percentile(s, 50);
  console.log(
    `\nAn opinion report of ${OPINIONS} opinions (${pages} A4 pages, ${Math.round(bytes.length / 1024)} KB), ` +
      `median of ${RUNS} after a warm-up; Node ${process.version}, ${os.cpus().length} CPU(s).\n` +
      `Goals: the report as the queue builds it (its own thread) at most ${GOAL_MS} ms; ` +
      `the main thread's longest event-loop delay meanwhile at most ${BLOCK_GOAL_MS} ms.\n`,
  );
  const rows = [
    ['bare table (baseline, main thread)', median(bare).toFixed(0), '1.00x', '', ''],
    [
      'report (main thread)',
      median(inline).toFixed(0),
      `${(median(inline) / median(bare)).toFixed(2)}x`,
      blockInline.toFixed(0),
      '',
    ],
    [
      'report (own thread, as the queue builds it)',
      median(threaded).toFixed(0),
      `${(median(threaded) / median(bare)).toFixed(2)}x`,
      blockThreaded.toFixed(0),
      median(threaded) <= GOAL_MS && blockThreaded <= BLOCK_GOAL_MS ? 'met' : 'MISSED',
    ],
  ];
  console.log(table(['build', 'median ms', 'vs bare', 'longest main-thread delay ms', 'goal'], rows, 1));
}

await main();
