import { eq, inArray } from 'drizzle-orm';
import { creditCodeCheckChar, type CreditKind, type CreditScope } from '@drp/domain';
import type { Db } from '../database.js';
import { accounts, members } from '../schema/accounts.js';
import { creditEntries, forumReplies, forumTopics } from '../schema/portal.js';

/**
 * Demonstration credit information and forum talk for the portal (issue 7): every list of
 * `creditInformation` has entries and the forum has topics with replies, so a newcomer meets a
 * living portal. Every organisation named is invented and marked 「（演示）」, every reason and
 * topic 「【演示】」: none of it may be read as a real decision about a real company.
 */

/** Where the demo organisation sits, the first 8 characters of its credit code. */
const PREFIX = { hunan: '91430100', zhuzhou: '91430200', yueyang: '91430600', hubei: '91420100' } as const;

/** A valid 统一社会信用代码 made up for a demo organisation: prefix, serial, check character. */
function demoCreditCode(prefix: string, serial: string): string {
  const first17 = `${prefix}MA4${serial}`.slice(0, 17);
  return `${first17}${creditCodeCheckChar(first17)}`;
}

interface DemoCredit {
  kind: CreditKind;
  scope: CreditScope;
  orgName: string;
  code: [prefix: string, serial: string];
  reason: string;
  issuer: string;
  issuedOn: string;
  documentNo: string;
}

const PROVINCE_DEPT = '湖南省住房和城乡建设厅';

export const DEMO_CREDIT_ENTRIES: DemoCredit[] = [
  {
    kind: 'COMMENDATION',
    scope: 'PROVINCE',
    orgName: '湖南湘楚建筑设计研究院有限公司（演示）',
    code: [PREFIX.hunan, 'L3K8N2'],
    reason:
      '【演示】在2026年度全省施工图审查质量抽查中，所抽查项目设计文件质量优良，未发现违反工程建设强制性标准问题，予以通报表扬。',
    issuer: PROVINCE_DEPT,
    issuedOn: '2026-10-28',
    documentNo: '湘建设〔2026〕168号',
  },
  {
    kind: 'COMMENDATION',
    scope: 'PROVINCE',
    orgName: '湖南星城施工图审查咨询有限公司（演示）',
    code: [PREFIX.hunan, 'P7W3Q5'],
    reason:
      '【演示】全面推行施工图数字化审查，审查意见规范、办结时限压缩至法定时限的一半以内，评为年度施工图审查先进单位。',
    issuer: PROVINCE_DEPT,
    issuedOn: '2026-09-15',
    documentNo: '湘建设〔2026〕142号',
  },
  {
    kind: 'COMMENDATION',
    scope: 'PROVINCE',
    orgName: '湖南洞庭岩土工程勘察有限公司（演示）',
    code: [PREFIX.hunan, 'R2T6Y9'],
    reason:
      '【演示】勘察成果真实完整，在重点民生工程中主动发现并报告不良地质条件，避免重大安全隐患，予以表彰。',
    issuer: PROVINCE_DEPT,
    issuedOn: '2026-06-30',
    documentNo: '湘建设〔2026〕97号',
  },
  {
    kind: 'CRITICISM',
    scope: 'PROVINCE',
    orgName: '湖南某建筑工程设计有限公司（演示）',
    code: [PREFIX.hunan, 'X4H7C1'],
    reason:
      '【演示】设计文件违反《建筑设计防火规范》强制性条文，疏散宽度不满足要求，且经审查退回后逾期未修改，予以通报批评。',
    issuer: PROVINCE_DEPT,
    issuedOn: '2026-10-12',
    documentNo: '湘建质〔2026〕56号',
  },
  {
    kind: 'CRITICISM',
    scope: 'PROVINCE',
    orgName: '湖南某工程勘察设计有限公司（演示）',
    code: [PREFIX.hunan, 'U8M1F4'],
    reason: '【演示】勘察报告钻孔数据与现场实际不符，存在弄虚作假行为，记入不良信用记录并予以通报批评。',
    issuer: PROVINCE_DEPT,
    issuedOn: '2026-08-21',
    documentNo: '湘建质〔2026〕41号',
  },
  {
    kind: 'CRITICISM',
    scope: 'PROVINCE',
    orgName: '湖南某图审技术服务有限公司（演示）',
    code: [PREFIX.hunan, 'G5B9D3'],
    reason:
      '【演示】审查人员超出本人专业范围签署审查意见，审查合格书与审查记录不一致，予以通报批评并责令整改。',
    issuer: PROVINCE_DEPT,
    issuedOn: '2026-05-18',
    documentNo: '湘建质〔2026〕23号',
  },
  {
    kind: 'COMMENDATION',
    scope: 'LOCAL',
    orgName: '长沙麓山建筑设计有限公司（演示）',
    code: [PREFIX.hunan, 'A6E2K7'],
    reason: '【演示】承担的保障性住房项目设计质量优良，获评长沙市优秀勘察设计项目。',
    issuer: '长沙市住房和城乡建设局',
    issuedOn: '2026-11-06',
    documentNo: '长住建发〔2026〕88号',
  },
  {
    kind: 'CRITICISM',
    scope: 'LOCAL',
    orgName: '株洲某建设工程设计有限公司（演示）',
    code: [PREFIX.zhuzhou, 'N3R8W6'],
    reason: '【演示】施工图设计未落实节能设计标准，经审查三次退回仍未整改到位，予以通报批评。',
    issuer: '株洲市住房和城乡建设局',
    issuedOn: '2026-09-02',
    documentNo: '株建发〔2026〕61号',
  },
  {
    kind: 'COMMENDATION',
    scope: 'LOCAL',
    orgName: '岳阳巴陵工程勘察设计有限公司（演示）',
    code: [PREFIX.yueyang, 'C9J4P2'],
    reason: '【演示】在防汛抢险应急工程中快速完成勘察设计工作，保障工程按期开工，予以通报表扬。',
    issuer: '岳阳市住房和城乡建设局',
    issuedOn: '2026-07-25',
    documentNo: '岳建发〔2026〕45号',
  },
  {
    kind: 'COMMENDATION',
    scope: 'FIELD',
    orgName: '武汉江城建筑设计院有限公司（演示）',
    code: [PREFIX.hubei, 'H7T3L8'],
    reason: '【演示】湖北省住房和城乡建设厅通报表扬的勘察设计质量先进单位，在湘承接业务信用良好。',
    issuer: '湖北省住房和城乡建设厅',
    issuedOn: '2026-10-20',
    documentNo: '鄂建文〔2026〕73号',
  },
  {
    kind: 'CRITICISM',
    scope: 'FIELD',
    orgName: '广州某工程设计咨询有限公司（演示）',
    code: ['91440101', 'Q2Y6M5'],
    reason: '【演示】广东省住房和城乡建设厅通报的施工图设计违反强制性标准单位，入湘承接业务时予以重点关注。',
    issuer: '广东省住房和城乡建设厅',
    issuedOn: '2026-08-08',
    documentNo: '粤建质〔2026〕102号',
  },
  {
    kind: 'COMMENDATION',
    scope: 'FIELD',
    orgName: '南昌赣江勘察设计有限公司（演示）',
    code: ['91360100', 'B4D8X1'],
    reason: '【演示】江西省住房和城乡建设厅表彰的年度勘察设计诚信单位。',
    issuer: '江西省住房和城乡建设厅',
    issuedOn: '2026-04-16',
    documentNo: '赣建设〔2026〕35号',
  },
];

