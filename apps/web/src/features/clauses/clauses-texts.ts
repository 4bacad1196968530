import { i18n } from '../../config/i18n';

/**
 * The clause library's texts in both languages, registered when the feature loads (the admin
 * screens' chunk, or the opinion form's with the picker), so other pages do not carry them. The
 * menu and page titles are in the shared locale files; kinds, statuses and CSV problems are named
 * by the domain's own tables.
 */
const zhCN = {
  add: '新增规范',
  addTitle: '新增规范标准',
  code: '标准编号',
  codeHint: '如 GB 55001-2021',
  name: '标准名称',
  nameEn: '英文名称',
  kind: '类别',
  issuedOn: '发布日期',
  effectiveOn: '实施日期',
  status: '状态',
  withdrawnOn: '废止日期',
  replacedBy: '替代标准',
  replacedByNone: '无替代标准',
  clauseCount: '条文数',
  actions: '操作',
  open: '查看条文',
  withdraw: '废止',
  withdrawTitle: '废止 {{code}}',
  withdrawHint: '废止后其条文仍可查看，已引用的审查意见不受影响，但新的审查意见不能再引用。',
  withdrawn: '{{code}} 已废止',
  created: '已新增 {{code}}',
  save: '保存',
  cancel: '取消',
  total: '共 {{total}} 项',
  back: '返回规范列表',
  number: '条文编号',
  title: '标题',
  specialty: '专业',
  mandatory: '强条',
  mandatoryMark: '强条',
  text: '条文内容',
  version: '版本',
  versionOf: '第{{version}}版',
  createdAt: '生效时间',
  history: '版本历史',
  current: '现行版本',
  importTitle: '从CSV导入条文',
  importHint:
    'UTF-8 编码的 CSV，表头为 number,title,titleEn,specialty,mandatory,text；专业填专业字典的代码，强条填 true 或 false。任一行有错时整个文件都不导入；已有条文的内容变化时生成新版本，旧版本保留。',
  chooseFile: '选择CSV文件',
  previewOk: '{{count}} 条待导入，检查无误',
  previewProblems: '发现 {{count}} 处错误，请修改文件后重新选择',
  row: '行',
  column: '列',
  problem: '问题',
  doImport: '导入',
  imported: '导入完成：新增 {{created}} 条，修订 {{revised}} 条，未变 {{unchanged}} 条',
  noClauses: '该规范尚无条文',
  withdrawnStandard: '已废止',
  picker: '引用条文',
  find: '查找条文',
  pickerPlaceholder: '输入规范编号、条文编号或文字检索',
  pickerNone: '没有匹配的现行条文',
  searchFailed: '检索失败：{{reason}}',
};

type ClauseTexts = typeof zhCN;

const enUS: ClauseTexts = {
  add: 'Add a standard',
  addTitle: 'Add a standard',
  code: 'Code',
  codeHint: 'Like GB 55001-2021',
  name: 'Name',
  nameEn: 'English name',
  kind: 'Kind',
  issuedOn: 'Issued on',
  effectiveOn: 'Effective from',
  status: 'Status',
  withdrawnOn: 'Withdrawn on',
  replacedBy: 'Replaced by',
  replacedByNone: 'No replacement',
  clauseCount: 'Clauses',
  actions: 'Actions',
  open: 'Clauses',
  withdraw: 'Withdraw',
  withdrawTitle: 'Withdraw {{code}}',
  withdrawHint:
    'Its clauses stay readable and opinions that cite them keep them, but new opinions can no longer cite them.',
  withdrawn: '{{code}} withdrawn',
  created: '{{code}} added',
  save: 'Save',
  cancel: 'Cancel',
  total: '{{total}} in all',
  back: 'Back to the standards',
  number: 'Number',
  title: 'Title',
  specialty: 'Specialty',
  mandatory: 'Mandatory',
  mandatoryMark: 'Mandatory',
  text: 'Text',
  version: 'Version',
  versionOf: 'Version {{version}}',
  createdAt: 'In force since',
  history: 'Version history',
  current: 'Current',
  importTitle: 'Import clauses from CSV',
  importHint:
    'A UTF-8 CSV with the header number,title,titleEn,specialty,mandatory,text; specialty is a code of the specialty dictionary, mandatory true or false. A file with any bad row is not imported at all; a clause whose content changed gets a new version and the old one is kept.',
  chooseFile: 'Choose a CSV file',
  previewOk: '{{count}} clauses ready to import, no problems found',
  previewProblems: '{{count}} problem(s) found: correct the file and choose it again',
  row: 'Row',
  column: 'Column',
  problem: 'Problem',
  doImport: 'Import',
  imported: 'Imported: {{created}} new, {{revised}} revised, {{unchanged}} unchanged',
  noClauses: 'This standard has no clauses yet',
  withdrawnStandard: 'Withdrawn',
  picker: 'Clause cited',
  find: 'Find a clause',
  pickerPlaceholder: 'Search by standard code, clause number or words',
  pickerNone: 'No clause in force matches',
  searchFailed: 'Search failed: {{reason}}',
};

const register = () => {
  i18n.addResourceBundle('zh-CN', 'translation', { clauses: zhCN }, true, true);
  i18n.addResourceBundle('en-US', 'translation', { clauses: enUS }, true, true);
};
// The router may load this chunk while i18next is still starting; it has no store before.
if (i18n.isInitialized) register();
else i18n.on('initialized', register);

export const CLAUSE_TEXTS = { 'zh-CN': zhCN, 'en-US': enUS } as const;
