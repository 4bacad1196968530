import { Alert, Button, Card, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { badActionKeyText, type BadAction } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import type { ProjectTarget } from '../../../lib/project-target';
import { useBadActions } from '../api/get-bad-actions';
import { BadActionDecision } from './bad-action-decision';
import { BadActionStatusTag } from './bad-action-status-tag';
import '../bad-actions-texts';

/**
 * An application's bad actions, newest first. The agency offers a new one when the server says it
 * may (`canRecord`); each row offers what its `can` allows (the authority confirms or rejects
 * from here).
 */
export function BadActionList({
  target,
  title,
  newPath,
  detailPath,
}: {
  target: ProjectTarget;
  title: string;
  newPath?: string;
  detailPath: (id: string) => string;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const list = useBadActions(target);
  const canRecord = list.data?.canRecord ?? false;
  return (
    <Card
      title={title}
      data-testid="bad-action-list"
      extra={
        newPath && canRecord ? (
          <Link to={newPath}>
            <Button type="primary" icon={<PlusOutlined />} data-testid="bad-action-new">
              {t('badActions.record')}
            </Button>
          </Link>
        ) : null
      }
    >
      {list.isError && (
        <Alert type="error" showIcon title={t('badActions.loadFailed', { message: list.error.message })} />
      )}
      {newPath && list.data && !canRecord && (
        <Alert type="info" showIcon title={t('badActions.cannotRecord')} style={{ marginBottom: 16 }} />
      )}
      <Table<BadAction>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.items ?? []}
        pagination={false}
        locale={{ emptyText: t('badActions.empty') }}
        data-testid="bad-action-table"
        columns={[
          {
            title: t('badActions.recordedAt'),
            render: (_, b) => dayjs(b.recordedAt).format('YYYY-MM-DD HH:mm'),
          },
          { title: t('badActions.key'), render: (_, b) => badActionKeyText(b.key, locale) },
          {
            title: t('badActions.unit'),
            render: (_, b) => `${b.unit.name}（${t(`badActions.roles.${b.unit.role}`)}）`,
          },
          { title: t('badActions.person'), render: (_, b) => b.person?.name ?? t('badActions.personNone') },
          { title: t('badActions.status'), render: (_, b) => <BadActionStatusTag status={b.status} /> },
          {
            title: t('badActions.actions'),
            render: (_, b) => (
              <span style={{ display: 'inline-flex', gap: 8, flexWrap: 'wrap' }}>
                <Link to={detailPath(b.id)} data-testid="bad-action-view">
                  {t('badActions.view')}
                </Link>
                <BadActionDecision target={target} badAction={b} />
              </span>
            ),
          },
        ]}
      />
    </Card>
  );
}
