import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { MemberCredentials, Profile } from '@drp/domain';
import type { Db } from '../../db/database.js';
import { accounts, memberProfiles, members } from '../../db/schema/accounts.js';
import { signInFailures } from '../../db/schema/auth.js';
import { orgs } from '../../db/schema/orgs.js';

export async function findOrg(db: Db, orgId: string) {
  const [row] = await db.select().from(orgs).where(eq(orgs.id, orgId)).limit(1);
  return row;
}

export async function listOrgMembers(db: Db, orgId: string) {
  return db
    .select({
      id: members.id,
      accountId: accounts.id,
      username: accounts.username,
      name: accounts.name,
      phone: accounts.phone,
      admin: members.admin,
      enabled: members.enabled,
      specialties: members.specialties,
      title: members.title,
      registrationType: members.registrationType,
      registrationNo: members.registrationNo,
      // Locked from any address: the latest lock of the username (lower-cased, as sign-in counts it).
      lockedUntil:
        sql<Date | null>`(select max(${signInFailures.lockedUntil}) from ${signInFailures} where ${signInFailures.username} = lower(${accounts.username}))`.mapWith(
          signInFailures.lockedUntil,
        ),
      createdAt: members.createdAt,
      profiles: sql<
        Profile[]
      >`coalesce((select array_agg(${memberProfiles.profile} order by ${memberProfiles.profile}) from ${memberProfiles} where ${memberProfiles.memberId} = ${members.id}), '{}')`,
    })
    .from(members)
    .innerJoin(accounts, eq(accounts.id, members.accountId))
    .where(eq(members.orgId, orgId))
    .orderBy(members.createdAt, accounts.username);
}

export async function findMemberInOrg(db: Db, orgId: string, memberId: string) {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.orgId, orgId)))
    .limit(1);
  return row;
}

/**
 * Locks the org row until the transaction ends, so changes to one org's admins queue behind each
 * other and the last-admin check sees what the one before it committed.
 */
export async function lockOrg(db: Db, orgId: string) {
  await db.select({ id: orgs.id }).from(orgs).where(eq(orgs.id, orgId)).for('update');
}

/** Every organisation the account belongs to, enabled or not. */
export async function listAccountOrgIds(db: Db, accountId: string) {
  const rows = await db
    .select({ orgId: members.orgId })
    .from(members)
    .where(eq(members.accountId, accountId));
  return rows.map((r) => r.orgId);
}

export async function findMembership(db: Db, orgId: string, accountId: string) {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.orgId, orgId), eq(members.accountId, accountId)))
    .limit(1);
  return row;
}

/** Enabled admins of the org other than the given member: the last one may not go. */
export async function countOtherActiveAdmins(db: Db, orgId: string, exceptMemberId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(members)
    .where(
      and(
        eq(members.orgId, orgId),
        eq(members.admin, true),
        eq(members.enabled, true),
        ne(members.id, exceptMemberId),
      ),
    );
  return row?.n ?? 0;
}

export async function insertAccount(db: Db, row: typeof accounts.$inferInsert) {
  const [account] = await db.insert(accounts).values(row).returning();
  return account!;
}

export async function insertMember(db: Db, row: typeof members.$inferInsert) {
  const [member] = await db.insert(members).values(row).returning();
  return member!;
}

export async function updateMemberFlags(
  db: Db,
  memberId: string,
  flags: { admin?: boolean; enabled?: boolean },
) {
  await db.update(members).set(flags).where(eq(members.id, memberId));
}

export async function updateMemberCredentials(db: Db, memberId: string, credentials: MemberCredentials) {
  await db
    .update(members)
    .set({
      specialties: credentials.specialties,
      title: credentials.title,
      registrationType: credentials.registrationType,
      registrationNo: credentials.registrationNo,
    })
    .where(eq(members.id, memberId));
}

export async function replaceMemberProfiles(db: Db, memberId: string, profiles: readonly Profile[]) {
  await db.delete(memberProfiles).where(eq(memberProfiles.memberId, memberId));
  // A profile named twice is held once (the pair is the table's primary key).
  const unique = [...new Set(profiles)];
  if (unique.length > 0)
    await db.insert(memberProfiles).values(unique.map((profile) => ({ memberId, profile })));
}

export async function setTemporaryPassword(db: Db, accountId: string, passwordHash: string, at: Date) {
  await db
    .update(accounts)
    .set({
      passwordHash,
      passwordChangedAt: at,
      passwordMustChange: true,
    })
    .where(eq(accounts.id, accountId));
  await unlockAccount(db, accountId);
}

/** Lifts the account's lock from every address, and forgets the failures counted towards one. */
export async function unlockAccount(db: Db, accountId: string) {
  await db
    .delete(signInFailures)
    .where(
      eq(
        signInFailures.username,
        sql`(select lower(${accounts.username}) from ${accounts} where ${accounts.id} = ${accountId})`,
      ),
    );
}

export async function isAdminOf(db: Db, accountId: string, orgIds: readonly string[]) {
  if (orgIds.length === 0) return false;
  const [row] = await db
    .select({ n: count() })
    .from(members)
    .innerJoin(orgs, eq(orgs.id, members.orgId))
    .where(
      and(
        eq(members.accountId, accountId),
        inArray(members.orgId, [...orgIds]),
        eq(members.admin, true),
        eq(members.enabled, true),
        eq(orgs.enabled, true),
      ),
    );
  return (row?.n ?? 0) > 0;
}

/** The profiles a member holds today. */
export async function listMemberProfiles(db: Db, memberId: string): Promise<Profile[]> {
  const rows = await db
    .select({ profile: memberProfiles.profile })
    .from(memberProfiles)
    .where(eq(memberProfiles.memberId, memberId));
  return rows.map((r) => r.profile);
}
