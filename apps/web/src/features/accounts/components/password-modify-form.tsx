import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { describePolicy, LIMITS, type PasswordPolicyName } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { passwordPolicyRule } from '../../../lib/password-rule';
import { ApiError } from '../../../lib/http';
import { useChangePassword } from '../api/change-password';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * Checks the policy as the user types (same rules as the server, from packages/domain); the
 * server still decides. On success every session must sign in again with the new password.
 */
export function PasswordModifyForm({
  policy,
  username,
  onChanged,
}: {
  policy: PasswordPolicyName;
  username: string;
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const mutation = useChangePassword();
  const locale = currentLocale();

  const onFinish = async (values: Values) => {
    try {
      await mutation.mutateAsync({ oldPassword: values.oldPassword, newPassword: values.newPassword });
      void message.success(t('password.success'));
      await onChanged();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'PASSWORD_INCORRECT')
        form.setFields([{ name: 'oldPassword', errors: [error.message] }]);
      else if (error instanceof ApiError && error.code.startsWith('PASSWORD_'))
        form.setFields([{ name: 'newPassword', errors: [error.message] }]);
      else void message.error((error as Error).message);
    }
  };

  return (
    <Card title={t('password.title')} style={{ maxWidth: 560 }}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 24 }}
        title={t('password.policy', { policy: describePolicy(policy, locale) })}
      />
      <Form form={form} layout="vertical" onFinish={(v) => void onFinish(v)} requiredMark autoComplete="off">
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <Form.Item
          name="oldPassword"
          label={t('password.old')}
          rules={[{ required: true, message: t('password.oldRequired') }]}
        >
          <Input.Password autoComplete="current-password" maxLength={LIMITS.passwordMaxLength} />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('password.new')}
          rules={[
            { required: true, message: t('password.newRequired') },
            passwordPolicyRule(policy, locale, () => username),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={LIMITS.passwordMaxLength} />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('password.confirm')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('password.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: async (_, value: string | undefined) => {
                if (value && value !== getFieldValue('newPassword')) throw new Error(t('password.mismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={LIMITS.passwordMaxLength} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {t('common.submit')}
        </Button>
      </Form>
    </Card>
  );
}
