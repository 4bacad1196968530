import { Col, Divider, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  LIMITS,
  ORG_TYPE_LABELS,
  PHONE_PATTERN,
  USERNAME_PATTERN,
  describePolicy,
  isValidCreditCode,
  type OrgType,
  type PasswordPolicyName,
} from '@drp/domain';
import { currentLocale } from '../config/i18n';
import { passwordPolicyRule } from '../lib/password-rule';
import { RegionCascader } from './region-cascader';

/** Types whose organisations hold a construction qualification certificate. */
const QUALIFIED: readonly OrgType[] = ['DESIGN', 'SURVEY', 'CENSOR'];

function useRequired() {
  const { t } = useTranslation();
  return (label: string) => ({ required: true, whitespace: true, message: t('orgs.required', { label }) });
}

/**
 * An organisation's public details, inside a parent Form: the system admin's creation form,
 * the directory form and the registration form all ask the same questions.
 */
export function OrgDetailsFields({
  orgTypes,
  typeLocked = false,
  qualification = true,
}: {
  orgTypes: readonly OrgType[];
  typeLocked?: boolean;
  /** Whether to ask the free-text 资质 here; registration asks its own, fuller questions. */
  qualification?: boolean;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const required = useRequired();
  const orgType = Form.useWatch('orgType', Form.useFormInstance()) as OrgType | undefined;
  return (
    <>
      <Divider titlePlacement="start">{t('orgs.orgSection')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name="orgType"
            label={t('orgs.type')}
            rules={[{ required: true, message: t('orgs.required', { label: t('orgs.type') }) }]}
          >
            <Select
              disabled={typeLocked}
              options={orgTypes.map((type) => ({ value: type, label: ORG_TYPE_LABELS[type][locale] }))}
              data-testid="org-type"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item
            name="name"
            label={t('orgs.name')}
            rules={[required(t('orgs.name')), { min: 2, max: 100 }]}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="creditCode"
            label={t('orgs.creditCode')}
            normalize={(v: string) => v?.toUpperCase()}
            rules={[
              required(t('orgs.creditCode')),
              {
                validator: async (_, v: string | undefined) => {
                  if (v && !isValidCreditCode(v.trim())) throw new Error(t('orgs.creditCodeInvalid'));
                },
              },
            ]}
          >
            <Input maxLength={18} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="regionCode"
            label={t('orgs.region')}
            rules={[{ required: true, message: t('orgs.required', { label: t('orgs.region') }) }]}
          >
            <RegionCascader placeholder={t('orgs.regionPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="address" label={t('orgs.address')} rules={[required(t('orgs.address'))]}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="legalRepresentative"
            label={t('orgs.legalRepresentative')}
            rules={[required(t('orgs.legalRepresentative'))]}
          >
            <Input maxLength={32} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="contactName"
            label={t('orgs.contactName')}
            rules={[required(t('orgs.contactName'))]}
          >
            <Input maxLength={32} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="contactPhone"
            label={t('orgs.contactPhone')}
            rules={[
              required(t('orgs.contactPhone')),
              { pattern: PHONE_PATTERN, message: t('members.phoneRule') },
            ]}
          >
            <Input maxLength={16} />
          </Form.Item>
        </Col>
        {qualification && orgType && QUALIFIED.includes(orgType) && (
          <>
            <Col xs={24} md={12}>
              <Form.Item name="qualificationNo" label={t('orgs.qualificationNo')}>
                <Input maxLength={64} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="qualificationGrade" label={t('orgs.qualificationGrade')}>
                <Input maxLength={32} placeholder={t('orgs.qualificationGradePlaceholder')} />
              </Form.Item>
            </Col>
          </>
        )}
      </Row>
    </>
  );
}

/** The organisation's first administrator account, inside a parent Form (`admin.*` fields). */
export function AdminAccountFields({
  policy,
  confirmPassword = false,
  ownPassword = false,
}: {
  policy: PasswordPolicyName;
  confirmPassword?: boolean;
  /** The person chooses their own password (registration), so no change is forced later. */
  ownPassword?: boolean;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const required = useRequired();
  const form = Form.useFormInstance();
  return (
    <>
      <Divider titlePlacement="start">{t('orgs.adminSection')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name={['admin', 'username']}
            label={t('members.username')}
            rules={[
              required(t('members.username')),
              { pattern: USERNAME_PATTERN, message: t('members.usernameRule') },
            ]}
          >
            <Input maxLength={LIMITS.usernameMaxLength} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={['admin', 'name']} label={t('members.name')} rules={[required(t('members.name'))]}>
            <Input maxLength={32} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name={['admin', 'phone']}
            label={t('members.phone')}
            rules={[
              required(t('members.phone')),
              { pattern: PHONE_PATTERN, message: t('members.phoneRule') },
            ]}
          >
            <Input maxLength={16} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={['admin', 'password']}
            label={ownPassword ? t('register.password') : t('members.initialPassword')}
            extra={
              ownPassword
                ? describePolicy(policy, locale)
                : `${describePolicy(policy, locale)}。${t('members.mustChangeHint')}`
            }
            rules={[
              { required: true, message: t('password.newRequired') },
              passwordPolicyRule(
                policy,
                locale,
                () => form.getFieldValue(['admin', 'username']) as string | undefined,
              ),
            ]}
          >
            <Input.Password autoComplete="new-password" maxLength={LIMITS.passwordMaxLength} />
          </Form.Item>
        </Col>
        {confirmPassword && (
          <Col xs={24} md={12}>
            <Form.Item
              name={['admin', 'confirmPassword']}
              label={t('register.confirmPassword')}
              dependencies={[['admin', 'password']]}
              rules={[
                { required: true, message: t('password.confirmRequired') },
                {
                  validator: async (_, value: string | undefined) => {
                    if (value && value !== form.getFieldValue(['admin', 'password']))
                      throw new Error(t('password.mismatch'));
                  },
                },
              ]}
            >
              <Input.Password autoComplete="new-password" maxLength={LIMITS.passwordMaxLength} />
            </Form.Item>
          </Col>
        )}
      </Row>
    </>
  );
}
