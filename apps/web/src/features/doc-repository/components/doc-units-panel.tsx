import { Descriptions, Table, Tag } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { DOC_CATEGORIES, type DocVersionState } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';

type Unit = DocVersionState['units'][number];

const when = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');

/**
 * Who has handed over what in this version: each design unit its drawings, each survey unit its
 * survey documents, with the file count, so the construction unit sees what it is about to send
 * and the agency what it is about to accept.
 */
export function DocUnitsPanel({ state }: { state: DocVersionState }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <div className="doc-units" data-testid="doc-units">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'sent', label: t('docReview.sentAt'), children: when(state.sentAt) },
          { key: 'accepted', label: t('docReview.acceptedAt'), children: when(state.acceptedAt) },
        ]}
      />
      <Table<Unit>
        size="small"
        pagination={false}
        rowKey={(u) => `${u.orgId}-${u.category}`}
        dataSource={state.units}
        locale={{ emptyText: t('docReview.noUnits') }}
        columns={[
          { title: t('docReview.unit'), dataIndex: 'orgName' },
          {
            title: t('docReview.category'),
            dataIndex: 'category',
            render: (c: Unit['category']) => DOC_CATEGORIES[c][locale],
          },
          { title: t('docReview.fileCount'), dataIndex: 'fileCount', align: 'right' },
          {
            title: t('docReview.handOver'),
            key: 'committed',
            render: (_, u) =>
              u.committed ? (
                <Tag color="green" icon={<CheckCircleOutlined />} data-testid="unit-committed">
                  {t('docReview.committedAt', { time: when(u.committedAt) })}
                </Tag>
              ) : (
                <Tag icon={<ClockCircleOutlined />} data-testid="unit-pending">
                  {t('docReview.notCommitted')}
                </Tag>
              ),
          },
        ]}
        data-testid="doc-units-table"
      />
    </div>
  );
}
