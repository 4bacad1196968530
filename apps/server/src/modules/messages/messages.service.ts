import {
  MESSAGE_LIST_CAP,
  MESSAGE_TYPES,
  addressedTypes,
  isPersonalMessage,
  renderMessageContent,
  settledByMessage,
  todoOrgTypes,
  type Locale,
  type MessagePage,
  type MessageParams,
  type MessageType,
  type PrincipalMember,
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
  insertReadsForAll,
  insertReceivers,
  notifyChannel,
  queryMessages,
  settleOpenTodos,
  type AddressScope,
} from './messages.repository.js';

export interface SendMessageInput {
  type: MessageType;
  /**
   * The organisations told. A personal type (a reviewer's mission) names the member's account
   * with each; other types reach everyone in the organisation.
   */
  to: readonly { orgId: string; accountId?: string }[];
  at: Date;
  /**
   * The account whose work sends the message (the acting person), or null for none (the
   * platform). The open to-dos this message answers are settled in its name.
   */
  by: string | null;
  senderOrgId?: string | null;
  projectId?: string | null;
  targetId?: string | null;
  params?: MessageParams;
}

/**
 * Sends a hand-over message. Call it with the transaction that makes the change: the message
 * exists exactly when the change commits, and the live push (NOTIFY) goes out only then.
 * The open to-dos about the same project that this type answers (`settledBy` of their type) are
 * settled in the same transaction, in the name of `by`: rolled-back work leaves them open.
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
  const accepted: Partial<Record<string, unknown>> = MESSAGE_TYPES[input.type].receivers;
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
  if (input.projectId)
    for (const answered of settledByMessage(input.type)) {
      if (answered.reach === 'own' && !input.senderOrgId) continue;
      const settled = await settleOpenTodos(tx, {
        type: answered.type,
        orgTypes: todoOrgTypes(answered.type),
        projectId: input.projectId,
        orgId: answered.reach === 'own' ? input.senderOrgId! : undefined,
        by: input.by,
        at: input.at,
        settledWith: input.type,
      });
      await announce(tx, answered.type, settled);
    }
  await announce(tx, input.type, rows);
  return { messageId: id };
}

/**
 * Tells the open streams of these receivers' people that their list changed (a new message, or a
 * to-do settled by a colleague), delivered at commit. A payload too large names no receivers.
 */
async function announce(
  tx: Db,
  type: MessageType,
  receivers: readonly { orgId: string; accountId?: string | null }[],
) {
  if (receivers.length === 0) return;
  const notice: MessageNotice = {
    type,
    receivers: receivers.map((r) => ({ orgId: r.orgId, accountId: r.accountId ?? null })),
  };
  let payload = JSON.stringify(notice);
  if (Buffer.byteLength(payload) > NOTICE_MAX_BYTES)
    payload = JSON.stringify({ type, receivers: null } satisfies MessageNotice);
  await notifyChannel(tx, MESSAGE_CHANNEL, payload);
}

export interface SettleTodosInput {
  /** The to-do type settled. */
  type: MessageType;
  /** Narrow to the to-dos about this project, this record, this receiving organisation. */
  projectId?: string;
  targetId?: string;
  orgId?: string;
  /** The account whose work settles them (the acting person), or null for the platform. */
  by: string | null;
  at: Date;
}

/**
 * Settles open to-dos whose work was done without a message being sent (a building submitted
 * again after its rejection, a password reset issued). Call it in the transaction that does the
 * work. Returns how many were settled; a to-do already settled keeps its first settlement.
 * `required`: none open answers TODO_ALREADY_SETTLED (409), for a use case whose work is the
 * to-do itself and must not be done twice.
 */
export async function settleTodos(
  tx: Db,
  input: SettleTodosInput,
  options: { required?: boolean } = {},
): Promise<number> {
  const settled = await settleOpenTodos(tx, {
    type: input.type,
    orgTypes: todoOrgTypes(input.type),
    projectId: input.projectId,
    targetId: input.targetId,
    orgId: input.orgId,
    by: input.by,
    at: input.at,
    settledWith: null,
  });
  if (settled.length === 0 && options.required) throw new AppError('TODO_ALREADY_SETTLED');
  await announce(tx, input.type, settled);
  return settled.length;
}

