import { useMemo, useState } from 'react';
import { App, Button, Card, DatePicker, Select, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  LIMITS,
  MESSAGE_TYPES_BY_ORG_TYPE,
  messageTypeName,
  type Message,
  type MessageQuery,
  type MessageState,
  type MessageType,
  type OrgType,
} from '@drp/domain';
import { PagedTable } from '../../../components/paged-table';
import { currentLocale } from '../../../config/i18n';
import { MESSAGES_KEY, useMessageCentre } from '../api/get-messages';
import { markAllRead } from '../api/mark-all-read';
import { reasonOf, useOpenMessage } from '../hooks/use-open-message';
import { SettledNote } from './settled-note';

const PAGE_SIZES = [LIMITS.defaultPageSize, 10, 20, 50];
const STATE_COLOURS: Record<MessageState, string> = { todo: 'gold', done: 'green', notice: 'default' };

export interface MessageCentreProps {
  /** The person's organisations that work in this area (the area's org types). */
  members: readonly { orgId: string; orgType: OrgType; orgName: string }[];
  currentOrgId: string | null;
  setCurrentOrgId: (orgId: string) => void;
  isRouted: (path: string) => boolean;
}

/**
 * The message centre of one area (issue 17), reached from the popover's 查看全部: every message
 * of the person's organisations in the area, filtered by state, type, project and the day sent,
 * five to a page (spec §9). A row opens the screen where its work is done, as in the popover.
 */
export function MessageCentre({ members, currentOrgId, setCurrentOrgId, isRouted }: MessageCentreProps) {
  const { t } = useTranslation();
  const { message: toast } = App.useApp();
  const queryClient = useQueryClient();
  const locale = currentLocale();
  const [state, setState] = useState<MessageState | undefined>('todo');
  const [type, setType] = useState<MessageType | undefined>();
  const [projectId, setProjectId] = useState<string | undefined>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<number>(LIMITS.defaultPageSize);
  const [marking, setMarking] = useState(false);

  const orgIds = useMemo(() => members.map((m) => m.orgId), [members]);
  const types = useMemo(
    () => [...new Set(members.flatMap((m) => MESSAGE_TYPES_BY_ORG_TYPE[m.orgType]))] as MessageType[],
    [members],
  );
  const query: MessageQuery = {
    orgIds: orgIds.join(','),
    messageTypes: type,
    state,
    projectId,
    sentFrom: range?.[0]?.startOf('day').toISOString(),
    // The end of the last day chosen: the server's end is exclusive.
    sentTo: range?.[1]?.add(1, 'day').startOf('day').toISOString(),
    page,
    size,
  };
  const result = useMessageCentre(query, locale, orgIds.length > 0);
  const opener = useOpenMessage({ members, currentOrgId, setCurrentOrgId, isRouted });
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(0);
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

  const counts = result.data?.counts;
  return (
    <Card
      title={<h1 style={{ font: 'inherit', margin: 0 }}>{t('messages.centre.title')}</h1>}
      extra={
        <Button
          loading={marking}
          disabled={(counts?.todo ?? 0) + (counts?.done ?? 0) + (counts?.notice ?? 0) === 0}
          onClick={() => void readAll()}
          data-testid="message-centre-read-all"
        >
          {t('messages.readAll')}
        </Button>
      }
      data-testid="message-centre"
    >
      <PagedTable<Message>
        rowKey="id"
        size="middle"
        scroll={{ x: 960 }}
        data={result.data}
        error={result.error}
        loading={result.isFetching}
        page={page}
        pageSize={size}
        pageSizes={PAGE_SIZES}
        onPageChange={(p, s) => {
          setPage(p);
          setSize(s);
        }}
        totalText={(total) => t('messages.centre.total', { total })}
        filters={
          <>
            <Select<MessageState | 'all'>
              aria-label={t('messages.centre.state')}
              style={{ width: 140 }}
              value={state ?? 'all'}
              onChange={filter((v: MessageState | 'all') => setState(v === 'all' ? undefined : v))}
              options={[
                { value: 'all', label: t('messages.centre.allStates') },
                ...(['todo', 'done', 'notice'] as const).map((s) => ({
                  value: s,
                  label: `${t(`messages.states.${s}`)}${counts ? ` (${counts[s]})` : ''}`,
                })),
              ]}
              data-testid="message-centre-state"
            />
            <Select<MessageType>
              allowClear
              aria-label={t('messages.centre.type')}
              placeholder={t('messages.centre.allTypes')}
              style={{ width: 200 }}
              value={type}
              onChange={filter(setType)}
              options={types.map((v) => ({ value: v, label: messageTypeName(v, locale) }))}
              data-testid="message-centre-type"
            />
            <Select<string>
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              aria-label={t('messages.centre.project')}
              placeholder={t('messages.centre.allProjects')}
              style={{ width: 240 }}
              value={projectId}
              onChange={filter(setProjectId)}
              options={(result.data?.projects ?? []).map((p) => ({ value: p.id, label: p.name }))}
              data-testid="message-centre-project"
            />
            <DatePicker.RangePicker
              aria-label={t('messages.centre.sent')}
              value={range}
              onChange={filter(setRange)}
              data-testid="message-centre-range"
            />
          </>
        }
        columns={[
          {
            title: t('messages.centre.state'),
            dataIndex: 'state',
            width: 90,
            render: (s: MessageState) => <Tag color={STATE_COLOURS[s]}>{t(`messages.states.${s}`)}</Tag>,
          },
          {
            title: t('messages.centre.type'),
            dataIndex: 'type',
            width: 170,
            render: (v: MessageType, m) => (
              <Typography.Text strong={!m.beRead}>{messageTypeName(v, locale)}</Typography.Text>
            ),
          },
          {
            title: t('messages.centre.content'),
            dataIndex: 'content',
            render: (v: string, m) => (
              <div className="message-centre-content">
                <Typography.Text strong={!m.beRead}>{v}</Typography.Text>
                {m.state === 'done' && <SettledNote message={m} locale={locale} />}
              </div>
            ),
          },
          ...(members.length > 1
            ? [{ title: t('messages.centre.org'), dataIndex: 'orgName', width: 200, ellipsis: true }]
            : []),
          {
            title: t('messages.centre.sent'),
            dataIndex: 'sendTime',
            width: 160,
            render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: t('messages.centre.action'),
            key: 'open',
            width: 100,
            fixed: 'right',
            render: (_, m) =>
              opener.screenOf(m) ? (
                <Button
                  type="link"
                  size="small"
                  loading={opener.busyId === m.id}
                  disabled={opener.busyId !== null && opener.busyId !== m.id}
                  onClick={() => void opener.open(m)}
                  aria-label={`${t(m.state === 'todo' ? 'messages.centre.handle' : 'messages.centre.view')}：${messageTypeName(m.type, locale)}`}
                >
                  {t(m.state === 'todo' ? 'messages.centre.handle' : 'messages.centre.view')}
                </Button>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
