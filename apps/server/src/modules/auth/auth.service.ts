import {
  LIMITS,
  PASSWORD_POLICIES,
  type AuthorizeRequest,
  type HandoverResult,
  type Principal,
  type TokenRequest,
  type TokenResult,
} from '@drp/domain';
import { AppError } from '../../lib/app-error.js';
import type { AppContext } from '../../lib/app-context.js';
import { inTransaction, type Db } from '../../db/database.js';
import { randomToken, sha256Base64Url, sha256Hex } from '../../lib/crypto.js';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.js';
import {
  clearSignInFailures,
  consumeAuthorizationCode,
  consumeTicket,
  deleteDeadAuthorizationCodes,
  deleteDeadTickets,
  findAccountById,
  findAccountByUsername,
  findSessionWithAccount,
  findSignInFailures,
  insertAuthorizationCode,
  insertSession,
  insertTicket,
  listActiveMemberships,
  pruneSignInFailures,
  recordSignInFailure,
  revokeAccountSessions,
  revokeSession,
  spendAccountAuthorizationCodes,
  spendAccountTickets,
  touchSession,
  type AccountRow,
  type AuthSessionRow,
  type MembershipRow,
  type TicketKind,
} from './auth.repository.js';
import { OAUTH_CLIENTS } from './oauth-clients.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { countFailureOfAddress, forgetFailuresOfAddress, requireCaptchaIfNeeded } from './captcha.service.js';

export const LOGIN_TICKET_SECONDS = 600;
/** Long enough to open a link handed over by another system, too short to keep one for later. */
export const HANDOVER_CODE_SECONDS = 120;
/** Writing last-seen on every call would turn reads into writes; once a minute is enough for idle expiry. */
const TOUCH_EVERY_MS = 60_000;
const DAY_MS = 86_400_000;
/** Tokens, tickets and codes are 43 characters; anything much longer is not one and is not hashed. */
const MAX_SECRET_LENGTH = 256;

export function passwordExpiresInDays(ctx: AppContext, account: AccountRow): number | null {
  // A password someone else chose (new account, reset) must be replaced now, under any policy.
  if (account.passwordMustChange) return 0;
  const maxAge = PASSWORD_POLICIES[ctx.config.passwordPolicy].maxAgeDays;
  if (maxAge === null) return null;
  const age = (ctx.clock().getTime() - account.passwordChangedAt.getTime()) / DAY_MS;
  return Math.ceil(maxAge - age);
}

function minutesLeft(ctx: AppContext, until: Date | null): number {
  if (!until) return 0;
  const ms = until.getTime() - ctx.clock().getTime();
  return ms > 0 ? Math.ceil(ms / 60_000) : 0;
}

/**
 * Counts a failed sign-in of the username from the address and answers it: LOGIN_FAILED, or
 * ACCOUNT_LOCKED when this failure is the one that locks. Known and unknown usernames take this
 * same path, so the answer tells nothing about which accounts exist.
 */
async function refuseSignIn(
  ctx: AppContext,
  input: { key: string; ip: string; actor: AuditActor; account: AccountRow | undefined; reason: string },
): Promise<never> {
  const now = ctx.clock();
  const lockUntil = new Date(now.getTime() + LIMITS.lockoutMinutes * 60_000);
  const lockedNow = await inTransaction(ctx.db, async (db) => {
    await pruneSignInFailures(db, new Date(now.getTime() - DAY_MS));
    await countFailureOfAddress(db, input.ip, now);
    const until = await recordSignInFailure(db, {
      username: input.key,
      ip: input.ip,
      threshold: LIMITS.lockoutThreshold,
      lockUntil,
      now,
    });
    const isLocked = minutesLeft(ctx, until) > 0;
    await recordAudit(db, now, {
      action: 'SIGN_IN_FAILED',
      actor: input.actor,
      detail: { reason: input.reason },
    });
    if (isLocked && input.account)
      await recordAudit(db, now, {
        action: 'ACCOUNT_LOCKED',
        actor: input.actor,
        target: { type: 'account', id: input.account.id },
        detail: { minutes: LIMITS.lockoutMinutes },
      });
    return isLocked;
  });
  if (lockedNow) throw new AppError('ACCOUNT_LOCKED', { minutes: LIMITS.lockoutMinutes });
  throw new AppError('LOGIN_FAILED');
}

