import { z } from 'zod';
import { MESSAGE_TYPE_KEYS } from './message-type.js';

/**
 * The project's notices (issue 19, `notifications`): every message the review agency sent about
 * one application, with its receivers and who of them read it when. Only the agency's own members
 * read this: it shows the people of other organisations by name.
 */

export const projectNoticeRead = z.object({ name: z.string(), readAt: z.string() });

export const projectNoticeReceiver = z.object({
  orgId: z.string(),
  orgName: z.string(),
  /** A personal message's one person (a reviewer's mission); null when the whole organisation. */
  personName: z.string().nullable(),
  /** When the to-do was done (a notice is never settled). */
  settledAt: z.string().nullable(),
  reads: z.array(projectNoticeRead),
});
export type ProjectNoticeReceiver = z.infer<typeof projectNoticeReceiver>;

export const projectNotice = z.object({
  id: z.string(),
  type: z.enum(MESSAGE_TYPE_KEYS),
  /** The type's name and the text, in the caller's language. */
  typeName: z.string(),
  content: z.string(),
  sentAt: z.string(),
  receivers: z.array(projectNoticeReceiver),
});
export type ProjectNotice = z.infer<typeof projectNotice>;

export const projectNoticeList = z.object({ items: z.array(projectNotice) });
export type ProjectNoticeList = z.infer<typeof projectNoticeList>;
