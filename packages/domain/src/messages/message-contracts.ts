import { z } from 'zod';
import { commaList } from '../http/fields.js';
import { MESSAGE_TYPE_KEYS } from './message-type.js';

/** What a message is to its reader: an open to-do, a settled one, or a notice (no action). */
export const MESSAGE_STATES = ['todo', 'done', 'notice'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

/**
 * `GET /api/message/messages` (spec §7): the messages of the given organisations addressed to the
 * caller, newest first. `size` -1 means every message (capped at MESSAGE_LIST_CAP, newest first).
 * The message centre narrows by state, project and the time sent (`sentFrom` inclusive, `sentTo`
 * exclusive).
 */
export const messageQuery = z
  .object({
    /** The caller's organisations to read; absent means all of them. */
    orgIds: commaList(z.uuid()).optional(),
    messageTypes: commaList(z.enum(MESSAGE_TYPE_KEYS)).optional(),
    state: z.enum(MESSAGE_STATES).optional(),
    projectId: z.uuid().optional(),
    sentFrom: z.iso.datetime({ offset: true }).optional(),
    sentTo: z.iso.datetime({ offset: true }).optional(),
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    size: z.coerce.number().int().min(-1).max(100).default(-1),
  })
  .refine((q) => !q.sentFrom || !q.sentTo || Date.parse(q.sentFrom) < Date.parse(q.sentTo), {
    message: 'the end of the date range must come after its start',
    path: ['sentTo'],
  });
export type MessageQuery = z.input<typeof messageQuery>;

/** The most messages one "all" fetch returns; the counts still cover every message. */
export const MESSAGE_LIST_CAP = 200;

/**
 * One message as a receiving organisation sees it (spec §3). `id` is the receiver record that
 * `PUT /api/message/messageReceivers/{id}/read` marks; `beRead` is the caller's own read state.
 * A settled to-do says when, by whom, and which step settled it (`settledWith`, null when the
 * work itself settled it without a message).
 */
export const message = z.object({
  id: z.string(),
  sendTime: z.string(),
  content: z.string(),
  beRead: z.boolean(),
  targetId: z.string().nullable(),
  projectId: z.string().nullable(),
  /** The project's name as the message was sent, for lists and filters. */
  projectName: z.string().nullable(),
  /** The receiving organisation, one of the caller's. */
  orgId: z.string(),
  orgName: z.string(),
  type: z.enum(MESSAGE_TYPE_KEYS),
  state: z.enum(MESSAGE_STATES),
  settledAt: z.string().nullable(),
  /** The name of the person whose work settled it. */
  settledBy: z.string().nullable(),
  settledWith: z.enum(MESSAGE_TYPE_KEYS).nullable(),
});
export type Message = z.infer<typeof message>;

export const messagePage = z.object({
  /** Messages matching the query, and how many of them the caller has not read. */
  total: z.number().int(),
  unread: z.number().int(),
  items: z.array(message),
  /**
   * Every state's count under the query's other filters: open to-dos, settled ones, notices and
   * unread notices (the bell shows open to-dos plus unread notices). `todoByType`: the open to-dos
   * of each type, for workbenches.
   */
  counts: z.object({
    todo: z.number().int(),
    done: z.number().int(),
    notice: z.number().int(),
    unreadNotice: z.number().int(),
    todoByType: z.array(z.object({ type: z.enum(MESSAGE_TYPE_KEYS), count: z.number().int() })),
  }),
  /** The projects the caller's messages (under the organisation and type filters) are about. */
  projects: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type MessagePage = z.infer<typeof messagePage>;

/** `PUT /api/message/messageReceivers/read`: marks every message of these organisations read (全部已读). */
export const markAllReadRequest = z.object({
  /** The caller's organisations; absent means all of them. */
  orgIds: z.array(z.uuid()).max(100).optional(),
});
export type MarkAllReadRequest = z.infer<typeof markAllReadRequest>;

/**
 * What the live stream (`GET /api/message/events`, server-sent events) says: a message arrived for
 * one of the caller's organisations. The browser then fetches the list again; the stream carries
 * no content, so the list call stays the one place that decides what a caller may read.
 */
export const messageEvent = z.object({
  orgId: z.string(),
  type: z.enum(MESSAGE_TYPE_KEYS),
});
export type MessageEvent = z.infer<typeof messageEvent>;

/** Server-sent event names on the message stream. */
export const MESSAGE_STREAM_EVENTS = { ready: 'ready', message: 'message' } as const;
