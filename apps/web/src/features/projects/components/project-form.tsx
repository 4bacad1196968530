import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Divider,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Space,
  Steps,
  Typography,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OrgType, ProjectDetail, ProjectDic, ProjectForm } from '@drp/domain';
import { RegionCascader } from '../../../components/region-cascader';
import { ApiError } from '../../../lib/http';
import { useCompaniesByType } from '../api/get-companies-by-type';
import { useProjectCodePreview } from '../api/get-project-code';
import { useProjectDics } from '../api/get-project-dics';
import { useSaveProject } from '../api/save-project';
import { useDictionaryOptions } from '../hooks/use-dictionary-options';
import { useProjectFormRules } from '../hooks/use-project-form-rules';
import { ProjectDicCreator } from './project-dic-creator';

/** The form's own values: the project master is chosen above it, numbers may still be empty. */
type Values = Omit<
  ProjectForm,
  'projectDicId' | 'totalArea' | 'aboveGroundArea' | 'belowGroundArea' | 'investment' | 'surveyOrgIds'
> & {
  totalArea: number | null;
  aboveGroundArea: number | null;
  belowGroundArea: number | null;
  investment: number | null;
  surveyOrgIds?: string[];
};

/** Fields the chosen project master fills in, unless the person already changed them. */
const FROM_DIC = ['name', 'regionCode', 'address'] as const;

function valuesOf(project: ProjectDetail): Values {
  return {
    name: project.name,
    regionCode: project.regionCode,
    address: project.address,
    landUsePermitNo: project.landUsePermitNo ?? undefined,
    planningPermitNo: project.planningPermitNo ?? undefined,
    totalArea: project.totalArea,
    aboveGroundArea: project.aboveGroundArea,
    belowGroundArea: project.belowGroundArea,
    investment: project.investment,
    projectType: project.projectType,
    constructType: project.constructType,
    stage: project.stage,
    contactName: project.contactName,
    contactPhone: project.contactPhone,
    designOrgIds: project.designList.map((p) => p.orgId),
    surveyOrgIds: project.surveyList.map((p) => p.orgId),
    censorOrgId: project.censor.orgId,
  };
}

function useOrgOptions(orgType: OrgType) {
  const companies = useCompaniesByType(orgType);
  return {
    options: (companies.data ?? []).map((c) => ({ value: c.id, label: c.name })),
    loading: companies.isPending,
  };
}

const searchable = { showSearch: { optionFilterProp: 'label' } } as const;

/**
 * The review application of `/sys_apply/newreport` (no `project`: a new draft) and
 * `newreport/:id` (a draft to change). First the project master, chosen from the organisation's
 * or registered on the spot; then the application itself. Saving keeps it a draft.
 */
