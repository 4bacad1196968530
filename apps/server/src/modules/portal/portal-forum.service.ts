import type {
  ForumReply,
  ForumTopic,
  ForumTopicSummary,
  forumModerationRequest,
  forumReplyRequest,
  forumTopicRequest,
  portalListQuery,
} from '@drp/domain';
import type { z } from 'zod';
import { inTransaction } from '../../db/database.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { sanitizeRichText } from '../../lib/sanitize-rich-text.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import {
  adjustReplyCount,
  countNewReply,
  findForumReply,
  findForumReplyForUpdate,
  findForumTopic,
  findForumTopicForUpdate,
  insertForumReply,
  insertForumTopic,
  listForumReplies,
  queryForumTopics,
  updateForumReply,
  updateForumTopic,
  type ForumReplyRow,
  type ForumTopicRow,
} from './portal-forum.repository.js';

type ListQuery = z.output<typeof portalListQuery>;

/** Who posts: the signed-in account, for the organisation it currently acts for (if any). */
export interface ForumAuthor {
  accountId: string;
  orgId: string | null;
}

function presentSummary(row: {
  topic: ForumTopicRow;
  authorName: string;
  orgName: string | null;
}): ForumTopicSummary {
  const { topic } = row;
  return {
    id: topic.id,
    title: topic.title,
    authorName: row.authorName,
    orgName: row.orgName,
    replyCount: topic.replyCount,
    createdAt: topic.createdAt.toISOString(),
    lastReplyAt: topic.lastReplyAt?.toISOString() ?? null,
    hidden: topic.hidden,
    locked: topic.locked,
  };
}

function presentReply(row: { reply: ForumReplyRow; authorName: string; orgName: string | null }): ForumReply {
  return {
    id: row.reply.id,
    bodyHtml: row.reply.bodyHtml,
    authorName: row.authorName,
    orgName: row.orgName,
    createdAt: row.reply.createdAt.toISOString(),
    hidden: row.reply.hidden,
  };
}

/** Rich text as it may be stored; nothing readable left after cleaning is an empty post. */
function cleanBody(html: string): string {
  const { html: clean } = sanitizeRichText(html);
  if (!clean) throw new AppError('FORUM_BODY_EMPTY');
  return clean;
}

async function listTopics(ctx: AppContext, query: ListQuery, includeHidden: boolean) {
  const { total, items } = await queryForumTopics(ctx.db, { ...query, includeHidden });
  return { total, items: items.map(presentSummary) };
}

async function describeTopic(ctx: AppContext, id: string, staff: boolean): Promise<ForumTopic> {
  const row = await findForumTopic(ctx.db, id);
  if (!row || (row.topic.hidden && !staff)) throw new AppError('NOT_FOUND');
  const replies = await listForumReplies(ctx.db, id, staff);
  return { ...presentSummary(row), bodyHtml: row.topic.bodyHtml, replies: replies.map(presentReply) };
}

/** forumDetail's list: the visible topics, the most recently active first. */
export const listPublicForumTopics = (ctx: AppContext, query: ListQuery) => listTopics(ctx, query, false);

/** A visible topic with its visible replies, oldest first; a hidden topic answers 404. */
export const describePublicForumTopic = (ctx: AppContext, id: string) => describeTopic(ctx, id, false);

/** Staff's list: hidden topics too. */
export const listStaffForumTopics = (ctx: AppContext, query: ListQuery) => listTopics(ctx, query, true);

/** Staff's view of a topic: hidden or not, with hidden replies. */
export const describeStaffForumTopic = (ctx: AppContext, id: string) => describeTopic(ctx, id, true);

/** Opens a topic in the author's name; the body is sanitised like any portal rich text. */
export async function openForumTopic(
  ctx: AppContext,
  input: { author: ForumAuthor; request: z.output<typeof forumTopicRequest> },
): Promise<ForumTopic> {
  const bodyHtml = cleanBody(input.request.bodyHtml);
  const topic = await insertForumTopic(ctx.db, {
    title: input.request.title,
    bodyHtml,
    authorId: input.author.accountId,
    orgId: input.author.orgId,
    createdAt: ctx.clock(),
  });
  return describeTopic(ctx, topic.id, false);
}

/**
 * Replies to a visible topic that is not locked. The topic is locked while the reply is added, so
 * staff locking or hiding it meanwhile either comes first (and the reply is refused) or after.
 */
export async function replyToForumTopic(
  ctx: AppContext,
  input: { topicId: string; author: ForumAuthor; request: z.output<typeof forumReplyRequest> },
): Promise<ForumReply> {
  const bodyHtml = cleanBody(input.request.bodyHtml);
  const reply = await inTransaction(ctx.db, async (tx) => {
    const topic = await findForumTopicForUpdate(tx, input.topicId);
    if (!topic) throw new AppError('NOT_FOUND');
    if (topic.hidden) throw new AppError('FORUM_TOPIC_HIDDEN');
    if (topic.locked) throw new AppError('FORUM_TOPIC_LOCKED');
    const now = ctx.clock();
    const row = await insertForumReply(tx, {
      topicId: topic.id,
      bodyHtml,
      authorId: input.author.accountId,
      orgId: input.author.orgId,
      createdAt: now,
    });
    await countNewReply(tx, topic.id, now);
    return row;
  });
  return presentReply((await findForumReply(ctx.db, reply.id))!);
}

/** Staff hide or show a topic, lock or unlock it; each change is in the topic's audit trail. */
export async function moderateForumTopic(
  ctx: AppContext,
  input: { id: string; request: z.output<typeof forumModerationRequest>; audit: AuditActor },
): Promise<ForumTopicSummary> {
  await inTransaction(ctx.db, async (tx) => {
    const topic = await findForumTopicForUpdate(tx, input.id);
    if (!topic) throw new AppError('NOT_FOUND');
    const patch: Partial<Pick<ForumTopicRow, 'hidden' | 'locked'>> = {};
    if (input.request.hidden !== undefined && input.request.hidden !== topic.hidden)
      patch.hidden = input.request.hidden;
    if (input.request.locked !== undefined && input.request.locked !== topic.locked)
      patch.locked = input.request.locked;
    if (Object.keys(patch).length === 0) return;
    await updateForumTopic(tx, topic.id, patch);
    await recordAudit(tx, ctx.clock(), {
      action: 'FORUM_TOPIC_MODERATED',
      actor: input.audit,
      target: { type: 'forumTopic', id: topic.id },
      detail: { title: topic.title, ...patch },
    });
  });
  return presentSummary((await findForumTopic(ctx.db, input.id))!);
}

/**
 * Staff hide or show a reply. The topic's count is of the replies the public sees, so it follows;
 * the event is in the topic's audit trail, naming the reply.
 */
export async function moderateForumReply(
  ctx: AppContext,
  input: { id: string; hidden: boolean; audit: AuditActor },
): Promise<ForumReply> {
  await inTransaction(ctx.db, async (tx) => {
    const reply = await findForumReplyForUpdate(tx, input.id);
    if (!reply) throw new AppError('NOT_FOUND');
    if (reply.hidden === input.hidden) return;
    await updateForumReply(tx, reply.id, { hidden: input.hidden });
    await adjustReplyCount(tx, reply.topicId, input.hidden ? -1 : 1);
    await recordAudit(tx, ctx.clock(), {
      action: 'FORUM_REPLY_MODERATED',
      actor: input.audit,
      target: { type: 'forumTopic', id: reply.topicId },
      detail: { replyId: reply.id, hidden: input.hidden },
    });
  });
  return presentReply((await findForumReply(ctx.db, input.id))!);
}
