import {
  MESSAGE_LIST_CAP,
  MESSAGE_TYPES,
  isPersonalMessage,
  renderMessageContent,
  type Locale,
  type MessagePage,
  type MessageParams,
  type MessageType,
  type messageQuery,
} from '@drp/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { MESSAGE_CHANNEL, NOTICE_MAX_BYTES, type MessageNotice } from './message-hub.js';
import {
  findOrgTypes,
  findVisibleReceiver,
  insertMessage,
  insertRead,
  insertReceivers,
  notifyChannel,
  queryMessages,
} from './messages.repository.js';

export interface SendMessageInput {
  type: MessageType;
  /**
   * The organisations told. A personal type (a reviewer's mission) names the member's account
   * with each; other types reach everyone in the organisation.
   */
  to: readonly { orgId: string; accountId?: string }[];
  at: Date;
  senderOrgId?: string | null;
  projectId?: string | null;
  targetId?: string | null;
  params?: MessageParams;
}

/**
 * Sends a hand-over message. Call it with the transaction that makes the change: the message
 * exists exactly when the change commits, and the live push (NOTIFY) goes out only then.
 * A receiver whose org type does not take this type is a programming error, not user input.
 */
export async function sendMessage(tx: Db, input: SendMessageInput): Promise<{ messageId: string }> {
  const receivers = dedupe(input.to);
  if (receivers.length === 0) throw new Error(`sendMessage ${input.type}: nobody to tell`);
  const personal = isPersonalMessage(input.type);
  if (personal && receivers.some((r) => !r.accountId))
    throw new Error(`sendMessage ${input.type}: a personal message names each receiver's account`);
  const types = await findOrgTypes(
    tx,
    receivers.map((r) => r.orgId),
  );
  const accepted: Partial<Record<string, string>> = MESSAGE_TYPES[input.type].receivers;
  for (const r of receivers) {
    const org = types.find((t) => t.id === r.orgId);
    if (!org || accepted[org.orgType] === undefined)
      throw new Error(`sendMessage ${input.type}: organisation ${r.orgId} does not receive it`);
  }
  const { id } = await insertMessage(tx, {
    type: input.type,
    sentAt: input.at,
    senderOrgId: input.senderOrgId ?? null,
    projectId: input.projectId ?? null,
    targetId: input.targetId ?? null,
    params: input.params ?? {},
  });
  const rows = receivers.map((r) => ({ orgId: r.orgId, accountId: personal ? r.accountId! : null }));
  await insertReceivers(tx, id, rows);
  const notice: MessageNotice = { type: input.type, receivers: rows };
  let payload = JSON.stringify(notice);
  if (Buffer.byteLength(payload) > NOTICE_MAX_BYTES)
    payload = JSON.stringify({ type: input.type, receivers: null } satisfies MessageNotice);
  await notifyChannel(tx, MESSAGE_CHANNEL, payload);
  return { messageId: id };
}

function dedupe(to: SendMessageInput['to']) {
  const seen = new Set<string>();
  return to.filter((r) => {
    const key = `${r.orgId}/${r.accountId ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The caller's messages, newest first. Only organisations the caller is an active member of are
 * read; naming another one answers NOT_FOUND, as for any record out of reach.
 */
export async function listMessages(
  ctx: AppContext,
  input: {
    accountId: string;
    memberOrgIds: readonly string[];
    query: z.output<typeof messageQuery>;
    locale: Locale;
  },
): Promise<MessagePage> {
  const { query } = input;
  const orgIds = query.orgIds ?? input.memberOrgIds;
  if (orgIds.some((id) => !input.memberOrgIds.includes(id))) throw new AppError('NOT_FOUND');
  if (orgIds.length === 0) return { total: 0, unread: 0, items: [] };
  const all = query.size === -1;
  const limit = all ? MESSAGE_LIST_CAP : query.size;
  const found = await queryMessages(ctx.db, {
    accountId: input.accountId,
    orgIds,
    types: query.messageTypes && query.messageTypes.length > 0 ? query.messageTypes : undefined,
    limit,
    offset: all ? 0 : query.page * query.size,
  });
  return {
    total: found.total,
    unread: found.unread,
    items: found.items.map((m) => ({
      id: m.id,
      sendTime: m.sentAt.toISOString(),
      content: renderMessageContent(m.type, m.params, input.locale),
      beRead: m.readAt !== null,
      targetId: m.targetId,
      projectId: m.projectId,
      orgId: m.orgId,
      orgName: m.orgName,
      type: m.type,
    })),
  };
}

/** Marks one message read for the caller; reading it again changes nothing. */
export async function markMessageRead(
  ctx: AppContext,
  input: { receiverId: string; accountId: string; memberOrgIds: readonly string[] },
) {
  const receiver = await findVisibleReceiver(ctx.db, input.receiverId, input.accountId, input.memberOrgIds);
  if (!receiver) throw new AppError('NOT_FOUND');
  await insertRead(ctx.db, receiver.id, input.accountId, ctx.clock());
  return { id: receiver.id, beRead: true };
}
