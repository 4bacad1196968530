import { Button, Card, Result } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AREAS } from '@drp/domain';
import { FullPageSpin } from '../../../components/full-page-spin';
import { useSession } from '../../../features/auth/hooks/session-context';
import { useMyInvitations } from '../../../features/messages/api/my-invitations';
import { InvitationList } from '../../../features/messages/components/invitation-list';
import { usePlatformConfig } from '../../../features/platform/api/get-platform-config';
import { PORTAL_HOME } from '../../../portal/portal-paths';

/**
 * /common/index: a visitor who is not signed in reads the public portal when the platform title
 * names the province (spec §2); a signed-in user goes on to their area, as the guard's "no
 * permission, back to /" expects. main.tsx takes the portal decision before loading the app
 * when it can; this covers /common/index reached inside the app, where `/sys_out_sys/*` is the
 * PortalHandOff route (a full page load into the portal's own bundle). Someone with nowhere to go
 * (no organisation yet, or no profile in any) sees their invitations to join one here, as they
 * have no top bar with to-dos; accepting one takes them on to its area.
 */
export function IndexRedirect() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const config = usePlatformConfig();
  const invitations = useMyInvitations(Boolean(session.token) && !session.home);
  if (config.isPending || session.loading) return <FullPageSpin />;
  if (config.data?.portalFirst && !session.token) return <Navigate to={PORTAL_HOME} replace />;
  if (!session.token || !session.principal) return <Navigate to="/sys_sso/login" replace />;
  if (session.home) return <Navigate to={AREAS[session.home].prefix} replace />;
  const waiting = invitations.data ?? [];
  return (
    <main>
      {waiting.length > 0 && (
        <Card
          className="no-area-invitations"
          title={
            <h1 className="no-area-invitations-title">
              {t('invitations.heading', { count: waiting.length })}
            </h1>
          }
          data-testid="landing-invitations"
        >
          <InvitationList invitations={waiting} />
        </Card>
      )}
      <Result
        status="403"
        title={t('noArea.title')}
        subTitle={t('noArea.text')}
        extra={
          <Button
            onClick={() => {
              session.clear();
              void navigate('/sys_sso/login');
            }}
          >
            {t('topBar.signOut')}
          </Button>
        }
      />
    </main>
  );
}
