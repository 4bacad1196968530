import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MessageState, MessageType, OrgType } from '@drp/domain';
import type { Db } from '../../db/database.js';
import { accounts } from '../../db/schema/accounts.js';
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

/**
 * Settles the open to-dos of one type that match, once: a receiver already settled is left as it
 * is (and a trigger refuses any change to a settlement). Only receivers of `orgTypes` (those the
 * type asks for work) are to-dos. Returns the receivers settled.
 */
export async function settleOpenTodos(
  db: Db,
  input: {
    type: MessageType;
    orgTypes: readonly OrgType[];
    projectId?: string | undefined;
    targetId?: string | undefined;
    orgId?: string | undefined;
    messageId?: string | undefined;
    by: string | null;
    at: Date;
    settledWith: MessageType | null;
  },
) {
  if (input.orgTypes.length === 0) return [];
  const open = db
    .select({ id: messageReceivers.id })
    .from(messageReceivers)
    .innerJoin(messages, eq(messages.id, messageReceivers.messageId))
    .innerJoin(orgs, eq(orgs.id, messageReceivers.orgId))
    .where(
      and(
        eq(messages.type, input.type),
        inArray(orgs.orgType, [...input.orgTypes]),
        isNull(messageReceivers.settledAt),
        input.projectId === undefined ? undefined : eq(messages.projectId, input.projectId),
        input.targetId === undefined ? undefined : eq(messages.targetId, input.targetId),
        input.orgId === undefined ? undefined : eq(messageReceivers.orgId, input.orgId),
        input.messageId === undefined ? undefined : eq(messages.id, input.messageId),
      ),
    );
  return db
    .update(messageReceivers)
    .set({ settledAt: input.at, settledBy: input.by, settledWith: input.settledWith })
    .where(and(inArray(messageReceivers.id, open), isNull(messageReceivers.settledAt)))
    .returning({
      id: messageReceivers.id,
      orgId: messageReceivers.orgId,
      accountId: messageReceivers.accountId,
    });
}

/**
 * What one of the reader's organisations is told: the to-do types whose action the reader may do
 * there, and the notice types. A type in neither is not addressed to the reader.
 */
export interface AddressScope {
  orgId: string;
  todo: readonly MessageType[];
  notice: readonly MessageType[];
}

const typesIn = (types: readonly MessageType[]): SQL =>
  types.length === 0 ? sql`false` : inArray(messages.type, [...types]);

/** Receivers of these types in the scope's organisations, for the reader. */
function inScopes(scopes: readonly AddressScope[], pick: (s: AddressScope) => readonly MessageType[]): SQL {
  const parts = scopes.map((s) => and(eq(messageReceivers.orgId, s.orgId), typesIn(pick(s)))!);
  return parts.length === 0 ? sql`false` : or(...parts)!;
}

/**
 * Receivers a person may see: the messages their organisations are told and they are addressed
 * (a to-do only if they may do it), and those addressed to them by name.
 */
function visibleTo(accountId: string, scopes: readonly AddressScope[]): SQL {
  return and(
    inScopes(scopes, (s) => [...s.todo, ...s.notice]),
    or(isNull(messageReceivers.accountId), eq(messageReceivers.accountId, accountId)),
  )!;
}

const isTodo = (scopes: readonly AddressScope[]) => inScopes(scopes, (s) => s.todo);

function stateIs(state: MessageState, scopes: readonly AddressScope[]): SQL {
  switch (state) {
    case 'todo':
      return and(isTodo(scopes), isNull(messageReceivers.settledAt))!;
    case 'done':
      return and(isTodo(scopes), isNotNull(messageReceivers.settledAt))!;
    case 'notice':
      return inScopes(scopes, (s) => s.notice);
  }
}

export interface MessageFilter {
  accountId: string;
  scopes: readonly AddressScope[];
  types: readonly MessageType[] | undefined;
  projectId: string | undefined;
  sentFrom: Date | undefined;
  sentTo: Date | undefined;
}

function filtered(f: MessageFilter, withProject = true): SQL {
  return and(
    visibleTo(f.accountId, f.scopes),
    f.types ? inArray(messages.type, [...f.types]) : undefined,
    withProject && f.projectId ? eq(messages.projectId, f.projectId) : undefined,
    f.sentFrom ? gte(messages.sentAt, f.sentFrom) : undefined,
    f.sentTo ? lt(messages.sentAt, f.sentTo) : undefined,
  )!;
}

