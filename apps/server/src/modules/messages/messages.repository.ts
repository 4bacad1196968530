import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { MessageType } from '@drp/domain';
import type { Db } from '../../db/database.js';
import { messageReads, messageReceivers, messages } from '../../db/schema/messages.js';
import { orgs } from '../../db/schema/orgs.js';

export type MessageInsert = typeof messages.$inferInsert;

export async function insertMessage(db: Db, row: MessageInsert) {
  const [inserted] = await db.insert(messages).values(row).returning({ id: messages.id });
  return inserted!;
}

export async function insertReceivers(
  db: Db,
  messageId: string,
  receivers: readonly { orgId: string; accountId: string | null }[],
) {
  await db.insert(messageReceivers).values(receivers.map((r) => ({ messageId, ...r })));
}

/** Tells every server process listening on `channel`; delivered only if the transaction commits. */
export async function notifyChannel(db: Db, channel: string, payload: string) {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

export async function findOrgTypes(db: Db, orgIds: readonly string[]) {
  return db
    .select({ id: orgs.id, orgType: orgs.orgType })
    .from(orgs)
    .where(inArray(orgs.id, [...orgIds]));
}

/** Receivers a person may see: their organisations' messages, and those addressed to them. */
function visibleTo(accountId: string, orgIds: readonly string[]): SQL {
  return and(
    inArray(messageReceivers.orgId, [...orgIds]),
    or(isNull(messageReceivers.accountId), eq(messageReceivers.accountId, accountId)),
  )!;
}

export async function queryMessages(
  db: Db,
  input: {
    accountId: string;
    orgIds: readonly string[];
    types: readonly MessageType[] | undefined;
    limit: number;
    offset: number;
  },
) {
  const readByMe = and(
    eq(messageReads.receiverId, messageReceivers.id),
    eq(messageReads.accountId, input.accountId),
  );
  const where = and(
    visibleTo(input.accountId, input.orgIds),
    input.types ? inArray(messages.type, [...input.types]) : undefined,
  );
  const [items, [counts]] = await Promise.all([
    db
      .select({
        id: messageReceivers.id,
        orgId: messageReceivers.orgId,
        orgName: orgs.name,
        type: messages.type,
        sentAt: messages.sentAt,
        params: messages.params,
        projectId: messages.projectId,
        targetId: messages.targetId,
        readAt: messageReads.readAt,
      })
      .from(messageReceivers)
      .innerJoin(messages, eq(messages.id, messageReceivers.messageId))
      .innerJoin(orgs, eq(orgs.id, messageReceivers.orgId))
      .leftJoin(messageReads, readByMe)
      .where(where)
      .orderBy(desc(messages.sentAt), desc(messageReceivers.id))
      .limit(input.limit)
      .offset(input.offset),
    db
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where ${messageReads.receiverId} is null)`.mapWith(Number),
      })
      .from(messageReceivers)
      .innerJoin(messages, eq(messages.id, messageReceivers.messageId))
      .leftJoin(messageReads, readByMe)
      .where(where),
  ]);
  return { total: counts?.total ?? 0, unread: counts?.unread ?? 0, items };
}

export async function findVisibleReceiver(db: Db, id: string, accountId: string, orgIds: readonly string[]) {
  const [row] = await db
    .select({ id: messageReceivers.id })
    .from(messageReceivers)
    .where(and(eq(messageReceivers.id, id), visibleTo(accountId, orgIds)));
  return row ?? null;
}

export async function insertRead(db: Db, receiverId: string, accountId: string, at: Date) {
  await db.insert(messageReads).values({ receiverId, accountId, readAt: at }).onConflictDoNothing();
}
