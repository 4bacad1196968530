import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { OrgType, Profile } from '@drp/domain';
import type { Db } from '../../db/database.js';
import { accounts, memberProfiles, members } from '../../db/schema/accounts.js';
import { authSessions, authTickets, authorizationCodes, signInFailures } from '../../db/schema/auth.js';
import { orgs } from '../../db/schema/orgs.js';

export type AuthSessionRow = typeof authSessions.$inferSelect;
export type TicketKind = (typeof authTickets.$inferSelect)['kind'];

// Who an account is and what it may act for. Sign-in and the session lookup read these, and so do
// the modules above auth (accounts, members, orgs, registration) that find an account by name.
export type AccountRow = typeof accounts.$inferSelect;

export interface MembershipRow {
  id: string;
  orgId: string;
  orgName: string;
  orgType: OrgType;
  admin: boolean;
  profiles: Profile[];
}

export async function findAccountByUsername(db: Db, username: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.username, username)).limit(1);
  return row;
}

export async function findAccountById(db: Db, id: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row;
}

/** Active memberships only: a disabled member or organisation acts for nobody. */
export async function listActiveMemberships(db: Db, accountId: string): Promise<MembershipRow[]> {
  const rows = await db
    .select({
      id: members.id,
      orgId: orgs.id,
      orgName: orgs.name,
      orgType: orgs.orgType,
      admin: members.admin,
      profiles: sql<
        Profile[]
      >`coalesce(array_agg(${memberProfiles.profile} order by ${memberProfiles.profile}) filter (where ${memberProfiles.profile} is not null), '{}')`,
    })
    .from(members)
    .innerJoin(orgs, eq(orgs.id, members.orgId))
    .leftJoin(memberProfiles, eq(memberProfiles.memberId, members.id))
    .where(and(eq(members.accountId, accountId), eq(members.enabled, true), eq(orgs.enabled, true)))
    .groupBy(members.id, orgs.id)
    // Oldest membership first; org type then name break ties without depending on collation.
    .orderBy(members.createdAt, orgs.orgType, orgs.name);
  return rows;
}

export async function insertAuthorizationCode(db: Db, row: typeof authorizationCodes.$inferInsert) {
  await db.insert(authorizationCodes).values(row);
}

/** Codes of the account that can no longer be redeemed; they only make its spending slower. */
export async function deleteDeadAuthorizationCodes(db: Db, accountId: string, now: Date) {
  await db
    .delete(authorizationCodes)
    .where(
      and(
        eq(authorizationCodes.accountId, accountId),
        or(isNotNull(authorizationCodes.usedAt), lt(authorizationCodes.expiresAt, now)),
      ),
    );
}

/** Marks the code used and returns it, in one statement, so a code can be redeemed once only. */
export async function consumeAuthorizationCode(db: Db, codeHash: string, at: Date) {
  const [row] = await db
    .update(authorizationCodes)
    .set({ usedAt: at })
    .where(and(eq(authorizationCodes.codeHash, codeHash), isNull(authorizationCodes.usedAt)))
    .returning();
  return row;
}

export async function spendAccountAuthorizationCodes(db: Db, accountId: string, at: Date) {
  await db
    .update(authorizationCodes)
    .set({ usedAt: at })
    .where(and(eq(authorizationCodes.accountId, accountId), isNull(authorizationCodes.usedAt)));
}

export async function insertTicket(db: Db, row: typeof authTickets.$inferInsert) {
  await db.insert(authTickets).values(row);
}

/** Tickets of the account that can no longer be used: a lookup by hash misses them all the same. */
export async function deleteDeadTickets(db: Db, accountId: string, now: Date) {
  await db
    .delete(authTickets)
    .where(
      and(
        eq(authTickets.accountId, accountId),
        or(isNotNull(authTickets.usedAt), lt(authTickets.expiresAt, now)),
      ),
    );
}

/**
 * Spends a live ticket of the kind and returns its account, in one statement: of two callers
 * presenting the same ticket, exactly one gets it.
 */