export function ProjectFormView({
  orgId,
  project,
  defaultContactName,
  onSaved,
  onCancel,
}: {
  orgId: string;
  project?: ProjectDetail;
  defaultContactName?: string;
  onSaved: (id: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const dics = useProjectDics(orgId);
  const [dicId, setDicId] = useState<string | undefined>(project?.projectDicId);
  const [creating, setCreating] = useState(false);
  const save = useSaveProject(project?.id);
  const { field, totalArea, formIssues } = useProjectFormRules();
  const regionCode = Form.useWatch('regionCode', form);
  const preview = useProjectCodePreview(project ? undefined : regionCode);
  const projectTypes = useDictionaryOptions('projectType');
  const constructTypes = useDictionaryOptions('constructType');
  const stages = useDictionaryOptions('stage');
  const designOrgs = useOrgOptions('DESIGN');
  const surveyOrgs = useOrgOptions('SURVEY');
  const censorOrgs = useOrgOptions('CENSOR');
  const masters = dics.data ?? [];
  const dic = masters.find((d) => d.id === dicId);
  // With no project master yet, registering one is the only way on.
  const showCreator = creating || (dics.isSuccess && masters.length === 0);

  const choose = (next: ProjectDic) => {
    const previous = masters.find((d) => d.id === dicId);
    const changes: Partial<Values> = {};
    for (const key of FROM_DIC) {
      const current = form.getFieldValue(key) as string | undefined;
      if (!current || current === previous?.[key]) changes[key] = next[key];
    }
    form.setFieldsValue(changes);
    setDicId(next.id);
    setCreating(false);
  };

  const onFinish = async (values: Values) => {
    if (!dicId) return;
    const payload: ProjectForm = {
      ...values,
      projectDicId: dicId,
      landUsePermitNo: values.landUsePermitNo?.trim() || undefined,
      planningPermitNo: values.planningPermitNo?.trim() || undefined,
      totalArea: values.totalArea ?? 0,
      aboveGroundArea: values.aboveGroundArea ?? 0,
      belowGroundArea: values.belowGroundArea ?? 0,
      investment: values.investment ?? 0,
      surveyOrgIds: values.surveyOrgIds ?? [],
    };
    // The contract itself has the last word before anything is sent.
    const issues = formIssues(payload);
    if (issues.length > 0) {
      const onForm = issues.filter((i): i is { name: keyof Values; errors: string[] } => i.name in values);
      form.setFields(onForm);
      if (onForm[0]) form.scrollToField(onForm[0].name);
      else void message.error(issues[0]!.errors[0]);
      return;
    }
    try {
      const id = await save.mutateAsync(payload);
      void message.success(t('projects.saved'));
      onSaved(id);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fields = (error.detail as { fields?: { field?: string; message: string }[] } | undefined)?.fields;
      const known = Object.keys(values);
      const onForm = (fields ?? [])
        .map((f) => ({ name: (f.field ?? '').replace(/^form\./, '').split('.')[0]!, message: f.message }))
        .filter((f) => known.includes(f.name));
      if (onForm.length > 0)
        form.setFields(onForm.map((f) => ({ name: f.name as keyof Values, errors: [error.message] })));
      void message.error(error.message);
    }
  };

  const label = (key: keyof ProjectForm) => t(`projects.fields.${key}`);
  const code = project ? project.code : preview.data;

  return (
    <Space orientation="vertical" size="middle" className="project-form">
      <Card>
        <Steps
          size="small"
          current={dicId ? 1 : 0}
          items={[{ title: t('projects.steps.dic') }, { title: t('projects.steps.form') }]}
        />
      </Card>
      <Card
        title={t('projects.dic.label')}
        extra={
          !showCreator &&
          !dics.isPending && (
            <Button
              icon={<PlusOutlined />}
              onClick={() => setCreating(true)}
              data-testid="create-project-dic"
            >
              {t('projects.dic.create')}
            </Button>
          )
        }
      >
        {dics.isError && <Alert type="error" showIcon title={dics.error.message} />}
        {dics.isPending ? (
          <Skeleton.Input active className="project-dic-select" />
        ) : showCreator ? (
          <>
            {masters.length === 0 && (
              <Typography.Paragraph type="secondary">{t('projects.dic.empty')}</Typography.Paragraph>
            )}
            <ProjectDicCreator
              orgId={orgId}
              onCreated={choose}
              onCancel={masters.length > 0 ? () => setCreating(false) : undefined}
            />
          </>
        ) : (
          <>
            <Select<string>
              {...searchable}
              className="project-dic-select"
              placeholder={t('projects.dic.placeholder')}
              value={dicId}
              onChange={(id) => {
                const next = masters.find((d) => d.id === id);
                if (next) choose(next);
              }}
              options={masters.map((d) => ({
                value: d.id,
                label: d.name,
                region: d.region,
                applications: d.applications,
              }))}
              optionRender={(option) => (
                <Space orientation="vertical" size={0}>
                  <span>{option.data.label}</span>
                  <Typography.Text type="secondary" className="project-dic-option-meta">
                    {option.data.region}
                    {option.data.applications > 0 &&
                      ` · ${t('projects.dic.applications', { count: option.data.applications })}`}
                  </Typography.Text>
                </Space>
              )}
              data-testid="project-dic-select"
            />
            {dic && (
              <Typography.Paragraph type="secondary" className="project-dic-summary">
                {dic.region} · {dic.address}
              </Typography.Paragraph>
            )}
          </>
        )}
      </Card>
      {/* Mounted from the start, so choosing a project master can fill in its fields. */}
      <div hidden={!dicId}>
        <Card title={project ? t('projects.editTitle') : t('projects.steps.form')}>
          <Form<Values>
            form={form}
            name="project"
            layout="vertical"
            scrollToFirstError
            autoComplete="off"
            initialValues={project ? valuesOf(project) : { contactName: defaultContactName }}
            onFinish={(v) => void onFinish(v)}
            data-testid="project-form"
          >
            <Divider titlePlacement="start">{t('projects.sections.basic')}</Divider>
            <Row gutter={16}>
              <Col xs={24} md={16}>
                <Form.Item name="name" label={label('name')} rules={field('name', label('name'))}>
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item
                  label={t('projects.fields.code')}
                  extra={
                    project
                      ? t('projects.codeAssigned')
                      : code
                        ? t('projects.codePreviewHint')
                        : t('projects.codePending')
                  }
                >
                  <Input value={code ?? ''} readOnly variant="filled" data-testid="project-code" />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item
                  name="regionCode"
                  label={label('regionCode')}
                  rules={field('regionCode', label('regionCode'))}
                >
                  <RegionCascader placeholder={t('projects.regionPlaceholder')} />
                </Form.Item>
              </Col>
              <Col xs={24} md={16}>
                <Form.Item name="address" label={label('address')} rules={field('address', label('address'))}>
                  <Input maxLength={200} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="landUsePermitNo"
                  label={label('landUsePermitNo')}
                  rules={field('landUsePermitNo', label('landUsePermitNo'))}
                >
                  <Input maxLength={64} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="planningPermitNo"
                  label={label('planningPermitNo')}
                  rules={field('planningPermitNo', label('planningPermitNo'))}
                >
                  <Input maxLength={64} />
                </Form.Item>
              </Col>
            </Row>

            <Divider titlePlacement="start">{t('projects.sections.scale')}</Divider>
            <Row gutter={16}>
              <Col xs={24} md={8}>
                <Form.Item
                  name="totalArea"
                  label={label('totalArea')}
                  dependencies={['aboveGroundArea', 'belowGroundArea']}
                  extra={t('projects.areaHint')}
                  rules={[...field('totalArea', label('totalArea')), totalArea]}
                >
                  <InputNumber<number> className="full-width" min={0} precision={2} suffix="m²" />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item
                  name="aboveGroundArea"
                  label={label('aboveGroundArea')}
                  rules={field('aboveGroundArea', label('aboveGroundArea'))}
                >
                  <InputNumber<number> className="full-width" min={0} precision={2} suffix="m²" />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item
                  name="belowGroundArea"
                  label={label('belowGroundArea')}
                  rules={field('belowGroundArea', label('belowGroundArea'))}
                >
                  <InputNumber<number> className="full-width" min={0} precision={2} suffix="m²" />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item
                  name="investment"
                  label={label('investment')}
                  rules={field('investment', label('investment'))}
                >
                  <InputNumber<number>
                    className="full-width"
                    min={0}
                    precision={2}
                    suffix={t('projects.investUnit')}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item
                  name="projectType"
                  label={label('projectType')}
                  rules={field('projectType', label('projectType'))}
                >
                  <Select
                    {...searchable}
                    options={projectTypes.options}
                    loading={projectTypes.loading}
                    data-testid="project-type"
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item
                  name="constructType"
                  label={label('constructType')}
                  rules={field('constructType', label('constructType'))}
                >
                  <Select
                    {...searchable}
                    options={constructTypes.options}
                    loading={constructTypes.loading}
                    data-testid="construct-type"
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item name="stage" label={label('stage')} rules={field('stage', label('stage'))}>
                  <Select
                    {...searchable}
                    options={stages.options}
                    loading={stages.loading}
                    data-testid="stage"
                  />
                </Form.Item>
              </Col>
            </Row>

            <Divider titlePlacement="start">{t('projects.sections.parties')}</Divider>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item
                  name="designOrgIds"
                  label={label('designOrgIds')}
                  rules={field('designOrgIds', label('designOrgIds'))}
                >
                  <Select
                    {...searchable}
                    mode="multiple"
                    options={designOrgs.options}
                    loading={designOrgs.loading}
                    data-testid="design-orgs"
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="surveyOrgIds"
                  label={label('surveyOrgIds')}
                  rules={field('surveyOrgIds', label('surveyOrgIds'))}
                >
                  <Select
                    {...searchable}
                    mode="multiple"
                    options={surveyOrgs.options}
                    loading={surveyOrgs.loading}
                    data-testid="survey-orgs"
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="censorOrgId"
                  label={label('censorOrgId')}
                  rules={field('censorOrgId', label('censorOrgId'))}
                >
                  <Select
                    {...searchable}
                    options={censorOrgs.options}
                    loading={censorOrgs.loading}
                    data-testid="censor-org"
                  />
                </Form.Item>
              </Col>
            </Row>

            <Divider titlePlacement="start">{t('projects.sections.contact')}</Divider>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item
                  name="contactName"
                  label={label('contactName')}
                  rules={field('contactName', label('contactName'))}
                >
                  <Input maxLength={32} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="contactPhone"
                  label={label('contactPhone')}
                  rules={field('contactPhone', label('contactPhone'))}
                >
                  <Input maxLength={16} />
                </Form.Item>
              </Col>
            </Row>
            <Space>
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="save-draft">
                {t('projects.saveDraft')}
              </Button>
              <Button onClick={onCancel}>{t('common.cancel')}</Button>
            </Space>
          </Form>
        </Card>
      </div>
    </Space>
  );
}
