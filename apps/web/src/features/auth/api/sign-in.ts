import {
  WEB_CLIENT_ID,
  WEB_REDIRECT_PATH,
  type AuthorizeResult,
  type LoginInput,
  type LoginResult,
  type TokenResult,
} from '@drp/domain';
import { ApiError, request } from '../../../lib/http';
import { createPkcePair } from '../../../lib/pkce';

/**
 * The three steps of spec §7 Authentication: check the password (the server sets a short-lived
 * HttpOnly cookie), get a one-time code bound to a PKCE challenge, and redeem it for a token.
 */
export async function signIn(credentials: LoginInput): Promise<{ token: string; login: LoginResult }> {
  const login = await request<LoginResult>('/uaa/login', {
    method: 'POST',
    body: credentials,
    isLogin: true,
  });
  const { verifier, challenge } = await createPkcePair();
  const state = crypto.randomUUID();
  const authorized = await request<AuthorizeResult>('/uaa/oauth/authorize', {
    method: 'POST',
    isLogin: true,
    body: {
      response_type: 'code',
      client_id: WEB_CLIENT_ID,
      redirect_uri: WEB_REDIRECT_PATH,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
    },
  });
  if (authorized.state !== state) throw new ApiError('INVALID_STATE', 'state mismatch', 400);
  const token = await request<TokenResult>('/uaa/oauth/token', {
    method: 'POST',
    isLogin: true,
    body: {
      grant_type: 'authorization_code',
      code: authorized.code,
      redirect_uri: WEB_REDIRECT_PATH,
      client_id: WEB_CLIENT_ID,
      code_verifier: verifier,
    },
  });
  return { token: token.access_token, login };
}
