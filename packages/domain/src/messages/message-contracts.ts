import { z } from 'zod';
import { commaList } from '../http/fields.js';
import { MESSAGE_TYPE_KEYS } from './message-type.js';

/**
 * `GET /api/message/messages` (spec §7): the to-do messages of the given organisations, newest
 * first. `size` -1 means every message (capped at MESSAGE_LIST_CAP, newest first).
 */
export const messageQuery = z.object({
  /** The caller's organisations to read; absent means all of them. */
  orgIds: commaList(z.uuid()).optional(),
  messageTypes: commaList(z.enum(MESSAGE_TYPE_KEYS)).optional(),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(-1).max(100).default(-1),
});
export type MessageQuery = z.input<typeof messageQuery>;

/** The most messages one "all" fetch returns; the counts still cover every message. */
export const MESSAGE_LIST_CAP = 200;

/**
 * One message as a receiving organisation sees it (spec §3). `id` is the receiver record that
 * `PUT /api/message/messageReceivers/{id}/read` marks; `beRead` is the caller's own read state.
 */
export const message = z.object({
  id: z.string(),
  sendTime: z.string(),
  content: z.string(),
  beRead: z.boolean(),
  targetId: z.string().nullable(),
  projectId: z.string().nullable(),
  /** The receiving organisation, one of the caller's. */
  orgId: z.string(),
  orgName: z.string(),
  type: z.enum(MESSAGE_TYPE_KEYS),
});
export type Message = z.infer<typeof message>;

export const messagePage = z.object({
  /** Messages matching the query, and how many of them the caller has not read. */
  total: z.number().int(),
  unread: z.number().int(),
  items: z.array(message),
});
export type MessagePage = z.infer<typeof messagePage>;

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
