import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Form } from 'antd';
// The two inputs by their own modules: antd's Input also brings TextArea, Search and OTP, which
// this first page of most visits does not show.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AREAS, LIMITS, homeArea, qualifyingMembers, type CaptchaResult } from '@drp/domain';
import { signIn } from '../../../features/auth/api/sign-in';
import { getCaptcha } from '../../../features/auth/api/get-captcha';
import { accountQuery } from '../../../features/auth/api/get-account';
import { principalOf } from '../../../features/auth/hooks/session-provider';
import { useSession } from '../../../features/auth/hooks/session-context';
import { usePlatformConfig } from '../../../features/platform/api/get-platform-config';
import { LanguageSwitch } from '../../../components/language-switch';
import { sessionStore } from '../../../lib/session-store';
import { ApiError } from '../../../lib/http';
import { APPLICATION_TOKEN_KEY } from '../../../features/registration/api/application-token-key';
import { isRouted } from '../../route-registry';
import { PORTAL_HOME } from '../../../portal/portal-paths';

type Captcha = NonNullable<CaptchaResult['captcha']>;
interface Credentials {
  username: string;
  password: string;
  captchaAnswer?: string;
}

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
  const [form] = Form.useForm<Credentials>();
  const [captcha, setCaptcha] = useState<Captcha | null>(null);

  // After two failed tries from this address the server asks for a captcha: a page opened then
  // shows it at once, and each refusal brings a new picture (each answers one try).
  const refreshCaptcha = async () => {
    form.setFieldValue('captchaAnswer', '');
    try {
      setCaptcha((await getCaptcha()).captcha);
    } catch {
      setCaptcha(null);
    }
  };
  useEffect(() => {
    void refreshCaptcha();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the page opens
  }, []);

  const onFinish = async (values: Credentials) => {
    setError(null);
    setResume(null);
    setPending(true);
    const from = safeReturnPath(params.get('from')) ?? safeReturnPath(sessionStore.returnUrl());
    sessionStore.setReturnUrl(from);
    try {
      const { token, login } = await signIn({
        username: values.username.trim(),
        password: values.password,
        ...(captcha ? { captchaId: captcha.id, captchaAnswer: values.captchaAnswer ?? '' } : {}),
      });
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
      void refreshCaptcha();
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
    <main className="login-page">
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
        <Form form={form} layout="vertical" onFinish={(v) => void onFinish(v)} requiredMark={false}>
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
          {captcha && (
            <Form.Item
              name="captchaAnswer"
              label={t('login.captcha')}
              rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}
              extra={
                <Button type="link" size="small" onClick={() => void refreshCaptcha()} style={{ padding: 0 }}>
                  {t('login.captchaRefresh')}
                </Button>
              }
            >
              <Input
                size="large"
                maxLength={8}
                autoComplete="off"
                data-testid="captcha-answer"
                suffix={
                  <img
                    src={`data:image/svg+xml,${encodeURIComponent(captcha.svg)}`}
                    alt={t('login.captchaImage')}
                    width={120}
                    height={40}
                    data-testid="captcha-image"
                  />
                }
              />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block size="large" loading={pending}>
            {t('login.submit')}
          </Button>
        </Form>
        <div className="login-links">
          <a href={PORTAL_HOME}>{t('login.portal')}</a>
          <Link to="/sys_sso/forgotPassword">{t('login.forgot')}</Link>
          {isRouted('/sys_sso/register') && <Link to="/sys_sso/register">{t('login.register')}</Link>}
        </div>
      </Card>
    </main>
  );
}