/**
 * A password asked again inside the session (signing, issue 21) counts with the sign-in failures
 * of the same username and address: a stolen session cannot try passwords there that the sign-in
 * form would lock after five. Answers the minutes the username is locked for at that address (0:
 * not locked); `failed` counts one more failure first, and audits the lock it causes.
 */
export async function passwordAskedAgain(
  ctx: AppContext,
  input: { account: AccountRow; ip: string; actor: AuditActor; failed: boolean },
): Promise<number> {
  const key = input.account.username.toLowerCase();
  if (!input.failed)
    return minutesLeft(ctx, (await findSignInFailures(ctx.db, key, input.ip))?.lockedUntil ?? null);
  const now = ctx.clock();
  return inTransaction(ctx.db, async (db) => {
    const until = await recordSignInFailure(db, {
      username: key,
      ip: input.ip,
      threshold: LIMITS.lockoutThreshold,
      lockUntil: new Date(now.getTime() + LIMITS.lockoutMinutes * 60_000),
      now,
    });
    const minutes = minutesLeft(ctx, until);
    if (minutes > 0)
      await recordAudit(db, now, {
        action: 'ACCOUNT_LOCKED',
        actor: input.actor,
        target: { type: 'account', id: input.account.id },
        detail: { minutes: LIMITS.lockoutMinutes },
      });
    return minutes;
  });
}

/**
 * Asked when no account has the username: registration answers an applicant whose organisation
 * is not approved yet (by throwing). Returns whether it checked the password, so that sign-in
 * checks one otherwise. Passed in by the app (app.ts), because registration sits above auth.
 */
export type UnknownUsernameAnswer = (ctx: AppContext, username: string, password: string) => Promise<boolean>;

/**
 * Checks a username and password (and, after two failures from the address, a captcha: see
 * captcha.service). Failures count per username (lower-cased, known or not) and
 * source address: five in a row lock that username for that address for ten minutes, during
 * which even the right password from there is refused; the owner elsewhere is not affected.
 * Every answer costs one password check, so neither the answer nor its time tells whether the
 * account exists or is locked.
 */
export async function signIn(
  ctx: AppContext,
  input: {
    username: string;
    password: string;
    ip: string;
    captchaId?: string | undefined;
    captchaAnswer?: string | undefined;
  },
  answerUnknownUsername: UnknownUsernameAnswer,
) {
  // Before anything about the username is looked at, so the answer is the same for every name.
  await requireCaptchaIfNeeded(ctx, input);
  const anonymous: AuditActor = { accountId: null, username: input.username, orgId: null, ip: input.ip };
  const key = input.username.toLowerCase();
  const failures = await findSignInFailures(ctx.db, key, input.ip);
  const account = await findAccountByUsername(ctx.db, input.username);
  const actor: AuditActor = account
    ? { ...anonymous, accountId: account.id, username: account.username }
    : anonymous;
  const locked = minutesLeft(ctx, failures?.lockedUntil ?? null);
  if (locked > 0) {
    await burnPasswordCheck(input.password);
    await recordAudit(ctx.db, ctx.clock(), { action: 'SIGN_IN_FAILED', actor, detail: { reason: 'locked' } });
    throw new AppError('ACCOUNT_LOCKED', { minutes: locked });
  }
  if (!account) {
    // An applicant whose organisation is not approved yet is told where the application stands.
    // Exactly one password check either way, so timing does not tell whether an application exists.
    if (!(await answerUnknownUsername(ctx, input.username, input.password)))
      await burnPasswordCheck(input.password);
    return refuseSignIn(ctx, { key, ip: input.ip, actor, account, reason: 'unknown_username' });
  }
  if (!(await verifyPassword(account.passwordHash, input.password)))
    return refuseSignIn(ctx, { key, ip: input.ip, actor, account, reason: 'wrong_password' });
  if (!account.enabled) {
    await recordAudit(ctx.db, ctx.clock(), {
      action: 'SIGN_IN_FAILED',
      actor,
      detail: { reason: 'disabled' },
    });
    throw new AppError('ACCOUNT_DISABLED');
  }
  await inTransaction(ctx.db, async (db) => {
    if (failures) await clearSignInFailures(db, key, input.ip);
    await forgetFailuresOfAddress(db, input.ip);
    await recordAudit(db, ctx.clock(), { action: 'SIGN_IN', actor });
  });
  return { account, passwordExpiresInDays: passwordExpiresInDays(ctx, account) };
}

