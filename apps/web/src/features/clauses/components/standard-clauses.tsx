import { Link } from 'react-router';
import { Alert, Card, Descriptions, Divider, Table, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  STANDARD_KINDS,
  STANDARD_STATUSES,
  type ClauseVersion,
  type StandardClauses as Clauses,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { FullPageSpin } from '../../../components/full-page-spin';
import { useStandardClauses } from '../api/get-standard-clauses';
import { useSpecialtyNames } from '../api/get-specialties';
import { ClauseImport } from './clause-import';
import { MandatoryMark } from './mandatory-mark';
import '../clauses-texts';

type ClauseRow = Clauses['items'][number];

/** One standard of the library: what it is, its clauses with their versions, and the CSV import. */
export function StandardClauses({ standardId, backPath }: { standardId: string; backPath: string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const clauses = useStandardClauses(standardId);
  const specialties = useSpecialtyNames();
  if (clauses.isPending) return <FullPageSpin />;
  if (clauses.error) return <Alert type="error" showIcon title={clauses.error.message} />;
  const { standard, items } = clauses.data;
  const zh = locale === 'zh-CN';
  const specialtyName = (code: string) => {
    const item = specialties.get(code);
    return item ? (zh ? item.name : item.nameEn) : code;
  };
  const versionColumns = [
    {
      title: t('clauses.version'),
      render: (_: unknown, v: ClauseVersion) => t('clauses.versionOf', { version: v.version }),
    },
    { title: t('clauses.title'), render: (_: unknown, v: ClauseVersion) => (zh ? v.title : v.titleEn) },
    { title: t('clauses.text'), render: (_: unknown, v: ClauseVersion) => v.text ?? '—' },
    { title: t('clauses.specialty'), render: (_: unknown, v: ClauseVersion) => specialtyName(v.specialty) },
    {
      title: t('clauses.mandatory'),
      render: (_: unknown, v: ClauseVersion) => (v.mandatory ? <MandatoryMark /> : '—'),
    },
    {
      title: t('clauses.createdAt'),
      render: (_: unknown, v: ClauseVersion) => (
        <>
          {new Date(v.createdAt).toLocaleString(locale)}{' '}
          {v.current && <Tag color="blue">{t('clauses.current')}</Tag>}
        </>
      ),
    },
  ];

  return (
    <Card
      title={
        <h1 style={{ font: 'inherit', margin: 0 }}>
          {standard.code} {zh ? standard.name : standard.nameEn}
        </h1>
      }
      extra={
        <Link to={backPath}>
          <ArrowLeftOutlined /> {t('clauses.back')}
        </Link>
      }
    >
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 3 }}
        items={[
          { key: 'kind', label: t('clauses.kind'), children: STANDARD_KINDS[standard.kind][locale] },
          { key: 'issuedOn', label: t('clauses.issuedOn'), children: standard.issuedOn ?? '—' },
          { key: 'effectiveOn', label: t('clauses.effectiveOn'), children: standard.effectiveOn ?? '—' },
          {
            key: 'status',
            label: t('clauses.status'),
            children:
              standard.status === 'ACTIVE'
                ? STANDARD_STATUSES.ACTIVE[locale]
                : `${STANDARD_STATUSES.WITHDRAWN[locale]} ${standard.withdrawnOn ?? ''}`,
          },
          { key: 'count', label: t('clauses.clauseCount'), children: items.length },
        ]}
      />
      <Divider />
      <ClauseImport standardId={standard.id} disabled={standard.status === 'WITHDRAWN'} />
      <Divider />
      <Table<ClauseRow>
        rowKey="clauseId"
        size="middle"
        dataSource={items}
        locale={{ emptyText: t('clauses.noClauses') }}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        expandable={{
          // The expand column needs a header of its own (axe: empty-table-header).
          columnTitle: t('clauses.history'),
          columnWidth: 96,
          rowExpandable: (row) => row.versions.length > 1,
          expandedRowRender: (row) => (
            <>
              <Typography.Text strong>{t('clauses.history')}</Typography.Text>
              <Table<ClauseVersion>
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={row.versions}
                columns={versionColumns}
              />
            </>
          ),
        }}
        columns={[
          { title: t('clauses.number'), dataIndex: 'number', width: 100 },
          { title: t('clauses.title'), render: (_, c) => (zh ? c.title : c.titleEn) },
          { title: t('clauses.specialty'), render: (_, c) => specialtyName(c.specialty), width: 140 },
          {
            title: t('clauses.mandatory'),
            render: (_, c) => (c.mandatory ? <MandatoryMark /> : '—'),
            width: 80,
          },
          {
            title: t('clauses.version'),
            render: (_, c) => t('clauses.versionOf', { version: c.version }),
            width: 100,
          },
        ]}
      />
    </Card>
  );
}
