import { useState } from 'react';
import { App, Form, Input, Modal, Segmented, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  INVITATION_VALID_DAYS,
  LIMITS,
  PHONE_PATTERN,
  USERNAME_PATTERN,
  describePolicy,
  isPlatformStaffProfile,
  type PasswordPolicyName,
  type Profile,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { passwordPolicyRule } from '../../../lib/password-rule';
import { ApiError } from '../../../lib/http';
import { useAddMember, useInviteMember } from '../api/member-mutations';
import { ProfileCheckboxes } from './profile-checkboxes';

interface Values {
  username: string;
  name?: string;
  phone?: string;
  password?: string;
  profiles: Profile[];
  admin: boolean;
}

/**
 * Adds a person with a new account and a first password, or invites an existing account by its
 * username: that person joins only by accepting from their own to-dos, and the admin learns
 * nothing about the account (not even whether it exists) until then.
 */
export function AddMemberModal({
  orgId,
  allowedProfiles,
  policy,
  open,
  onClose,
}: {
  orgId: string;
  allowedProfiles: readonly Profile[];
  policy: PasswordPolicyName;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [mode, setMode] = useState<'new' | 'invite'>('new');
  const add = useAddMember(orgId);
  const invite = useInviteMember(orgId);
  const locale = currentLocale();

  const submit = async () => {
    const values = await form.validateFields();
    try {
      if (mode === 'new') {
        await add.mutateAsync([
          {
            mode,
            username: values.username,
            name: values.name ?? '',
            phone: values.phone ?? '',
            password: values.password ?? '',
            profiles: values.profiles,
            admin: values.admin,
          },
        ]);
        void message.success(t('members.added'));
      } else {
        const sent = await invite.mutateAsync([
          { username: values.username, profiles: values.profiles, admin: values.admin },
        ]);
        void message.success(t('members.invited', { username: sent.username }));
      }
      form.resetFields();
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const field = (error.detail as { field?: keyof Values } | undefined)?.field;
      if (field) form.setFields([{ name: field, errors: [error.message] }]);
      else void message.error(error.message);
    }
  };

  return (
    <Modal
      title={t('members.add')}
      open={open}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={mode === 'new' ? t('common.confirm') : t('members.sendInvitation')}
      cancelText={t('common.cancel')}
      confirmLoading={add.isPending || invite.isPending}
      destroyOnHidden
      width={560}
    >
      <Segmented
        block
        value={mode}
        onChange={(v) => setMode(v as 'new' | 'invite')}
        options={[
          { value: 'new', label: t('members.modeNew') },
          { value: 'invite', label: t('members.modeInvite') },
        ]}
        style={{ marginBottom: 16 }}
        data-testid="add-mode"
      />
      <Form
        form={form}
        layout="vertical"
        // Platform-staff profiles are offered to the system admin but never ticked for it.
        initialValues={{ profiles: allowedProfiles.filter((p) => !isPlatformStaffProfile(p)), admin: false }}
        autoComplete="off"
      >
        <Form.Item
          name="username"
          label={t('members.username')}
          extra={
            mode === 'new'
              ? t('members.usernameRule')
              : t('members.inviteHint', { days: INVITATION_VALID_DAYS })
          }
          rules={[
            { required: true, whitespace: true, message: t('members.usernameRequired') },
            ...(mode === 'new' ? [{ pattern: USERNAME_PATTERN, message: t('members.usernameRule') }] : []),
          ]}
        >
          <Input maxLength={LIMITS.usernameMaxLength} autoComplete="off" />
        </Form.Item>
        {mode === 'new' && (
          <>
            <Form.Item
              name="name"
              label={t('members.name')}
              rules={[{ required: true, whitespace: true, message: t('members.nameRequired') }]}
            >
              <Input maxLength={32} />
            </Form.Item>
            <Form.Item
              name="phone"
              label={t('members.phone')}
              rules={[
                { required: true, message: t('members.phoneRequired') },
                { pattern: PHONE_PATTERN, message: t('members.phoneRule') },
              ]}
            >
              <Input maxLength={16} />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('members.initialPassword')}
              extra={`${describePolicy(policy, locale)}。${t('members.mustChangeHint')}`}
              rules={[
                { required: true, message: t('password.newRequired') },
                passwordPolicyRule(
                  policy,
                  locale,
                  () => form.getFieldValue('username') as string | undefined,
                ),
              ]}
            >
              <Input.Password autoComplete="new-password" maxLength={LIMITS.passwordMaxLength} />
            </Form.Item>
          </>
        )}
        <Form.Item name="profiles" label={t('members.profiles')}>
          <ProfileCheckboxes allowed={allowedProfiles} />
        </Form.Item>
        <Form.Item name="admin" label={t('members.orgAdmin')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
