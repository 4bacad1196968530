import { useState } from 'react';
import { Button, Card, Drawer, Dropdown, Input, Space } from 'antd';
import {
  CheckOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  EyeOutlined,
  PlusOutlined,
  RollbackOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import './buildings.css';
import { BUILDING_LIMITS, LIMITS, type Building, type BuildingListQuery } from '@drp/domain';
import { PagedTable } from '../../../components/paged-table';
import type { ProjectTarget } from '../../../lib/project-target';
import { useBuildingPage } from '../api/get-building-page';
import { useBuildingDictionaryOptions } from '../hooks/use-building-dictionary';
import { BuildingForm } from './building-form';
import { BuildingStatusTag } from './building-status-tag';
import { useBuildingActions } from './use-building-actions';

const PAGE_SIZES = [5, 10, 20, 50];
const number = (v: number) => v.toLocaleString('zh-CN', { maximumFractionDigits: 2 });

/** Paging and the search live in the address, so going back from a building returns to the same page. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const int = (key: string, fallback: number) => {
    const n = Number(params.get(key));
    return Number.isInteger(n) && n >= 0 && params.has(key) ? n : fallback;
  };
  const page = int('page', LIMITS.defaultPage);
  const size = Math.min(100, Math.max(1, int('size', LIMITS.defaultPageSize)));
  const searchValue = params.get('searchValue')?.slice(0, BUILDING_LIMITS.nameMax) || undefined;
  const query: BuildingListQuery = { page, size, searchValue };
  const update = (changes: Partial<Record<'page' | 'size' | 'searchValue', string | number | undefined>>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes))
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };
  return { query, page, size, update };
}

/**
 * The buildings (单体) of one application, a page at a time, with what the acting organisation may
 * do to each: the construction and design units add, change, copy, delete and submit; the review
 * agency confirms or sends back; everyone else reads.
 */
export function BuildingList({
  target,
  detailPath,
  newPath,
  onCreated,
}: {
  target: ProjectTarget;
  detailPath: (id: string) => string;
  /** A screen of its own for a new building; without one the form opens beside the list. */
  newPath?: string;
  onCreated: (building: Building) => void;
}) {
  const { t } = useTranslation();
  const { query, page, size, update } = useListParams();
  const result = useBuildingPage(target, query);
  const dictionary = useBuildingDictionaryOptions(target);
  const actions = useBuildingActions(target);
  const [selected, setSelected] = useState<Building[]>([]);
  const [editing, setEditing] = useState<Building | 'new' | null>(null);
  // What the acting organisation may do is the server's word (`can`), for the list and each row.
  const adds = result.data?.can.add ?? false;
  const items = result.data?.items ?? [];
  // Rows picked on an earlier page or since submitted are not offered again.
  const submittable = selected.filter((s) => items.some((b) => b.id === s.id && b.can.submit));

  const addButton =
    adds &&
    (newPath ? (
      <Link to={newPath}>
        <Button type="primary" icon={<PlusOutlined />} data-testid="new-building">
          {t('buildings.new')}
        </Button>
      </Link>
    ) : (
      <Button
        type="primary"
        icon={<PlusOutlined />}
        data-testid="new-building"
        onClick={() => setEditing('new')}
      >
        {t('buildings.new')}
      </Button>
    ));

  return (
    <Card
      title={t('buildings.listTitle')}
      extra={
        <Space wrap>
          {adds && (
            <Button
              icon={<SendOutlined />}
              disabled={submittable.length === 0 || actions.busy}
              data-testid="submit-selected"
              onClick={() => actions.submit(submittable, () => setSelected([]))}
            >
              {t('buildings.submitSelected', { count: submittable.length })}
            </Button>
          )}
          {addButton}
        </Space>
      }
    >
      <PagedTable<Building>
        rowKey="id"
        data-testid="building-table"
        scroll={{ x: 'max-content' }}
        filters={
          <Input.Search
            key={query.searchValue ?? ''}
            allowClear
            defaultValue={query.searchValue}
            maxLength={BUILDING_LIMITS.nameMax}
            placeholder={t('buildings.searchPlaceholder')}
            style={{ width: 260 }}
            onSearch={(v) => update({ searchValue: v.trim() })}
            data-testid="building-search"
          />
        }
        rowSelection={
          adds
            ? {
                selectedRowKeys: submittable.map((b) => b.id),
                onChange: (_, rows) => setSelected(rows),
                getCheckboxProps: (b) => ({ disabled: !b.can.submit }),
              }
            : undefined
        }
        data={result.data}
        error={result.error}
        loading={result.isFetching}
        page={page}
        pageSize={size}
        pageSizes={PAGE_SIZES}
        onPageChange={(p, s) => update({ page: p || undefined, size: s })}
        totalText={(total) => t('buildings.total', { total })}
        columns={[
          {
            title: t('buildings.fields.name'),
            dataIndex: 'name',
            render: (v: string, b) => (
              <Link to={detailPath(b.id)} className="building-name-link">
                {v}
              </Link>
            ),
          },
          {
            title: t('buildings.status'),
            dataIndex: 'status',
            render: (_, b) => <BuildingStatusTag status={b.status} />,
          },
          {
            title: t('buildings.fields.use'),
            dataIndex: 'use',
            render: (v: string) => dictionary.label('uses', v),
          },
          {
            title: t('buildings.fields.structureType'),
            dataIndex: 'structureType',
            render: (v: string) => dictionary.label('structureTypes', v),
          },
          {
            title: <span className="nowrap">{t('buildings.floorsShort')}</span>,
            key: 'floors',
            align: 'center',
            render: (_, b) => (
              <span className="nowrap">
                {b.floorsAbove} / {b.floorsBelow}
              </span>
            ),
          },
          {
            title: t('buildings.fields.height'),
            dataIndex: 'height',
            align: 'right',
            render: (v: number) => <span className="nowrap">{number(v)} m</span>,
          },
          {
            title: t('buildings.fields.floorArea'),
            dataIndex: 'floorArea',
            align: 'right',
            render: (v: number) => <span className="nowrap">{number(v)} m²</span>,
          },
          {
            title: t('buildings.actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, b) => (
              <Space size={0} className="nowrap" data-testid="building-actions">
                <Link to={detailPath(b.id)}>
                  <Button type="link" size="small" icon={<EyeOutlined />}>
                    {t('buildings.view')}
                  </Button>
                </Link>
                {b.can.edit && (
                  <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(b)}>
                    {t('buildings.edit')}
                  </Button>
                )}
                {b.can.submit && (
                  <Button
                    type="link"
                    size="small"
                    icon={<SendOutlined />}
                    disabled={actions.busy}
                    onClick={() => actions.submit([b])}
                  >
                    {t('buildings.submit')}
                  </Button>
                )}
                {b.can.confirm && (
                  <Button
                    type="link"
                    size="small"
                    icon={<CheckOutlined />}
                    disabled={actions.busy}
                    onClick={() => actions.confirm(b)}
                  >
                    {t('buildings.confirm')}
                  </Button>
                )}
                {b.can.reject && (
                  <Button
                    type="link"
                    size="small"
                    danger
                    icon={<RollbackOutlined />}
                    disabled={actions.busy}
                    onClick={() => actions.reject([b])}
                  >
                    {t('buildings.reject.action')}
                  </Button>
                )}
                {adds && (
                  <Dropdown
                    trigger={['click']}
                    disabled={actions.busy}
                    menu={{
                      items: [
                        { key: 'copy', icon: <CopyOutlined />, label: t('buildings.copy.action') },
                        ...(b.can.edit
                          ? [
                              {
                                key: 'delete',
                                icon: <DeleteOutlined />,
                                danger: true,
                                label: t('buildings.delete'),
                              },
                            ]
                          : []),
                      ],
                      onClick: ({ key }) => {
                        if (key === 'copy') actions.copy(b);
                        else actions.remove(b);
                      },
                    }}
                  >
                    <Button type="link" size="small" data-testid="building-more">
                      {t('buildings.more')} <DownOutlined />
                    </Button>
                  </Dropdown>
                )}
              </Space>
            ),
          },
        ]}
      />
      {actions.modals}
      <Drawer
        open={editing !== null}
        size="large"
        title={
          editing === 'new' ? t('buildings.newTitle') : t('buildings.editTitle', { name: editing?.name })
        }
        onClose={() => setEditing(null)}
        destroyOnHidden
        data-testid="building-drawer"
      >
        {editing !== null && (
          <BuildingForm
            target={target}
            building={editing === 'new' ? undefined : editing}
            onCancel={() => setEditing(null)}
            onSaved={(saved) => {
              const created = editing === 'new';
              setEditing(null);
              if (created) onCreated(saved);
            }}
          />
        )}
      </Drawer>
    </Card>
  );
}
