import { randomInt } from 'node:crypto';
import {
  DICTIONARY_KIND_LABELS,
  ORG_TYPE_LABELS,
  PROFILE_LABELS,
  credentialsOutOfPlace,
  grantRefusal,
  type MemberCredentials,
  type OrgType,
  grantableProfiles,
  type GrantOrg,
  type OrgMembersResult,
  type Principal,
  type Profile,
  type UpdateMemberRequest,
  addMemberRequest,
} from '@drp/domain';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { AppContext } from '../../lib/app-context.js';
import { inTransaction } from '../../db/database.js';
import { assertPasswordPolicy, hashPassword } from '../../lib/passwords.js';
import { findAccountById, findAccountByUsername } from '../auth/auth.repository.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { endAllSessions } from '../auth/auth.service.js';
import {
  countOtherActiveAdmins,
  findMemberInOrg,
  findOrg,
  insertAccount,
  insertMember,
  isAdminOf,
  listAccountOrgIds,
  listOrgMembers,
  listMemberProfiles,
  lockOrg,
  replaceMemberProfiles,
  setTemporaryPassword,
  unlockAccount,
  updateMemberCredentials,
  updateMemberFlags,
} from './members.repository.js';
import { accountsWithOpenRequest } from './password-reset.repository.js';
import { settlePasswordResetRequests } from './password-reset.service.js';

export async function requireOrg(ctx: AppContext, orgId: string) {
  const org = await findOrg(ctx.db, orgId);
  if (!org) throw new AppError('NOT_FOUND');
  return org;
}

/**
 * Refuses a grant the caller may not make (see `grantRefusal`): profiles the organisation cannot
 * hold, platform-staff profiles from anyone but the system admin, and anything added to the
 * caller's own membership.
 */
export function assertGrant(input: {
  org: GrantOrg;
  granter: Pick<Principal, 'systemAdmin'>;
  held: readonly Profile[];
  next: readonly Profile[];
  self: boolean;
}) {
  const refusal = grantRefusal(input);
  if (refusal)
    throw new AppError(
      refusal.code,
      // The profiles as the screen names them (资料上传, not DATA_UPLOAD), in the caller's language.
      {
        profiles: {
          'zh-CN': refusal.profiles.map((p) => PROFILE_LABELS[p]['zh-CN']).join('、'),
          'en-US': refusal.profiles.map((p) => PROFILE_LABELS[p]['en-US']).join(', '),
        },
      },
      { refused: refusal.profiles },
    );
}

const CREDENTIAL_FIELD_LABELS = {
  specialties: { 'zh-CN': '专业', 'en-US': 'specialties' },
  title: { 'zh-CN': '职称', 'en-US': 'title' },
  registrationType: { 'zh-CN': '注册类型和证书号', 'en-US': 'registration and certificate number' },
} as const;

/**
 * Refuses credentials the organisation type does not keep (a construction unit's people have no
 * review specialty) and specialty codes missing from the specialty dictionary.
 */
function assertCredentials(ctx: AppContext, orgType: OrgType, credentials: MemberCredentials) {
  const extra = credentialsOutOfPlace(orgType, credentials) as (keyof typeof CREDENTIAL_FIELD_LABELS)[];
  if (extra.length > 0)
    throw new AppError(
      'MEMBER_CREDENTIALS_NOT_KEPT',
      {
        orgType: ORG_TYPE_LABELS[orgType],
        fields: {
          'zh-CN': extra.map((f) => CREDENTIAL_FIELD_LABELS[f]['zh-CN']).join('、'),
          'en-US': extra.map((f) => CREDENTIAL_FIELD_LABELS[f]['en-US']).join(', '),
        },
      },
      { fields: extra.map((f) => `credentials.${f}`) },
    );
  const known = new Set(ctx.dictionaries.specialty.items.map((item) => item.code));
  const unknown = credentials.specialties.find((code) => !known.has(code));
  if (unknown)
    throw new AppError(
      'DICTIONARY_CODE_UNKNOWN',
      { field: DICTIONARY_KIND_LABELS.specialty, code: unknown },
      { field: 'credentials.specialties' },
    );
}

