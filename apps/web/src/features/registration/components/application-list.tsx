import { useState } from 'react';
import { Input, Select, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import {
  APPLICATION_STATUSES,
  LIMITS,
  REGISTRABLE_ORG_TYPES,
  ORG_TYPE_LABELS,
  type ApplicationStatus,
  type OrgApplication,
} from '@drp/domain';
import { PagedTable } from '../../../components/paged-table';
import { RegionCascader } from '../../../components/region-cascader';
import { currentLocale } from '../../../config/i18n';
import { useApplications } from '../api/registration-calls';

/** Spec §9: lists open with 5 a page; a longer page is a choice away. */
const PAGE_SIZES = [LIMITS.defaultPageSize, 10, 20, 50];
export const STATUS_COLORS: Record<ApplicationStatus, string> = {
  PENDING: 'orange',
  APPROVED: 'green',
  REJECTED: 'red',
};

/** Registration applications, pending first by default, each opening its review page. */
export function ApplicationList({ reviewPath }: { reviewPath: (id: string) => string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [status, setStatus] = useState<ApplicationStatus | undefined>('PENDING');
  const [name, setName] = useState('');
  const [orgType, setOrgType] = useState<(typeof REGISTRABLE_ORG_TYPES)[number] | undefined>();
  const [region, setRegion] = useState<string | undefined>();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(LIMITS.defaultPageSize);
  const result = useApplications({ status, orgType, region, name: name || undefined, page, size: pageSize });
  return (
    <PagedTable<OrgApplication>
      rowKey="id"
      data={result.data}
      error={result.error}
      loading={result.isFetching}
      page={page}
      pageSize={pageSize}
      pageSizes={PAGE_SIZES}
      onPageChange={(p, size) => {
        setPage(p);
        setPageSize(size);
      }}
      filters={
        <>
          <Select<ApplicationStatus>
            allowClear
            placeholder={t('orgs.allStates')}
            style={{ width: 140 }}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(0);
            }}
            options={APPLICATION_STATUSES.map((s) => ({ value: s, label: t(`register.status.${s}`) }))}
            data-testid="application-status"
          />
          <Select<(typeof REGISTRABLE_ORG_TYPES)[number]>
            allowClear
            placeholder={t('orgs.allTypes')}
            style={{ width: 150 }}
            value={orgType}
            onChange={(v) => {
              setOrgType(v);
              setPage(0);
            }}
            options={REGISTRABLE_ORG_TYPES.map((type) => ({
              value: type,
              label: ORG_TYPE_LABELS[type][locale],
            }))}
          />
          <RegionCascader
            maxLevel={2}
            placeholder={t('orgs.region')}
            style={{ width: 220 }}
            value={region}
            onChange={(v) => {
              setRegion(v);
              setPage(0);
            }}
          />
          <Input.Search
            allowClear
            placeholder={t('orgs.name')}
            style={{ width: 260 }}
            onSearch={(v) => {
              setName(v.trim());
              setPage(0);
            }}
          />
        </>
      }
      columns={[
        {
          title: t('orgs.name'),
          dataIndex: 'name',
          render: (v: string, a) => <Link to={reviewPath(a.id)}>{v}</Link>,
        },
        {
          title: t('orgs.type'),
          dataIndex: 'orgType',
          render: (v: OrgApplication['orgType']) => ORG_TYPE_LABELS[v][locale],
        },
        { title: t('orgs.creditCode'), dataIndex: 'creditCode' },
        { title: t('orgs.region'), dataIndex: 'region' },
        {
          title: t('register.adminAccount'),
          key: 'admin',
          render: (_, a) => `${a.admin.name} (${a.admin.username})`,
        },
        {
          title: t('register.submittedAt'),
          dataIndex: 'updatedAt',
          render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
        },
        {
          title: t('orgs.state'),
          dataIndex: 'status',
          render: (v: ApplicationStatus) => <Tag color={STATUS_COLORS[v]}>{t(`register.status.${v}`)}</Tag>,
        },
      ]}
    />
  );
}
