import { App, Form, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrgMember, Profile } from '@drp/domain';
import { ApiError } from '../../../lib/http';
import { useUpdateMember } from '../api/member-mutations';
import { ProfileCheckboxes } from './profile-checkboxes';

/**
 * Changes what a member may do: profiles and the org-admin flag. On the caller's own membership
 * only lowering is offered (the server refuses raising one's own).
 */
export function EditMemberModal({
  orgId,
  member,
  allowedProfiles,
  selfAccountId,
  onClose,
}: {
  orgId: string;
  member: OrgMember | null;
  allowedProfiles: readonly Profile[];
  selfAccountId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ profiles: Profile[]; admin: boolean }>();
  const mutation = useUpdateMember(orgId);
  const self = member?.accountId === selfAccountId;

  const submit = async () => {
    if (!member) return;
    const values = await form.validateFields();
    try {
      await mutation.mutateAsync([member.id, values]);
      void message.success(t('members.saved'));
      onClose();
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : String(error));
    }
  };

  return (
    <Modal
      title={member ? t('members.editTitle', { name: member.name }) : ''}
      open={Boolean(member)}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={mutation.isPending}
      destroyOnHidden
    >
      {member && (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ profiles: member.profiles, admin: member.admin }}
        >
          <Form.Item name="profiles" label={t('members.profiles')}>
            <ProfileCheckboxes allowed={allowedProfiles} held={member.profiles} lowerOnly={self} />
          </Form.Item>
          <Form.Item
            name="admin"
            label={t('members.orgAdmin')}
            valuePropName="checked"
            extra={self ? t('members.selfLowerOnly') : undefined}
          >
            <Switch disabled={self && !member.admin} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
