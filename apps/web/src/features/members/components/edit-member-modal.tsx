import { App, Divider, Form, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CREDENTIALS_BY_ORG_TYPE,
  type MemberCredentials,
  type OrgMember,
  type OrgType,
  type Profile,
} from '@drp/domain';
import { ApiError } from '../../../lib/http';
import { useUpdateMember } from '../api/member-mutations';
import { ProfileCheckboxes } from './profile-checkboxes';
import { CredentialFields } from './credential-fields';

interface Values {
  profiles: Profile[];
  admin: boolean;
  credentials?: Partial<MemberCredentials>;
}

/** The form's credentials as the contract takes them: empty fields are none. */
const credentialsOf = (values: Partial<MemberCredentials> = {}): MemberCredentials => ({
  specialties: values.specialties ?? [],
  title: values.title ?? null,
  registrationType: values.registrationType ?? null,
  registrationNo: values.registrationNo?.trim() || null,
});

/**
 * Changes what a member may do (profiles, the org-admin flag) and the credentials the organisation
 * keeps for them (专业, 职称, 注册类型/证书号). On the caller's own membership only lowering is
 * offered (the server refuses raising one's own).
 */
export function EditMemberModal({
  orgId,
  orgType,
  member,
  allowedProfiles,
  selfAccountId,
  onClose,
}: {
  orgId: string;
  orgType: OrgType;
  member: OrgMember | null;
  allowedProfiles: readonly Profile[];
  selfAccountId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const kept = CREDENTIALS_BY_ORG_TYPE[orgType];
  const keepsAny = kept.specialties || kept.title || kept.registration;
  const mutation = useUpdateMember(orgId);
  const self = member?.accountId === selfAccountId;

  const submit = async () => {
    if (!member) return;
    const values = await form.validateFields();
    try {
      await mutation.mutateAsync([
        member.id,
        {
          profiles: values.profiles,
          admin: values.admin,
          ...(keepsAny ? { credentials: credentialsOf(values.credentials) } : {}),
        },
      ]);
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
          initialValues={{
            profiles: member.profiles,
            admin: member.admin,
            credentials: member.credentials,
          }}
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
          {keepsAny && (
            <>
              <Divider titlePlacement="start">{t('people.credentials')}</Divider>
              <CredentialFields orgType={orgType} />
            </>
          )}
        </Form>
      )}
    </Modal>
  );
}
