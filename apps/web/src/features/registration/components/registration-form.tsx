import { useState } from 'react';
import { Alert, App, Button, Card, Checkbox, Form, Result } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  QUALIFICATION_GRADES,
  REGISTRABLE_ORG_TYPES,
  type QualificationGrade,
  type OrgApplication,
  type PasswordPolicyName,
  type RegistrationRequest,
} from '@drp/domain';
import { AdminAccountFields, OrgDetailsFields } from '../../../components/org-form-sections';
import { ApiError } from '../../../lib/http';
import { resubmitApplication, submitApplication } from '../api/registration-calls';
import { LicenceUpload } from './licence-upload';
import { QualificationFields } from './qualification-fields';

type Values = RegistrationRequest & { admin: RegistrationRequest['admin'] & { confirmPassword?: string } };

/**
 * An enterprise applies to join the platform, or a refused applicant corrects the application
 * (`application` given). The admin account exists only once the system admin approves.
 */
export function RegistrationForm({
  policy,
  application,
}: {
  policy: PasswordPolicyName;
  application?: OrgApplication;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);

  const initialValues = application && {
    orgType: application.orgType as RegistrationRequest['orgType'],
    name: application.name,
    creditCode: application.creditCode,
    regionCode: application.regionCode,
    address: application.address,
    legalRepresentative: application.legalRepresentative,
    contactName: application.contactName,
    contactPhone: application.contactPhone,
    qualificationType: application.qualificationType ?? undefined,
    qualificationNo: application.qualificationNo ?? undefined,
    // An older application's typed grade is not one of the choices: it is asked again.
    qualificationGrade: (QUALIFICATION_GRADES as readonly string[]).includes(
      application.qualificationGrade ?? '',
    )
      ? (application.qualificationGrade as QualificationGrade)
      : undefined,
    qualificationValidUntil: application.qualificationValidUntil ?? undefined,
    licenceFileId: application.licence.fileId,
    admin: {
      username: application.admin.username,
      name: application.admin.name,
      phone: application.admin.phone,
      password: '',
    },
  };

  const onFinish = async (values: Values) => {
    const { confirmPassword: _confirm, ...admin } = values.admin;
    const body = { ...values, admin, agreementAccepted: true as const };
    setPending(true);
    try {
      if (application) await resubmitApplication(application.id, body);
      else await submitApplication(body);
      setDone(true);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const field = (error.detail as { field?: string } | undefined)?.field;
      if (field)
        form.setFields([{ name: field.split('.') as ['admin', 'username'], errors: [error.message] }]);
      else void message.error(error.message);
    } finally {
      setPending(false);
    }
  };

  if (done)
    return (
      <Result
        status="success"
        title={t('register.submittedTitle')}
        subTitle={t('register.submittedText')}
        extra={
          <Link to="/sys_sso/login">
            <Button type="primary">{t('register.backToLogin')}</Button>
          </Link>
        }
        data-testid="register-done"
      />
    );

  return (
    <Card title={application ? t('register.resubmitTitle') : t('register.title')}>
      {application?.rejectReason && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('register.rejectedBecause', { reason: application.rejectReason })}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(v) => void onFinish(v)}
        autoComplete="off"
      >
        <OrgDetailsFields orgTypes={REGISTRABLE_ORG_TYPES} qualification={false} />
        <QualificationFields />
        <Form.Item
          name="licenceFileId"
          label={t('register.licence')}
          rules={[{ required: true, message: t('register.licenceRequired') }]}
        >
          <LicenceUpload initialName={application?.licence.fileName} />
        </Form.Item>
        <AdminAccountFields policy={policy} confirmPassword ownPassword />
        <Form.Item
          name="agreementAccepted"
          valuePropName="checked"
          rules={[
            {
              validator: async (_, checked: boolean | undefined) => {
                if (!checked) throw new Error(t('register.agreementRequired'));
              },
            },
          ]}
        >
          <Checkbox data-testid="agreement">
            {t('register.agreementPrefix')}
            <Link to="/sys_sso/register/userAgreement" target="_blank">
              {t('register.agreementName')}
            </Link>
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={pending} size="large">
          {application ? t('register.resubmit') : t('register.submit')}
        </Button>
      </Form>
    </Card>
  );
}
