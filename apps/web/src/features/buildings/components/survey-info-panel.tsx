import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { Building, BuildingSurveyInfo, SaveBuildingSurveyInfoRequest } from '@drp/domain';
import { ApiError } from '../../../lib/http';
import type { ProjectTarget } from '../../../lib/project-target';
import { useBuildingSurveyInfos } from '../api/get-building-survey-infos';
import { useSaveSurveyInfo } from '../api/save-survey-info';
import type { BuildingDictionaryOptions } from '../hooks/use-building-dictionary';
import { useBuildingRules } from '../hooks/use-building-rules';

type Values = Omit<SaveBuildingSurveyInfoRequest, 'buildingId' | 'groundwaterDepth' | 'remark'> & {
  groundwaterDepth: number | null;
  /** 未见地下水: no groundwater was met, so there is no depth. */
  noGroundwater: boolean;
  remark?: string;
};

function SurveyInfoModal({
  target,
  building,
  open,
  current,
  dictionary,
  onClose,
}: {
  target: ProjectTarget;
  building: Building;
  open: boolean;
  current: BuildingSurveyInfo | undefined;
  dictionary: BuildingDictionaryOptions;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveSurveyInfo(target);
  const rules = useBuildingRules();
  const noGroundwater = Form.useWatch('noGroundwater', form);

  const onOk = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await save.mutateAsync({
        buildingId: building.id,
        siteCategory: values.siteCategory,
        foundationType: values.foundationType,
        bearingStratum: values.bearingStratum.trim(),
        groundwaterDepth: values.noGroundwater ? null : values.groundwaterDepth,
        liquefaction: values.liquefaction,
        remark: values.remark?.trim() || undefined,
      });
      void message.success(t('buildings.survey.saved'));
      onClose();
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : String(error));
    }
  };

  return (
    <Modal
      open={open}
      title={t('buildings.survey.formTitle', { name: building.name })}
      okText={t('buildings.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void onOk()}
      onCancel={onClose}
      destroyOnHidden
      width={720}
      data-testid="survey-modal"
    >
      <Form<Values>
        form={form}
        name="surveyInfo"
        layout="vertical"
        preserve={false}
        autoComplete="off"
        initialValues={
          current
            ? {
                siteCategory: current.siteCategory,
                foundationType: current.foundationType,
                bearingStratum: current.bearingStratum,
                groundwaterDepth: current.groundwaterDepth,
                noGroundwater: current.groundwaterDepth === null,
                liquefaction: current.liquefaction,
                remark: current.remark ?? undefined,
              }
            : { noGroundwater: false, groundwaterDepth: null }
        }
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="siteCategory"
              label={t('buildings.survey.siteCategory')}
              rules={rules.survey('siteCategory')}
            >
              <Select options={dictionary.options('siteCategories')} data-testid="survey-site" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="foundationType"
              label={t('buildings.survey.foundationType')}
              rules={rules.survey('foundationType')}
            >
              <Select options={dictionary.options('foundationTypes')} data-testid="survey-foundation" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="liquefaction"
              label={t('buildings.survey.liquefaction')}
              rules={rules.survey('liquefaction')}
            >
              <Select options={dictionary.options('liquefactionGrades')} data-testid="survey-liquefaction" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="bearingStratum"
              label={t('buildings.survey.bearingStratum')}
              rules={rules.survey('bearingStratum')}
            >
              <Input
                maxLength={100}
                placeholder={t('buildings.survey.bearingPlaceholder')}
                data-testid="survey-stratum"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('buildings.survey.groundwaterDepth')} required={!noGroundwater}>
              <Form.Item
                name="groundwaterDepth"
                noStyle
                rules={
                  noGroundwater
                    ? []
                    : [
                        { required: true, message: t('buildings.survey.depthRequired') },
                        ...rules.survey('groundwaterDepth'),
                      ]
                }
              >
                <InputNumber<number>
                  className="full-width"
                  min={0}
                  precision={2}
                  suffix="m"
                  disabled={noGroundwater}
                  data-testid="survey-depth"
                />
              </Form.Item>
              <Form.Item name="noGroundwater" valuePropName="checked" noStyle>
                <Checkbox className="survey-no-water">{t('buildings.survey.noGroundwater')}</Checkbox>
              </Form.Item>
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t('buildings.survey.remark')} rules={rules.survey('remark')}>
              <Input.TextArea rows={2} maxLength={500} showCount />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

/**
 * The findings of each survey unit named on the building; the acting survey unit fills in or
 * changes its own until the review agency confirms the building.
 */
export function SurveyInfoPanel({
  target,
  building,
  dictionary,
}: {
  target: ProjectTarget;
  building: Building;
  dictionary: BuildingDictionaryOptions;
}) {
  const { t } = useTranslation();
  const infos = useBuildingSurveyInfos(target, building.id);
  const [open, setOpen] = useState(false);
  const fills = building.can.editSurveyFindings;
  const list = infos.data ?? [];
  const own = list.find((i) => i.orgId === target.orgId);
  // Every unit named on the building, filled in or not, then any that filled in and was since removed.
  const units = [
    ...building.surveyUnits,
    ...list.filter((i) => !building.surveyUnits.some((u) => u.orgId === i.orgId)),
  ].map((u) => ({ orgId: u.orgId, orgName: u.orgName, info: list.find((i) => i.orgId === u.orgId) }));

  return (
    <Card
      title={t('buildings.survey.title')}
      className="building-section"
      data-testid="survey-panel"
      extra={
        fills && (
          <Button icon={<EditOutlined />} onClick={() => setOpen(true)} data-testid="fill-survey-info">
            {own ? t('buildings.survey.change') : t('buildings.survey.fill')}
          </Button>
        )
      }
    >
      {infos.isError && <Alert type="error" showIcon title={infos.error.message} />}
      {units.length === 0 && !infos.isPending && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('buildings.survey.noUnits')} />
      )}
      {infos.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      <Space orientation="vertical" size="middle" className="full-width" hidden={infos.isPending}>
        {units.map((u) => (
          <div key={u.orgId} data-testid="survey-unit">
            <Typography.Text strong>{u.orgName}</Typography.Text>
            {u.info ? (
              <Descriptions
                size="small"
                bordered
                column={{ xs: 1, md: 3 }}
                className="survey-info"
                items={[
                  {
                    label: t('buildings.survey.siteCategory'),
                    children: dictionary.label('siteCategories', u.info.siteCategory),
                  },
                  {
                    label: t('buildings.survey.foundationType'),
                    children: dictionary.label('foundationTypes', u.info.foundationType),
                  },
                  {
                    label: t('buildings.survey.liquefaction'),
                    children: dictionary.label('liquefactionGrades', u.info.liquefaction),
                  },
                  { label: t('buildings.survey.bearingStratum'), children: u.info.bearingStratum },
                  {
                    label: t('buildings.survey.groundwaterDepth'),
                    children:
                      u.info.groundwaterDepth === null
                        ? t('buildings.survey.noGroundwater')
                        : `${u.info.groundwaterDepth} m`,
                  },
                  {
                    label: t('buildings.updatedAt'),
                    children: dayjs(u.info.updatedAt).format('YYYY-MM-DD HH:mm'),
                  },
                  { label: t('buildings.survey.remark'), children: u.info.remark || '—', span: 'filled' },
                ]}
              />
            ) : (
              <Typography.Paragraph type="secondary" className="survey-missing">
                {t('buildings.survey.notFilled')}
              </Typography.Paragraph>
            )}
          </div>
        ))}
      </Space>
      <SurveyInfoModal
        target={target}
        building={building}
        open={open}
        current={own}
        dictionary={dictionary}
        onClose={() => setOpen(false)}
      />
    </Card>
  );
}