/** A one-time ticket of the account, stored hashed; the caller gets the only copy. */
async function issueTicket(ctx: AppContext, kind: TicketKind, accountId: string, seconds: number) {
  const ticket = randomToken();
  const now = ctx.clock();
  await inTransaction(ctx.db, async (db) => {
    await deleteDeadTickets(db, accountId, now);
    await insertTicket(db, {
      ticketHash: sha256Hex(ticket),
      kind,
      accountId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + seconds * 1000),
    });
  });
  return ticket;
}

/** The ticket carried in an HttpOnly cookie from /uaa/login to /uaa/oauth/authorize: one authorization. */
export const createLoginTicket = (ctx: AppContext, accountId: string) =>
  issueTicket(ctx, 'LOGIN', accountId, LOGIN_TICKET_SECONDS);

function checkClient(clientId: string, redirectUri: string) {
  const client = OAUTH_CLIENTS[clientId];
  if (!client) throw new AppError('INVALID_CLIENT');
  if (!client.redirectUris.includes(redirectUri)) throw new AppError('INVALID_GRANT');
}

/** A new session of the account: the token's only copy goes to the caller. */
async function openSession(
  ctx: AppContext,
  db: Db,
  accountId: string,
  client: { ip: string; userAgent: string | undefined },
): Promise<TokenResult> {
  const now = ctx.clock();
  const token = randomToken();
  const ttlSeconds = ctx.config.tokenTtlHours * 3600;
  await insertSession(db, {
    tokenHash: sha256Hex(token),
    accountId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 512) ?? null,
  });
  return {
    access_token: token,
    token_type: 'Bearer',
    expires_in: ttlSeconds,
    idle_timeout: ctx.config.idleTimeoutMinutes * 60,
  };
}

/**
 * Spends the sign-in ticket and issues a one-time authorization code bound to the PKCE challenge
 * and the redirect URI. Spending and issuing share a transaction, so a logout or password change
 * that spends the account's tickets and codes meanwhile either finds the ticket unspent (and this
 * call is refused) or waits and finds the code.
 */
export async function authorizeWithTicket(
  ctx: AppContext,
  ticket: string | undefined,
  request: AuthorizeRequest,
) {
  checkClient(request.client_id, request.redirect_uri);
  if (!ticket || ticket.length > MAX_SECRET_LENGTH) throw new AppError('LOGIN_REQUIRED');
  const now = ctx.clock();
  const code = randomToken();
  const issued = await inTransaction(ctx.db, async (db) => {
    const accountId = await consumeTicket(db, 'LOGIN', sha256Hex(ticket), now);
    if (!accountId) return false;
    // The ticket stays spent even when the account was disabled since.
    const account = await findAccountById(db, accountId);
    if (!account?.enabled) return false;
    await deleteDeadAuthorizationCodes(db, accountId, now);
    await insertAuthorizationCode(db, {
      codeHash: sha256Hex(code),
      accountId,
      clientId: request.client_id,
      redirectUri: request.redirect_uri,
      codeChallenge: request.code_challenge,
      expiresAt: new Date(now.getTime() + LIMITS.authorizationCodeTtlSeconds * 1000),
    });
    return true;
  });
  if (!issued) throw new AppError('LOGIN_REQUIRED');
  return {
    code,
    redirect_uri: request.redirect_uri,
    expires_in: LIMITS.authorizationCodeTtlSeconds,
    ...(request.state === undefined ? {} : { state: request.state }),
  };
}

