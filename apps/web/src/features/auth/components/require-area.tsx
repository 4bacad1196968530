import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { App, Result, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { AREAS, LIMITS, areaMember, canEnterArea, qualifyingMembers, type AreaKey } from '@drp/domain';
import { FullPageSpin } from '../../../components/full-page-spin';
import { useSession } from '../hooks/session-context';
import { loginPathFor } from './login-path-for';

/**
 * Spec §5–6 guard: anonymous → sign-in with `from`; signed in without the profile →
 * "您没有权限。" for 2 s, then `/`. The server applies the same table to every call.
 */
export function RequireArea({ area }: { area: AreaKey }) {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { t } = useTranslation();
  const allowed = session.principal ? canEnterArea(session.principal, area) : false;
  const denied = Boolean(session.principal) && !allowed;

  useEffect(() => {
    if (!denied) return;
    void message.error(t('guard.noPermission'), LIMITS.guardMessageMs / 1000);
    const timer = setTimeout(() => void navigate('/', { replace: true }), LIMITS.guardMessageMs);
    return () => clearTimeout(timer);
  }, [denied, message, navigate, t]);

  // Work in the area through a membership that qualifies for it, so the server sees the right org.
  const members = session.principal ? qualifyingMembers(session.principal, area) : [];
  const currentQualifies = members.some((m) => m.orgId === session.currentOrgId);
  // Spec §9: of several memberships that qualify, the heaviest role's.
  const fallbackOrg = session.principal ? areaMember(session.principal, area, null)?.orgId : undefined;
  useEffect(() => {
    if (allowed && !currentQualifies && fallbackOrg) session.setCurrentOrgId(fallbackOrg);
  }, [allowed, currentQualifies, fallbackOrg, session]);

  if (!session.token) return <Navigate to={loginPathFor(location)} replace />;
  if (session.loading) return <FullPageSpin />;
  if (!session.principal)
    return (
      <Result
        status="error"
        title={t('guard.tokenFailed')}
        extra={<Button onClick={() => window.location.reload()}>{t('common.confirm')}</Button>}
      />
    );
  if (!allowed) return null;
  if (AREAS[area].orgTypes.length > 0 && !currentQualifies && fallbackOrg) return <FullPageSpin />;
  return <Outlet />;
}
