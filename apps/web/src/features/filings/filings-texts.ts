import { i18n } from '../../config/i18n';

/**
 * The filing screens' texts in both languages, registered when the feature's chunk loads. Statuses
 * and the special reviews' results are named by the domain's own tables.
 */
const zhCN = {
  listTitle: '审查备案',
  fileTitle: '向主管部门备案',
  empty: '暂无备案记录',
  cannotFile: '暂不能备案：{{reason}}',
  fileHint:
    '审查合格书 {{no}} 已签发，请于 {{due}} 前（签发后 {{days}} 个工作日内）向项目所在地主管部门备案。',
  fileHintNoDue: '审查合格书 {{no}} 已签发，请于签发后 {{days}} 个工作日内向项目所在地主管部门备案。',
  fileTo: '备案将提交至：{{names}}',
  noAuthority:
    '项目所在地区的主管部门尚未在平台注册：备案将被记录，待其注册后即可在审查备案中看到并确认。请同时按当地规定线下报送。',
  jointReview: '是否联合审查',
  yes: '是',
  no: '否',
  fireReview: '消防审查',
  civilDefenceReview: '人防审查',
  remark: '备注',
  file: '提交备案',
  fileAgain: '更正后重新备案',
  filed: '已提交备案，等待主管部门确认',
  attempt: '次数',
  attemptText: '第 {{attempt}} 次',
  certificateNo: '合格书编号',
  project: '项目名称',
  projectCode: '项目编号',
  agency: '审查机构',
  status: '状态',
  filedAt: '备案时间',
  dueOn: '截止日',
  late: '逾期备案',
  onTime: '按时',
  decidedAt: '处理时间',
  authority: '主管部门',
  reason: '退回原因',
  actions: '操作',
  view: '查看',
  detailTitle: '备案详情',
  national: '国家上报字段',
  statement: '审查机构填报',
  confirm: '确认备案',
  confirmTitle: '确认该备案？',
  confirmText: '确认后项目转为已备案，并在公众审查信息中公开。',
  confirmed: '已确认备案',
  reject: '退回',
  rejectTitle: '退回备案',
  rejectReason: '退回原因',
  rejectReasonRequired: '请填写退回原因',
  rejected: '已退回备案',
  back: '返回',
  loadFailed: '加载失败：{{message}}',
  approvalTitle: '审查备案',
  tabs: { tbc: '待确认', confirmed: '已确认', rejected: '已退回' },
  search: '项目名称、项目编号或合格书编号',
  export: '导出国家上报字段',
  exportPeriod: '确认日期',
  exportFailed: '导出失败：{{message}}',
  menu: '审查备案',
};

const enUS: typeof zhCN = {
  listTitle: 'Filing',
  fileTitle: 'File with the authority',
  empty: 'Nothing filed yet',
  cannotFile: 'Cannot file yet: {{reason}}',
  fileHint:
    "Certificate {{no}} is issued: file it with the authority of the application's region by {{due}} ({{days}} working days after issue).",
  fileHintNoDue:
    "Certificate {{no}} is issued: file it with the authority of the application's region within {{days}} working days of issue.",
  fileTo: 'The filing goes to: {{names}}',
  noAuthority:
    "No supervising authority of the application's region is registered on the platform yet: the filing is recorded, and the authority sees and confirms it once registered. Report it offline as local rules require meanwhile.",
  jointReview: 'Joint review',
  yes: 'Yes',
  no: 'No',
  fireReview: 'Fire review',
  civilDefenceReview: 'Civil air defence review',
  remark: 'Remark',
  file: 'File',
  fileAgain: 'Correct and file again',
  filed: 'Filed; waiting for the authority to confirm',
  attempt: 'Attempt',
  attemptText: 'No. {{attempt}}',
  certificateNo: 'Certificate number',
  project: 'Application',
  projectCode: 'Code',
  agency: 'Review agency',
  status: 'Status',
  filedAt: 'Filed',
  dueOn: 'Due',
  late: 'Filed late',
  onTime: 'On time',
  decidedAt: 'Decided',
  authority: 'Authority',
  reason: 'Reason for rejection',
  actions: 'Actions',
  view: 'View',
  detailTitle: 'Filing',
  national: 'National reporting fields',
  statement: 'Stated by the agency',
  confirm: 'Confirm',
  confirmTitle: 'Confirm this filing?',
  confirmText: 'Once confirmed the application is filed and appears in the public review record.',
  confirmed: 'Filing confirmed',
  reject: 'Reject',
  rejectTitle: 'Reject the filing',
  rejectReason: 'Reason',
  rejectReasonRequired: 'Give the reason for rejecting',
  rejected: 'Filing rejected',
  back: 'Back',
  loadFailed: 'Could not load: {{message}}',
  approvalTitle: 'Filings',
  tabs: { tbc: 'To confirm', confirmed: 'Confirmed', rejected: 'Rejected' },
  search: 'Application name, code or certificate number',
  export: 'Export the national records',
  exportPeriod: 'Confirmed between',
  exportFailed: 'Export failed: {{message}}',
  menu: 'Filings',
};

export const FILING_TEXTS = { 'zh-CN': zhCN, 'en-US': enUS } as const;

const register = () => {
  for (const [locale, texts] of Object.entries(FILING_TEXTS))
    i18n.addResourceBundle(locale, 'translation', { filings: texts }, true, true);
};
// The router may load this chunk while i18next is still starting; it has no store before.
if (i18n.isInitialized) register();
else i18n.on('initialized', register);
