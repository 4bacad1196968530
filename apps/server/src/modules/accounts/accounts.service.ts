import { checkPassword, localeFrom, type AccountDetail } from '@drp/domain';
import { AppError } from '../../lib/app-error.js';
import type { AppContext } from '../../lib/app-context.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { endAllSessions, passwordExpiresInDays, type Authenticated } from '../auth/auth.service.js';
import { findAccountById, updatePasswordHash } from './accounts.repository.js';
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
  const locale = localeFrom(input.acceptLanguage);
  const reasons = checkPassword(ctx.config.passwordPolicy, input.newPassword, locale, account.username);
  if (reasons.length > 0)
    throw new AppError(
      'PASSWORD_POLICY',
      { reason: reasons.join(locale === 'zh-CN' ? '；' : '; ') },
      { reasons },
    );
  const passwordHash = await hashPassword(input.newPassword);
  // Whoever held a session under the old password is signed out with it, in the same transaction.
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx as unknown as AppContext['db'] };
    await updatePasswordHash(txCtx.db, account.id, passwordHash, ctx.clock());
    await endAllSessions(txCtx, account.id);
    await recordAudit(txCtx.db, ctx.clock(), {
      action: 'PASSWORD_CHANGED',
      actor: input.actor,
      target: { type: 'account', id: account.id },
    });
  });
}