export async function consumeTicket(db: Db, kind: TicketKind, ticketHash: string, now: Date) {
  const [row] = await db
    .update(authTickets)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTickets.ticketHash, ticketHash),
        eq(authTickets.kind, kind),
        isNull(authTickets.usedAt),
        gt(authTickets.expiresAt, now),
      ),
    )
    .returning({ accountId: authTickets.accountId });
  return row?.accountId;
}

export async function spendAccountTickets(db: Db, accountId: string, at: Date) {
  await db
    .update(authTickets)
    .set({ usedAt: at })
    .where(and(eq(authTickets.accountId, accountId), isNull(authTickets.usedAt)));
}

export async function insertSession(db: Db, row: typeof authSessions.$inferInsert) {
  const [session] = await db.insert(authSessions).values(row).returning();
  return session!;
}

/** The session and its account in one round trip: this runs on every authenticated call. */
export async function findSessionWithAccount(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ session: authSessions, account: accounts })
    .from(authSessions)
    .innerJoin(accounts, eq(accounts.id, authSessions.accountId))
    .where(eq(authSessions.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function touchSession(db: Db, id: string, at: Date) {
  await db.update(authSessions).set({ lastSeenAt: at }).where(eq(authSessions.id, id));
}

/** Revokes a live session; returns its account, or nothing when the token was not live. */
export async function revokeSession(db: Db, tokenHash: string, at: Date) {
  const [row] = await db
    .update(authSessions)
    .set({ revokedAt: at })
    .where(and(eq(authSessions.tokenHash, tokenHash), isNull(authSessions.revokedAt)))
    .returning({ accountId: authSessions.accountId });
  return row?.accountId;
}

export async function revokeAccountSessions(db: Db, accountId: string, at: Date) {
  await db
    .update(authSessions)
    .set({ revokedAt: at })
    .where(and(eq(authSessions.accountId, accountId), isNull(authSessions.revokedAt)));
}

/** The failures of the username from the address, if any are counted. */
export async function findSignInFailures(db: Db, username: string, ip: string) {
  const [row] = await db
    .select({ lockedUntil: signInFailures.lockedUntil })
    .from(signInFailures)
    .where(and(eq(signInFailures.username, username), eq(signInFailures.ip, ip)))
    .limit(1);
  return row;
}

/**
 * Counts one failure of the username from the address, in one statement so concurrent tries
 * all count. The one that reaches the threshold locks until `lockUntil` and starts the count
 * again, so failures before a lock do not shorten the next round. Returns the lock's end.
 */
export async function recordSignInFailure(
  db: Db,
  input: { username: string; ip: string; threshold: number; lockUntil: Date; now: Date },
) {
  const reaches = sql`${signInFailures.failedAttempts} + 1 >= ${input.threshold}`;
  const lockUntil = sql`${input.lockUntil.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(signInFailures)
    .values({
      username: input.username,
      ip: input.ip,
      failedAttempts: input.threshold <= 1 ? 0 : 1,
      lockedUntil: input.threshold <= 1 ? input.lockUntil : null,
      lastFailedAt: input.now,
    })
    .onConflictDoUpdate({
      target: [signInFailures.username, signInFailures.ip],
      set: {
        failedAttempts: sql`case when ${reaches} then 0 else ${signInFailures.failedAttempts} + 1 end`,
        lockedUntil: sql`case when ${reaches} then ${lockUntil} else ${signInFailures.lockedUntil} end`,
        lastFailedAt: input.now,
      },
    })
    .returning({ lockedUntil: signInFailures.lockedUntil });
  return row?.lockedUntil ?? null;
}

/** Rows whose last failure is older than `before`: their count and any lock are long over. */
export async function pruneSignInFailures(db: Db, before: Date) {
  await db.delete(signInFailures).where(lt(signInFailures.lastFailedAt, before));
}

export async function clearSignInFailures(db: Db, username: string, ip: string) {
  await db
    .delete(signInFailures)
    .where(and(eq(signInFailures.username, username), eq(signInFailures.ip, ip)));
}
