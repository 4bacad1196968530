import { SignJWT, jwtVerify } from 'jose';
import {
  LIMITS,
  PASSWORD_POLICIES,
  type AuthorizeRequest,
  type Principal,
  type TokenRequest,
  type TokenResult,
} from '@drp/domain';
import { AppError } from '../../lib/app-error.js';
import type { AppContext } from '../../lib/app-context.js';
import { inTransaction } from '../../db/database.js';
import { randomToken, sha256Base64Url, sha256Hex } from '../../lib/crypto.js';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.js';
import {
  clearFailedSignIns,
  findAccountById,
  findAccountByUsername,
  listActiveMemberships,
  recordFailedSignIn,
  type AccountRow,
  type MembershipRow,
} from '../accounts/accounts.repository.js';
import {
  consumeAuthorizationCode,
  findSessionWithAccount,
  insertAuthorizationCode,
  insertSession,
  revokeAccountSessions,
  revokeSession,
  touchSession,
  type AuthSessionRow,
} from './auth.repository.js';
import { OAUTH_CLIENTS } from './oauth-clients.js';
import { answerApplicantSignIn } from '../registration/registration.service.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';

const LOGIN_TICKET_SECONDS = 600;
/** Writing last-seen on every call would turn reads into writes; once a minute is enough for idle expiry. */
const TOUCH_EVERY_MS = 60_000;
const DAY_MS = 86_400_000;

export function passwordExpiresInDays(ctx: AppContext, account: AccountRow): number | null {
  // A password someone else chose (new account, reset) must be replaced now, under any policy.
  if (account.passwordMustChange) return 0;
  const maxAge = PASSWORD_POLICIES[ctx.config.passwordPolicy].maxAgeDays;
  if (maxAge === null) return null;
  const age = (ctx.clock().getTime() - account.passwordChangedAt.getTime()) / DAY_MS;
  return Math.ceil(maxAge - age);
}

function lockedMinutesLeft(ctx: AppContext, account: AccountRow): number {
  if (!account.lockedUntil) return 0;
  const ms = account.lockedUntil.getTime() - ctx.clock().getTime();
  return ms > 0 ? Math.ceil(ms / 60_000) : 0;
}

/**
 * Checks a username and password. Five consecutive failures lock the account for ten
 * minutes; while locked even the right password is refused, and the message says so.
 */
export async function signIn(ctx: AppContext, input: { username: string; password: string; ip: string }) {
  const anonymous: AuditActor = { accountId: null, username: input.username, orgId: null, ip: input.ip };
  const account = await findAccountByUsername(ctx.db, input.username);
  if (!account) {
    // An applicant whose organisation is not approved yet is told where the application stands.
    // Exactly one password check either way, so timing does not tell whether an application exists.
    if (!(await answerApplicantSignIn(ctx, input.username, input.password)))
      await burnPasswordCheck(input.password);
    await recordAudit(ctx.db, ctx.clock(), {
      action: 'SIGN_IN_FAILED',
      actor: anonymous,
      detail: { reason: 'unknown_username' },
    });
    throw new AppError('LOGIN_FAILED');
  }
  const actor: AuditActor = { ...anonymous, accountId: account.id, username: account.username };
  const locked = lockedMinutesLeft(ctx, account);
  if (locked > 0) {
    await recordAudit(ctx.db, ctx.clock(), { action: 'SIGN_IN_FAILED', actor, detail: { reason: 'locked' } });
    throw new AppError('ACCOUNT_LOCKED', { minutes: locked });
  }
  if (!(await verifyPassword(account.passwordHash, input.password))) {
    const lockUntil = new Date(ctx.clock().getTime() + LIMITS.lockoutMinutes * 60_000);
    const lockedNow = await inTransaction(ctx.db, async (db) => {
      const row = await recordFailedSignIn(db, account.id, LIMITS.lockoutThreshold, lockUntil);
      const isLocked = Boolean(row?.lockedUntil && row.lockedUntil.getTime() > ctx.clock().getTime());
      await recordAudit(db, ctx.clock(), {
        action: 'SIGN_IN_FAILED',
        actor,
        detail: { reason: 'wrong_password' },
      });
      if (isLocked)
        await recordAudit(db, ctx.clock(), {
          action: 'ACCOUNT_LOCKED',
          actor,
          target: { type: 'account', id: account.id },
          detail: { minutes: LIMITS.lockoutMinutes },
        });
      return isLocked;
    });
    if (lockedNow) throw new AppError('ACCOUNT_LOCKED', { minutes: LIMITS.lockoutMinutes });
    throw new AppError('LOGIN_FAILED');
  }
  if (!account.enabled) {
    await recordAudit(ctx.db, ctx.clock(), {
      action: 'SIGN_IN_FAILED',
      actor,
      detail: { reason: 'disabled' },
    });
    throw new AppError('ACCOUNT_DISABLED');
  }
  await inTransaction(ctx.db, async (db) => {
    if (account.failedAttempts > 0 || account.lockedUntil) await clearFailedSignIns(db, account.id);
    await recordAudit(db, ctx.clock(), { action: 'SIGN_IN', actor });
  });
  return { account, passwordExpiresInDays: passwordExpiresInDays(ctx, account) };
}

