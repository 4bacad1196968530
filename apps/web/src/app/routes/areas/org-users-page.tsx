import { useParams } from 'react-router';
import { FullPageSpin } from '../../../components/full-page-spin';
import { useSession } from '../../../features/auth/hooks/session-context';
import { OrgMembersPanel } from '../../../features/members/components/org-members-panel';
import { usePlatformConfig } from '../../../features/platform/api/get-platform-config';

/** The admin/user/:orgId screen of each area: the organisation's back office; the server admits its admins only. */
export function OrgUsersPage() {
  const { orgId = '' } = useParams();
  const session = useSession();
  const config = usePlatformConfig();
  if (!config.data || !session.account) return <FullPageSpin />;
  return (
    <OrgMembersPanel
      key={orgId}
      orgId={orgId}
      selfAccountId={session.account.account.id}
      policy={config.data.passwordPolicy}
    />
  );
}
