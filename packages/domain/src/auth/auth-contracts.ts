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

/** What the sign-in form adds once the address needs a captcha; each captcha is answered once. */
export const captchaAnswerFields = {
  captchaId: z.uuid().optional(),
  captchaAnswer: z.string().trim().max(16).optional(),
};

/** The sign-in call's input: the credentials and, once the address needs one, a captcha answer. */
export const loginInput = loginRequest.extend(captchaAnswerFields);
export type LoginInput = z.infer<typeof loginInput>;
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

/** Failed sign-ins from one address after which every sign-in from there needs a captcha. */
export const CAPTCHA_AFTER_FAILURES = 2;
/** Characters of a captcha's answer (no 0/O, 1/I/L lookalikes). */
export const CAPTCHA_LENGTH = 4;

/** `GET /uaa/captcha`: whether this address must answer a captcha, and a fresh one if so. */
export const captchaResult = z.object({
  required: z.boolean(),
  captcha: z
    .object({
      id: z.string(),
      /** An SVG image drawn from strokes (no text to read out of it). */
      svg: z.string(),
      expires_in: z.number().int(),
    })
    .nullable(),
});
export type CaptchaResult = z.infer<typeof captchaResult>;

/**
 * 忘记密码: the person names their account (and, if it belongs to several, the organisation);
 * the organisation's admins get a to-do and issue a one-time password. The answer is the same
 * whether or not the account exists.
 */
export const forgotPasswordRequest = z.object({
  username: usernameField,
  orgName: z
    .string()
    .trim()
    .max(100)
    .transform((v) => v || undefined)
    .optional(),
});
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>;
