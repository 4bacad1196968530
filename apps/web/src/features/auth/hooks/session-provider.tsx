import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { homeArea, type AccountDetail, type Principal } from '@drp/domain';
import { sessionStore } from '../../../lib/session-store';
import { useAccount } from '../api/get-account';
import { SessionContext, type Session } from './session-context';

export function principalOf(detail: AccountDetail): Principal {
  return {
    accountId: detail.account.id,
    systemAdmin: detail.account.admin,
    members: detail.members.map((m) => ({
      orgId: m.orgId,
      orgType: m.orgType,
      admin: m.admin,
      profiles: m.roleList.flatMap((r) => r.profileDtoList.map((p) => p.name)),
    })),
  };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState(sessionStore.token);
  const [storedOrgId, setStoredOrgId] = useState(sessionStore.currentOrgId);
  const account = useAccount(token);
  const principal = useMemo(() => (account.data ? principalOf(account.data) : null), [account.data]);

  // A stored org the account no longer belongs to falls back to the first membership.
  const currentOrgId = useMemo(() => {
    if (!principal) return storedOrgId;
    if (principal.members.some((m) => m.orgId === storedOrgId)) return storedOrgId;
    return principal.members[0]?.orgId ?? null;
  }, [principal, storedOrgId]);
  // Every request names its organisation from the store (lib/http), so the fallback goes there
  // before any screen below asks: a member who joined a unit after being disabled in another
  // otherwise sent the old unit and was refused (404) on the new area's first page. Written during
  // render because the children's effects, where their queries start, run before this one's.
  if (principal && currentOrgId && currentOrgId !== sessionStore.currentOrgId())
    sessionStore.setCurrentOrgId(currentOrgId);

  const setCurrentOrgId = useCallback((orgId: string) => {
    sessionStore.setCurrentOrgId(orgId);
    setStoredOrgId(orgId);
  }, []);
  const adoptToken = useCallback((next: string) => {
    sessionStore.setToken(next);
    setToken(next);
  }, []);
  const clear = useCallback(() => {
    sessionStore.clear();
    setToken(null);
    setStoredOrgId(null);
    queryClient.removeQueries({ queryKey: ['account'] });
  }, [queryClient]);

  const value: Session = {
    token,
    account: account.data,
    principal,
    loading: Boolean(token) && account.isPending,
    currentOrgId,
    setCurrentOrgId,
    adoptToken,
    clear,
    home: principal ? homeArea(principal, currentOrgId) : null,
  };
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
