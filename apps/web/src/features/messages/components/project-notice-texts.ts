import { i18n } from '../../../config/i18n';

/**
 * The project's notices screens' texts in both languages, registered when their chunk loads, so
 * the shared locale files do not carry them.
 */
const zhCN = {
  listTitle: '通知',
  detailTitle: '通知详情',
  empty: '本机构尚未就该项目发出通知',
  sentAt: '发送时间',
  type: '类型',
  content: '内容',
  receivers: '接收单位',
  readState: '阅读情况',
  readCount: '{{read}}/{{total}} 个单位已读',
  unread: '未读',
  readBy: '{{name}} 于 {{time}} 阅读',
  settledAt: '{{time}} 办结',
  person: '（{{name}}）',
  view: '查看',
  back: '返回列表',
  loadFailed: '加载失败：{{message}}',
};

const enUS: typeof zhCN = {
  listTitle: 'Notices',
  detailTitle: 'Notice',
  empty: 'Your organisation has sent no notice about this application yet',
  sentAt: 'Sent',
  type: 'Type',
  content: 'Content',
  receivers: 'Receivers',
  readState: 'Read',
  readCount: '{{read}} of {{total}} organisations read it',
  unread: 'Unread',
  readBy: 'Read by {{name}} at {{time}}',
  settledAt: 'Done at {{time}}',
  person: ' ({{name}})',
  view: 'View',
  back: 'Back to the list',
  loadFailed: 'Could not load: {{message}}',
};

export const PROJECT_NOTICE_TEXTS = { 'zh-CN': zhCN, 'en-US': enUS } as const;

const register = () => {
  for (const [locale, texts] of Object.entries(PROJECT_NOTICE_TEXTS))
    i18n.addResourceBundle(locale, 'translation', { projectNotices: texts }, true, true);
};
// The router may load this chunk while i18next is still starting; it has no store before.
if (i18n.isInitialized) register();
else i18n.on('initialized', register);
