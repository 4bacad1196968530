import { useState } from 'react';
import { App, Button, Card, Input, Popconfirm, Select, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS, ORG_TYPES, ORG_TYPE_LABELS, type OrgSummary, type OrgType } from '@drp/domain';
import dayjs from 'dayjs';
import { currentLocale } from '../../../config/i18n';
import { ApiError } from '../../../lib/http';
import { useCompanies, useSetOrgEnabled } from '../api/org-calls';
import { PagedTable } from '../../../components/paged-table';
import { RegionCascader } from '../../../components/region-cascader';

/** Spec §9: lists open with 5 a page; a longer page is a choice away. */
const PAGE_SIZES = [LIMITS.defaultPageSize, 10, 20, 50];

/**
 * Organisations, filtered and paged. The system admin disables and re-enables them
 * (`canToggle`); information staff open an entry's details and correct them (`detailPath`, `editPath`).
 */
export function OrgList({
  title,
  addPath,
  canToggle = false,
  detailPath,
  editPath,
}: {
  title: string;
  addPath: string;
  canToggle?: boolean;
  detailPath?: (id: string) => string;
  editPath?: (id: string) => string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = currentLocale();
  const [orgType, setOrgType] = useState<OrgType | undefined>();
  const [enabled, setEnabled] = useState<'true' | 'false' | undefined>();
  const [name, setName] = useState('');
  const [region, setRegion] = useState<string | undefined>();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(LIMITS.defaultPageSize);
  const result = useCompanies({ orgType, enabled, name: name || undefined, region, page, size: pageSize });
  const toggle = useSetOrgEnabled();
  const reset = () => setPage(0);

  const onToggle = async (org: OrgSummary) => {
    try {
      await toggle.mutateAsync({ orgId: org.id, enabled: !org.enabled });
      void message.success(org.enabled ? t('orgs.disabledDone') : t('orgs.enabledDone'));
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : String(error));
    }
  };

  return (
    <Card
      title={title}
      extra={
        <Link to={addPath}>
          <Button type="primary" icon={<PlusOutlined />} data-testid="add-org">
            {t('orgs.add')}
          </Button>
        </Link>
      }
    >
      <PagedTable<OrgSummary>
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
        totalText={(total) => t('orgs.total', { total })}
        filters={
          <>
            <Select<OrgType>
              allowClear
              placeholder={t('orgs.allTypes')}
              aria-label={t('orgs.type')}
              style={{ width: 160 }}
              value={orgType}
              onChange={(v) => {
                setOrgType(v);
                reset();
              }}
              options={ORG_TYPES.map((type) => ({ value: type, label: ORG_TYPE_LABELS[type][locale] }))}
              data-testid="org-type-filter"
            />
            <Select<'true' | 'false'>
              allowClear
              placeholder={t('orgs.allStates')}
              aria-label={t('orgs.state')}
              style={{ width: 130 }}
              value={enabled}
              onChange={(v) => {
                setEnabled(v);
                reset();
              }}
              options={[
                { value: 'true', label: t('orgs.enabled') },
                { value: 'false', label: t('orgs.disabled') },
              ]}
            />
            <RegionCascader
              maxLevel={2}
              placeholder={t('orgs.region')}
              ariaLabel={t('orgs.region')}
              style={{ width: 220 }}
              value={region}
              onChange={(v) => {
                setRegion(v);
                reset();
              }}
            />
            <Input.Search
              allowClear
              placeholder={t('orgs.searchPlaceholder')}
              style={{ width: 280 }}
              onSearch={(v) => {
                setName(v.trim());
                reset();
              }}
              data-testid="org-search"
            />
          </>
        }
        columns={[
          {
            title: t('orgs.name'),
            dataIndex: 'name',
            render: (name: string, o) => (
              <>
                {detailPath ? <Link to={detailPath(o.id)}>{name}</Link> : name}
                {o.platformOperator && (
                  <Tag color="blue" style={{ marginInlineStart: 8 }}>
                    {t('orgs.platformOperatorTag')}
                  </Tag>
                )}
              </>
            ),
          },
          {
            title: t('orgs.type'),
            dataIndex: 'orgType',
            width: 110,
            render: (v: OrgType) => (
              <span style={{ whiteSpace: 'nowrap' }}>{ORG_TYPE_LABELS[v][locale]}</span>
            ),
          },
          { title: t('orgs.creditCode'), dataIndex: 'creditCode' },
          { title: t('orgs.region'), dataIndex: 'region' },
          {
            title: t('orgs.contact'),
            key: 'contact',
            render: (_, o) => [o.contactName, o.contactPhone].filter(Boolean).join(' · ') || '—',
          },
          {
            title: t('orgs.createdAt'),
            dataIndex: 'createdAt',
            width: 120,
            render: (v: string) => (
              <span style={{ whiteSpace: 'nowrap' }}>{dayjs(v).format('YYYY-MM-DD')}</span>
            ),
          },
          {
            title: t('orgs.state'),
            dataIndex: 'enabled',
            render: (v: boolean) =>
              v ? <Tag color="green">{t('orgs.enabled')}</Tag> : <Tag>{t('orgs.disabled')}</Tag>,
          },
          {
            title: t('orgs.actions'),
            key: 'actions',
            render: (_, o) => (
              <Space size={0}>
                {editPath && (
                  <Link to={editPath(o.id)}>
                    <Button type="link" size="small">
                      {t('orgs.edit')}
                    </Button>
                  </Link>
                )}
                {canToggle && (
                  <Popconfirm
                    title={
                      o.enabled
                        ? t('orgs.confirmDisable', { name: o.name })
                        : t('orgs.confirmEnable', { name: o.name })
                    }
                    okText={t('common.confirm')}
                    cancelText={t('common.cancel')}
                    onConfirm={() => onToggle(o)}
                  >
                    <Button type="link" size="small" danger={o.enabled}>
                      {o.enabled ? t('orgs.disable') : t('orgs.enable')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
