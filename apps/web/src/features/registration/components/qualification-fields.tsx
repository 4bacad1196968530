import { Col, DatePicker, Divider, Form, Input, Row, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  CERTIFICATE_NO_PATTERN,
  QUALIFICATION_GRADE_LABELS,
  QUALIFICATION_TYPES,
  qualificationGradesOf,
  qualificationRequired,
  qualificationTypesOf,
  type OrgType,
  type QualificationType,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';

const FIELDS = [
  'qualificationType',
  'qualificationGrade',
  'qualificationNo',
  'qualificationValidUntil',
] as const;

/**
 * The enterprise's 资质 (type, grade, certificate number, validity), which the user agreement makes
 * it answer for: required of design, survey and review units; a construction unit gives all of it
 * or none. Inside the registration form.
 */
export function QualificationFields() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const form = Form.useFormInstance();
  const orgType = Form.useWatch('orgType', form) as OrgType | undefined;
  const type = Form.useWatch('qualificationType', form) as QualificationType | undefined;
  if (!orgType) return null;
  const required = qualificationRequired(orgType);
  const types = qualificationTypesOf(orgType);
  const grades = type && types.includes(type) ? qualificationGradesOf(type) : [];

  /** Required here, or (a construction unit) needed once any other 资质 field is given. */
  const rule = (label: string) => ({
    validator: async (_: unknown, value: unknown) => {
      const empty = value === undefined || value === null || (typeof value === 'string' && !value.trim());
      if (!empty) return;
      if (required) throw new Error(t('orgs.required', { label }));
      if (FIELDS.some((f) => form.getFieldValue(f))) throw new Error(t('qualification.incomplete'));
    },
  });
  const others = (field: (typeof FIELDS)[number]) => FIELDS.filter((f) => f !== field);

  return (
    <>
      <Divider titlePlacement="start">{t('qualification.section')}</Divider>
      <Typography.Paragraph type="secondary">
        {required ? t('qualification.requiredHint') : t('qualification.optionalHint')}
      </Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="qualificationType"
            label={t('qualification.type')}
            dependencies={others('qualificationType')}
            required={required}
            rules={[rule(t('qualification.type'))]}
          >
            <Select
              allowClear
              placeholder={t('qualification.typePlaceholder')}
              aria-label={t('qualification.type')}
              options={types.map((value) => ({ value, label: QUALIFICATION_TYPES[value].label[locale] }))}
              onChange={() => form.setFieldValue('qualificationGrade', undefined)}
              data-testid="qualification-type"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="qualificationGrade"
            label={t('qualification.grade')}
            dependencies={others('qualificationGrade')}
            required={required}
            rules={[rule(t('qualification.grade'))]}
          >
            <Select
              allowClear
              disabled={grades.length === 0}
              placeholder={t('qualification.gradePlaceholder')}
              aria-label={t('qualification.grade')}
              options={grades.map((value) => ({ value, label: QUALIFICATION_GRADE_LABELS[value][locale] }))}
              data-testid="qualification-grade"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="qualificationNo"
            label={t('qualification.no')}
            dependencies={others('qualificationNo')}
            normalize={(v: string) => v || undefined}
            required={required}
            rules={[
              rule(t('qualification.no')),
              { pattern: CERTIFICATE_NO_PATTERN, message: t('qualification.noRule') },
            ]}
          >
            <Input maxLength={40} data-testid="qualification-no" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="qualificationValidUntil"
            label={t('qualification.validUntil')}
            dependencies={others('qualificationValidUntil')}
            required={required}
            rules={[rule(t('qualification.validUntil'))]}
            getValueProps={(value?: string) => ({ value: value ? dayjs(value) : undefined })}
            normalize={(value?: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : undefined)}
          >
            <DatePicker
              style={{ width: '100%' }}
              aria-label={t('qualification.validUntil')}
              disabledDate={(day) => day.isBefore(dayjs(), 'day')}
              data-testid="qualification-valid-until"
            />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
