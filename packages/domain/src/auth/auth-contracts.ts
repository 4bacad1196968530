import { z } from 'zod';
import { LIMITS } from '../platform/limits.js';

/** Usernames are trimmed (spec §5) and bounded so garbage cannot reach the password hasher. */
export const usernameField = z
  .string()
  .trim()
  .min(1, { message: 'username is required' })
  .max(LIMITS.usernameMaxLength, { message: `username is at most ${LIMITS.usernameMaxLength} characters` });

export const passwordField = z
  .string()
  .min(1, { message: 'password is required' })
  .max(LIMITS.passwordMaxLength, { message: `password is at most ${LIMITS.passwordMaxLength} characters` });

export const loginRequest = z.object({ username: usernameField, password: passwordField });
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResult = z.object({
  username: z.string(),
  /** Days until the password must be changed; null where the policy does not rotate. */
  passwordExpiresInDays: z.number().int().nullable(),
});

const base64url43to128 = z
  .string()
  .regex(/^[A-Za-z0-9\-._~]{43,128}$/, { message: 'must be 43-128 unreserved characters' });

export const authorizeRequest = z.object({
  response_type: z.literal('code'),
  client_id: z.string().min(1).max(64),
  redirect_uri: z.string().min(1).max(512),
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'must be a base64url SHA-256 digest' }),
  code_challenge_method: z.literal('S256'),
  state: z.string().max(256).optional(),
});
export type AuthorizeRequest = z.infer<typeof authorizeRequest>;

export const authorizeResult = z.object({
  code: z.string(),
  state: z.string().optional(),
  redirect_uri: z.string(),
  expires_in: z.number().int(),
});

export const tokenRequest = z.object({
  grant_type: z.string().min(1).max(64),
  code: z.string().min(1).max(256),
  redirect_uri: z.string().min(1).max(512),
  client_id: z.string().min(1).max(64),
  code_verifier: base64url43to128,
});
export type TokenRequest = z.infer<typeof tokenRequest>;

export const tokenResult = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  /** Sessions end after this many idle seconds. */
  idle_timeout: z.number().int(),
});
export type TokenResult = z.infer<typeof tokenResult>;

export type LoginResult = z.infer<typeof loginResult>;
export type AuthorizeResult = z.infer<typeof authorizeResult>;

/** A one-time code that signs another tab or browser in (the `?token=` of a hand-over link). */
export const handoverResult = z.object({
  code: z.string(),
  /** Seconds the code stays valid; it is spent by its first exchange. */
  expires_in: z.number().int(),
});
export type HandoverResult = z.infer<typeof handoverResult>;

export const handoverTokenRequest = z.object({ code: z.string().min(1).max(256) });
export type HandoverTokenRequest = z.infer<typeof handoverTokenRequest>;
