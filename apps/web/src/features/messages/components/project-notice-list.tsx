import { Alert, Card, Table } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { ProjectNotice } from '@drp/domain';
import type { ProjectTarget } from '../../../lib/project-target';
import { useProjectNotices } from '../api/get-project-notices';
import { ProjectNoticeReceivers } from './project-notice-receivers';
import './project-notice-texts';

/** `notifications`: every message the agency sent about the application, newest first. */
export function ProjectNoticeList({
  target,
  detailPath,
}: {
  target: ProjectTarget;
  detailPath: (id: string) => string;
}) {
  const { t } = useTranslation();
  const list = useProjectNotices(target);
  return (
    <Card title={t('projectNotices.listTitle')} data-testid="notice-list">
      {list.isError && (
        <Alert
          type="error"
          showIcon
          title={t('projectNotices.loadFailed', { message: list.error.message })}
        />
      )}
      <Table<ProjectNotice>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.items ?? []}
        pagination={false}
        locale={{ emptyText: t('projectNotices.empty') }}
        data-testid="notice-table"
        columns={[
          { title: t('projectNotices.sentAt'), render: (_, n) => dayjs(n.sentAt).format('YYYY-MM-DD HH:mm') },
          {
            title: t('projectNotices.type'),
            render: (_, n) => (
              <Link to={detailPath(n.id)} data-testid="notice-link" data-type={n.type}>
                {n.typeName}
              </Link>
            ),
          },
          {
            title: t('projectNotices.receivers'),
            render: (_, n) => <ProjectNoticeReceivers receivers={n.receivers} />,
          },
          {
            title: t('projectNotices.readState'),
            render: (_, n) =>
              t('projectNotices.readCount', {
                read: n.receivers.filter((r) => r.reads.length > 0).length,
                total: n.receivers.length,
              }),
          },
        ]}
      />
    </Card>
  );
}