/** Redeems a code for a bearer token (RFC 6749 §4.1.3 with RFC 7636 PKCE). */
export async function exchangeAuthorizationCode(
  ctx: AppContext,
  request: TokenRequest,
  client: { ip: string; userAgent: string | undefined },
): Promise<TokenResult> {
  if (request.grant_type !== 'authorization_code') throw new AppError('UNSUPPORTED_GRANT_TYPE');
  checkClient(request.client_id, request.redirect_uri);
  const now = ctx.clock();
  // A wrong verifier still spends the code (the transaction commits): a guess costs the holder it.
  const result = await inTransaction(ctx.db, async (db) => {
    const row = await consumeAuthorizationCode(db, sha256Hex(request.code), now);
    const valid =
      row &&
      row.expiresAt.getTime() > now.getTime() &&
      row.clientId === request.client_id &&
      row.redirectUri === request.redirect_uri &&
      sha256Base64Url(request.code_verifier) === row.codeChallenge;
    if (!valid) return null;
    const account = await findAccountById(db, row.accountId);
    if (!account?.enabled) return null;
    return openSession(ctx, db, row.accountId, client);
  });
  if (!result) throw new AppError('INVALID_GRANT');
  return result;
}

/**
 * A one-time hand-over code for the signed-in caller's account: what a `?token=` link carries to
 * sign another tab or browser in, exchanged once, within two minutes, by a POST.
 */
export async function issueHandoverCode(ctx: AppContext, auth: Authenticated): Promise<HandoverResult> {
  const code = await issueTicket(ctx, 'HANDOVER', auth.account.id, HANDOVER_CODE_SECONDS);
  return { code, expires_in: HANDOVER_CODE_SECONDS };
}

/** Spends a hand-over code for a new session of its account; anything else (a bearer token too) is refused. */
export async function exchangeHandoverCode(
  ctx: AppContext,
  code: string,
  client: { ip: string; userAgent: string | undefined },
): Promise<TokenResult> {
  if (code.length > MAX_SECRET_LENGTH) throw new AppError('HANDOVER_CODE_INVALID');
  const now = ctx.clock();
  const result = await inTransaction(ctx.db, async (db) => {
    const accountId = await consumeTicket(db, 'HANDOVER', sha256Hex(code), now);
    if (!accountId) return null;
    const account = await findAccountById(db, accountId);
    if (!account?.enabled) return null;
    const token = await openSession(ctx, db, accountId, client);
    await recordAudit(db, now, {
      action: 'SIGN_IN',
      actor: { accountId, username: account.username, orgId: null, ip: client.ip },
      detail: { via: 'handover' },
    });
    return token;
  });
  if (!result) throw new AppError('HANDOVER_CODE_INVALID');
  return result;
}

export interface Authenticated {
  session: AuthSessionRow;
  account: AccountRow;
  memberships: MembershipRow[];
  principal: Principal;
}

export function toPrincipal(account: AccountRow, memberships: MembershipRow[]): Principal {
  return {
    accountId: account.id,
    systemAdmin: account.systemAdmin,
    members: memberships.map((m) => ({
      orgId: m.orgId,
      orgType: m.orgType,
      admin: m.admin,
      profiles: m.profiles,
      // Review missions (issue 19): a normal reviewer's visibility reads the account.
      accountId: account.id,
    })),
  };
}

/**
 * Resolves a bearer token; revoked, expired, idle or disabled sessions resolve to nothing.
 * `touch: false` for requests the page makes by itself (the to-do refresh, the message stream),
 * which must not keep an unattended session alive.
 */
