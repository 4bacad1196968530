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
  (t) => [index('messages_sent_idx').on(t.sentAt)],
);

/**
 * Who a message is for: an organisation (everyone in it, now and later), or one member of it
 * when `accountId` is set (a reviewer's mission).
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