/** The org's people, and what the caller may hand out there (so a screen offers nothing refused). */
export async function listMembers(
  ctx: AppContext,
  input: { orgId: string; actor: Principal },
): Promise<OrgMembersResult> {
  const org = await requireOrg(ctx, input.orgId);
  const rows = await listOrgMembers(ctx.db, org.id);
  const asking = await accountsWithOpenRequest(
    ctx.db,
    org.id,
    rows.map((r) => r.accountId),
  );
  const now = ctx.clock().getTime();
  return {
    org: {
      id: org.id,
      name: org.name,
      orgType: org.orgType,
      platformOperator: org.platformOperator,
      allowedProfiles: grantableProfiles(org, input.actor),
    },
    members: rows.map(
      ({ lockedUntil, createdAt, specialties, title, registrationType, registrationNo, ...row }) => ({
        ...row,
        credentials: { specialties, title, registrationType, registrationNo },
        locked: Boolean(lockedUntil && lockedUntil.getTime() > now),
        resetRequested: asking.has(row.accountId),
        createdAt: createdAt.toISOString(),
      }),
    ),
  };
}

/**
 * Adds a person to the org with a new account. An existing account is invited instead
 * (invitations.service), so nobody is made a member of an organisation without saying yes.
 */
export async function addMember(
  ctx: AppContext,
  input: {
    orgId: string;
    request: z.output<typeof addMemberRequest>;
    actor: Principal;
    acceptLanguage?: string | undefined;
    audit: AuditActor;
  },
) {
  const org = await requireOrg(ctx, input.orgId);
  const { request } = input;
  assertGrant({ org, granter: input.actor, held: [], next: request.profiles, self: false });
  if (request.credentials) assertCredentials(ctx, org.orgType, request.credentials);
  const existing = await findAccountByUsername(ctx.db, request.username);
  if (existing) throw new AppError('USERNAME_TAKEN', {}, { field: 'username' });
  assertPasswordPolicy({
    policy: ctx.config.passwordPolicy,
    password: request.password,
    username: request.username,
    acceptLanguage: input.acceptLanguage,
    field: 'password',
  });
  const passwordHash = await hashPassword(request.password);
  return inTransaction(ctx.db, async (tx) => {
    const account = await insertAccount(tx, {
      username: request.username,
      name: request.name,
      phone: request.phone,
      passwordHash,
      // The admin chose this password, so the person picks their own at the first sign-in.
      passwordMustChange: true,
    });
    const member = await insertMember(tx, {
      accountId: account.id,
      orgId: org.id,
      admin: request.admin,
      ...(request.credentials ?? {}),
    });
    await replaceMemberProfiles(tx, member.id, request.profiles);
    await recordAudit(tx, ctx.clock(), {
      action: 'MEMBER_ADDED',
      actor: input.audit,
      orgId: org.id,
      target: { type: 'member', id: member.id },
      detail: {
        username: account.username,
        existingAccount: false,
        admin: request.admin,
        profiles: request.profiles,
      },
    });
    return { id: member.id };
  });
}

/**
 * Changes a member's profiles, admin flag, enabled state or credentials; the org never loses its
 * last admin.
 */
export async function updateMember(
  ctx: AppContext,
  input: {
    orgId: string;
    memberId: string;
    request: UpdateMemberRequest;
    actor: Principal;
    audit: AuditActor;
  },
) {
  const org = await requireOrg(ctx, input.orgId);
  const { profiles, admin, enabled, credentials } = input.request;
  if (credentials) assertCredentials(ctx, org.orgType, credentials);
  await inTransaction(ctx.db, async (tx) => {
    // The org row is locked and the member read after the lock, so two admins demoting each other
    // at once cannot both pass the last-admin check (READ COMMITTED alone lets both through).
    await lockOrg(tx, org.id);
    const member = await findMemberInOrg(tx, org.id, input.memberId);
    if (!member) throw new AppError('NOT_FOUND');
    // Lowering one's own profiles or admin flag is allowed; raising them never is, or one admin
    // (or a system admin holding a membership) could hand itself whatever it likes.
    const self = member.accountId === input.actor.accountId;
    if (profiles) {
      const held = await listMemberProfiles(tx, member.id);
      assertGrant({ org, granter: input.actor, held, next: profiles, self });
    }
    if (self && admin === true && !member.admin) throw new AppError('CANNOT_RAISE_OWN_ADMIN');
    if (enabled === false && self) throw new AppError('CANNOT_DISABLE_SELF');
    const losesAdmin = member.admin && member.enabled && (admin === false || enabled === false);
    if (losesAdmin && (await countOtherActiveAdmins(tx, org.id, member.id)) === 0)
      throw new AppError('LAST_ADMIN');
    if (admin !== undefined || enabled !== undefined)
      await updateMemberFlags(tx, member.id, {
        ...(admin === undefined ? {} : { admin }),
        ...(enabled === undefined ? {} : { enabled }),
      });
    if (profiles) await replaceMemberProfiles(tx, member.id, [...new Set(profiles)]);
    if (credentials) await updateMemberCredentials(tx, member.id, credentials);
    const before = {
      admin: member.admin,
      enabled: member.enabled,
      ...(credentials
        ? {
            credentials: {
              specialties: member.specialties,
              title: member.title,
              registrationType: member.registrationType,
              registrationNo: member.registrationNo,
            },
          }
        : {}),
    };
    await recordAudit(tx, ctx.clock(), {
      action: 'MEMBER_UPDATED',
      actor: input.audit,
      orgId: org.id,
      target: { type: 'member', id: member.id },
      detail: { before, after: input.request },
    });
  });
}

