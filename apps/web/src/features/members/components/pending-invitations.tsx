import { Alert, App, Button, Card, Popconfirm, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PROFILE_LABELS, type OrgInvitation } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { ApiError } from '../../../lib/http';
import { useOrgInvitations } from '../api/get-org-members';
import { useCancelInvitation } from '../api/member-mutations';

/**
 * The organisation's invitations still waiting for an answer (已发出的邀请). Only the username the
 * admin typed is shown: who the account belongs to, or whether it exists, is the invitee's to say
 * by accepting.
 */
export function PendingInvitations({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = currentLocale();
  const query = useOrgInvitations(orgId);
  const cancel = useCancelInvitation(orgId);

  const withdraw = async (invitation: OrgInvitation) => {
    try {
      await cancel.mutateAsync([invitation.id]);
      void message.success(t('members.invitationCancelled'));
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : String(error));
    }
  };

  if (query.isError) return <Alert type="error" showIcon title={query.error.message} />;
  const rows = query.data ?? [];
  // Most organisations have none: nothing shows until the list is known to hold some.
  if (rows.length === 0) return null;
  return (
    <Card
      size="small"
      title={<span id="pending-invitations-title">{t('members.pendingInvitations')}</span>}
      style={{ marginTop: 16 }}
      data-testid="pending-invitations"
    >
      <Typography.Paragraph type="secondary">{t('members.pendingInvitationsHint')}</Typography.Paragraph>
      <Table<OrgInvitation>
        rowKey="id"
        size="small"
        dataSource={rows}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={[
          { title: t('members.username'), dataIndex: 'username' },
          {
            title: t('members.profiles'),
            dataIndex: 'profiles',
            render: (profiles: OrgInvitation['profiles']) =>
              profiles.length ? (
                profiles.map((p) => (
                  <Tag color="blue" key={p}>
                    {PROFILE_LABELS[p][locale]}
                  </Tag>
                ))
              ) : (
                <Typography.Text type="secondary">{t('members.noProfile')}</Typography.Text>
              ),
          },
          {
            title: t('members.orgAdmin'),
            dataIndex: 'admin',
            render: (admin: boolean) => (admin ? <Tag color="gold">{t('members.adminTag')}</Tag> : null),
          },
          { title: t('members.invitedBy'), dataIndex: 'invitedBy' },
          {
            title: t('members.invitationExpires'),
            dataIndex: 'expiresAt',
            render: (at: string) => <time dateTime={at}>{new Date(at).toLocaleString(locale)}</time>,
          },
          {
            title: t('members.actions'),
            key: 'actions',
            render: (_, invitation) => (
              <Popconfirm
                title={t('members.confirmCancelInvitation', { username: invitation.username })}
                onConfirm={() => withdraw(invitation)}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
              >
                <Button type="link" size="small" danger>
                  {t('members.cancelInvitation')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Card>
  );
}
