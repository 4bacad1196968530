import { and, asc, eq, gt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.js';
import { accounts, memberInvitations } from '../../db/schema/accounts.js';
import { orgs } from '../../db/schema/orgs.js';

const inviter = alias(accounts, 'inviter');

export async function insertInvitation(db: Db, row: typeof memberInvitations.$inferInsert) {
  const [invitation] = await db.insert(memberInvitations).values(row).returning();
  return invitation!;
}

/** A pending, unexpired invitation of the org to this username, whoever it matched. */
export async function findWaitingInvitation(db: Db, orgId: string, username: string, now: Date) {
  const [row] = await db
    .select({ id: memberInvitations.id })
    .from(memberInvitations)
    .where(
      and(
        eq(memberInvitations.orgId, orgId),
        eq(memberInvitations.username, username),
        eq(memberInvitations.status, 'PENDING'),
        gt(memberInvitations.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The org's pending, unexpired invitations as its admins see them: the username they typed and
 * what they offered. Never the matched account, its name or its phone.
 */
export async function listWaitingOrgInvitations(db: Db, orgId: string, now: Date) {
  return db
    .select({
      id: memberInvitations.id,
      username: memberInvitations.username,
      profiles: memberInvitations.profiles,
      admin: memberInvitations.admin,
      invitedBy: inviter.name,
      createdAt: memberInvitations.createdAt,
      expiresAt: memberInvitations.expiresAt,
    })
    .from(memberInvitations)
    .leftJoin(inviter, eq(inviter.id, memberInvitations.invitedBy))
    .where(
      and(
        eq(memberInvitations.orgId, orgId),
        eq(memberInvitations.status, 'PENDING'),
        gt(memberInvitations.expiresAt, now),
      ),
    )
    .orderBy(asc(memberInvitations.createdAt), asc(memberInvitations.username));
}

/** The account's pending, unexpired invitations from organisations that are enabled. */
export async function listWaitingAccountInvitations(db: Db, accountId: string, now: Date) {
  return db
    .select({
      id: memberInvitations.id,
      orgId: orgs.id,
      orgName: orgs.name,
      orgType: orgs.orgType,
      invitedBy: inviter.name,
      profiles: memberInvitations.profiles,
      admin: memberInvitations.admin,
      createdAt: memberInvitations.createdAt,
      expiresAt: memberInvitations.expiresAt,
    })
    .from(memberInvitations)
    .innerJoin(orgs, eq(orgs.id, memberInvitations.orgId))
    .leftJoin(inviter, eq(inviter.id, memberInvitations.invitedBy))
    .where(
      and(
        eq(memberInvitations.accountId, accountId),
        eq(memberInvitations.status, 'PENDING'),
        gt(memberInvitations.expiresAt, now),
        eq(orgs.enabled, true),
      ),
    )
    .orderBy(asc(memberInvitations.createdAt));
}

/**
 * One invitation, locked until the transaction ends so two answers (or an answer and a cancel)
 * queue behind each other. `orgId` or `accountId` narrows it to the caller's reach; an
 * invitation outside it is not found.
 */
export async function lockInvitation(db: Db, id: string, owner: { orgId: string } | { accountId: string }) {
  const [row] = await db
    .select()
    .from(memberInvitations)
    .where(
      and(
        eq(memberInvitations.id, id),
        'orgId' in owner
          ? eq(memberInvitations.orgId, owner.orgId)
          : eq(memberInvitations.accountId, owner.accountId),
      ),
    )
    .limit(1)
    .for('update');
  return row;
}

export async function answerInvitation(
  db: Db,
  id: string,
  status: 'ACCEPTED' | 'DECLINED' | 'CANCELLED',
  at: Date,
) {
  await db.update(memberInvitations).set({ status, answeredAt: at }).where(eq(memberInvitations.id, id));
}