const settler = alias(accounts, 'settler');

export async function queryMessages(
  db: Db,
  input: MessageFilter & { state: MessageState | undefined; limit: number; offset: number },
) {
  const readByMe = and(
    eq(messageReads.receiverId, messageReceivers.id),
    eq(messageReads.accountId, input.accountId),
  );
  const base = filtered(input);
  const where = and(base, input.state ? stateIs(input.state, input.scopes) : undefined);
  const open = stateIs('todo', input.scopes);
  const notice = stateIs('notice', input.scopes);
  const [items, [counts], [stateCounts], byType, projects] = await Promise.all([
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
        settledAt: messageReceivers.settledAt,
        settledBy: settler.name,
        settledWith: messageReceivers.settledWith,
      })
      .from(messageReceivers)
      .innerJoin(messages, eq(messages.id, messageReceivers.messageId))
      .innerJoin(orgs, eq(orgs.id, messageReceivers.orgId))
      .leftJoin(messageReads, readByMe)
      .leftJoin(settler, eq(settler.id, messageReceivers.settledBy))
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
    db
      .select({
        todo: sql<number>`count(*) filter (where ${open})`.mapWith(Number),
        done: sql<number>`count(*) filter (where ${stateIs('done', input.scopes)})`.mapWith(Number),
        notice: sql<number>`count(*) filter (where ${notice})`.mapWith(Number),
        unreadNotice:
          sql<number>`count(*) filter (where ${notice} and ${messageReads.receiverId} is null)`.mapWith(
            Number,
          ),
      })
      .from(messageReceivers)
      .innerJoin(messages, eq(messages.id, messageReceivers.messageId))
      .leftJoin(messageReads, readByMe)
      .where(base),
    db
      .select({ type: messages.type, count: count() })
      .from(messageReceivers)
      .innerJoin(messages, eq(messages.id, messageReceivers.messageId))
      .where(and(base, open))
      .groupBy(messages.type)
      .orderBy(messages.type),
    db
      .selectDistinct({
        id: sql<string>`${messages.projectId}::text`,
        name: sql<string>`coalesce(${messages.params}->>'projectName', '')`,
      })
      .from(messageReceivers)
      .innerJoin(messages, eq(messages.id, messageReceivers.messageId))
      .where(
        and(
          filtered({ ...input, sentFrom: undefined, sentTo: undefined }, false),
          isNotNull(messages.projectId),
        ),
      )
      .orderBy(sql`2`, sql`1`)
      .limit(200),
  ]);
  return {
    total: counts?.total ?? 0,
    unread: counts?.unread ?? 0,
    counts: {
      todo: stateCounts?.todo ?? 0,
      done: stateCounts?.done ?? 0,
      notice: stateCounts?.notice ?? 0,
      unreadNotice: stateCounts?.unreadNotice ?? 0,
      todoByType: byType,
    },
    projects,
    items,
  };
}

export async function findVisibleReceiver(
  db: Db,
  id: string,
  accountId: string,
  scopes: readonly AddressScope[],
) {
  const [row] = await db
    .select({ id: messageReceivers.id })
    .from(messageReceivers)
    .innerJoin(messages, eq(messages.id, messageReceivers.messageId))
    .where(and(eq(messageReceivers.id, id), visibleTo(accountId, scopes)));
  return row ?? null;
}

export async function insertRead(db: Db, receiverId: string, accountId: string, at: Date) {
  await db.insert(messageReads).values({ receiverId, accountId, readAt: at }).onConflictDoNothing();
}

/** Marks read, for the person, every message addressed to them in these scopes. */
export async function insertReadsForAll(
  db: Db,
  accountId: string,
  scopes: readonly AddressScope[],
  at: Date,
) {
  const unread = db
    .select({ id: messageReceivers.id })
    .from(messageReceivers)
    .innerJoin(messages, eq(messages.id, messageReceivers.messageId))
    .leftJoin(
      messageReads,
      and(eq(messageReads.receiverId, messageReceivers.id), eq(messageReads.accountId, accountId)),
    )
    .where(and(visibleTo(accountId, scopes), isNull(messageReads.receiverId)));
  const rows = await unread;
  if (rows.length === 0) return 0;
  await db
    .insert(messageReads)
    .values(rows.map((r) => ({ receiverId: r.id, accountId, readAt: at })))
    .onConflictDoNothing();
  return rows.length;
}
