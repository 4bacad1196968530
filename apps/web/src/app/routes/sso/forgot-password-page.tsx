import { Alert, Button, Card, Form, Input, Result, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS, type ForgotPasswordRequest } from '@drp/domain';
import { LanguageSwitch } from '../../../components/language-switch';
import { useRequestPasswordReset } from '../../../features/auth/api/request-password-reset';

/**
 * /sys_sso/forgotPassword: 忘记密码. There is no e-mail or SMS here, so the request becomes a to-do
 * of the organisation's admins, who issue a one-time password. The answer is the same whether or
 * not the username exists, so the page says "if the account exists".
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const mutation = useRequestPasswordReset();

  const submit = (values: ForgotPasswordRequest) =>
    mutation.mutate({ username: values.username.trim(), orgName: values.orgName?.trim() ?? '' });

  return (
    <main className="login-page">
      <div className="login-lang">
        <LanguageSwitch />
      </div>
      <Card className="login-card" title={<h1 style={{ fontSize: 16, margin: 0 }}>{t('forgot.title')}</h1>}>
        {mutation.isSuccess ? (
          <Result
            status="success"
            title={t('forgot.doneTitle')}
            subTitle={t('forgot.doneText')}
            data-testid="forgot-done"
            extra={
              <Link to="/sys_sso/login">
                <Button type="primary">{t('forgot.backToLogin')}</Button>
              </Link>
            }
          />
        ) : (
          <>
            <Typography.Paragraph type="secondary">{t('forgot.intro')}</Typography.Paragraph>
            {mutation.isError && (
              <Alert type="error" showIcon title={mutation.error.message} style={{ marginBottom: 16 }} />
            )}
            <Form<ForgotPasswordRequest> layout="vertical" onFinish={submit} requiredMark={false}>
              <Form.Item
                name="username"
                label={t('login.username')}
                rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
              >
                <Input autoComplete="username" maxLength={LIMITS.usernameMaxLength} />
              </Form.Item>
              <Form.Item name="orgName" label={t('forgot.orgName')} extra={t('forgot.orgNameHint')}>
                <Input maxLength={100} autoComplete="organization" />
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
                {t('forgot.submit')}
              </Button>
            </Form>
            <div className="login-links">
              <Link to="/sys_sso/login">{t('forgot.backToLogin')}</Link>
            </div>
          </>
        )}
      </Card>
    </main>
  );
}
