import { createContext, useContext } from 'react';
import type { AccountDetail, AreaKey, Principal } from '@drp/domain';

export interface Session {
  token: string | null;
  account: AccountDetail | undefined;
  principal: Principal | null;
  /** True while a token exists but the account has not loaded yet. */
  loading: boolean;
  currentOrgId: string | null;
  setCurrentOrgId: (orgId: string) => void;
  /** Stores a fresh token from sign-in. */
  adoptToken(token: string): void;
  /** Forgets the session locally (token, org, return url). */
  clear(): void;
  /** The area the signed-in user lands in, for the current organisation. */
  home: AreaKey | null;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
