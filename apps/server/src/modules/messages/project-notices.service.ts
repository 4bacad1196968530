import {
  messageTypeName,
  renderMessageContent,
  type Locale,
  type PrincipalMember,
  type ProjectNotice,
  type ProjectNoticeList,
} from '@drp/domain';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { openProject } from '../project-access/project-access.service.js';
import { listReadsOf, listReceiversOf, listSentAboutProject } from './project-notices.repository.js';

/**
 * The project's notices (issue 19): every message the acting review agency sent about one
 * application (acceptance, return, reminders, missions, and what later steps send), each with its
 * receivers and who of them read it when. Read state is each person's own (message_reads), so
 * this is the one place that shows another person's reading: only to the sending agency.
 */

export interface ProjectNoticesCaller {
  member: PrincipalMember;
  projectId: string;
  locale: Locale;
}

async function sentNotices(ctx: AppContext, caller: ProjectNoticesCaller, id?: string) {
  const open = await openProject(ctx.db, caller.member, caller.projectId, { action: 'notices.view' });
  const sent = await listSentAboutProject(ctx.db, {
    projectId: open.project.id,
    senderOrgId: caller.member.orgId,
    ...(id ? { id } : {}),
  });
  const receivers = await listReceiversOf(
    ctx.db,
    sent.map((m) => m.id),
  );
  const reads = await listReadsOf(
    ctx.db,
    receivers.map((r) => r.id),
  );
  return sent.map((m): ProjectNotice => ({
    id: m.id,
    type: m.type,
    typeName: messageTypeName(m.type, caller.locale),
    content: renderMessageContent(m.type, m.params, caller.locale),
    sentAt: m.sentAt.toISOString(),
    receivers: receivers
      .filter((r) => r.messageId === m.id)
      .map((r) => ({
        orgId: r.orgId,
        orgName: r.orgName,
        personName: r.personName ?? null,
        settledAt: r.settledAt?.toISOString() ?? null,
        reads: reads
          .filter((read) => read.receiverId === r.id)
          .map((read) => ({ name: read.name, readAt: read.readAt.toISOString() })),
      })),
  }));
}

export async function listProjectNotices(
  ctx: AppContext,
  caller: ProjectNoticesCaller,
): Promise<ProjectNoticeList> {
  return { items: await sentNotices(ctx, caller) };
}

export async function getProjectNotice(
  ctx: AppContext,
  caller: ProjectNoticesCaller,
  id: string,
): Promise<ProjectNotice> {
  const [notice] = await sentNotices(ctx, caller, id);
  if (!notice) throw new AppError('NOT_FOUND');
  return notice;
}
