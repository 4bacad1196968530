import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Badge, Button, Empty, Popover, Segmented, Spin, Tag, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  AREAS,
  LIMITS,
  MESSAGE_TYPES_BY_ORG_TYPE,
  areaOfPath,
  formatRelativeTime,
  messageTypeName,
  type MessageState,
  type MessageType,
  type OrgType,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { MESSAGES_KEY, useMessages } from '../api/get-messages';
import { markAllRead } from '../api/mark-all-read';
import { useMyInvitations } from '../api/my-invitations';
import { useMessageStream } from '../hooks/use-message-stream';
import { reasonOf, useOpenMessage } from '../hooks/use-open-message';
import { InvitationList } from './invitation-list';
import { SettledNote } from './settled-note';

/** Re-renders every `ms` while `active`, so "刚刚" becomes "1 分钟前" without a refetch. */
function useNow(active: boolean, ms = 30_000) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!active) return;
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [active, ms]);
  return now;
}

/** The message centre's path in an area: `<prefix>/messages`. */
export const messageCentrePath = (prefix: string) => `${prefix}/messages`;

/**
 * The to-dos of the top bar (spec §2, §5, §9; issue 17): a bell counting open to-dos and unread
 * notices; the popover lists 待办 (what the person may still do), 已办 (done, by whom and when)
 * and 通知 (notices, nothing to do). Opening a message marks it read and goes to the screen where
 * its work is done, switching to the receiving organisation first when it is not the current one.
 * 全部已读 marks everything read; 查看全部 opens the area's message centre. The person's own
 * invitations to join organisations come first, answered in place.
 */
export interface MessagePopoverProps {
  token: string | null;
  /** The signed-in person's organisations. */
  members: readonly { orgId: string; orgType: OrgType }[];
  currentOrgId: string | null;
  setCurrentOrgId: (orgId: string) => void;
  /** Whether a screen exists yet; a message whose screen does not is only marked read. */
  isRouted: (path: string) => boolean;
}

