import { useEffect } from 'react';
import {
  App,
  Button,
  Col,
  DatePicker,
  Divider,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import { SaveOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ENGINEERING_IMPORTANCE_GRADES,
  GROUND_COMPLEXITY_GRADES,
  SITE_COMPLEXITY_GRADES,
  SURVEY_GRADES,
  SURVEY_INFO_LIMITS,
  SURVEY_STAGES,
  allowedSurveyGrades,
  saveSurveyInfoRequest,
  type SaveSurveyInfoRequest,
  type SurveyGrade,
  type SurveyInfo,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { ApiError } from '../../../lib/http';
import type { ProjectTarget } from '../../../lib/project-target';
import { useSaveOwnSurveyInfo } from '../api/save-own-survey-info';
import { useSubmitOwnSurveyInfo } from '../api/submit-own-survey-info';
import { chinaToday, useSurveyInfoRules } from '../hooks/use-survey-info-rules';
import './survey-infos.css';

type Values = Omit<
  SaveSurveyInfoRequest,
  'explorationPoints' | 'totalDrilling' | 'groundwaterDepth' | 'adverseGeology'
> & {
  explorationPoints: number | null;
  totalDrilling: number | null;
  groundwaterDepth: number | null;
  adverseGeology?: string | null;
};

type Grade = 'FIRST' | 'SECOND' | 'THIRD';

function valuesOf(info: SurveyInfo): Values {
  return {
    stage: info.stage,
    importanceGrade: info.importanceGrade,
    siteComplexity: info.siteComplexity,
    groundComplexity: info.groundComplexity,
    surveyGrade: info.surveyGrade,
    reportNo: info.reportNo,
    reportDate: info.reportDate,
    projectLeader: info.projectLeader,
    engineerName: info.engineerName,
    engineerCertNo: info.engineerCertNo,
    explorationPoints: info.explorationPoints,
    totalDrilling: info.totalDrilling,
    groundwaterDepth: info.groundwaterDepth,
    adverseGeology: info.adverseGeology,
    conclusion: info.conclusion,
  };
}

const optionsOf = <K extends string>(
  texts: Record<K, Record<'zh-CN' | 'en-US', string>>,
  locale: 'zh-CN' | 'en-US',
) => (Object.keys(texts) as K[]).map((k) => ({ value: k, label: texts[k][locale] }));

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/**
 * The acting survey unit's project survey information (勘察信息), a draft until submitted: saved as
 * often as needed, submitted once after a confirmation (the form's values are saved first, so
 * what is submitted is what the page shows). Submitted information is shown read-only elsewhere.
 */
export function SurveyInfoForm({
  target,
  info,
  onSubmitted,
  onBack,
}: {
  target: ProjectTarget;
  /** The unit's saved draft; none before the first save. */
  info: SurveyInfo | null;
  onSubmitted?: (info: SurveyInfo) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const locale = currentLocale();
  const [form] = Form.useForm<Values>();
  const save = useSaveOwnSurveyInfo(target);
  const submit = useSubmitOwnSurveyInfo(target);
  const { field, grade } = useSurveyInfoRules();
  const importance = Form.useWatch('importanceGrade', form) as Grade | undefined;
  const site = Form.useWatch('siteComplexity', form) as Grade | undefined;
  const ground = Form.useWatch('groundComplexity', form) as Grade | undefined;
  const allowed = importance && site && ground ? allowedSurveyGrades(importance, site, ground) : undefined;
  const busy = save.isPending || submit.isPending;

  // GB 50021 §3.1.4 leaves one grade in most cases: it is filled in; where two remain, the person picks.
  const onlyGrade = allowed?.length === 1 ? allowed[0] : undefined;
  useEffect(() => {
    if (onlyGrade && form.getFieldValue('surveyGrade') !== onlyGrade)
      form.setFieldValue('surveyGrade', onlyGrade);
    if (allowed && form.getFieldValue('surveyGrade'))
      void form.validateFields(['surveyGrade']).catch(() => {});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `allowed` follows from the three watched grades
  }, [onlyGrade, importance, site, ground, form]);

  const request = (values: Values): SaveSurveyInfoRequest | undefined => {
    const body: SaveSurveyInfoRequest = {
      ...values,
      explorationPoints: values.explorationPoints ?? 0,
      totalDrilling: values.totalDrilling ?? 0,
      groundwaterDepth: values.groundwaterDepth ?? null,
      adverseGeology: values.adverseGeology?.trim() || null,
    };
    // The contract itself has the last word before anything is sent.
    const parsed = saveSurveyInfoRequest.safeParse(body);
    if (!parsed.success) {
      void message.error(t('surveyInfos.rules.fixForm'));
      return undefined;
    }
    return body;
  };

  const onSave = async () => {
    const values = await form.validateFields().catch(() => undefined);
    const body = values && request(values);
    if (!body) return;
    try {
      await save.mutateAsync(body);
      void message.success(t('surveyInfos.saved'));
    } catch (error) {
      void message.error(messageOf(error));
    }
  };

  const onSubmit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    const body = values && request(values);
    if (!body) return;
    modal.confirm({
      title: t('surveyInfos.submit'),
      content: t('surveyInfos.confirmSubmit'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const saved = await save.mutateAsync(body);
          const submitted = await submit.mutateAsync(saved.id);
          void message.success(t('surveyInfos.submitted'));
          onSubmitted?.(submitted);
        } catch (error) {
          void message.error(messageOf(error));
        }
      },
    });
  };

  const label = (key: keyof Values) => t(`surveyInfos.fields.${key}`);

  return (
    <Form<Values>
      form={form}
      name="surveyInfo"
      layout="vertical"
      autoComplete="off"
      scrollToFirstError
      initialValues={info ? valuesOf(info) : { groundwaterDepth: null }}
      data-testid="survey-info-form"
    >
      <Divider titlePlacement="start">{t('surveyInfos.sections.report')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="stage" label={label('stage')} rules={field('stage')}>
            <Select options={optionsOf(SURVEY_STAGES, locale)} data-testid="survey-stage" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="reportNo" label={label('reportNo')} rules={field('reportNo')}>
            <Input maxLength={SURVEY_INFO_LIMITS.reportNoMax} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="reportDate"
            label={label('reportDate')}
            rules={field('reportDate')}
            getValueProps={(v: string | undefined) => ({ value: v ? dayjs(v) : null })}
            normalize={(d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined)}
          >
            <DatePicker
              className="full-width"
              disabledDate={(d) =>
                d.format('YYYY-MM-DD') > chinaToday() ||
                d.format('YYYY-MM-DD') < SURVEY_INFO_LIMITS.earliestReportDate
              }
              data-testid="survey-report-date"
            />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('surveyInfos.sections.grades')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="importanceGrade" label={label('importanceGrade')} rules={field('importanceGrade')}>
            <Select
              options={optionsOf(ENGINEERING_IMPORTANCE_GRADES, locale)}
              data-testid="survey-importance"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="siteComplexity" label={label('siteComplexity')} rules={field('siteComplexity')}>
            <Select options={optionsOf(SITE_COMPLEXITY_GRADES, locale)} data-testid="survey-site" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="groundComplexity"
            label={label('groundComplexity')}
            rules={field('groundComplexity')}
          >
            <Select options={optionsOf(GROUND_COMPLEXITY_GRADES, locale)} data-testid="survey-ground" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="surveyGrade"
            label={label('surveyGrade')}
            dependencies={['importanceGrade', 'siteComplexity', 'groundComplexity']}
            rules={[...field('surveyGrade'), grade]}
            extra={
              allowed
                ? t('surveyInfos.gradeFollows', {
                    grades: allowed.map((g) => SURVEY_GRADES[g][locale]).join(t('surveyInfos.or')),
                  })
                : t('surveyInfos.gradeHint')
            }
          >
            <Select<SurveyGrade>
              options={(Object.keys(SURVEY_GRADES) as SurveyGrade[]).map((g) => ({
                value: g,
                label: SURVEY_GRADES[g][locale],
                disabled: allowed ? !allowed.includes(g) : false,
              }))}
              data-testid="survey-grade-select"
            />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('surveyInfos.sections.people')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="projectLeader" label={label('projectLeader')} rules={field('projectLeader')}>
            <Input maxLength={32} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="engineerName" label={label('engineerName')} rules={field('engineerName')}>
            <Input maxLength={32} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="engineerCertNo" label={label('engineerCertNo')} rules={field('engineerCertNo')}>
            <Input maxLength={32} />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('surveyInfos.sections.findings')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name="explorationPoints"
            label={label('explorationPoints')}
            rules={field('explorationPoints')}
          >
            <InputNumber<number>
              className="full-width"
              min={1}
              max={SURVEY_INFO_LIMITS.explorationPointsMax}
              precision={0}
              suffix={t('surveyInfos.pointsUnit')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="totalDrilling" label={label('totalDrilling')} rules={field('totalDrilling')}>
            <InputNumber<number>
              className="full-width"
              min={0}
              max={SURVEY_INFO_LIMITS.totalDrillingMax}
              precision={2}
              suffix="m"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="groundwaterDepth"
            label={label('groundwaterDepth')}
            rules={field('groundwaterDepth')}
            extra={t('surveyInfos.groundwaterHint')}
          >
            <InputNumber<number>
              className="full-width"
              min={0}
              max={SURVEY_INFO_LIMITS.groundwaterDepthMax}
              precision={2}
              suffix="m"
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="adverseGeology"
            label={label('adverseGeology')}
            rules={field('adverseGeology')}
            extra={t('surveyInfos.adverseHint')}
          >
            <Input.TextArea rows={2} showCount maxLength={SURVEY_INFO_LIMITS.adverseGeologyMax} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="conclusion" label={label('conclusion')} rules={field('conclusion')}>
            <Input.TextArea rows={5} showCount maxLength={SURVEY_INFO_LIMITS.conclusionMax} />
          </Form.Item>
        </Col>
      </Row>
      <Space wrap>
        <Button
          icon={<SaveOutlined />}
          loading={save.isPending}
          disabled={busy}
          onClick={() => void onSave()}
          data-testid="survey-save"
        >
          {t('surveyInfos.save')}
        </Button>
        <Button
          type="primary"
          icon={<SendOutlined />}
          disabled={busy}
          onClick={() => void onSubmit()}
          data-testid="survey-submit"
        >
          {t('surveyInfos.submit')}
        </Button>
        <Button onClick={onBack}>{t('surveyInfos.backToList')}</Button>
      </Space>
      <Typography.Paragraph type="secondary" className="survey-info-note">
        {t('surveyInfos.submitNote')}
      </Typography.Paragraph>
    </Form>
  );
}
