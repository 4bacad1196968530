import {
  DOC_REPOSITORY_LIMITS,
  docVersionName,
  type DocCategory,
  type DocFolderNode,
  type DocWriteFacts,
  type DocVersion,
  type DocVersionStatus,
  type Locale,
  type PrincipalMember,
  type RenameFolderRequest,
  type SaveFolderRequest,
} from '@drp/domain';
import { inTransaction, type Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { cleanFolderName } from '../../lib/clean-file-name.js';
import type { AppContext } from '../../lib/app-context.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { openProject, type OpenProject } from '../project-access/project-access.service.js';
import {
  customDepth,
  deleteFiles,
  deleteFolders,
  findFilesOfProject,
  listFileOrder,
  findFolderOfProject,
  findFoldersOfProject,
  findVersion,
  folderSubtreeIds,
  insertFolders,
  listBuildingsOf,
  listDesignAssignments,
  listFilesIn,
  listFolders,
  listSiblings,
  listVersions,
  nextSortOrder,
  renameFolder,
  setFileSortOrders,
  setSortOrders,
  type DocFolderInsert,
  type DocFolderRow,
  type DocVersionRow,
} from './doc-repository.repository.js';
import { isCommitted, listCommits, unusedStorageKeys } from './doc-handover.repository.js';

/**
 * The document repository's versions and folder trees (issue 6, step 1). Who sees a version is
 * who sees its application (`openProject`); who may change a folder is `writable`.
 */

function presentVersion(row: DocVersionRow, locale: Locale): DocVersion {
  return {
    id: row.id,
    number: row.number,
    name: docVersionName(row.number, locale),
    latest: row.latest,
    businessStatus: row.businessStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listDocVersions(
  ctx: AppContext,
  input: {
    member: PrincipalMember;
    projectId: string;
    businessStatus: DocVersionStatus;
    locale: Locale;
  },
): Promise<DocVersion[]> {
  await openProject(ctx.db, input.member, input.projectId);
  const rows = await listVersions(ctx.db, input.projectId, input.businessStatus === 'REVIEW');
  return rows.map((row) => presentVersion(row, input.locale));
}

/**
 * What PROJECT_POLICY's `docs.write` reads of a folder: whether the version is the one being
 * uploaded, the folder's category, whether the folder is the member's unit's or open to every unit
 * of the category, and whether the unit has already handed this category over.
 */
function docWriteFacts(
  member: PrincipalMember,
  version: DocVersionRow,
  folder: DocFolderRow,
  committed: boolean,
): DocWriteFacts {
  return {
    version: { status: version.businessStatus, latest: version.latest },
    category: folder.category,
    ownFolder: !folder.orgId || folder.orgId === member.orgId,
    committed,
  };
}

/** Whether the member may add to, or (for its own custom folders) change, this folder now. */
export function writable(
  open: OpenProject,
  version: DocVersionRow,
  folder: DocFolderRow,
  committed: boolean,
) {
  return open.can('docs.write', docWriteFacts(open.member, version, folder, committed));
}

/** `writable`, or the refusal that says why not. */
export async function requireWritable(
  db: Db,
  open: OpenProject,
  version: DocVersionRow,
  folder: DocFolderRow,
) {
  const committed = await isCommitted(db, version.id, open.member.orgId, folder.category);
  open.require('docs.write', docWriteFacts(open.member, version, folder, committed));
}

/** The categories the member's unit has handed over in a version: read-only to it from then on. */
export async function committedCategories(db: Db, versionId: string, orgId: string) {
  const commits = await listCommits(db, versionId);
  return new Set(commits.filter((c) => c.orgId === orgId).map((c) => c.category));
}

function requireCustom(folder: DocFolderRow) {
  if (folder.kind !== 'CUSTOM') throw new AppError('DOC_FOLDER_GENERATED');
}

/**
 * Keeps the generated folders in step with the application: a BUILDING folder per building (both
 * categories) and, for drawings, a SPECIALTY folder per specialty a design unit answers for in it.
 * Missing ones are added and renamed buildings followed; generated folders whose building or
 * assignment is gone are removed when nothing was uploaded beneath them, and kept otherwise, so no
 * file disappears because a building was edited.
 */
async function syncGeneratedFolders(
  ctx: AppContext,
  tx: Db,
  projectId: string,
  versionId: string,
  category: DocCategory,
) {
  const [buildingRows, assignments, existing] = await Promise.all([
    listBuildingsOf(tx, projectId),
    category === 'DESIGN' ? listDesignAssignments(tx, projectId) : Promise.resolve([]),
    listFolders(tx, versionId, category),
  ]);
  const folders = existing.map((r) => r.folder);
  const buildingFolder = new Map(
    folders.filter((f) => f.kind === 'BUILDING' && f.buildingId).map((f) => [f.buildingId!, f]),
  );
  const missingBuildings: DocFolderInsert[] = [];
  for (const building of buildingRows) {
    const folder = buildingFolder.get(building.id);
    if (!folder)
      missingBuildings.push({
        versionId,
        category,
        parentId: null,
        kind: 'BUILDING',
        buildingId: building.id,
        name: building.name,
        sortOrder: building.seq,
      });
  }
  for (const added of await insertFolders(tx, missingBuildings)) buildingFolder.set(added.buildingId!, added);
  // Buildings are renamed in place: a root's name follows its building where no other root has it.
  const rootNames = new Set(folders.filter((f) => !f.parentId).map((f) => f.name));
  for (const building of buildingRows) {
    const folder = buildingFolder.get(building.id)!;
    if (folder.name !== building.name && !rootNames.has(building.name)) {
      rootNames.delete(folder.name);
      rootNames.add(building.name);
      await renameFolder(tx, folder.id, building.name);
    }
  }

  const specialties = ctx.dictionaries.specialty.items;
  const orgsPerSpecialty = new Map<string, number>();
  for (const a of assignments)
    orgsPerSpecialty.set(
      `${a.buildingId}|${a.specialty}`,
      (orgsPerSpecialty.get(`${a.buildingId}|${a.specialty}`) ?? 0) + 1,
    );
  const haveSpecialty = new Set(
    folders.filter((f) => f.kind === 'SPECIALTY').map((f) => `${f.buildingId}|${f.specialty}|${f.orgId}`),
  );
  const missingSpecialties: DocFolderInsert[] = [];
  for (const a of assignments) {
    if (haveSpecialty.has(`${a.buildingId}|${a.specialty}|${a.orgId}`)) continue;
    const parent = buildingFolder.get(a.buildingId);
    if (!parent) continue;
    const index = specialties.findIndex((s) => s.code === a.specialty);
    const label = specialties[index]?.name ?? a.specialty;
    // Two design units with one specialty of one building: each folder names its unit.
    const shared = (orgsPerSpecialty.get(`${a.buildingId}|${a.specialty}`) ?? 0) > 1;
    missingSpecialties.push({
      versionId,
      category,
      parentId: parent.id,
      kind: 'SPECIALTY',
      buildingId: a.buildingId,
      specialty: a.specialty,
      orgId: a.orgId,
      name: shared ? `${label}（${a.orgName}）` : label,
      sortOrder: index + 1,
    });
  }
  await insertFolders(tx, missingSpecialties);

  const live = new Set(assignments.map((a) => `${a.buildingId}|${a.specialty}|${a.orgId}`));
  const stale = folders.filter(
    (f) =>
      (f.kind === 'BUILDING' && !f.buildingId) ||
      (f.kind === 'SPECIALTY' && !live.has(`${f.buildingId}|${f.specialty}|${f.orgId}`)),
  );
  for (const folder of stale) {
    const subtree = await folderSubtreeIds(tx, [folder.id]);
    if ((await listFilesIn(tx, subtree)).length === 0) await deleteFolders(tx, [folder.id]);
  }
}

export async function listDocTree(
  ctx: AppContext,
  input: { member: PrincipalMember; projectId: string; versionId: string; category: DocCategory },
): Promise<DocFolderNode[]> {
  const open = await openProject(ctx.db, input.member, input.projectId);
  const { member } = open;
  const version = await findVersion(ctx.db, input.projectId, input.versionId);
  if (!version) throw new AppError('NOT_FOUND');
  // Only the version being uploaded follows the buildings; a sent one is a record of what was sent.
  if (version.latest && version.businessStatus === 'UPLOADING')
    await inTransaction(ctx.db, async (tx) => {
      await findVersion(tx, input.projectId, input.versionId, { lock: true });
      await syncGeneratedFolders(ctx, tx, input.projectId, version.id, input.category);
    });
  const rows = await listFolders(ctx.db, version.id, input.category);
  const committed = await committedCategories(ctx.db, version.id, member.orgId);
  const nodes = new Map<string, DocFolderNode>();
  for (const { folder, orgName, fileCount } of rows)
    nodes.set(folder.id, {
      id: folder.id,
      parentId: folder.parentId,
      name: folder.name,
      kind: folder.kind,
      buildingId: folder.buildingId,
      specialty: folder.specialty,
      orgId: folder.orgId,
      orgName,
      fileCount,
      editable: writable(open, version, folder, committed.has(folder.category)),
      children: [],
    });
  const roots: DocFolderNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** A folder of the application (and of `versionId` when given), with its version; NOT_FOUND otherwise. */
export async function folderOf(db: Db, projectId: string, folderId: string, versionId?: string) {
  const found = await findFolderOfProject(db, projectId, folderId);
  if (!found || (versionId !== undefined && found.version.id !== versionId)) throw new AppError('NOT_FOUND');
  return found;
}

async function requireFreeName(
  db: Db,
  folder: Pick<DocFolderRow, 'versionId' | 'category' | 'parentId'>,
  name: string,
  except?: string,
) {
  const siblings = await listSiblings(db, folder);
  if (siblings.some((s) => s.id !== except && s.name === name))
    throw new AppError('DOC_FOLDER_NAME_TAKEN', { name });
}

export async function addDocFolder(
  ctx: AppContext,
  input: { member: PrincipalMember; projectId: string; request: SaveFolderRequest; audit: AuditActor },
) {
  const { member, projectId, request } = input;
  const open = await openProject(ctx.db, member, projectId);
  const name = cleanFolderName(request.name);
  const folder = await inTransaction(ctx.db, async (tx) => {
    const { folder: parent, version } = await folderOf(tx, projectId, request.parentId, request.versionId);
    await findVersion(tx, projectId, version.id, { lock: true });
    await requireWritable(tx, open, version, parent);
    if ((await customDepth(tx, parent.id)) + 1 > DOC_REPOSITORY_LIMITS.customDepthMax)
      throw new AppError('DOC_FOLDER_TOO_DEEP', { max: String(DOC_REPOSITORY_LIMITS.customDepthMax) });
    const place = { versionId: version.id, category: parent.category, parentId: parent.id };
    await requireFreeName(tx, place, name);
    const [added] = await insertFolders(tx, [
      {
        ...place,
        kind: 'CUSTOM',
        buildingId: parent.buildingId,
        specialty: parent.specialty,
        orgId: member.orgId,
        name,
        sortOrder: await nextSortOrder(tx, place),
        createdBy: input.audit.accountId,
      },
    ]);
    await recordAudit(tx, ctx.clock(), {
      action: 'DOC_FOLDER_ADDED',
      actor: input.audit,
      target: { type: 'docFolder', id: added!.id },
      detail: { projectId, versionId: version.id, name },
    });
    return added!;
  });
  return { id: folder.id, name: folder.name, parentId: folder.parentId };
}

export async function renameDocFolder(
  ctx: AppContext,
  input: {
    member: PrincipalMember;
    projectId: string;
    id: string;
    request: RenameFolderRequest;
    audit: AuditActor;
  },
) {
  const { member, projectId } = input;
  const open = await openProject(ctx.db, member, projectId);
  const name = cleanFolderName(input.request.name);
  await inTransaction(ctx.db, async (tx) => {
    const { folder, version } = await folderOf(tx, projectId, input.id);
    await findVersion(tx, projectId, version.id, { lock: true });
    await requireWritable(tx, open, version, folder);
    requireCustom(folder);
    if (folder.name === name) return;
    await requireFreeName(tx, folder, name, folder.id);
    await renameFolder(tx, folder.id, name);
    await recordAudit(tx, ctx.clock(), {
      action: 'DOC_FOLDER_RENAMED',
      actor: input.audit,
      target: { type: 'docFolder', id: folder.id },
      detail: { projectId, from: folder.name, to: name },
    });
  });
}

/**
 * Deletes files and custom folders (with everything in them) of one version, all or nothing: an
 * id that is missing, or not the caller's to delete, refuses the whole call. The bytes go once
 * the rows are gone, so a failure never leaves a row without its file.
 */
export async function removeDocEntries(
  ctx: AppContext,
  input: { member: PrincipalMember; projectId: string; ids: readonly string[]; audit: AuditActor },
) {
  const { member, projectId } = input;
  const open = await openProject(ctx.db, member, projectId);
  const ids = [...new Set(input.ids)];
  const keys = await inTransaction(ctx.db, async (tx) => {
    const folders = await findFoldersOfProject(tx, projectId, ids);
    const files = await findFilesOfProject(tx, projectId, ids);
    if (folders.length + files.length !== ids.length) throw new AppError('NOT_FOUND');
    const versionIds = new Set([...folders, ...files].map((e) => e.version.id));
    for (const versionId of versionIds) await findVersion(tx, projectId, versionId, { lock: true });
    for (const { folder, version } of folders) {
      await requireWritable(tx, open, version, folder);
      requireCustom(folder);
    }
    for (const { file, folder, version } of files) {
      await requireWritable(tx, open, version, folder);
      // A unit deletes its own uploads only, also in a folder open to several units.
      if (file.orgId !== member.orgId) throw new AppError('DOC_FOLDER_NOT_YOURS');
    }
    const subtree = await folderSubtreeIds(
      tx,
      folders.map((f) => f.folder.id),
    );
    const inside = await listFilesIn(tx, subtree);
    const gone = [...inside.map((f) => f.storageKey), ...files.map((f) => f.file.storageKey)];
    await deleteFiles(
      tx,
      files.map((f) => f.file.id),
    );
    await deleteFolders(
      tx,
      folders.map((f) => f.folder.id),
    );
    await recordAudit(tx, ctx.clock(), {
      action: 'DOC_ENTRIES_DELETED',
      actor: input.audit,
      target: { type: 'project', id: projectId },
      detail: {
        folders: folders.map((f) => f.folder.name),
        files: files.map((f) => f.file.name),
        filesInside: inside.length,
      },
    });
    // A later version's carried copies share the bytes: remove only what no file names any more.
    return unusedStorageKeys(tx, gone);
  });
  for (const key of keys) await ctx.files.remove(key);
}

/**
 * `updown`: puts custom folder `id` just before (up) or after (down) its sibling `targetId`; or,
 * for two files of one folder, file `id` before or after file `targetId` (a drawing set is read
 * in its order: the general notes first). A unit orders only its own uploads.
 */
export async function moveDocFolder(
  ctx: AppContext,
  input: {
    member: PrincipalMember;
    projectId: string;
    id: string;
    targetId: string;
    flag: 'up' | 'down';
  },
) {
  const { member, projectId } = input;
  const open = await openProject(ctx.db, member, projectId);
  await inTransaction(ctx.db, async (tx) => {
    const files = await findFilesOfProject(tx, projectId, [input.id, input.targetId]);
    if (files.some((f) => f.file.id === input.id)) {
      const moved = files.find((f) => f.file.id === input.id)!;
      const target = files.find((f) => f.file.id === input.targetId);
      if (!target) throw new AppError('NOT_FOUND');
      await findVersion(tx, projectId, moved.version.id, { lock: true });
      await requireWritable(tx, open, moved.version, moved.folder);
      if (moved.file.orgId !== member.orgId) throw new AppError('DOC_FOLDER_NOT_YOURS');
      if (target.file.folderId !== moved.file.folderId) throw new AppError('DOC_ORDER_MISMATCH');
      if (target.file.id === moved.file.id) return;
      const order = (await listFileOrder(tx, moved.file.folderId)).filter((id) => id !== moved.file.id);
      const at = order.indexOf(target.file.id) + (input.flag === 'down' ? 1 : 0);
      order.splice(at, 0, moved.file.id);
      await setFileSortOrders(
        tx,
        order.map((id, i) => ({ id, sortOrder: i + 1 })),
      );
      return;
    }
    const { folder, version } = await folderOf(tx, projectId, input.id);
    const { folder: target } = await folderOf(tx, projectId, input.targetId);
    await findVersion(tx, projectId, version.id, { lock: true });
    await requireWritable(tx, open, version, folder);
    requireCustom(folder);
    if (
      target.versionId !== folder.versionId ||
      target.category !== folder.category ||
      target.parentId !== folder.parentId
    )
      throw new AppError('DOC_ORDER_MISMATCH');
    if (target.id === folder.id) return;
    const order = (await listSiblings(tx, folder)).filter((s) => s.id !== folder.id);
    const at = order.findIndex((s) => s.id === target.id) + (input.flag === 'down' ? 1 : 0);
    order.splice(at, 0, folder);
    await setSortOrders(
      tx,
      order.map((s, i) => ({ id: s.id, sortOrder: i + 1 })),
    );
  });
}

/**
 * `reorder/{ids}`: the caller's custom folders of one parent in their new order. It must name
 * each of them once; the parent's other folders keep their places after them.
 */
export async function reorderDocFolders(
  ctx: AppContext,
  input: { member: PrincipalMember; projectId: string; ids: readonly string[] },
) {
  const { member, projectId } = input;
  const open = await openProject(ctx.db, member, projectId);
  await inTransaction(ctx.db, async (tx) => {
    const { folder: first, version } = await folderOf(tx, projectId, input.ids[0]!);
    await findVersion(tx, projectId, version.id, { lock: true });
    await requireWritable(tx, open, version, first);
    const siblings = await listSiblings(tx, first);
    const mine = siblings.filter((s) => s.kind === 'CUSTOM' && s.orgId === member.orgId);
    const named = new Set(input.ids);
    if (named.size !== input.ids.length || named.size !== mine.length || mine.some((s) => !named.has(s.id)))
      throw new AppError('DOC_ORDER_MISMATCH');
    const byId = new Map(siblings.map((s) => [s.id, s]));
    const order = [...input.ids.map((id) => byId.get(id)!), ...siblings.filter((s) => !named.has(s.id))];
    await setSortOrders(
      tx,
      order.map((s, i) => ({ id: s.id, sortOrder: i + 1 })),
    );
  });
}
