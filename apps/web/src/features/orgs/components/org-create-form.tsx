import { App, Button, Card, Col, Divider, Form, Input, Row, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  LIMITS,
  ORG_TYPES,
  ORG_TYPE_LABELS,
  PHONE_PATTERN,
  USERNAME_PATTERN,
  describePolicy,
  isValidCreditCode,
  type CreateOrgRequest,
  type OrgDetail,
  type OrgType,
  type PasswordPolicyName,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { passwordPolicyRule } from '../../../lib/password-rule';
import { ApiError } from '../../../lib/http';
import { useCreateOrg, useSaveDirectoryEntry } from '../api/org-calls';
import { RegionCascader } from './region-cascader';

/** Types whose organisations hold a construction qualification certificate. */
const QUALIFIED: readonly OrgType[] = ['DESIGN', 'SURVEY', 'CENSOR'];

/**
 * An organisation's details. `withAdmin`: the system admin creates a platform organisation with
 * its first administrator. Otherwise a directory entry: added, or corrected when `entry` is given
 * (its type then stays as it is).
 */
export function OrgCreateForm({
  policy,
  withAdmin,
  entry,
  onCreated,
  onCancel,
}: {
  policy: PasswordPolicyName;
  withAdmin: boolean;
  entry?: OrgDetail;
  onCreated: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CreateOrgRequest>();
  const createOrg = useCreateOrg();
  const saveEntry = useSaveDirectoryEntry(entry?.id);
  const mutation = withAdmin ? createOrg : saveEntry;
  const locale = currentLocale();
  const orgType = Form.useWatch('orgType', form);
  const initialValues = entry && {
    orgType: entry.orgType,
    name: entry.name,
    creditCode: entry.creditCode ?? undefined,
    regionCode: entry.regionCode ?? undefined,
    address: entry.address ?? undefined,
    legalRepresentative: entry.legalRepresentative ?? undefined,
    contactName: entry.contactName ?? undefined,
    contactPhone: entry.contactPhone ?? undefined,
    qualificationNo: entry.qualificationNo ?? undefined,
    qualificationGrade: entry.qualificationGrade ?? undefined,
  };

  const onFinish = async (values: CreateOrgRequest) => {
    try {
      if (withAdmin) await createOrg.mutateAsync(values);
      else {
        const { admin: _admin, ...details } = values;
        await saveEntry.mutateAsync(details);
      }
      void message.success(entry ? t('orgs.saved') : t('orgs.created', { name: values.name }));
      onCreated();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const field = (error.detail as { field?: string } | undefined)?.field;
      if (field)
        form.setFields([{ name: field.split('.') as ['admin', 'username'], errors: [error.message] }]);
      else void message.error(error.message);
    }
  };
  const required = (label: string) => ({
    required: true,
    whitespace: true,
    message: t('orgs.required', { label }),
  });

  return (
    <Card title={entry ? t('orgs.editTitle', { name: entry.name }) : t('orgs.add')}>
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(v) => void onFinish(v)}
        autoComplete="off"
        style={{ maxWidth: 900 }}
      >
        <Divider titlePlacement="start">{t('orgs.orgSection')}</Divider>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="orgType"
              label={t('orgs.type')}
              rules={[{ required: true, message: t('orgs.required', { label: t('orgs.type') }) }]}
            >
              <Select
                disabled={Boolean(entry)}
                options={ORG_TYPES.map((type) => ({ value: type, label: ORG_TYPE_LABELS[type][locale] }))}
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
          {orgType && QUALIFIED.includes(orgType) && (
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
        {withAdmin && (
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
                <Form.Item
                  name={['admin', 'name']}
                  label={t('members.name')}
                  rules={[required(t('members.name'))]}
                >
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
                  label={t('members.initialPassword')}
                  extra={`${describePolicy(policy, locale)}。${t('members.mustChangeHint')}`}
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
            </Row>
          </>
        )}
        <Space>
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {t('common.submit')}
          </Button>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
