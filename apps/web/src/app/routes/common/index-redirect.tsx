import { Button, Result } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AREAS } from '@drp/domain';
import { FullPageSpin } from '../../../components/full-page-spin';
import { useSession } from '../../../features/auth/hooks/session-context';
import { usePlatformConfig } from '../../../features/platform/api/get-platform-config';
import { isRouted } from '../../route-registry';

const PORTAL_HOME = '/sys_out_sys/home';

/**
 * /common/index: the public portal when the platform title names the province (spec §2), as
 * soon as the portal exists; otherwise the signed-in user's area, or sign-in.
 */
export function IndexRedirect() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const config = usePlatformConfig();
  if (config.isPending || session.loading) return <FullPageSpin />;
  if (config.data?.portalFirst && isRouted(PORTAL_HOME)) return <Navigate to={PORTAL_HOME} replace />;
  if (!session.token || !session.principal) return <Navigate to="/sys_sso/login" replace />;
  if (session.home) return <Navigate to={AREAS[session.home].prefix} replace />;
  return (
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
  );
}