/** The ticket carried in an HttpOnly cookie from /uaa/login to /uaa/oauth/authorize. */
export async function createLoginTicket(ctx: AppContext, accountId: string): Promise<string> {
  const now = Math.floor(ctx.clock().getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(accountId)
    .setAudience('uaa-authorize')
    .setIssuedAt(now)
    .setExpirationTime(now + LOGIN_TICKET_SECONDS)
    .sign(ctx.secrets.authKey);
}

export async function readLoginTicket(ctx: AppContext, ticket: string | undefined): Promise<string> {
  if (!ticket) throw new AppError('LOGIN_REQUIRED');
  try {
    const { payload } = await jwtVerify(ticket, ctx.secrets.authKey, {
      audience: 'uaa-authorize',
      algorithms: ['HS256'],
      currentDate: ctx.clock(),
    });
    if (!payload.sub) throw new Error('no subject');
    return payload.sub;
  } catch {
    throw new AppError('LOGIN_REQUIRED');
  }
}

function checkClient(clientId: string, redirectUri: string) {
  const client = OAUTH_CLIENTS[clientId];
  if (!client) throw new AppError('INVALID_CLIENT');
  if (!client.redirectUris.includes(redirectUri)) throw new AppError('INVALID_GRANT');
}

/** Issues a one-time authorization code bound to the PKCE challenge and the redirect URI. */
export async function issueAuthorizationCode(ctx: AppContext, accountId: string, request: AuthorizeRequest) {
  checkClient(request.client_id, request.redirect_uri);
  const account = await findAccountById(ctx.db, accountId);
  if (!account?.enabled) throw new AppError('LOGIN_REQUIRED');
  const code = randomToken();
  await insertAuthorizationCode(ctx.db, {
    codeHash: sha256Hex(code),
    accountId,
    clientId: request.client_id,
    redirectUri: request.redirect_uri,
    codeChallenge: request.code_challenge,
    expiresAt: new Date(ctx.clock().getTime() + LIMITS.authorizationCodeTtlSeconds * 1000),
  });
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
  const row = await consumeAuthorizationCode(ctx.db, sha256Hex(request.code), now);
  const valid =
    row &&
    row.expiresAt.getTime() > now.getTime() &&
    row.clientId === request.client_id &&
    row.redirectUri === request.redirect_uri &&
    sha256Base64Url(request.code_verifier) === row.codeChallenge;
  if (!valid) throw new AppError('INVALID_GRANT');
  const account = await findAccountById(ctx.db, row.accountId);
  if (!account?.enabled) throw new AppError('INVALID_GRANT');

  const token = randomToken();
  const ttlSeconds = ctx.config.tokenTtlHours * 3600;
  await insertSession(ctx.db, {
    tokenHash: sha256Hex(token),
    accountId: row.accountId,
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

export async function signOut(ctx: AppContext, token: string | undefined, actor: AuditActor) {
  if (!token) return;
  await inTransaction(ctx.db, async (db) => {
    await revokeSession(db, sha256Hex(token), ctx.clock());
    if (actor.accountId) await recordAudit(db, ctx.clock(), { action: 'SIGN_OUT', actor });
  });
  // Sign-out is also a GET (`/api/logout`), which the auth plugin's clear-on-write does not see.
  ctx.sessions.clear();
}

/** Ends every session of the account, e.g. after its password changed. */
export async function endAllSessions(ctx: AppContext, accountId: string) {
  await revokeAccountSessions(ctx.db, accountId, ctx.clock());
  ctx.sessions.clear();
}
