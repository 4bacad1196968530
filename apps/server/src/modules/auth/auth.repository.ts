import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { accounts } from '../../db/schema/accounts.js';
import { authSessions, authorizationCodes } from '../../db/schema/auth.js';

export type AuthSessionRow = typeof authSessions.$inferSelect;

export async function insertAuthorizationCode(db: Db, row: typeof authorizationCodes.$inferInsert) {
  await db.insert(authorizationCodes).values(row);
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

export async function revokeSession(db: Db, tokenHash: string, at: Date) {
  await db
    .update(authSessions)
    .set({ revokedAt: at })
    .where(and(eq(authSessions.tokenHash, tokenHash), isNull(authSessions.revokedAt)));
}

export async function revokeAccountSessions(db: Db, accountId: string, at: Date) {
  await db
    .update(authSessions)
    .set({ revokedAt: at })
    .where(and(eq(authSessions.accountId, accountId), isNull(authSessions.revokedAt)));
}
