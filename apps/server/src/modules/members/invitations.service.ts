import {
  INVITATION_VALID_DAYS,
  grantRefusal,
  type InvitationSent,
  type MyInvitation,
  type OrgInvitation,
  type Principal,
  type inviteMemberRequest,
} from '@drp/domain';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../db/database.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { findAccountById, findAccountByUsername } from '../auth/auth.repository.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import {
  answerInvitation,
  findWaitingInvitation,
  insertInvitation,
  listWaitingAccountInvitations,
  listWaitingOrgInvitations,
  lockInvitation,
} from './invitations.repository.js';
import {
  findMembership,
  findOrg,
  insertMember,
  isAdminOf,
  lockOrg,
  replaceMemberProfiles,
} from './members.repository.js';
import { assertGrant, requireOrg } from './members.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Invites an existing account by its username. The answer is the same whether the username names
 * an account, none, or a system administrator: the last two are stored without an account and can
 * never be accepted, so the admin learns nothing about who exists and cannot enrol the platform's
 * own administrators. Only people already in the organisation's member list (which the admin sees
 * anyway) answer ALREADY_MEMBER.
 */
export async function inviteMember(
  ctx: AppContext,
  input: {
    orgId: string;
    request: z.output<typeof inviteMemberRequest>;
    actor: Principal;
    audit: AuditActor;
  },
): Promise<InvitationSent> {
  const org = await requireOrg(ctx, input.orgId);
  const { request } = input;
  assertGrant({ org, granter: input.actor, held: [], next: request.profiles, self: false });
  const account = await findAccountByUsername(ctx.db, request.username);
  const now = ctx.clock();
  return inTransaction(ctx.db, async (tx) => {
    // One invitation at a time per username and org: the lock queues two admins sending it at once.
    await lockOrg(tx, org.id);
    if (account && (await findMembership(tx, org.id, account.id)))
      throw new AppError('ALREADY_MEMBER', {}, { field: 'username' });
    if (await findWaitingInvitation(tx, org.id, request.username, now))
      throw new AppError('ALREADY_INVITED', {}, { field: 'username' });
    const invitable = account && !account.systemAdmin ? account : null;
    const invitation = await insertInvitation(tx, {
      orgId: org.id,
      username: request.username,
      accountId: invitable?.id ?? null,
      admin: request.admin,
      profiles: [...new Set(request.profiles)],
      invitedBy: input.actor.accountId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_VALID_DAYS * DAY_MS),
    });
    await recordAudit(tx, now, {
      action: 'MEMBER_INVITED',
      actor: input.audit,
      orgId: org.id,
      target: { type: 'invitation', id: invitation.id },
      // For the audit reader (the system admin): whether the username could ever accept.
      detail: {
        username: request.username,
        admin: request.admin,
        profiles: invitation.profiles,
        matched: Boolean(invitable),
      },
    });
    return {
      id: invitation.id,
      username: invitation.username,
      expiresAt: invitation.expiresAt.toISOString(),
    };
  });
}

/** The org's invitations still waiting for an answer, by the username the admin typed. */
export async function listOrgInvitations(ctx: AppContext, orgId: string): Promise<OrgInvitation[]> {
  const org = await requireOrg(ctx, orgId);
  const rows = await listWaitingOrgInvitations(ctx.db, org.id, ctx.clock());
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
  }));
}

/** Withdraws a waiting invitation of the org; an answered or expired one stays as it was. */
export async function cancelInvitation(
  ctx: AppContext,
  input: { orgId: string; invitationId: string; audit: AuditActor },
) {
  await requireOrg(ctx, input.orgId);
  await inTransaction(ctx.db, async (tx) => {
    const now = ctx.clock();
    const invitation = await lockInvitation(tx, input.invitationId, { orgId: input.orgId });
    if (!invitation) throw new AppError('NOT_FOUND');
    if (invitation.status !== 'PENDING' || invitation.expiresAt <= now)
      throw new AppError('INVITATION_NOT_PENDING');
    await answerInvitation(tx, invitation.id, 'CANCELLED', now);
    await recordAudit(tx, now, {
      action: 'MEMBER_INVITATION_CANCELLED',
      actor: input.audit,
      orgId: input.orgId,
      target: { type: 'invitation', id: invitation.id },
      detail: { username: invitation.username },
    });
  });
}

