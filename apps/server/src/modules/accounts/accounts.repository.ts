import { and, eq, sql } from 'drizzle-orm';
import type { OrgType, Profile } from '@drp/domain';
import type { Db } from '../../db/database.js';
import { accounts, memberProfiles, members } from '../../db/schema/accounts.js';
import { orgs } from '../../db/schema/orgs.js';

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

export async function updatePasswordHash(db: Db, accountId: string, passwordHash: string, at: Date) {
  await db
    .update(accounts)
    .set({ passwordHash, passwordChangedAt: at, passwordMustChange: false })
    .where(eq(accounts.id, accountId));
}
