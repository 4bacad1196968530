import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Drawer, Result, Space, Tag } from 'antd';
import {
  ArrowLeftOutlined,
  CheckOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  RollbackOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import './buildings.css';
import dayjs from 'dayjs';
import type { BuildingParty } from '@drp/domain';
import { FullPageSpin } from '../../../components/full-page-spin';
import { currentLocale } from '../../../config/i18n';
import { ApiError } from '../../../lib/http';
import type { ProjectTarget } from '../../../lib/project-target';
import { useBuilding } from '../api/get-building';
import { useBuildingDictionaryOptions } from '../hooks/use-building-dictionary';
import { BuildingFeedbackPanel } from './building-feedback-panel';
import { BuildingForm } from './building-form';
import { BuildingStatusTag } from './building-status-tag';
import { DesignInfoPanel } from './design-info-panel';
import { HazardSourcesPanel } from './hazard-sources-panel';
import { SurveyInfoPanel } from './survey-info-panel';
import { useBuildingActions } from './use-building-actions';

const time = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');
const number = (v: number) => v.toLocaleString('zh-CN', { maximumFractionDigits: 2 });

/** What a missing building and one out of reach both look like (the server answers 404 to both). */
export function BuildingNotFound({ listPath }: { listPath: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('buildings.notFound')}
      extra={
        <Link to={listPath}>
          <Button type="primary">{t('buildings.backToList')}</Button>
        </Link>
      }
      data-testid="building-not-found"
    />
  );
}

/**
 * One building: its basic data, the agency's reasons if it was sent back, its hazard sources, the
 * design units' people per specialty and the survey units' findings, with what the acting
 * organisation may do to each.
 */
export function BuildingDetailView({
  target,
  canAdd,
  id,
  listPath,
  onDeleted,
}: {
  target: ProjectTarget;
  /** The acting organisation may add (and so copy) buildings: the application's `can.addBuildings`. */
  canAdd: boolean;
  id: string;
  listPath: string;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const building = useBuilding(target, id);
  const dictionary = useBuildingDictionaryOptions(target);
  const actions = useBuildingActions(target);
  const [editing, setEditing] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const b = building.data;

  if (building.isPending || dictionary.loading || leaving) return <FullPageSpin />;
  if (building.isError)
    // A malformed id in the address (400) is as missing as an unknown one (404).
    return building.error instanceof ApiError && [400, 404].includes(building.error.status) ? (
      <BuildingNotFound listPath={listPath} />
    ) : (
      <Alert type="error" showIcon title={building.error.message} />
    );
  if (!b) return null;

  const parties = (list: BuildingParty[]) =>
    list.length === 0
      ? '—'
      : list.map((u) => (
          <Tag key={u.orgId} className="building-party">
            {u.orgName}
          </Tag>
        ));

  // What the acting organisation may do to the building is the server's word (`can`).
  const edits = b.can.edit;
  const buttons = (
    <Space wrap>
      {edits && (
        <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="edit-building">
          {t('buildings.edit')}
        </Button>
      )}
      {canAdd && (
        <Button
          icon={<CopyOutlined />}
          disabled={actions.busy}
          onClick={() => actions.copy(b)}
          data-testid="copy-building"
        >
          {t('buildings.copy.action')}
        </Button>
      )}
      {edits && (
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={actions.busy}
          data-testid="delete-building"
          onClick={() =>
            actions.remove(b, () => {
              setLeaving(true);
              onDeleted();
            })
          }
        >
          {t('buildings.delete')}
        </Button>
      )}
      {b.can.submit && (
        <Button
          type="primary"
          icon={<SendOutlined />}
          disabled={actions.busy}
          onClick={() => actions.submit([b])}
          data-testid="submit-building"
        >
          {t('buildings.submit')}
        </Button>
      )}
      {b.can.confirm && (
        <Button
          type="primary"
          icon={<CheckOutlined />}
          disabled={actions.busy}
          onClick={() => actions.confirm(b)}
          data-testid="confirm-building"
        >
          {t('buildings.confirm')}
        </Button>
      )}
      {b.can.reject && (
        <Button
          danger
          icon={<RollbackOutlined />}
          disabled={actions.busy}
          onClick={() => actions.reject([b])}
          data-testid="reject-building"
        >
          {t('buildings.reject.action')}
        </Button>
      )}
    </Space>
  );

  return (
    <Space orientation="vertical" size="middle" className="full-width building-detail-page">
      <Card
        title={
          <Space wrap>
            <Link to={listPath} aria-label={t('buildings.backToList')} title={t('buildings.backToList')}>
              <Button type="text" size="small" icon={<ArrowLeftOutlined />} data-testid="back-to-buildings" />
            </Link>
            <span data-testid="building-name">{b.name}</span>
            <BuildingStatusTag status={b.status} />
          </Space>
        }
        extra={buttons}
      >
        <Descriptions
          bordered
          size="middle"
          // English labels and values are longer: two columns read better than three.
          column={currentLocale() === 'en-US' ? { xs: 1, md: 2 } : { xs: 1, md: 2, xl: 3 }}
          className="building-detail"
          data-testid="building-detail"
          items={[
            { label: t('buildings.fields.use'), children: dictionary.label('uses', b.use) },
            {
              label: t('buildings.fields.structureType'),
              children: dictionary.label('structureTypes', b.structureType),
            },
            {
              label: t('buildings.floors'),
              children: t('buildings.floorsValue', { above: b.floorsAbove, below: b.floorsBelow }),
            },
            { label: t('buildings.fields.height'), children: `${number(b.height)} m` },
            { label: t('buildings.fields.floorArea'), children: `${number(b.floorArea)} m²` },
            {
              label: t('buildings.fields.seismicIntensity'),
              children: dictionary.label('seismicIntensities', b.seismicIntensity),
            },
            {
              label: t('buildings.fields.fireResistanceRating'),
              children: dictionary.label('fireResistanceRatings', b.fireResistanceRating),
            },
            {
              label: t('buildings.fields.climaticRegion'),
              children: dictionary.label('climaticRegions', b.climaticRegion),
            },
            { label: t('buildings.updatedAt'), children: time(b.updatedAt) },
            { label: t('buildings.fields.designOrgIds'), children: parties(b.designUnits), span: 'filled' },
            { label: t('buildings.fields.surveyOrgIds'), children: parties(b.surveyUnits), span: 'filled' },
            { label: t('buildings.submittedAt'), children: time(b.submittedAt) },
            { label: t('buildings.confirmedAt'), children: time(b.confirmedAt) },
            { label: t('buildings.rejectedAt'), children: time(b.rejectedAt) },
          ]}
        />
      </Card>
      <BuildingFeedbackPanel target={target} building={b} />
      <HazardSourcesPanel target={target} building={b} dictionary={dictionary} />
      <DesignInfoPanel target={target} building={b} dictionary={dictionary} />
      <SurveyInfoPanel target={target} building={b} dictionary={dictionary} />
      {actions.modals}
      <Drawer
        open={editing}
        size="large"
        title={t('buildings.editTitle', { name: b.name })}
        onClose={() => setEditing(false)}
        destroyOnHidden
        data-testid="building-drawer"
      >
        {editing && (
          <BuildingForm
            target={target}
            building={b}
            onCancel={() => setEditing(false)}
            onSaved={() => setEditing(false)}
          />
        )}
      </Drawer>
    </Space>
  );
}