interface DemoPost {
  username: string;
  bodyHtml: string;
  daysAgo: number;
}

interface DemoTopic extends DemoPost {
  title: string;
  replies: DemoPost[];
}

const DEMO_TOPICS: DemoTopic[] = [
  {
    title: '【演示】数字化审查上传图纸时，PDF 图签信息需要注意什么？',
    username: 'design_admin',
    daysAgo: 6,
    bodyHtml:
      '<p>【演示】我院第一次通过平台报送施工图，想请教：PDF 图纸的图签是否必须包含<strong>出图章和注册章</strong>的电子签章？分专业打包上传时文件命名有没有统一要求？</p>',
    replies: [
      {
        username: 'censor_admin',
        daysAgo: 5,
        bodyHtml:
          '<p>【演示】图签须含设计单位出图章和注册人员电子签章，按专业分别上传即可，文件名建议采用“专业-图号-图名”。</p>',
      },
      {
        username: 'design_user',
        daysAgo: 4,
        bodyHtml: '<p>【演示】补充一点：多页 PDF 请保持每页一张图，审查意见可以直接定位到图纸。</p>',
      },
    ],
  },
  {
    title: '【演示】关于施工图审查合格书电子证照的使用交流',
    username: 'construct_admin',
    daysAgo: 3,
    bodyHtml:
      '<p>【演示】审查合格书已经可以在平台下载电子版，办理施工许可时各地是否都认可电子证照？欢迎大家分享经验。</p>',
    replies: [
      {
        username: 'info_staff',
        daysAgo: 2,
        bodyHtml:
          '<p>【演示】全省住建系统已互认施工图审查合格书电子证照，办理施工许可无需再提交纸质件，详见“通知公告”栏目相关文件。</p>',
      },
    ],
  },
];

/**
 * Adds the demo credit entries and forum topics. Called by seedDemo in its transaction, after the
 * demo accounts exist; one insert per table, so it costs next to nothing in every test database.
 */
export async function seedDemoCreditForum(tx: Db, now: Date = new Date()): Promise<void> {
  const usernames = [
    'info_staff',
    ...new Set(DEMO_TOPICS.flatMap((t) => [t.username, ...t.replies.map((r) => r.username)])),
  ];
  const people = await tx
    .select({ id: accounts.id, username: accounts.username, orgId: members.orgId })
    .from(accounts)
    .leftJoin(members, eq(members.accountId, accounts.id))
    .where(inArray(accounts.username, usernames));
  const person = (username: string) => {
    const found = people.find((p) => p.username === username);
    if (!found) throw new Error(`demo account ${username} missing: seed the demo accounts first`);
    return found;
  };
  const staff = person('info_staff').id;

  await tx.insert(creditEntries).values(
    DEMO_CREDIT_ENTRIES.map((e) => ({
      kind: e.kind,
      scope: e.scope,
      orgName: e.orgName,
      creditCode: demoCreditCode(...e.code),
      reason: e.reason,
      issuer: e.issuer,
      issuedOn: e.issuedOn,
      documentNo: e.documentNo,
      createdBy: staff,
      updatedBy: staff,
    })),
  );

  const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const topics = await tx
    .insert(forumTopics)
    .values(
      DEMO_TOPICS.map((t) => ({
        title: t.title,
        bodyHtml: t.bodyHtml,
        authorId: person(t.username).id,
        orgId: person(t.username).orgId,
        replyCount: t.replies.length,
        lastReplyAt: t.replies.length ? ago(Math.min(...t.replies.map((r) => r.daysAgo))) : null,
        createdAt: ago(t.daysAgo),
      })),
    )
    .returning({ id: forumTopics.id });
  await tx.insert(forumReplies).values(
    DEMO_TOPICS.flatMap((t, i) =>
      t.replies.map((r) => ({
        topicId: topics[i]!.id,
        bodyHtml: r.bodyHtml,
        authorId: person(r.username).id,
        orgId: person(r.username).orgId,
        createdAt: ago(r.daysAgo),
      })),
    ),
  );
}
