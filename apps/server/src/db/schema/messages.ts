import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { MessageParams, MessageType } from '@drp/domain';
import { accounts } from './accounts.js';
import { orgs } from './orgs.js';

/**
 * A hand-over message. The text is rendered from `type` and `params` in the reader's language.
 * `projectId` has no foreign key: a message about a deleted draft stays, and reads as out of date.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').$type<MessageType>().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    senderOrgId: uuid('sender_org_id'),
    projectId: uuid('project_id'),
    targetId: text('target_id'),
    params: jsonb('params').$type<MessageParams>().notNull().default({}),
  },
  (t) => [
    index('messages_sent_idx').on(t.sentAt),
    // Settling finds a project's open to-dos of a type.
    index('messages_project_type_idx').on(t.projectId, t.type),
  ],
);

/**
 * Who a message is for: an organisation (everyone in it, now and later, whom its type addresses:
 * a to-do only those who may do its action), or one member of it when `accountId` is set (a
 * reviewer's mission). A to-do is settled per receiving organisation, once: `settledAt` and
 * `settledBy` (the person whose work settled it) are written by the use case that did the work,
 * `settledWith` the message type it sent then (null when it sent none).
 */
export const messageReceivers = pgTable(
  'message_receivers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id),
    accountId: uuid('account_id').references(() => accounts.id),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    settledBy: uuid('settled_by').references(() => accounts.id),
    settledWith: text('settled_with').$type<MessageType>(),
  },
  (t) => [
    index('message_receivers_org_idx').on(t.orgId, t.accountId),
    index('message_receivers_message_idx').on(t.messageId),
  ],
);

/** Read state is each person's own: a colleague opening an org message does not clear yours. */
export const messageReads = pgTable(
  'message_reads',
  {
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => messageReceivers.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.receiverId, t.accountId] })],
);
