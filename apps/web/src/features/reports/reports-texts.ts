import { i18n } from '../../config/i18n';

/**
 * The opinion-report screens' texts in both languages, registered when the feature's chunk loads
 * (as the bad actions' are). Statuses and conclusions are named by the domain's own tables.
 */
const zhCN = {
  listTitle: '审查意见告知书',
  detailTitle: '审查意见告知书详情',
  empty: '暂无审查意见告知书',
  emptyForUnits: '审查机构告知审查意见后，告知书将显示在这里',
  compile: '编制第 {{round}} 轮告知书',
  compileAgain: '重新编制',
  compiled: '已开始生成告知书，完成后可查看和告知',
  cannotCompile: '暂不能编制本轮告知书：{{reason}}',
  round: '轮次',
  roundText: '第 {{round}} 轮',
  reportNo: '编号',
  conclusion: '审查结论',
  opinions: '意见数',
  mandatory: '违反强条',
  status: '状态',
  compiledAt: '编制时间',
  compiledBy: '编制人',
  forwardedAt: '告知时间',
  forwardedBy: '告知人',
  actions: '操作',
  view: '查看',
  forward: '告知各单位',
  forwardConfirmTitle: '告知审查意见？',
  forwardConfirm:
    '告知后告知书不可再更改。建设、设计、勘察单位将收到消息；有意见时审查计时暂停，待重新送审后继续。',
  forwardPassedConfirm: '告知后告知书不可再更改。本轮无未关闭意见，项目将转入审查合格、出具合格书。',
  forwarded: '已告知各单位',
  download: '下载 PDF',
  print: '打印',
  building: '告知书正在生成，请稍候……',
  failed: '告知书生成失败，请重新编制。',
  pdfFailed: '告知书 PDF 无法显示，请下载后查看',
  pages: '共 {{pages}} 页，{{size}}',
  pageLabel: '告知书第 {{page}} 页，共 {{total}} 页',
  bySpecialty: '按专业统计',
  specialty: '专业',
  reviewers: '审查人',
  checkers: '校审人',
  byType: '按意见类型',
  clock: '审查用时',
  designClock: '设计审查：已用 {{used}} 个工作日，时限 {{limit}} 个工作日',
  surveyClock: '勘察审查：已用 {{used}} 个工作日，时限 {{limit}} 个工作日',
  sha256: 'PDF 摘要（SHA-256）',
  verify: '公众核验',
  back: '返回列表',
  loadFailed: '加载失败：{{message}}',
};

const enUS: typeof zhCN = {
  listTitle: 'Opinion reports',
  detailTitle: 'Opinion report',
  empty: 'No opinion report yet',
  emptyForUnits: 'Reports appear here once the review agency forwards its opinions',
  compile: 'Compile the round {{round}} report',
  compileAgain: 'Compile again',
  compiled: 'The report is being built; view and forward it once it is ready',
  cannotCompile: "This round's report cannot be compiled yet: {{reason}}",
  round: 'Round',
  roundText: 'Round {{round}}',
  reportNo: 'Number',
  conclusion: 'Conclusion',
  opinions: 'Opinions',
  mandatory: 'Mandatory',
  status: 'Status',
  compiledAt: 'Compiled',
  compiledBy: 'Compiled by',
  forwardedAt: 'Forwarded',
  forwardedBy: 'Forwarded by',
  actions: 'Actions',
  view: 'View',
  forward: 'Forward to the units',
  forwardConfirmTitle: 'Forward the opinions?',
  forwardConfirm:
    'Once forwarded the report cannot change. The construction, design and survey units are told; with opinions the review clock pauses until the revision is sent.',
  forwardPassedConfirm:
    'Once forwarded the report cannot change. Nothing is open in this round: the application passes review and the certificate follows.',
  forwarded: 'Forwarded to the units',
  download: 'Download PDF',
  print: 'Print',
  building: 'The report is being built…',
  failed: 'Building the report failed. Compile it again.',
  pdfFailed: 'The report cannot be shown here; download it to read it',
  pages: '{{pages}} pages, {{size}}',
  pageLabel: 'Report page {{page}} of {{total}}',
  bySpecialty: 'By specialty',
  specialty: 'Specialty',
  reviewers: 'Reviewers',
  checkers: 'Checkers',
  byType: 'By opinion type',
  clock: 'Review days',
  designClock: 'Design review: {{used}} of {{limit}} working days used',
  surveyClock: 'Survey review: {{used}} of {{limit}} working days used',
  sha256: 'PDF hash (SHA-256)',
  verify: 'Public check',
  back: 'Back to the list',
  loadFailed: 'Could not load: {{message}}',
};

export const REPORT_TEXTS = { 'zh-CN': zhCN, 'en-US': enUS } as const;

const register = () => {
  for (const [locale, texts] of Object.entries(REPORT_TEXTS))
    i18n.addResourceBundle(locale, 'translation', { reports: texts }, true, true);
};
// The router may load this chunk while i18next is still starting; it has no store before.
if (i18n.isInitialized) register();
else i18n.on('initialized', register);