export function MessagePopover({
  token,
  members: allMembers,
  currentOrgId,
  setCurrentOrgId,
  isRouted,
}: MessagePopoverProps) {
  const { t } = useTranslation();
  const { message: toast } = App.useApp();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const locale = currentLocale();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<MessageState>('todo');
  const [marking, setMarking] = useState(false);

  const members = useMemo(
    () => allMembers.filter((m) => MESSAGE_TYPES_BY_ORG_TYPE[m.orgType].length > 0),
    [allMembers],
  );
  const orgIds = useMemo(() => members.map((m) => m.orgId), [members]);
  const types = useMemo(
    () => [...new Set(members.flatMap((m) => MESSAGE_TYPES_BY_ORG_TYPE[m.orgType]))] as MessageType[],
    [members],
  );
  const stream = useMessageStream(token, orgIds.length > 0);
  const messages = useMessages(orgIds, types, locale, stream);
  const invitations = useMyInvitations(Boolean(token)).data ?? [];
  const now = useNow(open);
  const opener = useOpenMessage({
    members,
    currentOrgId,
    setCurrentOrgId,
    isRouted,
    onLeave: () => setOpen(false),
  });

  // A failed load is said once when it starts failing, not at every retry.
  const failedBefore = useRef(false);
  useEffect(() => {
    if (messages.isError && !failedBefore.current)
      void toast.error(t('messages.loadFailed', { reason: reasonOf(messages.error) }));
    failedBefore.current = messages.isError;
  }, [messages.isError, messages.error, toast, t]);

  if (orgIds.length === 0 && invitations.length === 0) return null;
  const page = messages.data;
  const counts = page?.counts ?? { todo: 0, done: 0, notice: 0, unreadNotice: 0 };
  const shown = (page?.items ?? []).filter((m) => m.state === tab);
  const bell = counts.todo + counts.unreadNotice + invitations.length;
  const area = areaOfPath(pathname);
  const centre = area ? messageCentrePath(AREAS[area].prefix) : null;

  // Opening shows what needs attention first: open to-dos, else unread notices.
  const onOpenChange = (next: boolean) => {
    if (next) setTab(counts.todo === 0 && counts.unreadNotice > 0 ? 'notice' : 'todo');
    setOpen(next);
  };

  const readAll = async () => {
    setMarking(true);
    try {
      await markAllRead(orgIds);
      await queryClient.invalidateQueries({ queryKey: MESSAGES_KEY });
    } catch (error) {
      const reason = reasonOf(error);
      void toast.error(reason ? t('messages.readFailedWithReason', { reason }) : t('messages.readFailed'));
    } finally {
      setMarking(false);
    }
  };

  const content = (
    <div
      className="message-popover"
      style={{ width: LIMITS.messagePopoverWidth }}
      data-testid="message-popover"
    >
      {invitations.length > 0 && (
        <section className="message-popover-invitations" aria-labelledby="message-invitations-heading">
          <Typography.Text strong id="message-invitations-heading">
            {t('invitations.heading', { count: invitations.length })}
          </Typography.Text>
          <InvitationList invitations={invitations} />
        </section>
      )}
      {orgIds.length > 0 && (
        <>
          <div className="message-popover-head">
            <Segmented<MessageState>
              block
              size="small"
              value={tab}
              onChange={setTab}
              options={(['todo', 'done', 'notice'] as const).map((s) => ({
                value: s,
                label: `${t(`messages.states.${s}`)} (${counts[s]})`,
              }))}
            />
          </div>
          {messages.isError && (
            <Alert
              type="error"
              showIcon
              className="message-popover-error"
              title={t('messages.loadFailed', { reason: reasonOf(messages.error) })}
              action={
                <Button size="small" type="link" onClick={() => void messages.refetch()}>
                  {t('messages.retry')}
                </Button>
              }
            />
          )}
          <div
            className="message-popover-list"
            style={{ padding: LIMITS.scrollWheelPadding }}
            data-testid="message-list"
          >
            {messages.isPending ? (
              <Spin />
            ) : shown.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`messages.empty.${tab}`)} />
            ) : (
              shown.map((m) => (
                <button
                  type="button"
                  key={m.id}
                  className={`message-item${m.beRead ? '' : ' message-item-unread'}`}
                  data-testid="message-item"
                  data-read={m.beRead ? 'true' : 'false'}
                  data-state={m.state}
                  disabled={opener.busyId !== null}
                  onClick={() => void opener.open(m)}
                >
                  <span className="message-item-head">
                    {!m.beRead && <Badge status="processing" />}
                    <Tag color={m.state === 'todo' ? 'gold' : m.beRead ? 'default' : 'blue'}>
                      {messageTypeName(m.type, locale)}
                    </Tag>
                    <time dateTime={m.sendTime} title={new Date(m.sendTime).toLocaleString(locale)}>
                      {formatRelativeTime(new Date(m.sendTime), now, locale)}
                    </time>
                  </span>
                  <span className="message-item-content">{m.content}</span>
                  {m.state === 'done' && <SettledNote message={m} locale={locale} />}
                  {orgIds.length > 1 && <span className="message-item-org">{m.orgName}</span>}
                </button>
              ))
            )}
          </div>
          <div className="message-popover-actions">
            <Button
              size="small"
              type="link"
              loading={marking}
              disabled={(page?.unread ?? 0) === 0}
              onClick={() => void readAll()}
              data-testid="message-read-all"
            >
              {t('messages.readAll')}
            </Button>
            {centre && isRouted(centre) && (
              <Link to={centre} onClick={() => setOpen(false)} data-testid="message-centre-link">
                {t('messages.viewAll')}
              </Link>
            )}
          </div>
          <div className="message-popover-foot" data-testid="message-live">
            {stream === 'down'
              ? t('messages.polling', { seconds: LIMITS.messageFallbackPollMs / 1000 })
              : t(stream === 'live' ? 'messages.live' : 'messages.connecting')}
          </div>
        </>
      )}
    </div>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={onOpenChange}
      title={t('messages.title')}
      content={content}
      arrow={false}
    >
      <Button
        type="text"
        className="top-bar-button"
        data-testid="message-bell"
        // The badge's number is visible text: the name must contain it (WCAG 2.5.3, label in name).
        aria-label={bell > 0 ? `${t('messages.title')} ${bell > 99 ? '99+' : bell}` : t('messages.title')}
      >
        <Badge count={bell} size="small" overflowCount={99} data-testid="message-count">
          <BellOutlined className="message-bell-icon" />
        </Badge>
      </Button>
    </Popover>
  );
}
