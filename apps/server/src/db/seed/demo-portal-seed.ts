import { deflateSync, crc32 } from 'node:zlib';
import { createHash, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { PortalCategory, PortalFooter, PortalLinkGroup } from '@drp/domain';
import type { AppContext } from '../../lib/app-context.js';
import { newFileKey } from '../../lib/file-store.js';
import { sanitizeRichText } from '../../lib/sanitize-rich-text.js';
import { inTransaction } from '../database.js';
import { accounts } from '../schema/accounts.js';
import { auditEvents } from '../schema/audit.js';
import { portalArticles, portalFiles, portalLinks, portalSettings } from '../schema/portal.js';

/**
 * The demo portal a newcomer meets (issue 7): a few items in every category, links in every
 * group and the footer, all written by the demo information-service account and every item
 * marked 【演示】 so nobody takes it for a real notice. Files go through the FileStore like any
 * upload; the PDFs and pictures are made here, small and valid.
 */

// ---- small valid files ----

/**
 * A one-page A4 PDF of text lines. Chinese is set in STSong-Light, one of the CJK fonts every PDF
 * reader must supply itself (PDF 1.4 §5.9, Adobe's GB1 collection), so nothing is embedded and the
 * file stays a couple of KB; ASCII-only lines use Helvetica.
 */
export function demoPdf(title: string, lines: string[]): Buffer {
  const hex = (text: string) =>
    [...text]
      .map((c) => (c.codePointAt(0)! > 0xffff ? 0x25a1 : c.codePointAt(0)!).toString(16).padStart(4, '0'))
      .join('');
  const ascii = (text: string) => /^[\x20-\x7e]*$/.test(text);
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const wrap = (text: string, width: number) => {
    const out: string[] = [];
    for (let i = 0; i < text.length; i += width) out.push(text.slice(i, i + width));
    return out.length ? out : [''];
  };
  const show = (text: string, size: number, x: number, y: number) =>
    ascii(text)
      ? `BT /F2 ${size} Tf ${x} ${y} Td (${escape(text)}) Tj ET`
      : `BT /F1 ${size} Tf ${x} ${y} Td <${hex(text)}> Tj ET`;
  const ops: string[] = [];
  let y = 770;
  for (const part of wrap(title, 24)) {
    ops.push(show(part, 18, 72, y));
    y -= 28;
  }
  y -= 10;
  for (const line of lines)
    for (const part of wrap(line, 36)) {
      if (y < 72) break;
      ops.push(show(part, 12, 72, y));
      y -= 20;
    }
  const content = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [7 0 R] >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> /FontDescriptor 8 0 R /DW 1000 >>',
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
    `<< /Title <feff${hex(title)}> /Producer (drp demo seed) >>`,
  ];
  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/**
 * A PNG of a vertical gradient from `top` to `bottom` with a lighter band across the middle: a
 * banner background that compresses to a few KB.
 */
export function demoPng(width: number, height: number, top: number[], bottom: number[]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // truecolour RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const t = height > 1 ? y / (height - 1) : 0;
    const band = Math.abs(y - height * 0.62) < height * 0.04 ? 36 : 0;
    const rgb = top.map((c, i) => Math.min(255, Math.round(c + (bottom[i]! - c) * t) + band));
    const row = y * (width * 3 + 1);
    raw[row] = 0; // no filter
    for (let x = 0; x < width; x += 1) raw.set(rgb, row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- the content ----

const DEMO_SOURCE = '演示数据';

interface DemoArticle {
  category: PortalCategory;
  title: string;
  source: string;
  daysAgo: number;
  summary?: string;
  /** Paragraphs; none: the item is its title, source, date and attachments (emptyDetail). */
  body?: string[];
  /** A PDF attachment: its file name and what its page says. */
  pdf?: { name: string; lines: string[] };
  pinned?: boolean;
  banner?: 'blue' | 'green';
  /** Left as a draft, so staff see one in their list and the public never does. */
  draft?: boolean;
}

const HOUSING_DEPT = '湖南省住房和城乡建设厅';

const ARTICLES: DemoArticle[] = [
  {
    category: 'NOTICE',
    title: '关于湖南省施工图数字化审查平台上线试运行的通知',
    source: HOUSING_DEPT,
    daysAgo: 2,
    pinned: true,
    banner: 'blue',
    summary: '平台自即日起试运行，全省新报审项目通过平台在线报审、在线审查。',
    body: [
      '各市州住房和城乡建设局，各施工图审查机构，各建设、勘察、设计单位：',
      '为深化工程建设项目审批制度改革，提升施工图审查效率，湖南省施工图数字化审查平台自即日起上线试运行。试运行期间，全省新报审的房屋建筑和市政基础设施工程施工图应通过平台在线报审、在线审查、在线出具审查意见。',
      '各单位请登录平台完成单位注册和人员信息维护；使用中遇到问题，请拨打页面底部的技术支持电话。',
      '（本条为平台演示数据。）',
    ],
  },
  {
    category: 'NOTICE',
    title: '关于开展2026年度施工图审查机构“双随机、一公开”检查的通知',
    source: HOUSING_DEPT,
    daysAgo: 9,
    body: [
      '根据年度监督检查工作安排，省厅将于近期对全省施工图审查机构开展“双随机、一公开”检查，重点检查审查质量、人员配备和审查档案管理情况。',
      '请各审查机构对照附件中的检查要点开展自查，并于规定时间内将自查报告报送所在市州住房和城乡建设局。',
      '（本条为平台演示数据。）',
    ],
    pdf: {
      name: '附件：2026年度施工图审查机构检查要点（演示）.pdf',
      lines: [
        '一、审查机构资质与人员配备情况',
        '二、施工图审查质量抽查（每家机构抽查不少于3个项目）',
        '三、审查意见书、审查合格书及审查档案管理情况',
        '四、数字化审查平台使用情况',
        '本文件为平台演示数据，不具有任何效力。',
      ],
    },
  },
  {
    category: 'NOTICE',
    title: '关于启用新版施工图审查合格书的公告',
    source: HOUSING_DEPT,
    daysAgo: 21,
    body: [
      '自2026年起，全省施工图审查合格书统一由数字化审查平台生成并加盖电子签章，合格书附二维码，可扫码核验真伪。',
      '原纸质合格书在有效期内继续有效。（本条为平台演示数据。）',
    ],
  },
  {
    category: 'NOTICE',
    title: '关于公布第一批施工图数字化审查示范项目名单的公告',
    source: HOUSING_DEPT,
    daysAgo: 35,
    pdf: {
      name: '第一批施工图数字化审查示范项目名单（演示）.pdf',
      lines: [
        '1. 湘江新区科创中心办公楼（长沙市）',
        '2. 梅溪湖第二小学新建工程（长沙市）',
        '3. 株洲市轨道交通装备产业园配套用房（株洲市）',
        '4. 湘潭市雨湖区保障性住房项目（湘潭市）',
        '本名单为平台演示数据，不具有任何效力。',
      ],
    },
  },
  {
    category: 'NOTICE',
    title: '关于2026年汛期施工图审查工作安排的通知',
    source: HOUSING_DEPT,
    daysAgo: 1,
    draft: true,
    body: ['（草稿，尚未发布。本条为平台演示数据。）'],
  },
  {
    category: 'MINISTERIAL_FILE',
    title: '住房和城乡建设部关于进一步深化施工图审查制度改革的指导意见',
    source: '住房和城乡建设部',
    daysAgo: 40,
    body: [
      '为贯彻落实国务院关于深化“放管服”改革的部署，进一步优化营商环境，现就深化施工图审查制度改革提出如下意见：推行施工图数字化审查，实现报审、审查、发证全过程网上办理；推进审查结果数据共享，减少重复提交材料。',
      '（本条为平台演示数据，内容为示意，不代表正式文件。）',
    ],
    pdf: {
      name: '关于进一步深化施工图审查制度改革的指导意见（演示）.pdf',
      lines: [
        '一、总体要求',
        '二、推行施工图数字化审查',
        '三、强化审查质量监管',
        '四、加强组织实施',
        '本文件为平台演示数据，不代表正式文件。',
      ],
    },
  },
  {
    category: 'MINISTERIAL_FILE',
    title: '房屋建筑和市政基础设施工程施工图设计文件审查管理办法（摘要）',
    source: '住房和城乡建设部',
    daysAgo: 75,
    pdf: {
      name: '施工图设计文件审查管理办法摘要（演示）.pdf',
      lines: [
        '第一条 为了加强对房屋建筑工程、市政基础设施工程施工图设计文件审查的管理，制定本办法。',
        '第二条 施工图审查应当坚持先勘察、后设计的原则。',
        '本摘要为平台演示数据，以正式发布文本为准。',
      ],
    },
  },
  {
    category: 'MINISTERIAL_FILE',
    title: '住房和城乡建设部办公厅关于推进建筑工程施工图数字化交付的通知',
    source: '住房和城乡建设部办公厅',
    daysAgo: 110,
    body: [
      '各地要加快推进施工图设计文件数字化交付，统一数据标准，逐步实现施工图审查、施工许可、竣工验收等环节的数据共享。',
      '（本条为平台演示数据，内容为示意。）',
    ],
  },
  {
    category: 'PROVINCIAL_FILE',
    title: '湖南省住房和城乡建设厅关于全面推行施工图数字化审查的通知',
    source: HOUSING_DEPT,
    daysAgo: 5,
    banner: 'green',
    body: [
      '为进一步提升施工图审查效能，省厅决定在全省全面推行施工图数字化审查。自通知印发之日起，全省新建、改建、扩建的房屋建筑和市政基础设施工程，其施工图设计文件均应通过湖南省施工图数字化审查平台报审。',
      '各市州住房和城乡建设主管部门要加强组织协调，确保平台平稳运行。（本条为平台演示数据。）',
    ],
    pdf: {
      name: '湘建设〔2026〕演示1号.pdf',
      lines: [
        '湖南省住房和城乡建设厅',
        '关于全面推行施工图数字化审查的通知',
        '各市州住房和城乡建设局：',
        '为进一步提升施工图审查效能，决定在全省全面推行施工图数字化审查。',
        '本文件为平台演示数据，不具有任何效力。',
      ],
    },
  },
  {
    category: 'PROVINCIAL_FILE',
    title: '湖南省房屋建筑和市政基础设施工程施工图审查要点（2026年版）',
    source: HOUSING_DEPT,
    daysAgo: 50,
    pdf: {
      name: '湖南省施工图审查要点（2026年版·演示）.pdf',
      lines: [
        '第一章 总则',
        '第二章 建筑专业审查要点',
        '第三章 结构专业审查要点',
        '第四章 给水排水、暖通、电气专业审查要点',
        '第五章 节能与绿色建筑审查要点',
        '本文件为平台演示数据。',
      ],
    },
  },
  {
    category: 'PROVINCIAL_FILE',
    title: '关于规范施工图审查服务行为的通知',
    source: HOUSING_DEPT,
    daysAgo: 88,
    body: [
      '各施工图审查机构应严格按照法定时限完成审查，不得擅自增加审查内容或要求建设单位提供法定以外的材料；审查意见应一次性告知。',
      '（本条为平台演示数据。）',
    ],
  },
  {
    category: 'OTHER_FILE',
    title: '广东省住房和城乡建设厅关于施工图审查改革试点工作的通知',
    source: '广东省住房和城乡建设厅',
    daysAgo: 30,
    body: [
      '广东省在部分地市开展施工图审查改革试点，探索以告知承诺制、设计质量保险等方式替代部分审查内容。此条供省内单位参考。',
      '（本条为平台演示数据，内容为示意。）',
    ],
    pdf: {
      name: '广东省施工图审查改革试点工作方案（演示）.pdf',
      lines: ['一、试点范围', '二、试点内容', '三、保障措施', '本文件为平台演示数据，内容为示意。'],
    },
  },
  {
    category: 'OTHER_FILE',
    title: '江西省施工图设计文件联合审查实施细则',
    source: '江西省住房和城乡建设厅',
    daysAgo: 64,
    pdf: {
      name: '江西省施工图联合审查实施细则（演示）.pdf',
      lines: ['第一条 为推进施工图多审合一，制定本细则。', '本文件为平台演示数据，内容为示意。'],
    },
  },
  {
    category: 'STANDARD',
    title: '《建筑防火通用规范》GB 55037-2022 实施要点',
    source: '湖南省施工图审查专家委员会',
    daysAgo: 12,
    body: [
      '《建筑防火通用规范》GB 55037-2022 为强制性工程建设规范，全部条文必须严格执行。审查中应重点关注防火分区、安全疏散、消防救援设施等条文的执行情况。',
      '（本条为平台演示数据。）',
    ],
  },
  {
    category: 'STANDARD',
    title: '《建筑与市政工程抗震通用规范》GB 55002-2021',
    source: '住房和城乡建设部',
    daysAgo: 45,
    pdf: {
      name: '建筑与市政工程抗震通用规范 GB 55002-2021（演示摘要）.pdf',
      lines: ['1 总则', '2 基本规定', '3 场地与地基基础抗震', '本文件为平台演示数据，仅为示意摘要。'],
    },
  },
  {
    category: 'STANDARD',
    title: '湖南省《绿色建筑设计标准》发布公告',
    source: HOUSING_DEPT,
    daysAgo: 70,
    body: [
      '湖南省工程建设地方标准《绿色建筑设计标准》已批准发布，自发布之日起实施。施工图审查应按该标准审查绿色建筑专篇。',
      '（本条为平台演示数据。）',
    ],
  },
  {
    category: 'REVIEW_NEWS',
    title: '全省施工图数字化审查平台完成首批项目在线审查',
    source: '湖南省施工图审查管理办公室',
    daysAgo: 3,
    body: [
      '近日，湖南省施工图数字化审查平台完成首批项目在线审查。建设单位在线报审，审查机构在线审查、在线出具审查意见，审查周期较以往平均缩短三分之一。',
      '（本条为平台演示数据。）',
    ],
  },
  {
    category: 'REVIEW_NEWS',
    title: '长沙市完成首个全流程数字化审查项目',
    source: '长沙市住房和城乡建设局',
    daysAgo: 15,
    body: [
      '湘江新区科创中心办公楼项目通过数字化审查平台完成报审、审查、修改回复和合格书签发全过程，成为长沙市首个全流程数字化审查项目。',
      '（本条为平台演示数据。）',
    ],
  },
  {
    category: 'REVIEW_NEWS',
    title: '省厅召开施工图审查工作座谈会',
    source: HOUSING_DEPT,
    daysAgo: 27,
    body: [
      '省厅召开全省施工图审查工作座谈会，各市州住房和城乡建设局和部分审查机构负责人参加会议，交流数字化审查推进情况。',
      '（本条为平台演示数据。）',
    ],
  },
  {
    category: 'CREDIT_DOC',
    title: '湖南省建筑市场信用信息管理办法',
    source: HOUSING_DEPT,
    daysAgo: 60,
    body: [
      '为规范建筑市场信用信息的采集、认定、公开和使用，构建以信用为基础的新型监管机制，制定本办法。',
      '（本条为平台演示数据，内容为示意。）',
    ],
    pdf: {
      name: '湖南省建筑市场信用信息管理办法（演示）.pdf',
      lines: [
        '第一章 总则',
        '第二章 信用信息采集与认定',
        '第三章 信用信息公开与使用',
        '本文件为平台演示数据。',
      ],
    },
  },
  {
    category: 'CREDIT_DOC',
    title: '关于建立施工图审查机构信用评价制度的通知',
    source: HOUSING_DEPT,
    daysAgo: 95,
    pdf: {
      name: '施工图审查机构信用评价标准（演示）.pdf',
      lines: ['一、评价对象', '二、评价指标', '三、评价结果运用', '本文件为平台演示数据。'],
    },
  },
  {
    category: 'CREDIT_PROVINCE_NEWS',
    title: '省住建厅公布2025年度建筑市场信用评价结果',
    source: HOUSING_DEPT,
    daysAgo: 8,
    body: [
      '省住建厅公布2025年度全省建筑市场信用评价结果，评价结果将在招标投标、评优评先、日常监管中应用。',
      '（本条为平台演示数据。）',
    ],
  },
  {
    category: 'CREDIT_PROVINCE_NEWS',
    title: '全省开展建筑市场信用体系建设宣传月活动',
    source: HOUSING_DEPT,
    daysAgo: 40,
    body: ['活动期间，各地将通过政策宣讲、案例警示等形式普及信用知识。（本条为平台演示数据。）'],
  },
  {
    category: 'CREDIT_LOCAL_NEWS',
    title: '株洲市住建局推行施工图审查信用承诺制',
    source: '株洲市住房和城乡建设局',
    daysAgo: 11,
    body: [
      '对信用良好的建设单位，株洲市试行施工图审查信用承诺制，容缺受理部分材料。（本条为平台演示数据。）',
    ],
  },
  {
    category: 'CREDIT_LOCAL_NEWS',
    title: '衡阳市开展勘察设计单位信用专项检查',
    source: '衡阳市住房和城乡建设局',
    daysAgo: 33,
    body: ['衡阳市对辖区内勘察设计单位开展信用专项检查，检查结果纳入信用档案。（本条为平台演示数据。）'],
  },
  {
    category: 'CREDIT_FIELD_NEWS',
    title: '浙江省建立勘察设计行业信用“红黑名单”制度',
    source: '浙江省住房和城乡建设厅',
    daysAgo: 19,
    body: [
      '浙江省对勘察设计行业实施信用“红黑名单”管理，名单信息向社会公开。（本条为平台演示数据，内容为示意。）',
    ],
  },
  {
    category: 'CREDIT_FIELD_NEWS',
    title: '江苏省发布建筑市场主体信用评价标准',
    source: '江苏省住房和城乡建设厅',
    daysAgo: 52,
    body: ['江苏省发布建筑市场主体信用评价标准，统一全省信用评价指标。（本条为平台演示数据，内容为示意。）'],
  },
];

const CITIES = [
  ['长沙市', 'www.changsha.gov.cn', 'zjw.changsha.gov.cn'],
  ['株洲市', 'www.zhuzhou.gov.cn', 'zjj.zhuzhou.gov.cn'],
  ['湘潭市', 'www.xiangtan.gov.cn', 'zjj.xiangtan.gov.cn'],
  ['衡阳市', 'www.hengyang.gov.cn', 'zjj.hengyang.gov.cn'],
  ['邵阳市', 'www.shaoyang.gov.cn', 'zjj.shaoyang.gov.cn'],
  ['岳阳市', 'www.yueyang.gov.cn', 'zjj.yueyang.gov.cn'],
  ['常德市', 'www.changde.gov.cn', 'zjj.changde.gov.cn'],
  ['张家界市', 'www.zjj.gov.cn', 'zjj.zjj.gov.cn'],
  ['益阳市', 'www.yiyang.gov.cn', 'zjj.yiyang.gov.cn'],
  ['郴州市', 'www.czs.gov.cn', 'zjj.czs.gov.cn'],
  ['永州市', 'www.yzcity.gov.cn', 'zjj.yzcity.gov.cn'],
  ['怀化市', 'www.huaihua.gov.cn', 'zjj.huaihua.gov.cn'],
  ['娄底市', 'www.hnloudi.gov.cn', 'zjj.hnloudi.gov.cn'],
  ['湘西土家族苗族自治州', 'www.xxz.gov.cn', 'zjj.xxz.gov.cn'],
] as const;

const LINKS: { group: PortalLinkGroup; name: string; url: string }[] = [
  { group: 'FRIENDLY', name: '中华人民共和国住房和城乡建设部', url: 'https://www.mohurd.gov.cn/' },
  { group: 'FRIENDLY', name: '湖南省人民政府', url: 'https://www.hunan.gov.cn/' },
  { group: 'FRIENDLY', name: '湖南省住房和城乡建设厅', url: 'https://zjt.hunan.gov.cn/' },
  { group: 'FRIENDLY', name: '全国建筑市场监管公共服务平台', url: 'https://jzsc.mohurd.gov.cn/' },
  { group: 'FRIENDLY', name: '信用中国', url: 'https://www.creditchina.gov.cn/' },
  ...CITIES.map(([city, gov]) => ({
    group: 'CITY_GOV' as const,
    name: city === '湘西土家族苗族自治州' ? '湘西州人民政府' : `${city}人民政府`,
    url: `http://${gov}/`,
  })),
  ...CITIES.map(([city, , bureau]) => ({
    group: 'HOUSING_BUREAU' as const,
    name: `${city === '湘西土家族苗族自治州' ? '湘西州' : city}住房和城乡建设局`,
    url: `http://${bureau}/`,
  })),
];

/** Each line holds its label: staff edit the whole line, as it shows. */
const FOOTER: PortalFooter = {
  sponsor: '主办单位：湖南省住房和城乡建设厅',
  operator: '技术支持：湖南省施工图数字化审查平台运维中心（演示数据）',
  contact: '联系电话：0731-00000000（演示）　地址：湖南省长沙市（演示）',
  icp: '湘ICP备00000000号（演示）',
};

const BANNER_COLOURS = {
  blue: { name: '演示轮播图-蓝.png', top: [18, 72, 150], bottom: [60, 130, 210] },
  green: { name: '演示轮播图-绿.png', top: [12, 96, 88], bottom: [70, 160, 140] },
} as const;

const day = (now: Date, daysAgo: number) =>
  new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/**
 * Fills an empty portal with the demo content; a portal that has any article, link or footer
 * (staff's or an earlier seed's) is left as it is. Needs the demo information-service account.
 */
export async function seedDemoPortal(ctx: Pick<AppContext, 'db' | 'files' | 'clock'>): Promise<boolean> {
  const isEmpty = async (db = ctx.db) => {
    const [row] = await db
      .select({
        n: sql<number>`count(*)::int + (select count(*) from ${portalLinks})::int + (select count(*) from ${portalSettings})::int`,
      })
      .from(portalArticles);
    return row?.n === 0;
  };
  if (!(await isEmpty())) return false;
  const [staff] = await ctx.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.username, 'info_staff'));
  if (!staff) return false;

  // The bytes first, through the store as any upload; removed again if the rows are not written.
  const now = ctx.clock();
  type StoredFile = typeof portalFiles.$inferInsert;
  const stored: StoredFile[] = [];
  const store = async (purpose: 'ATTACHMENT' | 'COVER', name: string, contentType: string, bytes: Buffer) => {
    const storageKey = newFileKey('portal');
    await ctx.files.put(storageKey, bytes);
    const file: StoredFile = {
      id: randomUUID(),
      purpose,
      storageKey,
      name,
      contentType,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      uploadedBy: staff.id,
      createdAt: now,
    };
    stored.push(file);
    return file;
  };

  try {
    const covers = new Map<string, StoredFile>();
    for (const [key, colour] of Object.entries(BANNER_COLOURS))
      covers.set(
        key,
        await store(
          'COVER',
          colour.name,
          'image/png',
          demoPng(960, 320, [...colour.top], [...colour.bottom]),
        ),
      );

    const rows: (typeof portalArticles.$inferInsert)[] = [];
    const files: StoredFile[] = [];
    for (const [index, item] of ARTICLES.entries()) {
      const id = randomUUID();
      const cover = item.banner ? covers.get(item.banner)! : null;
      if (cover) files.push({ ...cover, articleId: id });
      if (item.pdf) {
        const file = await store(
          'ATTACHMENT',
          item.pdf.name,
          'application/pdf',
          demoPdf(`【演示】${item.title}`, item.pdf.lines),
        );
        files.push({ ...file, articleId: id });
      }
      const body = item.body ? sanitizeRichText(item.body.map((p) => `<p>${p}</p>`).join('')).html : null;
      // Creation times a second apart keep the order stable among items of the same date.
      const createdAt = new Date(now.getTime() - (ARTICLES.length - index) * 1000);
      rows.push({
        id,
        category: item.category,
        title: `【演示】${item.title}`,
        source: `${item.source}（${DEMO_SOURCE}）`,
        summary: item.summary ? `${item.summary}（${DEMO_SOURCE}）` : null,
        publishDate: day(now, item.daysAgo),
        bodyHtml: body,
        status: item.draft ? 'DRAFT' : 'PUBLISHED',
        pinned: item.pinned ?? false,
        inBanner: Boolean(cover),
        coverFileId: cover?.id ?? null,
        publishedAt: item.draft ? null : new Date(createdAt.getTime() + 500),
        createdBy: staff.id,
        updatedBy: staff.id,
        createdAt,
        updatedAt: createdAt,
      });
    }

    const written = await inTransaction(ctx.db, async (tx) => {
      // Two first starts against one PostgreSQL database: one seeds, the other finds it done.
      await tx.execute(sql`select pg_advisory_xact_lock(20261122)`);
      if (!(await isEmpty(tx))) return false;
      await tx.insert(portalArticles).values(rows.map((r) => ({ ...r, coverFileId: null })));
      await tx.insert(portalFiles).values(files);
      for (const row of rows.filter((r) => r.coverFileId))
        await tx
          .update(portalArticles)
          .set({ coverFileId: row.coverFileId })
          .where(eq(portalArticles.id, row.id!));
      await tx.insert(portalLinks).values(LINKS.map((link, index) => ({ ...link, sortOrder: index })));
      await tx.insert(portalSettings).values({ id: 1, footer: FOOTER, updatedBy: staff.id, updatedAt: now });
      // Each item's history starts with its creation (and publication) by the demo staff member.
      const actor = {
        actorAccountId: staff.id,
        actorUsername: 'info_staff',
        ip: '127.0.0.1',
        targetType: 'portalArticle',
      };
      await tx.insert(auditEvents).values(
        rows.flatMap((r) => [
          {
            ...actor,
            occurredAt: r.createdAt!,
            action: 'PORTAL_ARTICLE_CREATED' as const,
            targetId: r.id!,
            detail: { title: r.title, category: r.category, seeded: true },
          },
          ...(r.status === 'PUBLISHED'
            ? [
                {
                  ...actor,
                  occurredAt: r.publishedAt!,
                  action: 'PORTAL_ARTICLE_PUBLISHED' as const,
                  targetId: r.id!,
                  detail: { title: r.title, category: r.category, fields: ['status'] },
                },
              ]
            : []),
        ]),
      );
      return true;
    });
    if (!written) await Promise.all(stored.map((f) => ctx.files.remove(f.storageKey)));
    return written;
  } catch (error) {
    await Promise.all(stored.map((f) => ctx.files.remove(f.storageKey).catch(() => {})));
    throw error;
  }
}
