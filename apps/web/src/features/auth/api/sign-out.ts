import { request } from '../../../lib/http';

/** Revokes the token on the server; afterwards it answers 401 everywhere. */
export const signOut = () => request<null>('/api/logout', { isLogin: true });
