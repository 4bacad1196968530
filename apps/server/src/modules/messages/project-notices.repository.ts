import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.js';
import { accounts } from '../../db/schema/accounts.js';
import { messageReads, messageReceivers, messages } from '../../db/schema/messages.js';
import { orgs } from '../../db/schema/orgs.js';

const person = alias(accounts, 'person');
const reader = alias(accounts, 'reader');

/** The messages one organisation sent about one application (one of them when `id` is given), newest first. */
export async function listSentAboutProject(
  db: Db,
  input: { projectId: string; senderOrgId: string; id?: string },
) {
  return db
    .select({ id: messages.id, type: messages.type, sentAt: messages.sentAt, params: messages.params })
    .from(messages)
    .where(
      and(
        eq(messages.projectId, input.projectId),
        eq(messages.senderOrgId, input.senderOrgId),
        input.id ? eq(messages.id, input.id) : undefined,
      ),
    )
    .orderBy(desc(messages.sentAt), desc(messages.id));
}

/** The receivers of these messages, with the person of a personal one. */
export async function listReceiversOf(db: Db, messageIds: readonly string[]) {
  if (messageIds.length === 0) return [];
  return db
    .select({
      id: messageReceivers.id,
      messageId: messageReceivers.messageId,
      orgId: messageReceivers.orgId,
      orgName: orgs.name,
      personName: person.name,
      settledAt: messageReceivers.settledAt,
    })
    .from(messageReceivers)
    .innerJoin(orgs, eq(orgs.id, messageReceivers.orgId))
    .leftJoin(person, eq(person.id, messageReceivers.accountId))
    .where(inArray(messageReceivers.messageId, [...messageIds]))
    .orderBy(asc(orgs.name), asc(messageReceivers.id));
}

/** Who read each of these receivers' copies, and when, first reader first. */
export async function listReadsOf(db: Db, receiverIds: readonly string[]) {
  if (receiverIds.length === 0) return [];
  return db
    .select({ receiverId: messageReads.receiverId, name: reader.name, readAt: messageReads.readAt })
    .from(messageReads)
    .innerJoin(reader, eq(reader.id, messageReads.accountId))
    .where(inArray(messageReads.receiverId, [...receiverIds]))
    .orderBy(asc(messageReads.readAt), asc(reader.name));
}
