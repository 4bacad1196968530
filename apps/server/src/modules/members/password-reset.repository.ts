import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { OrgType } from '@drp/domain';
import type { Db } from '../../db/database.js';
import { members, passwordResetRequests } from '../../db/schema/accounts.js';
import { orgs } from '../../db/schema/orgs.js';

/** The enabled memberships, in enabled organisations, through which a person can be reached. */
export async function listReachableMemberships(db: Db, accountId: string) {
  return db
    .select({ orgId: orgs.id, orgName: orgs.name, orgType: sql<OrgType>`${orgs.orgType}` })
    .from(members)
    .innerJoin(orgs, eq(orgs.id, members.orgId))
    .where(and(eq(members.accountId, accountId), eq(members.enabled, true), eq(orgs.enabled, true)));
}

/**
 * Opens a request unless one is open for the account and organisation (the partial unique index
 * decides between two racing requests). Returns the new request's id, or null when one was open.
 */
export async function openResetRequest(
  db: Db,
  row: { accountId: string; orgId: string; ip: string; createdAt: Date },
): Promise<string | null> {
  const [inserted] = await db
    .insert(passwordResetRequests)
    .values(row)
    .onConflictDoNothing({
      target: [passwordResetRequests.accountId, passwordResetRequests.orgId],
      where: sql`settled_at is null`,
    })
    .returning({ id: passwordResetRequests.id });
  return inserted?.id ?? null;
}

/** Settles every open request of the account; returns their ids (each one's to-do settles with it). */
export async function settleResetRequests(db: Db, input: { accountId: string; by: string; at: Date }) {
  const rows = await db
    .update(passwordResetRequests)
    .set({ settledAt: input.at, settledBy: input.by })
    .where(and(eq(passwordResetRequests.accountId, input.accountId), isNull(passwordResetRequests.settledAt)))
    .returning({ id: passwordResetRequests.id });
  return rows.map((r) => r.id);
}

/** The accounts among these with an open request to this organisation. */
export async function accountsWithOpenRequest(db: Db, orgId: string, accountIds: readonly string[]) {
  if (accountIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ accountId: passwordResetRequests.accountId })
    .from(passwordResetRequests)
    .where(
      and(
        eq(passwordResetRequests.orgId, orgId),
        inArray(passwordResetRequests.accountId, [...accountIds]),
        isNull(passwordResetRequests.settledAt),
      ),
    );
  return new Set(rows.map((r) => r.accountId));
}

/**
 * Whether some enabled admin administers every organisation the account belongs to (the account
 * itself counts: an admin who forgot their password is asked about by the other admins).
 */
export async function someoneAdministersAll(db: Db, accountId: string): Promise<boolean> {
  const theirs = await db
    .select({ orgId: members.orgId })
    .from(members)
    .where(eq(members.accountId, accountId));
  const orgIds = theirs.map((r) => r.orgId);
  if (orgIds.length === 0) return false;
  const admins = await db
    .select({ orgs: sql<number>`count(distinct ${members.orgId})`.mapWith(Number) })
    .from(members)
    .where(and(eq(members.admin, true), eq(members.enabled, true), inArray(members.orgId, orgIds)))
    .groupBy(members.accountId);
  return admins.some((a) => a.orgs === orgIds.length);
}
