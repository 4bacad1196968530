import { App, Button, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORG_TYPE_LABELS, PROFILE_LABELS, type MyInvitation } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { ApiError } from '../../../lib/http';
import { useAnswerInvitation } from '../api/my-invitations';

/**
 * The person's invitations to join organisations, each with what it would give them and who sent
 * it, answered here: nobody joins an organisation without saying yes.
 */
export function InvitationList({ invitations }: { invitations: readonly MyInvitation[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = currentLocale();
  const answer = useAnswerInvitation();

  const reply = async (invitation: MyInvitation, verdict: 'accept' | 'decline') => {
    try {
      await answer.mutateAsync({ id: invitation.id, answer: verdict });
      void message.success(
        verdict === 'accept'
          ? t('invitations.accepted', { org: invitation.orgName })
          : t('invitations.declined', { org: invitation.orgName }),
      );
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : String(error));
    }
  };

  return (
    <ul className="invitation-list" data-testid="invitation-list">
      {invitations.map((invitation) => {
        const headingId = `invitation-${invitation.id}`;
        return (
          <li key={invitation.id} className="invitation-item" data-testid="invitation">
            <Typography.Text strong id={headingId}>
              {t('invitations.title', { org: invitation.orgName })}
            </Typography.Text>
            <Typography.Paragraph type="secondary" className="invitation-meta">
              {ORG_TYPE_LABELS[invitation.orgType][locale]}
              {' · '}
              {invitation.invitedBy
                ? t('invitations.invitedBy', { name: invitation.invitedBy })
                : t('invitations.invitedByUnknown')}
              {' · '}
              {t('invitations.expires', { at: new Date(invitation.expiresAt).toLocaleString(locale) })}
            </Typography.Paragraph>
            <Space size={4} wrap className="invitation-grant">
              {invitation.admin && <Tag color="gold">{t('invitations.asAdmin')}</Tag>}
              {invitation.profiles.map((p) => (
                <Tag color="blue" key={p}>
                  {PROFILE_LABELS[p][locale]}
                </Tag>
              ))}
              {!invitation.admin && invitation.profiles.length === 0 && (
                <Typography.Text type="secondary">{t('invitations.noProfile')}</Typography.Text>
              )}
            </Space>
            <Space className="invitation-actions">
              <Button
                type="primary"
                size="small"
                loading={answer.isPending && answer.variables.id === invitation.id}
                disabled={answer.isPending}
                onClick={() => void reply(invitation, 'accept')}
              >
                {t('invitations.accept')}
              </Button>
              <Button
                size="small"
                disabled={answer.isPending}
                onClick={() => void reply(invitation, 'decline')}
              >
                {t('invitations.decline')}
              </Button>
            </Space>
          </li>
        );
      })}
    </ul>
  );
}
