import { Alert, Drawer, Empty, Spin, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import {
  AUDIT_ACTIONS,
  CREDIT_KINDS,
  CREDIT_SCOPES,
  PORTAL_ARTICLE_STATUSES,
  PORTAL_CATEGORIES,
  type PortalHistoryEntry,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';

/** The audit action's name in the user's language; an action the web app does not know yet, as it is. */
function actionName(action: string): string {
  const known = (AUDIT_ACTIONS as Record<string, Record<'zh-CN' | 'en-US', string> | undefined>)[action];
  return known?.[currentLocale()] ?? action;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Labelled = Record<string, Record<'zh-CN' | 'en-US', string>>;

/** Field values that are codes, read out in the user's language. */
const CODED: Record<string, Labelled> = {
  category: PORTAL_CATEGORIES,
  status: PORTAL_ARTICLE_STATUSES,
  kind: CREDIT_KINDS,
  scope: CREDIT_SCOPES,
};

/** One recorded value as a short text: codes named, yes/no, lists joined, file ids as "a file". */
function show(key: string, value: unknown, t: Translate): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? t('portalManage.history.yes') : t('portalManage.history.no');
  if (Array.isArray(value)) return value.map((v) => show(key, v, t)).join('、') || '—';
  if (key.endsWith('Id') && typeof value === 'string') return t('portalManage.history.aFile');
  if (typeof value === 'string' && CODED[key]?.[value]) return CODED[key][value][currentLocale()];
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What the server recorded, line by line. Articles record `fields` (what changed) with
 * `changes` (`{ from, to }` of the short ones); credit entries record `before` and `after`;
 * anything else is a named value.
 */
function linesOf(detail: Record<string, unknown>, t: Translate, label: (key: string) => string): string[] {
  const lines: string[] = [];
  const { title, fields, changes, before, after, ...rest } = detail;
  // The item's title at the time, unless the change itself says how the title went.
  if (typeof title === 'string' && !(isRecord(changes) && 'title' in changes))
    lines.push(`${label('title')}：${title}`);
  if (Array.isArray(fields) && fields.length > 0)
    lines.push(`${label('fields')}：${fields.map((f) => label(String(f))).join('、')}`);
  if (isRecord(changes))
    for (const [key, change] of Object.entries(changes))
      if (isRecord(change))
        lines.push(`${label(key)}：${show(key, change.from, t)} → ${show(key, change.to, t)}`);
  if (isRecord(before) || isRecord(after)) {
    const was = isRecord(before) ? before : {};
    const now = isRecord(after) ? after : {};
    for (const key of new Set([...Object.keys(was), ...Object.keys(now)]))
      lines.push(
        key in was && key in now
          ? `${label(key)}：${show(key, was[key], t)} → ${show(key, now[key], t)}`
          : `${label(key)}：${show(key, key in now ? now[key] : was[key], t)}`,
      );
  }
  for (const [key, value] of Object.entries(rest)) lines.push(`${label(key)}：${show(key, value, t)}`);
  return lines;
}

function DetailLines({ detail }: { detail: PortalHistoryEntry['detail'] }) {
  const { t, i18n } = useTranslation();
  if (!detail) return null;
  const label = (key: string) => {
    const i18nKey = `portalManage.history.fields.${key}`;
    return i18n.exists(i18nKey) ? t(i18nKey) : key;
  };
  return (
    <div>
      {linesOf(detail, t, label).map((line, index) => (
        <Typography.Text type="secondary" key={index} style={{ display: 'block', fontSize: 12 }}>
          {line}
        </Typography.Text>
      ))}
    </div>
  );
}

/** Who did what to a portal item, newest first (read from the audit log on the server). */
export function ManageHistoryDrawer({
  open,
  title,
  entries,
  loading,
  error,
  onClose,
}: {
  open: boolean;
  title: string;
  entries: PortalHistoryEntry[] | undefined;
  loading: boolean;
  error: Error | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer open={open} title={title} onClose={onClose} size="large" data-testid="history-drawer">
      {error && <Alert type="error" showIcon title={error.message} />}
      {loading && !entries && <Spin />}
      {entries && entries.length === 0 && <Empty description={t('portalManage.history.none')} />}
      {entries && entries.length > 0 && (
        <Timeline
          items={entries.map((entry, index) => ({
            key: `${entry.at}-${index}`,
            content: (
              <div data-testid="history-entry">
                <Typography.Text strong>{actionName(entry.action)}</Typography.Text>
                <div>
                  <Typography.Text type="secondary">
                    {dayjs(entry.at).format('YYYY-MM-DD HH:mm:ss')} ·{' '}
                    {entry.actorName ?? t('portalManage.history.unknownActor')}
                  </Typography.Text>
                </div>
                <DetailLines detail={entry.detail} />
              </div>
            ),
          }))}
        />
      )}
    </Drawer>
  );
}
