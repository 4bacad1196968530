import { Alert, Card, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FullPageSpin } from '../../../components/full-page-spin';
import { LanguageSwitch } from '../../../components/language-switch';
import { usePlatformConfig } from '../../../features/platform/api/get-platform-config';
import { useOwnApplication } from '../../../features/registration/api/registration-calls';
import { RegistrationForm } from '../../../features/registration/components/registration-form';

function Frame({ children }: { children: React.ReactNode }) {
  const config = usePlatformConfig();
  return (
    <div className="register-page">
      <div className="register-head">
        <Link to="/sys_sso/login" className="register-brand">
          <img src="/logo.svg" alt="" width={32} height={32} />
          <span>{config.data?.title}</span>
        </Link>
        <LanguageSwitch />
      </div>
      <div className="register-body">{children}</div>
    </div>
  );
}

/** /sys_sso/register: apply to join; with `?application=` a refused applicant corrects theirs. */
export function RegisterPage() {
  const [params] = useSearchParams();
  const config = usePlatformConfig();
  const applicationId = params.get('application');
  const own = useOwnApplication(applicationId);
  const { t } = useTranslation();
  if (!config.data || (applicationId && own.isPending)) return <FullPageSpin />;
  return (
    <Frame>
      {applicationId && own.isError ? (
        <Alert type="error" showIcon title={t('register.resumeExpired')} />
      ) : (
        <RegistrationForm
          key={applicationId ?? 'new'}
          policy={config.data.passwordPolicy}
          application={own.data}
        />
      )}
    </Frame>
  );
}

/** /sys_sso/register/userAgreement: what an enterprise accepts by registering. */
export function UserAgreementPage() {
  const { t } = useTranslation();
  const config = usePlatformConfig();
  const paragraphs = t('agreement.paragraphs', {
    returnObjects: true,
    title: config.data?.title ?? '',
  }) as string[];
  return (
    <Frame>
      <Card title={t('agreement.title')}>
        {paragraphs.map((p, i) => (
          <Typography.Paragraph key={i}>{p}</Typography.Paragraph>
        ))}
      </Card>
    </Frame>
  );
}
