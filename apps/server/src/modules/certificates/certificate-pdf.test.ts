import { describe, expect, it } from 'vitest';
import type { CertificateContent } from '@drp/domain';
import { inkIn, pdfText, renderPdfPages } from '../../test/render-pdf.js';
import { buildCertificatePdf } from './certificate-pdf.js';

const SPECIALTIES = ['建筑', '结构', '给水排水', '暖通空调', '电气', '节能', '消防', '勘察'];

/** A large review: many buildings and parties, eight reviewers with long registrations, many clauses. */
function longCertificate(reviewers = 8): CertificateContent {
  const people = Array.from({ length: reviewers }, (_, i) => ({
    name: `审查人${'甲乙丙丁戊己庚辛'[i % 8]}`,
    registration: `注册公用设备工程师（给水排水） G43-2013-02${String(i).padStart(2, '0')}`,
  }));
  return {
    certificateNo: '430104202600007',
    compiledOn: '2026-11-29',
    project: {
      name: '湘江新区科创中心办公楼及地下车库、配套商业与人防工程（一期）',
      code: '430104-2026-0007',
      location: '长沙市岳麓区尖山路 39 号湘江新区科创中心地块',
      regionCode: '430104',
      projectTypeName: '公共建筑',
      area: 152_300,
      investment: 141_200,
      acceptedOn: '2026-10-12',
    },
    parties: [
      { role: 'CONSTRUCT', name: '长沙市城市建设投资开发集团有限公司', creditCode: '91430100MA4L0C1X20' },
      { role: 'SURVEY', name: '湖南省勘测设计院有限公司', creditCode: '914300001837605281' },
      { role: 'SURVEY', name: '长沙市勘测设计研究院有限责任公司', creditCode: '91430100183760528X' },
      { role: 'DESIGN', name: '湖南省建筑设计院集团股份有限公司', creditCode: '91430000183762240P' },
      { role: 'DESIGN', name: '中机国际工程设计研究院有限责任公司', creditCode: '914300001837622418' },
      { role: 'CENSOR', name: '湖南省建设工程施工图审查中心有限公司', creditCode: '91430102MA4PJ7N214' },
    ],
    buildings: Array.from({ length: 14 }, (_, i) => ({ name: `${i + 1}#楼`, area: 10_000 + i })),
    specialties: SPECIALTIES,
    reviewers: people.flatMap((p, i) =>
      SPECIALTIES.slice(i % 4, (i % 4) + 3).map((specialtyName) => ({ specialtyName, ...p })),
    ),
    firstRound: {
      passed: false,
      mandatoryCount: 12,
      mandatoryClauses: Array.from({ length: 12 }, (_, i) => `GB 50016-2014 第${i + 5}.1.${i + 2}条`),
    },
    rounds: 3,
    completedOn: '2026-11-28',
    reportNo: 'HN-2026-000007-R3',
    checkCode: 'ABCD-EFGH-JKMN-PQRS',
    verifyUrl: 'https://example.org/common/verify/certificate?no=430104202600007&c=ABCDEFGHJKMNPQRS',
    signing: [
      ...people.map((p, i) => ({
        field: `审查人签名（${p.name}${i}）`,
        label: `审查人 ${p.name}\nG43-2013-02${i}`,
        seal: false,
      })),
      { field: '审核人签名', label: '审查机构负责人（签发）', seal: false },
      { field: '审查机构电子印章', label: '审查机构（电子印章）', seal: true },
    ],
  };
}

describe('the certificate PDF', () => {
  /** Each page's text, blanks dropped (pdftotext parts pages with a form feed). */
  const pagesText = async (bytes: Buffer) =>
    (await pdfText(bytes)).split('\f').map((page) => page.replace(/\s+/g, ''));

  it('keeps a review of three reviewers with long registrations on its one page, each named', async () => {
    const { bytes, pages } = await buildCertificatePdf(longCertificate(3));
    expect(pages).toBe(1);
    const [text] = await pagesText(bytes);
    for (const reviewer of ['审查人甲', '审查人丙']) expect(text).toContain(reviewer);
    expect(text).toContain('G43-2013-0202');
    expect(text).toContain('审查人员及审查机构签章');
    // Set in type still readable on paper: the title and body are drawn, not squeezed away.
    const [page] = await renderPdfPages(bytes, { first: 1, last: 1, dpi: 72 });
    expect(inkIn(page!, 50, 40, page!.width - 50, 120)).toBeGreaterThan(500);
  });

  it('runs a very large review on, with the signature band on its last page alone', async () => {
    const { bytes, pages } = await buildCertificatePdf(longCertificate(8));
    expect(pages).toBe(2);
    const [first, last] = await pagesText(bytes);
    // No band on page 1, whose boxes nobody would ever sign.
    expect(first).not.toContain('审查人员及审查机构签章');
    expect(last).toContain('审查人员及审查机构签章');
    expect(last).toContain('第2页共2页');
    expect(`${first}${last}`).toContain('审查人辛');
  });
});
