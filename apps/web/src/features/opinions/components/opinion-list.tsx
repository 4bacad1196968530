import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Input, Select, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  OPINION_KINDS,
  OPINION_STATUSES,
  OPINION_STATUS_KEYS,
  type OpinionKind,
  type OpinionListQuery,
  type OpinionStatus,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import type { ProjectTarget } from '../../../lib/project-target';
import { useOpinions, useSpecialtyName } from '../api/opinions-api';
import { OpinionTable, type OpinionLinks } from './opinion-table';

const PAGE_SIZE = 20;

/**
 * One of the spec's three opinion lists (censorconstres, censorenergyres, censorsurveyres) of the
 * round under review: filters by building, specialty, status, 强条 and words; 强条 first and
 * marked. "Record" shows when the caller holds an open mission of the kind.
 */
export function OpinionList({
  target,
  kind,
  buildings,
  specialties,
  links,
  newPath,
  fullPath,
}: {
  target: ProjectTarget;
  kind: OpinionKind;
  /** The round's buildings (the app reads them from the missions grid). */
  buildings: { id: string; name: string }[];
  /** The specialties of this kind in the round. */
  specialties: string[];
  links: OpinionLinks;
  newPath: string;
  /** The full page with the viewer beside the form. */
  fullPath: string;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const specialtyName = useSpecialtyName();
  const [buildingId, setBuildingId] = useState<string>();
  const [specialty, setSpecialty] = useState<string>();
  const [status, setStatus] = useState<OpinionStatus>();
  const [mandatoryOnly, setMandatoryOnly] = useState(false);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const query: OpinionListQuery = {
    kind,
    buildingId,
    specialty,
    status,
    mandatoryOnly: mandatoryOnly || undefined,
    keyword: keyword || undefined,
    page,
    pageSize: PAGE_SIZE,
  };
  const list = useOpinions(target, query);
  const data = list.data;
  const writable = (data?.writableMissions.length ?? 0) > 0;
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  // The round's buildings, else (a reader of the grid refused) those the answer names.
  const named = new Map(buildings.map((b) => [b.id, b.name]));
  for (const m of data?.writableMissions ?? []) named.set(m.buildingId, m.buildingName);
  for (const o of data?.items ?? []) named.set(o.buildingId, o.buildingName);
  const allSpecialties = [
    ...new Set([...specialties, ...(data?.writableMissions.map((m) => m.specialty) ?? [])]),
  ];

  return (
    <Card
      title={<h1 style={{ font: 'inherit', margin: 0 }}>{OPINION_KINDS[kind][locale]}</h1>}
      data-testid="opinion-list"
      extra={
        writable ? (
          <Space>
            <Link to={fullPath}>
              <Button type="primary" icon={<PlusOutlined />} data-testid="opinion-new-full">
                {t('opinions.newFull')}
              </Button>
            </Link>
            <Link to={newPath}>
              <Button data-testid="opinion-new">{t('opinions.new')}</Button>
            </Link>
          </Space>
        ) : null
      }
    >
      <Space orientation="vertical" size="middle" className="full-width">
        {list.isError && (
          <Alert type="error" showIcon title={t('opinions.loadFailed', { message: list.error.message })} />
        )}
        {data && !data.round && <Alert type="info" showIcon title={t('opinions.noRound')} />}
        <Space wrap>
          <Select
            allowClear
            aria-label={t('opinions.building')}
            placeholder={t('opinions.filterBuilding')}
            style={{ minWidth: 160 }}
            value={buildingId}
            onChange={reset(setBuildingId)}
            options={[...named].map(([value, label]) => ({ value, label }))}
            data-testid="opinion-filter-building"
          />
          <Select
            allowClear
            aria-label={t('opinions.specialty')}
            placeholder={t('opinions.filterSpecialty')}
            style={{ minWidth: 140 }}
            value={specialty}
            onChange={reset(setSpecialty)}
            options={allSpecialties.map((s) => ({ value: s, label: specialtyName(s, locale) }))}
            data-testid="opinion-filter-specialty"
          />
          <Select
            allowClear
            aria-label={t('opinions.status')}
            placeholder={t('opinions.filterStatus')}
            style={{ minWidth: 120 }}
            value={status}
            onChange={reset(setStatus)}
            options={OPINION_STATUS_KEYS.map((s) => ({ value: s, label: OPINION_STATUSES[s][locale] }))}
            data-testid="opinion-filter-status"
          />
          <Checkbox
            checked={mandatoryOnly}
            onChange={(e) => reset(setMandatoryOnly)(e.target.checked)}
            data-testid="opinion-filter-mandatory"
          >
            {t('opinions.mandatoryOnly')}
          </Checkbox>
          <Input.Search
            allowClear
            aria-label={t('opinions.keyword')}
            placeholder={t('opinions.keyword')}
            enterButton={t('opinions.search')}
            style={{ width: 300 }}
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              if (e.target.value === '') reset(setKeyword)('');
            }}
            onSearch={(v) => reset(setKeyword)(v.trim())}
            data-testid="opinion-filter-keyword"
          />
        </Space>
        {data && (
          <Typography.Text data-testid="opinion-total">
            {data.round ? `${t('opinions.round', { number: data.round.number })} · ` : ''}
            {t('opinions.total', { total: data.total, mandatory: data.mandatoryCount })}
          </Typography.Text>
        )}
        <OpinionTable
          items={data?.items ?? []}
          loading={list.isFetching}
          links={links}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: data?.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
        />
      </Space>
    </Card>
  );
}
