import {
  DOC_CATEGORY_KEYS,
  applicationAfter,
  docVersionAfter,
  type DocCategory,
  type DocFeedback,
  type DocVersionState,
  type FeedbackItem,
  type HandoverReadiness,
  type MessageType,
  type PrincipalMember,
  handoverReadinessOf,
  issuesText,
} from '@drp/domain';
import { inTransaction, type Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { AppContext } from '../../lib/app-context.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { pauseReviewClocks, startReviewClocks } from '../calendar/review-clock.service.js';
import { sendMessage } from '../messages/messages.service.js';
import {
  openProject,
  updateApplicationState,
  type ApplicationParty as Party,
  type OpenProject,
} from '../project-access/project-access.service.js';
import { onApplicationStep, runApplicationStep } from '../project-access/application-steps.js';
import {
  clearCommits,
  countFeedbacks,
  countFilesByUnit,
  carryVersionForward,
  insertCommit,
  insertFeedbacks,
  listCommits,
  listFeedbacks,
  readReadinessFacts,
  reopenLatestVersion,
  setVersionStatus,
} from './doc-handover.repository.js';
import { ensureFirstVersion, findVersion, listFolders, listVersions } from './doc-repository.repository.js';

/**
 * The hand-over of a version's materials (domain.md steps 2–3, `docRepositoryOrg`): each design
 * and survey unit commits its own; the construction unit checks them and sends the version to
 * review; the agency's director or administrator accepts it (REVIEW, read-only from then on) or
 * returns it with reasons, which reopens it for upload and asks every unit to commit again.
 */

/** Who must hand over what: each design unit its drawings, each survey unit its survey documents. */
function unitsOf(parties: readonly Party[]) {
  return parties.flatMap((p) =>
    p.role === 'DESIGN' || p.role === 'SURVEY'
      ? [{ orgId: p.orgId, orgName: p.orgName, category: p.role }]
      : [],
  );
}

/**
 * A round's report asks for answers (issue 20): the next version opens for the revised drawings,
 * every folder and file of the accepted one carried into it. The units with nothing to answer have
 * nothing to revise either: their hand-over of the new version is recorded at once, so the
 * construction unit waits only for those who answer.
 */
export async function openNextVersion(
  tx: Db,
  projectId: string,
  input: { at: Date; answering: ReadonlySet<string>; parties: readonly Party[] },
) {
  const [latest] = await listVersions(tx, projectId, true);
  if (!latest) throw new Error(`application ${projectId} has no accepted version to carry forward`);
  const next = await carryVersionForward(tx, latest, input.at);
  for (const unit of unitsOf(input.parties))
    if (!input.answering.has(unit.orgId))
      await insertCommit(tx, {
        versionId: next.id,
        orgId: unit.orgId,
        category: unit.category,
        committedAt: input.at,
      });
  return next;
}

/**
 * The materials follow the application: submitting it opens round 1 for upload; recalling it
 * reopens the latest round, so the units change and commit anew.
 */
export function followApplicationSteps() {
  onApplicationStep('submitted', 'doc-repository', ensureFirstVersion);
  onApplicationStep('recalled', 'doc-repository', reopenLatestVersion);
}

/** The application, opened for the member and locked, and one of its document versions, locked. */
async function versionFor(tx: Db, member: PrincipalMember, projectId: string, versionId: string) {
  const open = await openProject(tx, member, projectId, { lock: true });
  const version = await findVersion(tx, projectId, versionId, { lock: true });
  if (!version) throw new AppError('NOT_FOUND');
  return { open, version };
}

/**
 * Whether the application's buildings are ready to be handed over in this version
 * (handover-readiness): the facts from the database, the rule from the domain.
 */
async function readinessOf(
  ctx: AppContext,
  db: Db,
  projectId: string,
  versionId: string,
): Promise<HandoverReadiness> {
  const facts = await readReadinessFacts(db, projectId, versionId);
  const specialties = ctx.dictionaries.specialty.items;
  const name = (code: string) => {
    const item = specialties.find((s) => s.code === code);
    return { 'zh-CN': item?.name ?? code, 'en-US': item?.nameEn ?? code };
  };
  const filesOf = (category: DocCategory, buildingId: string, specialty?: string) =>
    facts.files
      .filter(
        (f) =>
          f.category === category &&
          f.buildingId === buildingId &&
          (specialty === undefined || f.specialty === specialty),
      )
      .reduce((n, f) => n + f.n, 0);
  return handoverReadinessOf(
    facts.buildings.map((b) => {
      const folderOf = (category: DocCategory) => {
        const folder = facts.folders.find(
          (f) => f.kind === 'BUILDING' && f.category === category && f.buildingId === b.id,
        );
        return folder ? { id: folder.id, fileCount: filesOf(category, b.id) } : undefined;
      };
      const units = (role: 'DESIGN' | 'SURVEY') =>
        facts.units
          .filter((u) => u.buildingId === b.id && u.role === role)
          .map((u) => ({ orgId: u.orgId, orgName: u.orgName }));
      const design = folderOf('DESIGN');
      const survey = folderOf('SURVEY');
      return {
        ...b,
        designUnits: units('DESIGN'),
        surveyUnits: units('SURVEY'),
        designInfos: facts.designInfos.filter((d) => d.buildingId === b.id),
        surveyFindings: facts.surveyInfos.filter((s) => s.buildingId === b.id).map((s) => s.orgId),
        folders: { ...(design ? { DESIGN: design } : {}), ...(survey ? { SURVEY: survey } : {}) },
        specialtyFolders: facts.folders
          .filter(
            (f) => f.kind === 'SPECIALTY' && f.category === 'DESIGN' && f.buildingId === b.id && f.specialty,
          )
          .map((f) => ({
            id: f.id,
            specialty: f.specialty!,
            fileCount: filesOf('DESIGN', b.id, f.specialty!),
          })),
      };
    }),
    name,
  );
}

const versionFacts = (version: { businessStatus: DocVersionState['businessStatus']; latest: boolean }) => ({
  status: version.businessStatus,
  latest: version.latest,
});

interface HandoverInput {
  member: PrincipalMember;
  projectId: string;
  versionId: string;
  audit: AuditActor;
}

/** Materials are handed over only with their buildings ready: the blockers refuse, naming each. */
function refuseBlocked(
  readiness: HandoverReadiness,
  code: 'HANDOVER_SEND_NOT_READY' | 'HANDOVER_ACCEPT_NOT_READY',
) {
  if (readiness.blockers.length > 0)
    throw new AppError(code, { items: issuesText(readiness.blockers) }, readiness);
}

/** Tells some parties of the application about a step of the hand-over, in the same transaction. */
async function tell(
  tx: Db,
  open: OpenProject,
  { at, by }: { at: Date; by: string | null },
  type: MessageType,
  to: readonly Party[],
  reason?: string,
) {
  const { project, member } = open;
  if (to.length > 0)
    await sendMessage(tx, {
      type,
      to: to.map((p) => ({ orgId: p.orgId })),
      at,
      by,
      senderOrgId: member.orgId,
      projectId: project.id,
      targetId: project.id,
      params: {
        senderName: open.nameOf(member.orgId),
        projectName: project.name,
        ...(reason === undefined ? {} : { reason }),
      },
    });
}

export async function commitDocs(ctx: AppContext, input: HandoverInput & { category: DocCategory }) {
  const { member } = input;
  await inTransaction(ctx.db, async (tx) => {
    const { open, version } = await versionFor(tx, member, input.projectId, input.versionId);
    const { project, parties } = open;
    const commits = await listCommits(tx, version.id);
    const files = await countFilesByUnit(tx, version.id);
    open.require('docs.commit', {
      version: versionFacts(version),
      category: input.category,
      committed: commits.some((c) => c.orgId === member.orgId && c.category === input.category),
      hasFiles: files.some((f) => f.orgId === member.orgId && f.category === input.category && f.n > 0),
    });
    // A later round's materials carry the unit's answers: the answers check they are complete.
    if (version.number > 1 && (input.category === 'DESIGN' || input.category === 'SURVEY'))
      await runApplicationStep(tx, 'revisionCommitted', project.id, {
        at: ctx.clock(),
        by: input.audit.accountId,
        versionId: version.id,
        unit: { orgId: member.orgId, category: input.category },
      });
    await insertCommit(tx, {
      versionId: version.id,
      orgId: member.orgId,
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
    await tell(
      tx,
      open,
      { at: ctx.clock(), by: input.audit.accountId },
      input.category === 'DESIGN' ? 'DESIGN_MATERIAL_COMMIT' : 'SURVEY_MATERIAL_COMMIT',
      parties.filter((p) => p.role === 'CONSTRUCT').slice(0, 1),
    );
  });
}

/**
 * The construction unit sends the version to review once every unit has handed over and every
 * building is ready (the spec's `confirmApplyDoc` for the construction unit); warnings need the
 * sender's `confirmWarnings`. The agency is told.
 */
export async function sendDocsToReview(ctx: AppContext, input: HandoverInput & { confirmWarnings: boolean }) {
  await inTransaction(ctx.db, async (tx) => {
    const { open, version } = await versionFor(tx, input.member, input.projectId, input.versionId);
    const { project, parties } = open;
    const at = ctx.clock();
    const commits = await listCommits(tx, version.id);
    const missing = unitsOf(parties).filter(
      (u) => !commits.some((c) => c.orgId === u.orgId && c.category === u.category),
    );
    open.require(
      'docs.send',
      { version: versionFacts(version), allCommitted: missing.length === 0 },
      { names: [...new Set(missing.map((u) => u.orgName))].join('、') },
    );
    const readiness = await readinessOf(ctx, tx, project.id, version.id);
    refuseBlocked(readiness, 'HANDOVER_SEND_NOT_READY');
    if (readiness.warnings.length > 0 && !input.confirmWarnings)
      throw new AppError(
        'HANDOVER_WARNINGS_UNCONFIRMED',
        { items: issuesText(readiness.warnings) },
        readiness,
      );
    // A later round goes with the answers to the last one's opinions: every one answered.
    if (version.number > 1)
      await runApplicationStep(tx, 'revisionSent', project.id, {
        at,
        by: input.audit.accountId,
        versionId: version.id,
      });
    await setVersionStatus(tx, version.id, {
      businessStatus: docVersionAfter('send', version.businessStatus),
      sentAt: at,
    });
    const status = applicationAfter('sendDocs', project.status);
    if (status !== project.status) await updateApplicationState(tx, project.id, { status, updatedAt: at });
    await recordAudit(tx, at, {
      action: 'DOC_SENT',
      actor: input.audit,
      target: { type: 'project', id: project.id },
      detail: { version: version.number },
    });
    await tell(
      tx,
      open,
      { at, by: input.audit.accountId },
      'CONSTRUCT_MATERIAL_SUBMIT',
      parties.filter((p) => p.role === 'CENSOR'),
    );
  });
}

/**
 * The agency's director or administrator accepts the sent version (the spec's `confirmApplyDoc`
 * for the agency): read-only from then on, and the review of the application begins.
 */
export async function acceptDocs(ctx: AppContext, input: HandoverInput) {
  await inTransaction(ctx.db, async (tx) => {
    const { open, version } = await versionFor(tx, input.member, input.projectId, input.versionId);
    const { project, parties } = open;
    const at = ctx.clock();
    open.require('docs.accept', versionFacts(version));
    // Sent before the hand-over was gated: accepting would lock buildings nobody could finish.
    refuseBlocked(await readinessOf(ctx, tx, project.id, version.id), 'HANDOVER_ACCEPT_NOT_READY');
    await setVersionStatus(tx, version.id, {
      businessStatus: docVersionAfter('accept', version.businessStatus),
      acceptedAt: at,
    });
    await updateApplicationState(tx, project.id, {
      status: applicationAfter('acceptDocs', project.status),
      acceptedAt: project.acceptedAt ?? at,
      updatedAt: at,
    });
    await startReviewClocks(tx, { projectId: project.id, at, by: input.audit.accountId });
    // The next round begins: its missions go to the reviewers of the opinions still open.
    if (version.number > 1)
      await runApplicationStep(tx, 'revisionAccepted', project.id, {
        at,
        by: input.audit.accountId,
        versionId: version.id,
      });
    await recordAudit(tx, at, {
      action: 'DOC_ACCEPTED',
      actor: input.audit,
      target: { type: 'project', id: project.id },
      detail: { version: version.number },
    });
    await tell(
      tx,
      open,
      { at, by: input.audit.accountId },
      'CENSOR_MATERIAL_ACCEPT',
      parties.filter((p) => p.role !== 'CENSOR'),
    );
  });
}

/** Where each folder of the version sits, as the reasons name it ("1号楼 / 建筑"). */
async function folderPaths(tx: Db, versionId: string) {
  const paths = new Map<string, { category: DocCategory; path: string }>();
  for (const category of DOC_CATEGORY_KEYS) {
    const rows = await listFolders(tx, versionId, category);
    const byId = new Map(rows.map((r) => [r.folder.id, r.folder]));
    for (const { folder } of rows) {
      const names: string[] = [];
      for (let f: typeof folder | undefined = folder; f; f = f.parentId ? byId.get(f.parentId) : undefined)
        names.unshift(f.name);
      paths.set(folder.id, { category, path: names.join(' / ') });
    }
  }
  return paths;
}

/**
 * The agency's reasons, stored, and the units told. Each reason points at a folder of the version
 * (a building, a specialty or below) or at a whole category.
 */
async function recordFeedback(
  ctx: AppContext,
  tx: Db,
  open: OpenProject,
  version: { id: string; number: number },
  input: HandoverInput & { items: readonly FeedbackItem[] },
  kind: 'RETURN' | 'REMIND',
  at: Date,
) {
  const paths = await folderPaths(tx, version.id);
  const rows = input.items.map((item) => {
    const place = item.folderId ? paths.get(item.folderId) : undefined;
    if (item.folderId && (!place || place.category !== item.category)) throw new AppError('NOT_FOUND');
    return {
      versionId: version.id,
      category: item.category,
      folderId: item.folderId ?? null,
      folderPath: place?.path ?? null,
      kind,
      reason: item.reason.trim(),
      orgId: open.member.orgId,
      createdBy: input.audit.accountId,
      createdAt: at,
    };
  });
  await insertFeedbacks(tx, rows);
  return rows;
}

async function announceFeedback(
  tx: Db,
  open: OpenProject,
  version: { number: number },
  rows: readonly { folderPath: string | null; reason: string }[],
  kind: 'RETURN' | 'REMIND',
  audit: AuditActor,
  at: Date,
) {
  await recordAudit(tx, at, {
    action: kind === 'RETURN' ? 'DOC_RETURNED' : 'DOC_REMINDED',
    actor: audit,
    target: { type: 'project', id: open.project.id },
    detail: { version: version.number, reasons: rows.length },
  });
  const reason = rows
    .map((r) => (r.folderPath ? `${r.folderPath}：${r.reason}` : r.reason))
    .join('；')
    .slice(0, 300);
  await tell(
    tx,
    open,
    { at, by: audit.accountId },
    kind === 'RETURN' ? 'CENSOR_MATERIAL_REJECT' : 'CENSOR_ABSENCE_REMIND',
    open.parties.filter((p) => p.role !== 'CENSOR'),
    reason,
  );
}

/**
 * Whether an accepted version is stuck: a building of its application is not ready, which only an
 * application accepted before the hand-over was gated can be (docs.return).
 */
async function isStuck(
  ctx: AppContext,
  db: Db,
  projectId: string,
  version: { id: string; businessStatus: string; latest: boolean },
) {
  if (version.businessStatus !== 'REVIEW' || !version.latest) return false;
  return (await readinessOf(ctx, db, projectId, version.id)).blockers.length > 0;
}

/**
 * The agency returns the sent version with its reasons (the spec's `supplyDoc`, mode RETURN): it
 * opens for upload again, and the categories the reasons name are handed over anew. A version
 * accepted while a building was not ready returns the same way, and its application with it: the
 * buildings open again to be finished, submitted and confirmed.
 */
export async function returnDocs(ctx: AppContext, input: HandoverInput & { items: readonly FeedbackItem[] }) {
  await inTransaction(ctx.db, async (tx) => {
    const { open, version } = await versionFor(tx, input.member, input.projectId, input.versionId);
    const { project } = open;
    // Only a decider's question needs the buildings read.
    const stuck = open.can('docs.return', { version: versionFacts(version), stuck: true })
      ? await isStuck(ctx, tx, project.id, version)
      : false;
    open.require('docs.return', { version: versionFacts(version), stuck });
    const recovering = version.businessStatus === 'REVIEW';
    const at = ctx.clock();
    const rows = await recordFeedback(ctx, tx, open, version, input, 'RETURN', at);
    if (recovering) await pauseReviewClocks(tx, { projectId: project.id, at, by: input.audit.accountId });
    await setVersionStatus(tx, version.id, {
      businessStatus: docVersionAfter(recovering ? 'recover' : 'return', version.businessStatus),
      sentAt: null,
      ...(recovering ? { acceptedAt: null } : {}),
    });
    // Only the categories a reason names are handed over again: survey documents nobody
    // questioned stay committed while the drawings are fixed, and the other way round.
    await clearCommits(tx, version.id, [...new Set(rows.map((r) => r.category))]);
    const status = applicationAfter(recovering ? 'recoverDocs' : 'returnDocs', project.status);
    if (status !== project.status)
      await updateApplicationState(tx, project.id, {
        status,
        updatedAt: at,
        // The first round's acceptance is undone: the agency may reject buildings again, and the
        // construction unit recall the application, as before it was accepted.
        ...(recovering && version.number === 1 ? { acceptedAt: null } : {}),
      });
    await announceFeedback(tx, open, version, rows, 'RETURN', input.audit, at);
  });
}

/**
 * The agency reminds the units of what is missing (the spec's `supplyDoc`, mode REMIND) while they
 * upload or after they sent; nothing else changes.
 */
export async function remindDocs(ctx: AppContext, input: HandoverInput & { items: readonly FeedbackItem[] }) {
  await inTransaction(ctx.db, async (tx) => {
    const { open, version } = await versionFor(tx, input.member, input.projectId, input.versionId);
    open.require('docs.remind', versionFacts(version));
    const at = ctx.clock();
    const rows = await recordFeedback(ctx, tx, open, version, input, 'REMIND', at);
    await announceFeedback(tx, open, version, rows, 'REMIND', input.audit, at);
  });
}

export async function describeDocVersionState(
  ctx: AppContext,
  input: { member: PrincipalMember; projectId: string; versionId: string },
): Promise<DocVersionState> {
  const open = await openProject(ctx.db, input.member, input.projectId);
  const { parties, member } = open;
  const version = await findVersion(ctx.db, input.projectId, input.versionId);
  if (!version) throw new AppError('NOT_FOUND');
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
  const facts = versionFacts(version);
  // The sender and the agency see what stands in the way while the version can still go on, and
  // the agency why an accepted one may be returned.
  const readiness =
    open.can('docs.send', { version: facts, allCommitted: true }) ||
    open.can('docs.accept', facts) ||
    (open.can('docs.return', { version: facts, stuck: true }) && version.businessStatus === 'REVIEW')
      ? await readinessOf(ctx, ctx.db, input.projectId, version.id)
      : null;
  const stuck = version.businessStatus === 'REVIEW' && (readiness?.blockers.length ?? 0) > 0;
  const shown = readiness && (version.businessStatus !== 'REVIEW' || stuck) ? readiness : null;
  return {
    versionId: version.id,
    businessStatus: version.businessStatus,
    latest: version.latest,
    sentAt: version.sentAt?.toISOString() ?? null,
    acceptedAt: version.acceptedAt?.toISOString() ?? null,
    units,
    feedbackCount,
    readiness: shown,
    can: {
      commit: units
        .filter(
          (u) =>
            u.orgId === member.orgId &&
            open.can('docs.commit', {
              version: facts,
              category: u.category,
              committed: u.committed,
              hasFiles: u.fileCount > 0,
            }),
        )
        .map((u) => u.category),
      send: open.can('docs.send', { version: facts, allCommitted: units.every((u) => u.committed) }),
      accept: open.can('docs.accept', facts),
      supply: open.can('docs.remind', facts),
      return: open.can('docs.return', { version: facts, stuck }),
      remind: open.can('docs.remind', facts),
    },
  };
}

export async function listDocFeedbacks(
  ctx: AppContext,
  input: { member: PrincipalMember; projectId: string; versionId: string },
): Promise<DocFeedback[]> {
  await openProject(ctx.db, input.member, input.projectId);
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
