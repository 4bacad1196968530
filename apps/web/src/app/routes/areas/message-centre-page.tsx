import { AREAS, type AreaKey } from '@drp/domain';
import { FullPageSpin } from '../../../components/full-page-spin';
import { useSession } from '../../../features/auth/hooks/session-context';
import { MessageCentre } from '../../../features/messages/components/message-centre';
import { isRouted } from '../../route-registry';

/**
 * <area>/messages: the message centre of the area, over the person's organisations that work in
 * it (the popover's 查看全部 leads here).
 */
export function MessageCentrePage({ area }: { area: AreaKey }) {
  const session = useSession();
  if (!session.principal || !session.account) return <FullPageSpin />;
  const names = new Map(session.account.members.map((m) => [m.orgId, m.orgName]));
  const members = session.principal.members
    .filter((m) => AREAS[area].memberQualifies(m))
    .map((m) => ({ orgId: m.orgId, orgType: m.orgType, orgName: names.get(m.orgId) ?? '' }));
  return (
    <MessageCentre
      key={area}
      members={members}
      currentOrgId={session.currentOrgId}
      setCurrentOrgId={session.setCurrentOrgId}
      isRouted={isRouted}
    />
  );
}
