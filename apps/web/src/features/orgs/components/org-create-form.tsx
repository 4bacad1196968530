import { App, Button, Card, Checkbox, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORG_TYPES, type AdminCreateOrgRequest, type OrgDetail, type PasswordPolicyName } from '@drp/domain';
import { AdminAccountFields, OrgDetailsFields } from '../../../components/org-form-sections';
import { ApiError } from '../../../lib/http';
import { useCompanies, useCreateOrg, useSaveDirectoryEntry } from '../api/org-calls';

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
  const [form] = Form.useForm<AdminCreateOrgRequest>();
  const orgType = Form.useWatch('orgType', form);
  const createOrg = useCreateOrg();
  // The platform operator is named once per installation: the choice is offered while none exists.
  const operators = useCompanies({ platformOperator: 'true', size: 1 });
  const operatorWanted = withAdmin && orgType === 'CONTROL' && operators.data?.total === 0;
  const saveEntry = useSaveDirectoryEntry(entry?.id);
  const mutation = withAdmin ? createOrg : saveEntry;
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

  const onFinish = async (values: AdminCreateOrgRequest) => {
    try {
      if (withAdmin) await createOrg.mutateAsync(values);
      else {
        const { admin: _admin, platformOperator: _operator, ...details } = values;
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
        <OrgDetailsFields orgTypes={ORG_TYPES} typeLocked={Boolean(entry)} />
        {operatorWanted && (
          // The server refuses a second operator all the same.
          <Form.Item name="platformOperator" valuePropName="checked" extra={t('orgs.platformOperatorHint')}>
            <Checkbox data-testid="platform-operator">{t('orgs.platformOperator')}</Checkbox>
          </Form.Item>
        )}
        {withAdmin && <AdminAccountFields policy={policy} />}
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
