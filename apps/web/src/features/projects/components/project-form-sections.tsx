import { Col, Divider, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrgType, ProjectForm } from '@drp/domain';
import { RegionCascader } from '../../../components/region-cascader';
import { useCompaniesByType } from '../api/get-companies-by-type';
import { useDictionaryOptions } from '../hooks/use-dictionary-options';
import { useProjectFormRules } from '../hooks/use-project-form-rules';

function useOrgOptions(orgType: OrgType) {
  const companies = useCompaniesByType(orgType);
  return {
    options: (companies.data ?? []).map((c) => ({ value: c.id, label: c.name })),
    loading: companies.isPending,
  };
}

const searchable = { showSearch: { optionFilterProp: 'label' } } as const;

/**
 * The fields of a review application (basic data, scale and kind, parties, contact), to sit inside
 * an antd Form: the first application's form and a change application's share them. Each field is
 * checked by its own schema of `projectForm`, as the server checks it.
 */
export function ProjectFormSections({
  code,
  codeHint,
}: {
  /** The assigned code, or the preview of the next one. */
  code: string | undefined;
  codeHint: string;
}) {
  const { t } = useTranslation();
  const { field, totalArea } = useProjectFormRules();
  const projectTypes = useDictionaryOptions('projectType');
  const constructTypes = useDictionaryOptions('constructType');
  const stages = useDictionaryOptions('stage');
  const designOrgs = useOrgOptions('DESIGN');
  const surveyOrgs = useOrgOptions('SURVEY');
  const censorOrgs = useOrgOptions('CENSOR');
  const label = (key: keyof ProjectForm) => t(`projects.fields.${key}`);

  return (
    <>
      <Divider titlePlacement="start">{t('projects.sections.basic')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={16}>
          <Form.Item name="name" label={label('name')} rules={field('name', label('name'))}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('projects.fields.code')} extra={codeHint}>
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
            <Select {...searchable} options={stages.options} loading={stages.loading} data-testid="stage" />
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
    </>
  );
}
