import { MESSAGE_TYPES, type OrgType } from '@drp/domain';
import type { AppContext } from '../../lib/app-context.js';
import { inTransaction, type Db } from '../../db/database.js';
import { findAccountByUsername } from '../auth/auth.repository.js';
import { recordAudit } from '../audit/audit.service.js';
import { sendMessage, settleTodos } from '../messages/messages.service.js';
import {
  listReachableMemberships,
  openResetRequest,
  settleResetRequests,
  someoneAdministersAll,
} from './password-reset.repository.js';

const REQUEST = 'ACCOUNT_PASSWORD_RESET_REQUEST';
const RECEIVERS: Partial<Record<OrgType, unknown>> = MESSAGE_TYPES[REQUEST].receivers;

/**
 * 忘记密码: the admins of the person's organisations get a to-do to issue a one-time password
 * (there is no e-mail or SMS here). Named with an organisation, only that one's admins are asked.
 * An unknown, disabled or platform account, or one already waiting, changes nothing; the caller
 * hears the same in every case, so the form tells nobody which usernames exist.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  input: { username: string; orgName?: string | undefined; ip: string },
) {
  const account = await findAccountByUsername(ctx.db, input.username);
  if (!account?.enabled || account.systemAdmin) return;
  // A one-time password opens every organisation of the account, so only an admin of all of them
  // may issue it (members.service); where nobody is, the system admin resets it and no admin gets
  // a to-do they could not do.
  if (!(await someoneAdministersAll(ctx.db, account.id))) return;
  const reachable = (await listReachableMemberships(ctx.db, account.id)).filter(
    (m) => RECEIVERS[m.orgType] !== undefined && (input.orgName === undefined || m.orgName === input.orgName),
  );
  if (reachable.length === 0) return;
  const at = ctx.clock();
  await inTransaction(ctx.db, async (tx) => {
    for (const membership of reachable) {
      const requestId = await openResetRequest(tx, {
        accountId: account.id,
        orgId: membership.orgId,
        ip: input.ip,
        createdAt: at,
      });
      // One open request per organisation: asking again adds no to-do for the same admins.
      if (!requestId) continue;
      await sendMessage(tx, {
        type: REQUEST,
        to: [{ orgId: membership.orgId }],
        at,
        by: account.id,
        targetId: requestId,
        params: { senderName: `${account.name}（${account.username}）` },
      });
      await recordAudit(tx, at, {
        action: 'PASSWORD_RESET_REQUESTED',
        actor: { accountId: account.id, username: account.username, orgId: membership.orgId, ip: input.ip },
        orgId: membership.orgId,
        target: { type: 'account', id: account.id },
      });
    }
  });
}

/**
 * A one-time password was issued for the account: its open requests, and their to-dos in every
 * organisation asked, are settled in the same transaction by the admin who issued it.
 */
export async function settlePasswordResetRequests(
  tx: Db,
  input: { accountId: string; by: string; at: Date },
): Promise<number> {
  const ids = await settleResetRequests(tx, input);
  for (const id of ids) await settleTodos(tx, { type: REQUEST, targetId: id, by: input.by, at: input.at });
  return ids.length;
}