export async function authenticateToken(
  ctx: AppContext,
  token: string,
  options: { touch?: boolean } = {},
): Promise<Authenticated | null> {
  if (token.length > 256) return null;
  const tokenHash = sha256Hex(token);
  const now = ctx.clock().getTime();
  const idleMs = ctx.config.idleTimeoutMinutes * 60_000;
  const touch = options.touch !== false;
  const cached = ctx.sessions.get(tokenHash, now);
  // A cached session that looks expired or idle is read again: another process may have seen it since.
  if (
    cached &&
    cached.session.expiresAt.getTime() > now &&
    now - cached.session.lastSeenAt.getTime() <= idleMs
  ) {
    let { session } = cached;
    if (touch && now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await touchSession(ctx.db, session.id, ctx.clock());
      session = { ...session, lastSeenAt: new Date(now) };
      ctx.sessions.updateSession(tokenHash, session);
    }
    return authenticated(session, cached.account, cached.memberships);
  }
  const generation = ctx.sessions.token();
  const found = await findSessionWithAccount(ctx.db, tokenHash);
  if (!found) return null;
  const { account } = found;
  let { session } = found;
  if (session.revokedAt || session.expiresAt.getTime() <= now) return null;
  if (now - session.lastSeenAt.getTime() > idleMs) {
    ctx.sessions.delete(tokenHash);
    await revokeSession(ctx.db, session.tokenHash, ctx.clock());
    return null;
  }
  if (!account.enabled) return null;
  if (touch && now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await touchSession(ctx.db, session.id, ctx.clock());
    session = { ...session, lastSeenAt: new Date(now) };
  }
  const memberships = await listActiveMemberships(ctx.db, account.id);
  ctx.sessions.set(tokenHash, { session, account, memberships }, now, generation);
  return authenticated(session, account, memberships);
}

function authenticated(
  session: AuthSessionRow,
  account: AccountRow,
  memberships: MembershipRow[],
): Authenticated {
  return { session, account, memberships, principal: toPrincipal(account, memberships) };
}

/**
 * Spends every sign-in ticket, hand-over code and unredeemed authorization code of the account,
 * in that order: a concurrent authorize or exchange either loses its ticket here or has
 * committed its code or session before the later statements look. Callers run it in a
 * transaction.
 */
async function spendAccountGrants(db: Db, accountId: string, at: Date) {
  await spendAccountTickets(db, accountId, at);
  await spendAccountAuthorizationCodes(db, accountId, at);
}

/**
 * Ends the session of the token; a sign-in under way for the account (its tickets, hand-over
 * codes and unredeemed authorization codes) ends with it. The login cookie's ticket, if one is
 * sent, is spent too. Other sessions of the account stay.
 */
export async function signOut(
  ctx: AppContext,
  input: { token: string | undefined; loginTicket: string | undefined; actor: AuditActor },
) {
  const { token, loginTicket, actor } = input;
  const now = ctx.clock();
  await inTransaction(ctx.db, async (db) => {
    const accountIds = new Set<string>();
    if (token && token.length <= MAX_SECRET_LENGTH) {
      const accountId = await revokeSession(db, sha256Hex(token), now);
      if (accountId) accountIds.add(accountId);
    }
    if (loginTicket && loginTicket.length <= MAX_SECRET_LENGTH) {
      const accountId = await consumeTicket(db, 'LOGIN', sha256Hex(loginTicket), now);
      if (accountId) accountIds.add(accountId);
    }
    for (const accountId of accountIds) await spendAccountGrants(db, accountId, now);
    if (actor.accountId) await recordAudit(db, now, { action: 'SIGN_OUT', actor });
  });
  // Sign-out is also a GET (`/api/logout`), which the auth plugin's clear-on-write does not see.
  ctx.sessions.clear();
}

/**
 * Ends every session of the account and spends every ticket, hand-over code and unredeemed
 * authorization code, e.g. after its password changed. Run inside the caller's transaction.
 */
export async function endAllSessions(ctx: AppContext, accountId: string) {
  const now = ctx.clock();
  await spendAccountGrants(ctx.db, accountId, now);
  await revokeAccountSessions(ctx.db, accountId, now);
  ctx.sessions.clear();
}
