import { useNavigate } from 'react-router';
import { PasswordModifyForm } from '../../../features/accounts/components/password-modify-form';
import { useSession } from '../../../features/auth/hooks/session-context';
import { usePlatformConfig } from '../../../features/platform/api/get-platform-config';
import { FullPageSpin } from '../../../components/full-page-spin';

/** The password page of every area: after a change every session signs in again with the new password. */
export function PasswordModifyPage() {
  const session = useSession();
  const config = usePlatformConfig();
  const navigate = useNavigate();
  if (!config.data || !session.account) return <FullPageSpin />;
  return (
    <PasswordModifyForm
      policy={config.data.passwordPolicy}
      username={session.account.account.username}
      onChanged={async () => {
        // Commit the move off the guarded page before the token goes; otherwise the guard, still
        // rendered inside the router's transition, would add the page as the return address.
        await navigate('/sys_sso/login', { replace: true, flushSync: true });
        session.clear();
      }}
    />
  );
}
