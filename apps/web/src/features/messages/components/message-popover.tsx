import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Badge, Button, Empty, Popover, Segmented, Spin, Tag, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  LIMITS,
  MESSAGE_TYPES_BY_ORG_TYPE,
  formatRelativeTime,
  messageScreen,
  messageTypeName,
  needsSubmittedProject,
  type Message,
  type MessageType,
  type OrgType,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { ApiError } from '../../../lib/http';
import { MESSAGES_KEY, useMessages } from '../api/get-messages';
import { isProjectSubmitted } from '../api/is-project-submitted';
import { markMessageRead } from '../api/mark-message-read';
import { useMyInvitations } from '../api/my-invitations';
import { useMessageStream } from '../hooks/use-message-stream';
import { InvitationList } from './invitation-list';

type Group = 'all' | 'pending' | 'done';

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

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : '');

/**
 * The to-do messages of the top bar (spec §2, §5, §9): a bell with the unread count; the popover
 * groups All, Pending (unread) and Done (read). Opening a message marks it read and goes to its
 * screen, switching to the receiving organisation first when it is not the current one. The
 * person's own invitations to join organisations come first, answered in place.
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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const locale = currentLocale();
  const [open, setOpen] = useState(false);
  const [group, setGroup] = useState<Group>('all');
  const [busyId, setBusyId] = useState<string | null>(null);

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

  // A failed load is said once when it starts failing, not at every retry.
  const failedBefore = useRef(false);
  useEffect(() => {
    if (messages.isError && !failedBefore.current)
      void toast.error(t('messages.loadFailed', { reason: reasonOf(messages.error) }));
    failedBefore.current = messages.isError;
  }, [messages.isError, messages.error, toast, t]);

  if (orgIds.length === 0 && invitations.length === 0) return null;
  const page = messages.data;
  const items = page?.items ?? [];
  const shown = items.filter((m) => group === 'all' || (group === 'pending' ? !m.beRead : m.beRead));
  const unread = (page?.unread ?? 0) + invitations.length;
  const orgTypeOf = (orgId: string) => members.find((m) => m.orgId === orgId)?.orgType;

  const openMessage = async (m: Message) => {
    setBusyId(m.id);
    try {
      if (!m.beRead) {
        try {
          await markMessageRead(m.id);
        } catch (error) {
          const reason = reasonOf(error);
          void toast.error(
            reason ? t('messages.readFailedWithReason', { reason }) : t('messages.readFailed'),
          );
          return;
        }
        void queryClient.invalidateQueries({ queryKey: MESSAGES_KEY });
      }
      if (needsSubmittedProject(m.type) && m.projectId) {
        let submitted = false;
        try {
          submitted = await isProjectSubmitted(m.projectId, m.orgId);
        } catch (error) {
          // A project that is gone (or no longer ours) makes the message as stale as a recalled one.
          if (!(error instanceof ApiError && error.status === 404)) {
            const reason = reasonOf(error);
            void toast.error(
              reason ? t('messages.readFailedWithReason', { reason }) : t('messages.readFailed'),
            );
            return;
          }
        }
        if (!submitted) {
          void toast.warning(t('messages.invalid'));
          return;
        }
      }
      const orgType = orgTypeOf(m.orgId);
      const screen = orgType ? messageScreen(m, orgType) : null;
      if (!screen || !isRouted(screen)) return;
      if (m.orgId !== currentOrgId) setCurrentOrgId(m.orgId);
      setOpen(false);
      await navigate(screen);
    } finally {
      setBusyId(null);
    }
  };

  // The server counts every message; the list itself stops at the newest MESSAGE_LIST_CAP.
  const total = page?.total ?? 0;
  const unreadMessages = page?.unread ?? 0;
  const count = (g: Group) =>
    g === 'all' ? total : g === 'pending' ? unreadMessages : total - unreadMessages;
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
            <Segmented<Group>
              block
              size="small"
              value={group}
              onChange={setGroup}
              options={(['all', 'pending', 'done'] as const).map((g) => ({
                value: g,
                label: `${t(`messages.${g}`)} (${count(g)})`,
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
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.empty')} />
            ) : (
              shown.map((m) => (
                <button
                  type="button"
                  key={m.id}
                  className={`message-item${m.beRead ? '' : ' message-item-unread'}`}
                  data-testid="message-item"
                  data-read={m.beRead ? 'true' : 'false'}
                  disabled={busyId !== null}
                  onClick={() => void openMessage(m)}
                >
                  <span className="message-item-head">
                    {!m.beRead && <Badge status="processing" />}
                    <Tag color={m.beRead ? 'default' : 'blue'}>{messageTypeName(m.type, locale)}</Tag>
                    <time dateTime={m.sendTime} title={new Date(m.sendTime).toLocaleString(locale)}>
                      {formatRelativeTime(new Date(m.sendTime), now, locale)}
                    </time>
                  </span>
                  <span className="message-item-content">{m.content}</span>
                  {orgIds.length > 1 && <span className="message-item-org">{m.orgName}</span>}
                </button>
              ))
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
      onOpenChange={setOpen}
      title={t('messages.title')}
      content={content}
      arrow={false}
    >
      <Button
        type="text"
        className="top-bar-button"
        data-testid="message-bell"
        aria-label={t('messages.title')}
      >
        <Badge count={unread} size="small" overflowCount={99} data-testid="message-count">
          <BellOutlined className="message-bell-icon" />
        </Badge>
      </Button>
    </Popover>
  );
}
