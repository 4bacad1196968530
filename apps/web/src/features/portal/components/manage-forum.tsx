import { useState } from 'react';
import { Alert, App, Button, Card, Drawer, Empty, Input, List, Space, Spin, Tag, Typography } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { ForumReply, ForumTopicSummary } from '@drp/domain';
import { PagedTable } from '../../../components/paged-table';
import {
  useManageTopic,
  useManageTopicPage,
  useModerateManageReply,
  useModerateManageTopic,
  type Moderation,
} from '../api/manage-forum';
import { messageOf } from './manage-server-errors';
import './manage-portal.css';

const PAGE_SIZE = 10;
const time = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');

/** Hidden and locked, as tags; nothing for an open, visible topic. */
function StateTags({ hidden, locked }: { hidden: boolean; locked?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {hidden && <Tag color="default">{t('portalManage.forum.hiddenTag')}</Tag>}
      {locked && <Tag color="orange">{t('portalManage.forum.lockedTag')}</Tag>}
    </>
  );
}

/** Moderation of one topic or reply, with the outcome said either way. */
function useModerate() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const topic = useModerateManageTopic();
  const reply = useModerateManageReply();
  const run = async (call: Promise<unknown>) => {
    try {
      await call;
      void message.success(t('portalManage.forum.done'));
    } catch (error) {
      void message.error(messageOf(error));
    }
  };
  return {
    pending: topic.isPending || reply.isPending,
    topic: (id: string, body: Moderation) => run(topic.mutateAsync({ id, body })),
    reply: (id: string, hidden: boolean) => run(reply.mutateAsync({ id, hidden })),
  };
}

/** A topic's body and every reply, hidden ones too, each with hide and show. */
function TopicDrawer({ id, onClose }: { id: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const topic = useManageTopic(id);
  const moderate = useModerate();
  const data = topic.data;
  return (
    <Drawer
      open={Boolean(id)}
      onClose={onClose}
      size="large"
      title={data?.title ?? t('portalManage.forum.topic')}
      extra={data && <StateTags hidden={data.hidden} locked={data.locked} />}
      data-testid="forum-topic-drawer"
    >
      {topic.error && <Alert type="error" showIcon title={topic.error.message} />}
      {!data && topic.isFetching && <Spin />}
      {data && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            {[data.authorName, data.orgName].filter(Boolean).join(' · ')} · {time(data.createdAt)}
          </Typography.Text>
          {/* Sanitised by the server when posted, as the public page shows it. */}
          <div className="manage-forum-body" dangerouslySetInnerHTML={{ __html: data.bodyHtml }} />
          <Typography.Title level={5}>
            {t('portalManage.forum.replies', { count: data.replies.length })}
          </Typography.Title>
          {data.replies.length === 0 ? (
            <Empty description={t('portalManage.forum.noReplies')} />
          ) : (
            <List<ForumReply>
              dataSource={data.replies}
              renderItem={(r) => (
                <List.Item
                  key={r.id}
                  className={r.hidden ? 'manage-forum-reply-hidden' : undefined}
                  data-testid="forum-reply"
                  actions={[
                    <Button
                      key="hide"
                      type="link"
                      size="small"
                      icon={r.hidden ? <EyeOutlined /> : <EyeInvisibleOutlined />}
                      disabled={moderate.pending}
                      onClick={() => void moderate.reply(r.id, !r.hidden)}
                      data-testid="forum-reply-toggle"
                    >
                      {r.hidden ? t('portalManage.forum.show') : t('portalManage.forum.hide')}
                    </Button>,
                  ]}
                >
                  <List.Item.Meta
                    title={
                      <Space size={4}>
                        <span>{[r.authorName, r.orgName].filter(Boolean).join(' · ')}</span>
                        <Typography.Text type="secondary">{time(r.createdAt)}</Typography.Text>
                        <StateTags hidden={r.hidden} />
                      </Space>
                    }
                    description={
                      <div className="manage-forum-body" dangerouslySetInnerHTML={{ __html: r.bodyHtml }} />
                    }
                  />
                </List.Item>
              )}
            />
          )}
        </Space>
      )}
    </Drawer>
  );
}

/** The discussion topics (forumDetail), hidden ones too: hide or show, lock or unlock, read replies. */
export function ManageForum() {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<string>();
  const result = useManageTopicPage({ title: title || undefined, page, pageSize: PAGE_SIZE });
  const moderate = useModerate();

  return (
    <Card title={t('portalManage.forum.title')}>
      <PagedTable<ForumTopicSummary>
        rowKey="id"
        size="middle"
        data-testid="forum-table"
        data={result.data}
        error={result.error}
        loading={result.isFetching}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        totalText={(total) => t('portalManage.forum.total', { total })}
        locale={{ emptyText: t('portalManage.forum.none') }}
        filters={
          <Input.Search
            allowClear
            placeholder={t('portalManage.forum.searchTitle')}
            style={{ width: 280 }}
            onSearch={(v) => {
              setTitle(v.trim());
              setPage(0);
            }}
          />
        }
        rowClassName={(r) => (r.hidden ? 'manage-forum-reply-hidden' : '')}
        columns={[
          {
            title: t('portalManage.forum.topic'),
            dataIndex: 'title',
            render: (v: string, r) => (
              <Space size={4} wrap>
                <Typography.Link onClick={() => setOpen(r.id)} data-testid="forum-topic-title">
                  {v}
                </Typography.Link>
                <StateTags hidden={r.hidden} locked={r.locked} />
              </Space>
            ),
          },
          {
            title: t('portalManage.forum.author'),
            key: 'author',
            render: (_, r) => [r.authorName, r.orgName].filter(Boolean).join(' · '),
          },
          { title: t('portalManage.forum.replyCount'), dataIndex: 'replyCount', width: 80 },
          {
            title: t('portalManage.forum.createdAt'),
            dataIndex: 'createdAt',
            width: 150,
            render: (v: string) => <span className="manage-nowrap">{time(v)}</span>,
          },
          {
            title: t('portalManage.forum.lastReplyAt'),
            dataIndex: 'lastReplyAt',
            width: 150,
            render: (v: string | null) => <span className="manage-nowrap">{time(v)}</span>,
          },
          {
            title: t('portalManage.actions'),
            key: 'actions',
            width: 200,
            render: (_, r) => (
              <Space size={0} wrap>
                <Button
                  type="link"
                  size="small"
                  icon={r.hidden ? <EyeOutlined /> : <EyeInvisibleOutlined />}
                  disabled={moderate.pending}
                  onClick={() => void moderate.topic(r.id, { hidden: !r.hidden })}
                  data-testid="forum-topic-toggle-hidden"
                >
                  {r.hidden ? t('portalManage.forum.show') : t('portalManage.forum.hide')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  icon={r.locked ? <UnlockOutlined /> : <LockOutlined />}
                  disabled={moderate.pending}
                  onClick={() => void moderate.topic(r.id, { locked: !r.locked })}
                  data-testid="forum-topic-toggle-locked"
                >
                  {r.locked ? t('portalManage.forum.unlock') : t('portalManage.forum.lock')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <TopicDrawer id={open} onClose={() => setOpen(undefined)} />
    </Card>
  );
}
