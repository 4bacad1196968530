import { SESSION_STORAGE_KEYS } from '@drp/domain';

/** Token, current org id and login return url live in session storage (spec §9): one tab, one session. */
function read(key: string): string | null {
  return sessionStorage.getItem(key);
}
function write(key: string, value: string | null) {
  if (value === null) sessionStorage.removeItem(key);
  else sessionStorage.setItem(key, value);
}

export const sessionStore = {
  token: () => read(SESSION_STORAGE_KEYS.token),
  setToken: (token: string | null) => write(SESSION_STORAGE_KEYS.token, token),
  currentOrgId: () => read(SESSION_STORAGE_KEYS.currentOrgId),
  setCurrentOrgId: (orgId: string | null) => write(SESSION_STORAGE_KEYS.currentOrgId, orgId),
  returnUrl: () => read(SESSION_STORAGE_KEYS.returnUrl),
  setReturnUrl: (url: string | null) => write(SESSION_STORAGE_KEYS.returnUrl, url),
  clear() {
    for (const key of Object.values(SESSION_STORAGE_KEYS)) sessionStorage.removeItem(key);
  },
};
