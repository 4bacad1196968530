import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Button, Empty, Input, Space, Tag, Typography } from 'antd';
import { AimOutlined, CloudUploadOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import { MARKUP_KINDS, MARKUP_LAYERS, MARKUP_LIMITS, MARKUP_STAMPS, type Markup } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import type { MarkupSession } from '../hooks/use-markups';
import { measureText } from './markup-geometry';

const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/**
 * The file's markups beside the sheet, by page: who drew what and when, in which layer, with its
 * words or measure. Choosing one selects it on the sheet (and `onGoTo` brings it into view); the
 * chosen one opens its replies, the reply box and, for its author, editing, publishing, deleting.
 * Up and down arrows move between the entries.
 */
export function MarkupList({ session, onGoTo }: { session: MarkupSession; onGoTo: (m: Markup) => void }) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLDivElement>(null);
  const pages = useMemo(() => {
    const byPage = new Map<number, Markup[]>();
    for (const m of [...session.visible].sort(
      (a, b) => a.page - b.page || a.createdAt.localeCompare(b.createdAt),
    ))
      byPage.set(m.page, [...(byPage.get(m.page) ?? []), m]);
    return [...byPage.entries()];
  }, [session.visible]);

  /** Arrow keys walk the entries' headers, as in a list box. */
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const heads = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('.markup-entry-head') ?? [])];
    const at = heads.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    event.preventDefault();
    heads[Math.min(heads.length - 1, Math.max(0, at + (event.key === 'ArrowDown' ? 1 : -1)))]?.focus();
  };

  if (session.loadError)
    return (
      <section aria-label={t('markups.list')} className="markup-list">
        <Alert type="error" showIcon title={t('markups.loadFailed', { message: session.loadError })} />
      </section>
    );
  if (pages.length === 0)
    return (
      <section aria-label={t('markups.list')} className="markup-list">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('markups.noMarkups')} />
      </section>
    );

  return (
    <section aria-label={t('markups.list')} className="markup-list">
      <div ref={listRef} onKeyDown={onKeyDown}>
        {pages.map(([page, items]) => (
          <div key={page}>
            <Typography.Title
              level={2}
              style={{ margin: '8px 0 4px', fontSize: 14 }}
              id={`markup-page-${page}`}
            >
              {t('markups.page', { page: page + 1 })}
            </Typography.Title>
            <ul aria-labelledby={`markup-page-${page}`} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {items.map((m) => (
                <MarkupEntry
                  key={m.id}
                  markup={m}
                  session={session}
                  selected={m.id === session.selectedId}
                  onGoTo={onGoTo}
                />
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}

function summary(m: Markup, t: TFunction) {
  const locale = currentLocale();
  if (m.kind === 'DISTANCE' || m.kind === 'AREA') {
    const { value, calibrated } = measureText(m.kind, m.points, m.calibration);
    if (!calibrated || !m.calibration) return `${value} ${t('markups.uncalibrated')}`;
    const source = m.calibration.source === '2 points' ? t('markups.twoPoints') : m.calibration.source;
    return `${value} · ${t('markups.calibrated', { source })}`;
  }
  if (m.kind === 'STAMP' && m.stamp) return MARKUP_STAMPS[m.stamp][locale] + (m.text ? ` · ${m.text}` : '');
  return m.text;
}

function MarkupEntry({
  markup: m,
  session,
  selected,
  onGoTo,
}: {
  markup: Markup;
  session: MarkupSession;
  selected: boolean;
  onGoTo: (m: Markup) => void;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [editing, setEditing] = useState<string | null>(null);
  const [reply, setReply] = useState('');
  const [sending, setSending] = useState(false);
  const text = summary(m, t);

  const choose = () => {
    session.select(selected ? null : m.id);
    if (!selected) onGoTo(m);
  };

  return (
    <li
      className="markup-entry"
      data-markup-entry={m.id}
      style={{
        borderLeft: `3px solid ${m.color}`,
        background: selected ? 'rgba(22, 119, 255, 0.08)' : undefined,
        padding: '4px 8px',
        marginBottom: 4,
      }}
    >
      <button
        type="button"
        className="markup-entry-head"
        aria-expanded={selected}
        onClick={choose}
        style={{
          all: 'unset',
          display: 'block',
          width: '100%',
          cursor: 'pointer',
          outlineOffset: 2,
        }}
      >
        <Space size={4} wrap>
          <Tag color={m.layer === 'PUBLISHED' ? 'green' : 'default'}>{MARKUP_LAYERS[m.layer][locale]}</Tag>
          <Typography.Text strong>{MARKUP_KINDS[m.kind][locale]}</Typography.Text>
          <Typography.Text type="secondary">
            {m.author.name} · {m.author.orgName}
          </Typography.Text>
        </Space>
        <span style={{ display: 'block' }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {time(m.createdAt)}
          </Typography.Text>
        </span>
        {text ? (
          <span style={{ display: 'block', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</span>
        ) : null}
        {m.replies.length > 0 && !selected && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('markups.replies', { count: m.replies.length })}
          </Typography.Text>
        )}
      </button>
      {selected && (
        <div style={{ marginTop: 6 }}>
          <Space size={4} wrap>
            <Button size="small" icon={<AimOutlined />} onClick={() => onGoTo(m)}>
              {t('markups.goTo')}
            </Button>
            {m.can.edit && editing === null && (
              <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(m.text)}>
                {t('markups.editText')}
              </Button>
            )}
            {m.can.publish && (
              <Button size="small" icon={<CloudUploadOutlined />} onClick={() => void session.publish(m)}>
                {t('markups.publish')}
              </Button>
            )}
            {m.can.edit && (
              <Button size="small" danger icon={<DeleteOutlined />} onClick={() => session.remove(m)}>
                {t('markups.delete')}
              </Button>
            )}
          </Space>
          {editing !== null && (
            <div style={{ marginTop: 6 }}>
              <Input.TextArea
                aria-label={t('markups.editText')}
                value={editing}
                maxLength={MARKUP_LIMITS.textMax}
                autoSize={{ minRows: 2, maxRows: 6 }}
                autoFocus
                onChange={(e) => setEditing(e.target.value)}
              />
              <Space size={4} style={{ marginTop: 4 }}>
                <Button
                  size="small"
                  type="primary"
                  onClick={() =>
                    void session.update(m, { text: editing }).then((ok) => {
                      if (ok) setEditing(null);
                    })
                  }
                >
                  {t('markups.save')}
                </Button>
                <Button size="small" onClick={() => setEditing(null)}>
                  {t('markups.cancel')}
                </Button>
              </Space>
            </div>
          )}
          {m.replies.length > 0 && (
            <div style={{ marginTop: 6 }}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('markups.replies', { count: m.replies.length })}
              </Typography.Text>
              <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {m.replies.map((r) => (
                  <li key={r.id} style={{ padding: '2px 0 2px 8px', borderLeft: '2px solid #d9d9d9' }}>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {r.author.name} · {r.author.orgName} · {time(r.createdAt)}
                    </Typography.Text>
                    <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{r.text}</div>
                  </li>
                ))}
              </ol>
            </div>
          )}
          {m.can.reply && (
            <Space.Compact style={{ width: '100%', marginTop: 6 }}>
              <Input
                aria-label={t('markups.reply')}
                placeholder={t('markups.replyPlaceholder')}
                value={reply}
                maxLength={MARKUP_LIMITS.replyMax}
                onChange={(e) => setReply(e.target.value)}
                onPressEnter={() => reply.trim() && void send()}
              />
              <Button type="primary" loading={sending} disabled={!reply.trim()} onClick={() => void send()}>
                {t('markups.reply')}
              </Button>
            </Space.Compact>
          )}
        </div>
      )}
    </li>
  );

  async function send() {
    setSending(true);
    const ok = await session.reply(m, reply.trim());
    setSending(false);
    if (ok) setReply('');
  }
}