/** What each of the reader's organisations tells the reader (`addressedTypes`). */
function scopesOf(members: readonly PrincipalMember[], orgIds: readonly string[]): AddressScope[] {
  return orgIds.flatMap((orgId) => {
    const member = members.find((m) => m.orgId === orgId);
    return member ? [{ orgId, ...addressedTypes(member) }] : [];
  });
}

/** The caller's organisations to read: those named (each must be theirs), else all of them. */
function readableOrgIds(members: readonly PrincipalMember[], named: readonly string[] | undefined) {
  const own = members.map((m) => m.orgId);
  const orgIds = named ?? own;
  if (orgIds.some((id) => !own.includes(id))) throw new AppError('NOT_FOUND');
  return orgIds;
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
 * The caller's messages, newest first: of each organisation, the notices and the to-dos the
 * caller may act on there (by the project policy), never a to-do for others. Only organisations
 * the caller is an active member of are read; naming another one answers NOT_FOUND, as for any
 * record out of reach.
 */
export async function listMessages(
  ctx: AppContext,
  input: {
    accountId: string;
    members: readonly PrincipalMember[];
    query: z.output<typeof messageQuery>;
    locale: Locale;
  },
): Promise<MessagePage> {
  const { query } = input;
  const scopes = scopesOf(input.members, readableOrgIds(input.members, query.orgIds));
  const empty = { todo: 0, done: 0, notice: 0, unreadNotice: 0, todoByType: [] };
  if (scopes.length === 0) return { total: 0, unread: 0, items: [], counts: empty, projects: [] };
  const all = query.size === -1;
  const limit = all ? MESSAGE_LIST_CAP : query.size;
  const found = await queryMessages(ctx.db, {
    accountId: input.accountId,
    scopes,
    types: query.messageTypes && query.messageTypes.length > 0 ? query.messageTypes : undefined,
    state: query.state,
    projectId: query.projectId,
    sentFrom: query.sentFrom ? new Date(query.sentFrom) : undefined,
    sentTo: query.sentTo ? new Date(query.sentTo) : undefined,
    limit,
    offset: all ? 0 : query.page * query.size,
  });
  const isTodo = (orgId: string, type: MessageType) =>
    scopes.some((s) => s.orgId === orgId && s.todo.includes(type));
  return {
    total: found.total,
    unread: found.unread,
    counts: found.counts,
    projects: found.projects,
    items: found.items.map((m) => ({
      id: m.id,
      sendTime: m.sentAt.toISOString(),
      content: renderMessageContent(m.type, m.params, input.locale),
      beRead: m.readAt !== null,
      targetId: m.targetId,
      projectId: m.projectId,
      projectName: m.params.projectName ?? null,
      orgId: m.orgId,
      orgName: m.orgName,
      type: m.type,
      state: isTodo(m.orgId, m.type) ? (m.settledAt ? 'done' : 'todo') : 'notice',
      settledAt: m.settledAt?.toISOString() ?? null,
      settledBy: m.settledBy,
      settledWith: m.settledWith,
    })),
  };
}

/** Marks one message read for the caller; reading it again changes nothing. */
export async function markMessageRead(
  ctx: AppContext,
  input: { receiverId: string; accountId: string; members: readonly PrincipalMember[] },
) {
  const scopes = scopesOf(input.members, readableOrgIds(input.members, undefined));
  const receiver = await findVisibleReceiver(ctx.db, input.receiverId, input.accountId, scopes);
  if (!receiver) throw new AppError('NOT_FOUND');
  await insertRead(ctx.db, receiver.id, input.accountId, ctx.clock());
  return { id: receiver.id, beRead: true };
}

/** 全部已读: marks every message addressed to the caller in these organisations read. */
export async function markAllMessagesRead(
  ctx: AppContext,
  input: { accountId: string; members: readonly PrincipalMember[]; orgIds: readonly string[] | undefined },
) {
  const scopes = scopesOf(input.members, readableOrgIds(input.members, input.orgIds));
  const marked = await insertReadsForAll(ctx.db, input.accountId, scopes, ctx.clock());
  return { marked };
}
