import { useState } from 'react';
import { Alert, App, Button, Card, Form } from 'antd';
// The two inputs by their own modules: antd's Input also brings TextArea, Search and OTP, which
// this first page of most visits does not show.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AREAS, LIMITS, homeArea, qualifyingMembers } from '@drp/domain';
import { signIn } from '../../../features/auth/api/sign-in';
import { accountQuery } from '../../../features/auth/api/get-account';
import { principalOf } from '../../../features/auth/hooks/session-provider';
import { useSession } from '../../../features/auth/hooks/session-context';
import { usePlatformConfig } from '../../../features/platform/api/get-platform-config';
import { LanguageSwitch } from '../../../components/language-switch';
import { sessionStore } from '../../../lib/session-store';
import { ApiError } from '../../../lib/http';
import { APPLICATION_TOKEN_KEY } from '../../../features/registration/api/application-token-key';
import { isRouted } from '../../route-registry';

/** Only same-site paths are followed after sign-in, never another origin. */
function safeReturnPath(value: string | null): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/sys_sso')
    ? value
    : null;
}

export function LoginPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const config = usePlatformConfig();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [resume, setResume] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onFinish = async (values: { username: string; password: string }) => {
    setError(null);
    setResume(null);
    setPending(true);
    const from = safeReturnPath(params.get('from')) ?? safeReturnPath(sessionStore.returnUrl());
    sessionStore.setReturnUrl(from);
    try {
      const { token, login } = await signIn({ username: values.username.trim(), password: values.password });
      session.adoptToken(token);
      const detail = await queryClient.fetchQuery(accountQuery(token));
      const principal = principalOf(detail);
      const area = homeArea(principal, sessionStore.currentOrgId());
      const org = area ? qualifyingMembers(principal, area)[0] : undefined;
      session.setCurrentOrgId(org?.orgId ?? detail.members[0]?.orgId ?? '');
      sessionStore.setReturnUrl(null);
      const days = login.passwordExpiresInDays;
      if (area && days !== null && days <= 0) {
        void message.warning(t('login.passwordExpired'));
        void navigate(`${AREAS[area].prefix}/password/modify`, { replace: true });
        return;
      }
      if (days !== null && days <= 7) void message.info(t('login.passwordExpiring', { days }));
      void navigate(from ?? (area ? AREAS[area].prefix : '/common/index'), { replace: true });
    } catch (e) {
      setError((e as Error).message);
      // A refused applicant may correct the application: the answer carries a short-lived token.
      if (e instanceof ApiError && e.code === 'APPLICATION_REJECTED') {
        const detail = e.detail as { applicationId: string; applicationToken: string };
        sessionStorage.setItem(APPLICATION_TOKEN_KEY, detail.applicationToken);
        setResume(detail.applicationId);
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="login-page">
      <div className="login-lang">
        <LanguageSwitch />
      </div>
      <div className="login-brand">
        <img src="/logo.svg" alt="" width={56} height={56} />
        <h1>{config.data?.title}</h1>
        <p>{t('login.subtitle')}</p>
      </div>
      <Card className="login-card" title={t('login.title')}>
        {error && (
          <Alert
            type="error"
            showIcon
            title={error}
            style={{ marginBottom: 16 }}
            data-testid="login-error"
            action={
              resume && (
                <Link to={`/sys_sso/register?application=${resume}`} data-testid="resubmit-link">
                  {t('register.correct')}
                </Link>
              )
            }
          />
        )}
        <Form
          layout="vertical"
          onFinish={(v: { username: string; password: string }) => void onFinish(v)}
          requiredMark={false}
        >
          <Form.Item
            name="username"
            label={t('login.username')}
            rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
          >
            <Input
              prefix={<UserOutlined />}
              autoComplete="username"
              maxLength={LIMITS.usernameMaxLength}
              size="large"
            />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[{ required: true, message: t('login.passwordRequired') }]}
          >
            <Password
              prefix={<LockOutlined />}
              autoComplete="current-password"
              maxLength={LIMITS.passwordMaxLength}
              size="large"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={pending}>
            {t('login.submit')}
          </Button>
        </Form>
        {isRouted('/sys_sso/register') && (
          <div style={{ marginTop: 16, textAlign: 'right' }}>
            <Link to="/sys_sso/register">{t('login.register')}</Link>
          </div>
        )}
      </Card>
    </div>
  );
}
