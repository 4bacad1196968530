import { useEffect } from 'react';
import { Alert, App, Button, Col, Divider, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import './buildings.css';
import {
  buildingPlausibility,
  type Building,
  type PlausibilityWarning,
  type SaveBuildingRequest,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { ApiError } from '../../../lib/http';
import type { ProjectTarget } from '../../../lib/project-target';
import { useProjectUnits } from '../api/get-project-units';
import { useSaveBuilding } from '../api/save-building';
import { useBuildingDictionaryOptions } from '../hooks/use-building-dictionary';
import { useBuildingRules } from '../hooks/use-building-rules';

/** The form's own values: numbers may still be empty while typing. */
type Values = Omit<SaveBuildingRequest, 'id' | 'floorsAbove' | 'floorsBelow' | 'height' | 'floorArea'> & {
  floorsAbove: number | null;
  floorsBelow: number | null;
  height: number | null;
  floorArea: number | null;
  surveyOrgIds?: string[];
};

/** Hunan lies wholly in the hot-summer, cold-winter zone (GB 50176-2016), so a new building starts there. */
const HUNAN_CLIMATIC_REGION = 'HOT_SUMMER_COLD_WINTER';

function valuesOf(b: Building): Values {
  return {
    name: b.name,
    use: b.use,
    structureType: b.structureType,
    floorsAbove: b.floorsAbove,
    floorsBelow: b.floorsBelow,
    height: b.height,
    floorArea: b.floorArea,
    seismicIntensity: b.seismicIntensity,
    fireResistanceRating: b.fireResistanceRating,
    climaticRegion: b.climaticRegion,
    designOrgIds: b.designUnits.map((u) => u.orgId),
    surveyOrgIds: b.surveyUnits.map((u) => u.orgId),
  };
}

const searchable = { showSearch: { optionFilterProp: 'label' } } as const;

/** What a reviewer would frown at in the values typed so far; nothing until the scale is complete. */
function plausibilityOf(values: Partial<Values> | undefined): PlausibilityWarning[] {
  if (!values) return [];
  const { floorsAbove, floorsBelow, height, floorArea } = values;
  if (!floorsAbove || height == null || floorArea == null || floorsAbove < 1 || height <= 0 || floorArea <= 0)
    return [];
  return buildingPlausibility({
    use: values.use ?? '',
    structureType: values.structureType ?? '',
    floorsAbove,
    floorsBelow: floorsBelow ?? 0,
    height,
    floorArea,
    seismicIntensity: values.seismicIntensity ?? '',
    fireResistanceRating: values.fireResistanceRating ?? '',
  });
}

function WarningList({ warnings }: { warnings: readonly PlausibilityWarning[] }) {
  const locale = currentLocale();
  return (
    <ul className="building-plausibility-list">
      {warnings.map((w) => (
        <li key={w.code}>{w.text[locale]}</li>
      ))}
    </ul>
  );
}

/**
 * A building's basic data and the units working on it: new (no `building`) or a change. The
 * units offered are the application's own; a new building starts with all of them named.
 */
export function BuildingForm({
  target,
  building,
  onSaved,
  onCancel,
}: {
  target: ProjectTarget;
  building?: Building;
  onSaved: (saved: Building) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const warnings = plausibilityOf(Form.useWatch([], form));
  const dictionary = useBuildingDictionaryOptions(target);
  const designUnits = useProjectUnits(target, 'DESIGN');
  const surveyUnits = useProjectUnits(target, 'SURVEY');
  const save = useSaveBuilding(target);
  const rules = useBuildingRules();
  const label = (key: keyof Values) => t(`buildings.fields.${key}`);

  const initial: Partial<Values> = building
    ? valuesOf(building)
    : { climaticRegion: HUNAN_CLIMATIC_REGION, floorsBelow: 0 };

  // A new building names every unit of the application once they are known, unless changed already.
  useEffect(() => {
    if (building || !designUnits.data || form.isFieldTouched('designOrgIds')) return;
    form.setFieldsValue({ designOrgIds: designUnits.data.map((u) => u.orgId) });
  }, [building, designUnits.data, form]);
  useEffect(() => {
    if (building || !surveyUnits.data || form.isFieldTouched('surveyOrgIds')) return;
    form.setFieldsValue({ surveyOrgIds: surveyUnits.data.map((u) => u.orgId) });
  }, [building, surveyUnits.data, form]);

  const onFinish = async (values: Values) => {
    const payload: SaveBuildingRequest = {
      ...values,
      id: building?.id,
      name: values.name.trim(),
      floorsAbove: values.floorsAbove ?? Number.NaN,
      floorsBelow: values.floorsBelow ?? 0,
      height: values.height ?? Number.NaN,
      floorArea: values.floorArea ?? Number.NaN,
      surveyOrgIds: values.surveyOrgIds ?? [],
    };
    // The contract itself has the last word before anything is sent.
    const issues = rules.buildingIssues(payload);
    if (issues.length > 0) {
      const onForm = issues.filter((i) => i.name in values) as { name: keyof Values; errors: string[] }[];
      form.setFields(onForm);
      if (onForm[0]) form.scrollToField(onForm[0].name);
      else void message.error(issues[0]!.errors[0]);
      return;
    }
    // Data a reviewer would frown at is saved once the user has read why and confirmed it.
    const implausible = plausibilityOf(values);
    if (implausible.length > 0) confirmImplausible(payload, implausible);
    else await send(payload);
  };

  const confirmImplausible = (payload: SaveBuildingRequest, list: readonly PlausibilityWarning[]) =>
    modal.confirm({
      title: t('buildings.plausibility.confirmTitle'),
      content: (
        <>
          <WarningList warnings={list} />
          <p>{t('buildings.plausibility.confirmText')}</p>
        </>
      ),
      width: 560,
      okText: t('buildings.plausibility.confirmOk'),
      cancelText: t('buildings.plausibility.confirmCancel'),
      okButtonProps: { 'data-testid': 'plausibility-ok' },
      onOk: () => send({ ...payload, confirmWarnings: true }),
    });

  const send = async (payload: SaveBuildingRequest) => {
    try {
      const saved = await save.mutateAsync(payload);
      void message.success(t('buildings.saved', { name: saved.name }));
      onSaved(saved);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // The server found what this screen did not (another version of the rule): the same question.
      const fromServer = (error.detail as { warnings?: PlausibilityWarning[] } | undefined)?.warnings;
      if (error.code === 'BUILDING_IMPLAUSIBLE' && fromServer?.length) {
        confirmImplausible(payload, fromServer);
        return;
      }
      const fields = (error.detail as { fields?: { field?: string }[] } | undefined)?.fields ?? [];
      const known = fields
        .map((f) => (f.field ?? '').split('.')[0]!)
        .filter((name): name is keyof Values => name in payload);
      if (error.code === 'BUILDING_NAME_TAKEN') known.push('name');
      if (known.length > 0) form.setFields(known.map((name) => ({ name, errors: [error.message] })));
      void message.error(error.message);
    }
  };

  const unitsMissing = designUnits.isSuccess && designUnits.data.length === 0;
  const loadError = dictionary.error ?? designUnits.error ?? surveyUnits.error;

  return (
    <Form<Values>
      form={form}
      name="building"
      layout="vertical"
      scrollToFirstError
      autoComplete="off"
      initialValues={initial}
      onFinish={(v) => void onFinish(v)}
      data-testid="building-form"
      className="building-form"
    >
      {loadError && <Alert type="error" showIcon title={loadError.message} className="building-form-alert" />}
      {unitsMissing && (
        <Alert type="warning" showIcon title={t('buildings.noDesignUnits')} className="building-form-alert" />
      )}
      <Divider titlePlacement="start">{t('buildings.sections.basic')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={label('name')} rules={rules.building('name')}>
            <Input maxLength={100} placeholder={t('buildings.namePlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="use" label={label('use')} rules={rules.building('use')}>
            <Select
              {...searchable}
              options={dictionary.options('uses')}
              loading={dictionary.loading}
              data-testid="building-use"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item
            name="structureType"
            label={label('structureType')}
            rules={rules.building('structureType')}
          >
            <Select
              {...searchable}
              options={dictionary.options('structureTypes')}
              loading={dictionary.loading}
              popupMatchSelectWidth={false}
              data-testid="building-structure"
            />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">{t('buildings.sections.scale')}</Divider>
      <Row gutter={16}>
        <Col xs={12} md={6}>
          <Form.Item name="floorsAbove" label={label('floorsAbove')} rules={rules.building('floorsAbove')}>
            <InputNumber<number>
              className="full-width"
              min={0}
              precision={0}
              suffix={t('buildings.floorUnit') || undefined}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="floorsBelow" label={label('floorsBelow')} rules={rules.building('floorsBelow')}>
            <InputNumber<number>
              className="full-width"
              min={0}
              precision={0}
              suffix={t('buildings.floorUnit') || undefined}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="height"
            label={label('height')}
            dependencies={['floorsAbove']}
            rules={[...rules.building('height'), rules.heightForFloors]}
          >
            <InputNumber<number> className="full-width" min={0} precision={2} suffix="m" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="floorArea" label={label('floorArea')} rules={rules.building('floorArea')}>
            <InputNumber<number> className="full-width" min={0} precision={2} suffix="m²" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="seismicIntensity"
            label={label('seismicIntensity')}
            rules={rules.building('seismicIntensity')}
          >
            <Select
              {...searchable}
              options={dictionary.options('seismicIntensities')}
              loading={dictionary.loading}
              data-testid="building-seismic"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="fireResistanceRating"
            label={label('fireResistanceRating')}
            rules={rules.building('fireResistanceRating')}
          >
            <Select
              {...searchable}
              options={dictionary.options('fireResistanceRatings')}
              loading={dictionary.loading}
              data-testid="building-fire"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="climaticRegion"
            label={label('climaticRegion')}
            rules={rules.building('climaticRegion')}
          >
            <Select
              {...searchable}
              options={dictionary.options('climaticRegions')}
              loading={dictionary.loading}
              data-testid="building-climate"
            />
          </Form.Item>
        </Col>
      </Row>
      {warnings.length > 0 && (
        <Alert
          type="warning"
          showIcon
          className="building-form-alert"
          title={t('buildings.plausibility.title')}
          description={<WarningList warnings={warnings} />}
          data-testid="building-plausibility"
        />
      )}
      <Divider titlePlacement="start">{t('buildings.sections.units')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="designOrgIds" label={label('designOrgIds')} rules={rules.building('designOrgIds')}>
            <Select
              {...searchable}
              mode="multiple"
              loading={designUnits.isPending}
              options={(designUnits.data ?? []).map((u) => ({ value: u.orgId, label: u.orgName }))}
              data-testid="building-design-units"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="surveyOrgIds" label={label('surveyOrgIds')} rules={rules.building('surveyOrgIds')}>
            <Select
              {...searchable}
              mode="multiple"
              loading={surveyUnits.isPending}
              options={(surveyUnits.data ?? []).map((u) => ({ value: u.orgId, label: u.orgName }))}
              data-testid="building-survey-units"
            />
          </Form.Item>
        </Col>
      </Row>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="save-building">
          {t('buildings.save')}
        </Button>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
      </Space>
    </Form>
  );
}