const TEMP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
function temporaryPassword(): string {
  const group = () =>
    Array.from({ length: 4 }, () => TEMP_ALPHABET[randomInt(TEMP_ALPHABET.length)]).join('');
  for (;;) {
    const candidate = `${group()}-${group()}-${group()}`;
    if (/[A-Z]/.test(candidate) && /[a-z]/.test(candidate) && /\d/.test(candidate)) return candidate;
  }
}

/**
 * A temporary password or a lifted lockout opens everything the account reaches, and any account
 * can be added to an org by its username: an org admin acts only on accounts that belong to no
 * org it does not administer, and never on the system admin. The system admin acts on the others.
 */
async function requireWholeAccountAdmin(
  ctx: AppContext,
  actor: Principal,
  accountId: string,
  refusal: 'RESET_NOT_ALLOWED' | 'UNLOCK_NOT_ALLOWED',
) {
  if (actor.systemAdmin) return;
  const administered = new Set(actor.members.filter((m) => m.admin).map((m) => m.orgId));
  const account = await findAccountById(ctx.db, accountId);
  const orgIds = await listAccountOrgIds(ctx.db, accountId);
  if (account?.systemAdmin || orgIds.some((orgId) => !administered.has(orgId))) throw new AppError(refusal);
}

/**
 * Gives the member a temporary password, shown once to the admin; every session of the account
 * ends, any lockout is lifted, and the next sign-in must choose a new password. It answers the
 * person's 忘记密码 request: the request and its to-dos are settled in the same transaction.
 */
export async function resetMemberPassword(
  ctx: AppContext,
  input: { orgId: string; memberId: string; actor: Principal; audit: AuditActor },
) {
  const member = await findMemberInOrg(ctx.db, input.orgId, input.memberId);
  if (!member) throw new AppError('NOT_FOUND');
  // A person who belongs to several organisations and asked this one's admins (忘记密码) has
  // chosen them to issue the password, even though they do not administer the others.
  const asked = (await accountsWithOpenRequest(ctx.db, input.orgId, [member.accountId])).has(
    member.accountId,
  );
  if (!asked) await requireWholeAccountAdmin(ctx, input.actor, member.accountId, 'RESET_NOT_ALLOWED');
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  await inTransaction(ctx.db, async (tx) => {
    await setTemporaryPassword(tx, member.accountId, passwordHash, ctx.clock());
    await endAllSessions({ ...ctx, db: tx }, member.accountId);
    const requests = await settlePasswordResetRequests(tx, {
      accountId: member.accountId,
      by: input.actor.accountId,
      at: ctx.clock(),
    });
    await recordAudit(tx, ctx.clock(), {
      action: 'MEMBER_PASSWORD_RESET',
      actor: input.audit,
      orgId: input.orgId,
      target: { type: 'account', id: member.accountId },
      ...(requests > 0 ? { detail: { answersRequest: true } } : {}),
    });
  });
  return { temporaryPassword: password };
}

/**
 * Lifts the lockout of a member's account. Like a reset, only for an account wholly the admin's:
 * otherwise adding someone's account by its username and unlocking it would let a guesser go on
 * past the lockout that protects it.
 */
export async function unlockMember(
  ctx: AppContext,
  input: { orgId: string; memberId: string; actor: Principal; audit: AuditActor },
) {
  const member = await findMemberInOrg(ctx.db, input.orgId, input.memberId);
  if (!member) throw new AppError('NOT_FOUND');
  await requireWholeAccountAdmin(ctx, input.actor, member.accountId, 'UNLOCK_NOT_ALLOWED');
  await inTransaction(ctx.db, async (tx) => {
    await unlockAccount(tx, member.accountId);
    await recordAudit(tx, ctx.clock(), {
      action: 'MEMBER_UNLOCKED',
      actor: input.audit,
      orgId: input.orgId,
      target: { type: 'account', id: member.accountId },
    });
  });
}

/** Legacy `isBusinessAdmin`: whether the caller administers the given org (any of its orgs when none is given). */
export async function isBusinessAdmin(ctx: AppContext, input: { accountId: string; orgIds: string[] }) {
  return isAdminOf(ctx.db, input.accountId, input.orgIds);
}
