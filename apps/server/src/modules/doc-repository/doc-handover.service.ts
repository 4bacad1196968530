import {
  DOC_CATEGORY_KEYS,
  type DocCategory,
  type DocFeedback,
  type DocVersionState,
  type FeedbackItem,
  type MessageType,
  type PrincipalMember,
  receivesDocs,
} from '@drp/domain';
import { inTransaction, type Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { AppContext } from '../../lib/app-context.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { sendMessage } from '../messages/messages.service.js';
import { updateProject } from '../projects/projects.repository.js';
import { visibleProject } from '../projects/projects.service.js';
import {
  clearCommits,
  countFeedbacks,
  countFilesByUnit,
  insertCommit,
  insertFeedbacks,
  listCommits,
  listFeedbacks,
  setVersionStatus,
} from './doc-handover.repository.js';
import { findVersion, listFolders } from './doc-repository.repository.js';

/**
 * The hand-over of a version's materials (domain.md steps 2–3, `docRepositoryOrg`): each design
 * and survey unit commits its own; the construction unit checks them and sends the version to
 * review; the agency's director or administrator accepts it (REVIEW, read-only from then on) or
 * returns it with reasons, which reopens it for upload and asks every unit to commit again.
 */

type Party = Awaited<ReturnType<typeof visibleProject>>['parties'][number];

/** Who must hand over what: each design unit its drawings, each survey unit its survey documents. */
function unitsOf(parties: readonly Party[]) {
  return parties.flatMap((p) =>
    p.role === 'DESIGN' || p.role === 'SURVEY'
      ? [{ orgId: p.orgId, orgName: p.orgName, category: p.role }]
      : [],
  );
}

async function versionFor(tx: Db, member: PrincipalMember | null, projectId: string, versionId: string) {
  const { project, parties } = await visibleProject(tx, member, projectId, { lock: true });
  const version = await findVersion(tx, projectId, versionId, { lock: true });
  if (!version) throw new AppError('NOT_FOUND');
  return { project, parties, version };
}

const nameOf = (parties: readonly Party[], orgId: string) =>
  parties.find((p) => p.orgId === orgId)?.orgName ?? '';

export async function commitDocs(
  ctx: AppContext,
  input: {
    member: PrincipalMember | null;
    projectId: string;
    versionId: string;
    category: DocCategory;
    audit: AuditActor;
  },
) {
  const member = input.member;
  await inTransaction(ctx.db, async (tx) => {
    const { project, parties, version } = await versionFor(tx, member, input.projectId, input.versionId);
    if (member!.orgType !== input.category) throw new AppError('DOC_FOLDER_NOT_YOURS');
    if (!version.latest || version.businessStatus !== 'UPLOADING') throw new AppError('DOC_VERSION_LOCKED');
    const commits = await listCommits(tx, version.id);
    if (commits.some((c) => c.orgId === member!.orgId && c.category === input.category))
      throw new AppError('DOC_ALREADY_COMMITTED');
    const files = await countFilesByUnit(tx, version.id);
    if (!files.some((f) => f.orgId === member!.orgId && f.category === input.category && f.n > 0))
      throw new AppError('DOC_NOTHING_TO_COMMIT');
    await insertCommit(tx, {
      versionId: version.id,
      orgId: member!.orgId,
      category: input.category,
      committedBy: input.audit.accountId,
      committedAt: ctx.clock(),
    });
    await recordAudit(tx, ctx.clock(), {
      action: 'DOC_COMMITTED',
      actor: input.audit,
      target: { type: 'project', id: project.id },
      detail: { version: version.number, category: input.category },
    });
    const construct = parties.find((p) => p.role === 'CONSTRUCT');
    if (construct)
      await sendMessage(tx, {
        type: input.category === 'DESIGN' ? 'DESIGN_MATERIAL_COMMIT' : 'SURVEY_MATERIAL_COMMIT',
        to: [{ orgId: construct.orgId }],
        at: ctx.clock(),
        senderOrgId: member!.orgId,
        projectId: project.id,
        targetId: project.id,
        params: { senderName: nameOf(parties, member!.orgId), projectName: project.name },
      });
  });
}

/**
 * `confirmApplyDoc`: for the construction unit, sends the version to review once every unit has
 * committed; for the agency's director or administrator, accepts the sent version.
 */
export async function confirmDocs(
  ctx: AppContext,
  input: { member: PrincipalMember | null; projectId: string; versionId: string; audit: AuditActor },
) {
  const member = input.member;
  await inTransaction(ctx.db, async (tx) => {
    const { project, parties, version } = await versionFor(tx, member, input.projectId, input.versionId);
    const at = ctx.clock();
    const senderName = nameOf(parties, member!.orgId);
    const tell = async (type: MessageType, to: readonly Party[]) => {
      if (to.length > 0)
        await sendMessage(tx, {
          type,
          to: to.map((p) => ({ orgId: p.orgId })),
          at,
          senderOrgId: member!.orgId,
          projectId: project.id,
          targetId: project.id,
          params: { senderName, projectName: project.name },
        });
    };
    if (member!.orgType === 'CONSTRUCT') {
      if (!version.latest || version.businessStatus !== 'UPLOADING') throw new AppError('DOC_VERSION_LOCKED');
      const commits = await listCommits(tx, version.id);
      const missing = unitsOf(parties).filter(
        (u) => !commits.some((c) => c.orgId === u.orgId && c.category === u.category),
      );
      if (missing.length > 0)
        throw new AppError('DOC_UNITS_NOT_COMMITTED', {
          names: [...new Set(missing.map((u) => u.orgName))].join('、'),
        });
      await setVersionStatus(tx, version.id, { businessStatus: 'SUBMITTED', sentAt: at });
      if (project.status === 'SUBMITTED')
        await updateProject(tx, project.id, { status: 'MATERIALS_SENT', updatedAt: at });
      await recordAudit(tx, at, {
        action: 'DOC_SENT',
        actor: input.audit,
        target: { type: 'project', id: project.id },
        detail: { version: version.number },
      });
      await tell(
        'CONSTRUCT_MATERIAL_SUBMIT',
        parties.filter((p) => p.role === 'CENSOR'),
      );
      return;
    }
    if (!receivesDocs(member!)) throw new AppError('DOC_DIRECTOR_ONLY');
    if (version.businessStatus !== 'SUBMITTED') throw new AppError('DOC_NOT_SENT');
    await setVersionStatus(tx, version.id, { businessStatus: 'REVIEW', acceptedAt: at });
    await updateProject(tx, project.id, {
      status: project.status === 'MATERIALS_SENT' ? 'IN_REVIEW' : project.status,
      acceptedAt: project.acceptedAt ?? at,
      updatedAt: at,
    });
    await recordAudit(tx, at, {
      action: 'DOC_ACCEPTED',
      actor: input.audit,
      target: { type: 'project', id: project.id },
      detail: { version: version.number },
    });
    await tell(
      'CENSOR_MATERIAL_ACCEPT',
      parties.filter((p) => p.role !== 'CENSOR'),
    );
  });
}

/**
 * `supplyDoc`: the agency returns the sent version with its reasons (RETURN), or reminds the units
 * of what is missing (REMIND) while they upload or after they sent. Each reason points at a folder
 * of the version (a building, a specialty or below) or at a whole category.
 */
export async function supplyDocs(
  ctx: AppContext,
  input: {
    member: PrincipalMember | null;
    projectId: string;
    versionId: string;
    mode: 'RETURN' | 'REMIND';
    items: readonly FeedbackItem[];
    audit: AuditActor;
  },
) {
  const member = input.member;
  await inTransaction(ctx.db, async (tx) => {
    const { project, parties, version } = await versionFor(tx, member, input.projectId, input.versionId);
    if (!receivesDocs(member!)) throw new AppError('DOC_DIRECTOR_ONLY');
    if (input.mode === 'RETURN' && version.businessStatus !== 'SUBMITTED') throw new AppError('DOC_NOT_SENT');
    if (input.mode === 'REMIND' && (!version.latest || version.businessStatus === 'REVIEW'))
      throw new AppError('DOC_VERSION_LOCKED');
    const paths = new Map<string, { category: DocCategory; path: string }>();
    for (const category of DOC_CATEGORY_KEYS) {
      const rows = await listFolders(tx, version.id, category);
      const byId = new Map(rows.map((r) => [r.folder.id, r.folder]));
      for (const { folder } of rows) {
        const names: string[] = [];
        for (let f: typeof folder | undefined = folder; f; f = f.parentId ? byId.get(f.parentId) : undefined)
          names.unshift(f.name);
        paths.set(folder.id, { category, path: names.join(' / ') });
      }
    }
    const at = ctx.clock();
    const rows = input.items.map((item) => {
      const place = item.folderId ? paths.get(item.folderId) : undefined;
      if (item.folderId && (!place || place.category !== item.category)) throw new AppError('NOT_FOUND');
      return {
        versionId: version.id,
        category: item.category,
        folderId: item.folderId ?? null,
        folderPath: place?.path ?? null,
        kind: input.mode,
        reason: item.reason.trim(),
        orgId: member!.orgId,
        createdBy: input.audit.accountId,
        createdAt: at,
      };
    });
    await insertFeedbacks(tx, rows);
    if (input.mode === 'RETURN') {
      await setVersionStatus(tx, version.id, { businessStatus: 'UPLOADING', sentAt: null });
      // Only the categories a reason names are handed over again: survey documents nobody
      // questioned stay committed while the drawings are fixed, and the other way round.
      await clearCommits(tx, version.id, [...new Set(rows.map((r) => r.category))]);
      if (project.status === 'MATERIALS_SENT')
        await updateProject(tx, project.id, { status: 'SUBMITTED', updatedAt: at });
    }
    await recordAudit(tx, at, {
      action: input.mode === 'RETURN' ? 'DOC_RETURNED' : 'DOC_REMINDED',
      actor: input.audit,
      target: { type: 'project', id: project.id },
      detail: { version: version.number, reasons: rows.length },
    });
    const reason = rows
      .map((r) => (r.folderPath ? `${r.folderPath}：${r.reason}` : r.reason))
      .join('；')
      .slice(0, 300);
    const told = parties.filter((p) => p.role !== 'CENSOR');
    if (told.length > 0)
      await sendMessage(tx, {
        type: input.mode === 'RETURN' ? 'CENSOR_MATERIAL_REJECT' : 'CENSOR_ABSENCE_REMIND',
        to: told.map((p) => ({ orgId: p.orgId })),
        at,
        senderOrgId: member!.orgId,
        projectId: project.id,
        targetId: project.id,
        params: { senderName: nameOf(parties, member!.orgId), projectName: project.name, reason },
      });
  });
}

export async function describeDocVersionState(
  ctx: AppContext,
  input: { member: PrincipalMember | null; projectId: string; versionId: string },
): Promise<DocVersionState> {
  const { parties } = await visibleProject(ctx.db, input.member, input.projectId);
  const version = await findVersion(ctx.db, input.projectId, input.versionId);
  if (!version) throw new AppError('NOT_FOUND');
  const member = input.member!;
  const [commits, files, feedbackCount] = await Promise.all([
    listCommits(ctx.db, version.id),
    countFilesByUnit(ctx.db, version.id),
    countFeedbacks(ctx.db, version.id),
  ]);
  const units = unitsOf(parties).map((u) => {
    const commit = commits.find((c) => c.orgId === u.orgId && c.category === u.category);
    return {
      ...u,
      committed: commit !== undefined,
      committedAt: commit?.committedAt.toISOString() ?? null,
      fileCount: files.find((f) => f.orgId === u.orgId && f.category === u.category)?.n ?? 0,
    };
  });
  const uploading = version.latest && version.businessStatus === 'UPLOADING';
  return {
    versionId: version.id,
    businessStatus: version.businessStatus,
    latest: version.latest,
    sentAt: version.sentAt?.toISOString() ?? null,
    acceptedAt: version.acceptedAt?.toISOString() ?? null,
    units,
    feedbackCount,
    can: {
      commit: uploading
        ? units
            .filter((u) => u.orgId === member.orgId && !u.committed && u.fileCount > 0)
            .map((u) => u.category)
        : [],
      send: uploading && member.orgType === 'CONSTRUCT' && units.every((u) => u.committed),
      accept: version.businessStatus === 'SUBMITTED' && receivesDocs(member),
      supply: version.latest && version.businessStatus !== 'REVIEW' && receivesDocs(member),
    },
  };
}

export async function listDocFeedbacks(
  ctx: AppContext,
  input: { member: PrincipalMember | null; projectId: string; versionId: string },
): Promise<DocFeedback[]> {
  await visibleProject(ctx.db, input.member, input.projectId);
  const version = await findVersion(ctx.db, input.projectId, input.versionId);
  if (!version) throw new AppError('NOT_FOUND');
  return (await listFeedbacks(ctx.db, version.id)).map(({ feedback, orgName }) => ({
    id: feedback.id,
    versionId: feedback.versionId,
    category: feedback.category,
    folderId: feedback.folderId,
    folderPath: feedback.folderPath,
    kind: feedback.kind,
    reason: feedback.reason,
    orgName,
    createdAt: feedback.createdAt.toISOString(),
  }));
}
