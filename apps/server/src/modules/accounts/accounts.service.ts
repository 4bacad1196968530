import type { AccountDetail } from '@drp/domain';
import { AppError } from '../../lib/app-error.js';
import type { AppContext } from '../../lib/app-context.js';
import { inTransaction } from '../../db/database.js';
import { assertPasswordPolicy, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { endAllSessions, passwordExpiresInDays, type Authenticated } from '../auth/auth.service.js';
import { findAccountById } from '../auth/auth.repository.js';
import { updatePasswordHash } from './accounts.repository.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';

/** The signed-in identity in the spec's shape. */
export function describeAccount(ctx: AppContext, auth: Authenticated): AccountDetail {
  const { account, memberships } = auth;
  return {
    account: {
      id: account.id,
      name: account.name,
      avatar: account.avatar,
      admin: account.systemAdmin,
      username: account.username,
      passwordExpiresInDays: passwordExpiresInDays(ctx, account),
    },
    members: memberships.map((m) => ({
      id: m.id,
      orgId: m.orgId,
      orgName: m.orgName,
      orgType: m.orgType,
      admin: m.admin,
      roleList: [{ profileDtoList: m.profiles.map((name) => ({ name })) }],
    })),
  };
}

export async function changePassword(
  ctx: AppContext,
  input: {
    accountId: string;
    oldPassword: string;
    newPassword: string;
    acceptLanguage?: string | undefined;
    actor: AuditActor;
  },
) {
  const account = await findAccountById(ctx.db, input.accountId);
  if (!account) throw new AppError('UNAUTHORIZED');
  if (!(await verifyPassword(account.passwordHash, input.oldPassword)))
    throw new AppError('PASSWORD_INCORRECT');
  if (input.oldPassword === input.newPassword) throw new AppError('PASSWORD_UNCHANGED');
  assertPasswordPolicy({
    policy: ctx.config.passwordPolicy,
    password: input.newPassword,
    username: account.username,
    acceptLanguage: input.acceptLanguage,
  });
  const passwordHash = await hashPassword(input.newPassword);
  // Whoever held a session under the old password is signed out with it, in the same transaction.
  await inTransaction(ctx.db, async (tx) => {
    const txCtx = { ...ctx, db: tx };
    await updatePasswordHash(txCtx.db, account.id, passwordHash, ctx.clock());
    await endAllSessions(txCtx, account.id);
    await recordAudit(txCtx.db, ctx.clock(), {
      action: 'PASSWORD_CHANGED',
      actor: input.actor,
      target: { type: 'account', id: account.id },
    });
  });
}
