import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';

/**
 * One-time OAuth authorization codes (stored hashed; PKCE S256 challenge kept for the exchange).
 * Indexed by account: a logout or password change spends the account's unredeemed codes.
 */
export const authorizationCodes = pgTable(
  'authorization_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('authorization_codes_account_idx').on(t.accountId)],
);

/** Bearer-token sessions: opaque tokens stored hashed, so revocation and idle expiry are real. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('auth_sessions_account_idx').on(t.accountId)],
);

/**
 * One-time tickets of an account, stored hashed: the sign-in ticket (`LOGIN`, the `drp_login`
 * cookie between /uaa/login and /uaa/oauth/authorize) and the hand-over code (`HANDOVER`, what a
 * `?token=` link carries, exchanged by a POST for a session). Each authorizes once; a logout or
 * a password change spends every ticket of the account.
 */
export const authTickets = pgTable(
  'auth_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    kind: text('kind').$type<'LOGIN' | 'HANDOVER'>().notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('auth_tickets_account_idx').on(t.accountId)],
);

/**
 * Failed sign-ins counted per username (as typed, lower-cased; known or not) and source address,
 * so a stranger's tries from one address lock that address out, never the owner elsewhere, and an
 * unknown username locks exactly as a known one does.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.username, t.ip] }), index('sign_in_failures_last_idx').on(t.lastFailedAt)],
);

/**
 * Failed sign-ins from one address, whatever the username: from the second on, every sign-in from
 * there needs a captcha, until one succeeds. Rows a day old are deleted with the per-username ones.
 */
export const signInAddressFailures = pgTable('sign_in_address_failures', {
  ip: text('ip').primaryKey(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Captchas handed to an address, each answered once (right or wrong) and only from that address.
 * The answer is kept as the picture shows it: it guards nothing once spent, and it lives minutes.
 */
export const signInCaptchas = pgTable(
  'sign_in_captchas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ip: text('ip').notNull(),
    answer: text('answer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sign_in_captchas_expires_idx').on(t.expiresAt)],
);