/** The signed-in person's invitations waiting for their answer (their to-dos). */
export async function listMyInvitations(ctx: AppContext, accountId: string): Promise<MyInvitation[]> {
  const rows = await listWaitingAccountInvitations(ctx.db, accountId, ctx.clock());
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
  }));
}

/**
 * Locks the caller's own invitation, still waiting. Anyone else's (another account's, or one that
 * matched no account) is not found, as a record out of reach.
 */
async function lockOwnWaiting(tx: Db, id: string, accountId: string, now: Date) {
  const invitation = await lockInvitation(tx, id, { accountId });
  if (!invitation) throw new AppError('NOT_FOUND');
  if (invitation.status !== 'PENDING' || invitation.expiresAt <= now)
    throw new AppError('INVITATION_NOT_PENDING');
  return invitation;
}

/**
 * The invited person says yes: they become a member with the invited profiles and admin flag.
 * Everything is checked again, as things may have changed in the days since: the organisation is
 * still enabled, the person is not a member already nor a system admin, and whoever invited them
 * could still make this grant today.
 */
export async function acceptInvitation(
  ctx: AppContext,
  input: { id: string; accountId: string; audit: AuditActor },
) {
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.clock();
    const invitation = await lockOwnWaiting(tx, input.id, input.accountId, now);
    await lockOrg(tx, invitation.orgId);
    const org = await findOrg(tx, invitation.orgId);
    const invitee = await findAccountById(tx, input.accountId);
    const inviter = invitation.invitedBy ? await findAccountById(tx, invitation.invitedBy) : undefined;
    if (!org || !invitee) throw new AppError('NOT_FOUND');
    if (await findMembership(tx, org.id, invitee.id)) throw new AppError('ALREADY_MEMBER');
    const inviterMayGrant =
      inviter !== undefined &&
      inviter.enabled &&
      (inviter.systemAdmin || (await isAdminOf(tx, inviter.id, [org.id]))) &&
      grantRefusal({
        org,
        granter: { systemAdmin: inviter.systemAdmin },
        held: [],
        next: invitation.profiles,
        self: false,
      }) === null;
    if (!org.enabled || invitee.systemAdmin || !inviterMayGrant)
      throw new AppError('INVITATION_NO_LONGER_VALID');
    const member = await insertMember(tx, { accountId: invitee.id, orgId: org.id, admin: invitation.admin });
    await replaceMemberProfiles(tx, member.id, invitation.profiles);
    await answerInvitation(tx, invitation.id, 'ACCEPTED', now);
    await recordAudit(tx, now, {
      action: 'MEMBER_INVITATION_ACCEPTED',
      actor: input.audit,
      orgId: org.id,
      target: { type: 'member', id: member.id },
      detail: {
        invitationId: invitation.id,
        username: invitee.username,
        admin: invitation.admin,
        profiles: invitation.profiles,
      },
    });
    return { orgId: org.id, memberId: member.id };
  });
}

/** The invited person says no; the organisation sees the invitation gone from its waiting list. */
export async function declineInvitation(
  ctx: AppContext,
  input: { id: string; accountId: string; audit: AuditActor },
) {
  await inTransaction(ctx.db, async (tx) => {
    const now = ctx.clock();
    const invitation = await lockOwnWaiting(tx, input.id, input.accountId, now);
    await answerInvitation(tx, invitation.id, 'DECLINED', now);
    await recordAudit(tx, now, {
      action: 'MEMBER_INVITATION_DECLINED',
      actor: input.audit,
      orgId: invitation.orgId,
      target: { type: 'invitation', id: invitation.id },
    });
  });
}
