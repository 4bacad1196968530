import { Table, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { FilingSummary } from '@drp/domain';
import { FilingStatusTag } from './filing-status-tag';
import '../filings-texts';

/** Filings as both areas list them; `withProject` for the authority's lists across applications. */
export function FilingTable({
  items,
  loading,
  detailPath,
  withProject,
  pagination,
  testId,
}: {
  items: FilingSummary[];
  loading: boolean;
  detailPath: (id: string) => string;
  withProject: boolean;
  pagination?: { current: number; pageSize: number; total: number; onChange: (page: number) => void };
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Table<FilingSummary>
      rowKey="id"
      loading={loading}
      dataSource={items}
      data-testid={testId}
      pagination={pagination ? { ...pagination, hideOnSinglePage: true } : false}
      locale={{
        // The table's own placeholder grey is too faint to read (WCAG 1.4.3): the secondary text colour.
        emptyText: <span style={{ color: 'rgba(0, 0, 0, 0.65)' }}>{t('filings.empty')}</span>,
      }}
      columns={[
        ...(withProject
          ? [
              {
                key: 'project',
                title: t('filings.project'),
                render: (_: unknown, f: FilingSummary) => f.projectName,
              },
              {
                key: 'agency',
                title: t('filings.agency'),
                render: (_: unknown, f: FilingSummary) => f.agencyName,
              },
            ]
          : [
              {
                key: 'attempt',
                title: t('filings.attempt'),
                render: (_: unknown, f: FilingSummary) => t('filings.attemptText', { attempt: f.attempt }),
              },
            ]),
        { key: 'no', title: t('filings.certificateNo'), dataIndex: 'certificateNo' },
        {
          key: 'status',
          title: t('filings.status'),
          render: (_, f) => <FilingStatusTag status={f.status} />,
        },
        {
          key: 'filed',
          title: t('filings.filedAt'),
          render: (_, f) => (
            <>
              {dayjs(f.filedAt).format('YYYY-MM-DD HH:mm')} {f.filedBy}{' '}
              {f.late && <Tag color="orange">{t('filings.late')}</Tag>}
            </>
          ),
        },
        {
          key: 'decided',
          title: t('filings.decidedAt'),
          render: (_, f) =>
            f.decidedAt ? `${dayjs(f.decidedAt).format('YYYY-MM-DD HH:mm')} ${f.authorityName ?? ''}` : '—',
        },
        {
          key: 'actions',
          title: t('filings.actions'),
          width: 88,
          render: (_, f) => (
            <Link to={detailPath(f.id)} data-testid="filing-view">
              {t('filings.view')}
            </Link>
          ),
        },
      ]}
    />
  );
}
