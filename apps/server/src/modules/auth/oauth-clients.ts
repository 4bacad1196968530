import { WEB_CLIENT_ID, WEB_REDIRECT_PATH } from '@drp/domain';

/**
 * Registered OAuth clients. The web app is a public client: it holds no secret and proves
 * possession with PKCE S256. Its redirect URI is a same-origin path, because the authorize
 * step answers with JSON rather than a browser redirect, so no open redirect can exist.
 */
export const OAUTH_CLIENTS: Record<string, { redirectUris: readonly string[] }> = {
  [WEB_CLIENT_ID]: { redirectUris: [WEB_REDIRECT_PATH] },
};
