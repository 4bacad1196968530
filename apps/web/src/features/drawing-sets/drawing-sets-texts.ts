import { i18n } from '../../config/i18n';

/** The sealed drawing set's texts in both languages, registered when the feature's chunk loads. */
const zhCN = {
  title: '施工图签章（一套图签章）',
  intro:
    '审查通过后，由审查通过的版本生成签章图纸：每份 PDF 图纸由该专业审查人、审核人签名并加盖审查机构审查专用章。原上传文件保持不变。',
  compile: '生成签章图纸',
  compileAgain: '重新生成',
  compiled: '已生成签章图纸，已请审查人、审核人和审查机构依次签章',
  cannotCompile: '暂不能生成签章图纸：{{reason}}',
  none: '尚未生成签章图纸',
  version: '审查版本',
  versionText: '第 {{number}} 版',
  sheets: '图纸',
  sheetsText: '{{sheets}} 张 PDF 图纸签章',
  skipped: '另有 {{count}} 个文件（非 PDF 或无法读取）保持原样，不签章',
  sealedSheets: '已完成签章',
  sealedSheetsText: '{{sealed}} / {{sheets}} 张',
  signing: '签章任务',
  signingText: '已签 {{signed}} / {{total}}',
  status: '状态',
  statusSIGNING: '签章中',
  statusSEALED: '已全部签章',
  open: '查看签章与图纸',
  sheetsTitle: '签章图纸',
  sheetsIntro: '每张图纸的签名在签署后由系统依次加盖；可下载签章后的图纸，或核验其各个签名。',
  name: '文件名',
  path: '位置',
  specialty: '专业',
  progress: '签章',
  progressText: '{{signed}} / {{total}}',
  actions: '操作',
  download: '下载',
  verify: '核验',
  verifyTitle: '{{name}} 的签名核验',
  failure: '此图纸签章未成功，系统将稍后自动重试（{{reason}}）',
  loadFailed: '加载失败：{{message}}',
};

const enUS: typeof zhCN = {
  title: 'Sealed drawing set',
  intro:
    'Once the review passed, the set is prepared from the reviewed version: each PDF sheet is signed by the reviewers of its specialty and the director and sealed with the agency’s review seal. The uploads stay as they were.',
  compile: 'Prepare the sealed set',
  compileAgain: 'Prepare again',
  compiled: 'The set is prepared; the reviewers, the director and the agency are asked to sign in turn',
  cannotCompile: 'The sealed set cannot be prepared yet: {{reason}}',
  none: 'No sealed set yet',
  version: 'Reviewed version',
  versionText: 'Version {{number}}',
  sheets: 'Sheets',
  sheetsText: '{{sheets}} PDF sheets to seal',
  skipped: '{{count}} more files (not PDF, or unreadable) stay as uploaded, unsealed',
  sealedSheets: 'Sealed',
  sealedSheetsText: '{{sealed}} of {{sheets}} sheets',
  signing: 'Signing tasks',
  signingText: '{{signed}} of {{total}} signed',
  status: 'Status',
  statusSIGNING: 'Being signed',
  statusSEALED: 'Sealed',
  open: 'Signatures and sheets',
  sheetsTitle: 'Sealed sheets',
  sheetsIntro:
    'Each signature is put on the sheets it concerns once given. Download a sealed sheet, or check its signatures.',
  name: 'File',
  path: 'Location',
  specialty: 'Specialty',
  progress: 'Signatures',
  progressText: '{{signed}} of {{total}}',
  actions: 'Actions',
  download: 'Download',
  verify: 'Check',
  verifyTitle: 'Signatures of {{name}}',
  failure: 'This sheet could not be sealed yet; the platform tries again shortly ({{reason}})',
  loadFailed: 'Could not load: {{message}}',
};

export const DRAWING_SET_TEXTS = { 'zh-CN': zhCN, 'en-US': enUS } as const;

const register = () => {
  for (const [locale, texts] of Object.entries(DRAWING_SET_TEXTS))
    i18n.addResourceBundle(locale, 'translation', { drawingSets: texts }, true, true);
};
// The router may load this chunk while i18next is still starting; it has no store before.
if (i18n.isInitialized) register();
else i18n.on('initialized', register);
