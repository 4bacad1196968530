import { and, asc, count, desc, eq, gt, inArray, isNull, max, sql, type SQL } from 'drizzle-orm';
import type { DocCategory, DocVersionStatus } from '@drp/domain';
import type { Db } from '../../db/database.js';
import { buildingDesignInfos, buildings } from '../../db/schema/buildings.js';
import { accounts } from '../../db/schema/accounts.js';
import { docFiles, docFolders, docUploads, docVersions } from '../../db/schema/doc-repository.js';
import { orgs } from '../../db/schema/orgs.js';

export type DocVersionRow = typeof docVersions.$inferSelect;
export type DocFolderRow = typeof docFolders.$inferSelect;
export type DocFolderInsert = typeof docFolders.$inferInsert;

/** A raw statement's rows: both drivers answer `{ rows }`, which the shared Db type leaves open. */
async function rowsOf<T>(db: Db, query: SQL): Promise<{ rows: T[] }> {
  const result: unknown = await db.execute(query);
  return result as { rows: T[] };
}

/** Round 1 of an application's materials; a second submission after a recall keeps the first. */
export async function ensureFirstVersion(db: Db, projectId: string) {
  await db.insert(docVersions).values({ projectId, number: 1 }).onConflictDoNothing();
}

/** Moves the current version on; the hand-over calls (issue 6) and the demo data use it. */
export async function setLatestVersionStatus(
  db: Db,
  projectId: string,
  businessStatus: DocVersionStatus,
  at: Date,
) {
  await db
    .update(docVersions)
    .set({
      businessStatus,
      ...(businessStatus === 'SUBMITTED' ? { sentAt: at } : {}),
      ...(businessStatus === 'REVIEW' ? { acceptedAt: at } : {}),
    })
    .where(and(eq(docVersions.projectId, projectId), eq(docVersions.latest, true)));
}

export async function listVersions(db: Db, projectId: string, onlyInReview: boolean) {
  return db
    .select()
    .from(docVersions)
    .where(
      and(
        eq(docVersions.projectId, projectId),
        onlyInReview ? eq(docVersions.businessStatus, 'REVIEW') : undefined,
      ),
    )
    .orderBy(desc(docVersions.number));
}

/** The version, if it belongs to the application; `lock` holds it against a concurrent hand-over. */
export async function findVersion(
  db: Db,
  projectId: string,
  versionId: string,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(docVersions)
    .where(and(eq(docVersions.id, versionId), eq(docVersions.projectId, projectId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** A version's folders of one category, in tree order, each with its own files' count. */
export async function listFolders(db: Db, versionId: string, category: DocCategory) {
  const files = db
    .select({ folderId: docFiles.folderId, n: count().as('n') })
    .from(docFiles)
    .where(eq(docFiles.versionId, versionId))
    .groupBy(docFiles.folderId)
    .as('files');
  return db
    .select({
      folder: docFolders,
      orgName: orgs.name,
      fileCount: sql<number>`coalesce(${files.n}, 0)`.mapWith(Number),
    })
    .from(docFolders)
    .leftJoin(orgs, eq(orgs.id, docFolders.orgId))
    .leftJoin(files, eq(files.folderId, docFolders.id))
    .where(and(eq(docFolders.versionId, versionId), eq(docFolders.category, category)))
    .orderBy(asc(docFolders.sortOrder), asc(docFolders.createdAt));
}

/** What the generated folders follow: the application's buildings, in entry order. */
export async function listBuildingsOf(db: Db, projectId: string) {
  return db
    .select({ id: buildings.id, name: buildings.name, seq: buildings.seq })
    .from(buildings)
    .where(eq(buildings.projectId, projectId))
    .orderBy(asc(buildings.seq));
}

/** …and, for drawings, who answers for which specialty of which building. */
export async function listDesignAssignments(db: Db, projectId: string) {
  return db
    .selectDistinct({
      buildingId: buildingDesignInfos.buildingId,
      orgId: buildingDesignInfos.orgId,
      orgName: orgs.name,
      specialty: buildingDesignInfos.specialty,
    })
    .from(buildingDesignInfos)
    .innerJoin(buildings, eq(buildings.id, buildingDesignInfos.buildingId))
    .innerJoin(orgs, eq(orgs.id, buildingDesignInfos.orgId))
    .where(eq(buildings.projectId, projectId));
}

export async function insertFolders(db: Db, rows: DocFolderInsert[]) {
  if (rows.length === 0) return [];
  return db.insert(docFolders).values(rows).returning();
}

export async function renameFolder(db: Db, id: string, name: string) {
  await db.update(docFolders).set({ name }).where(eq(docFolders.id, id));
}

export async function deleteFolders(db: Db, ids: readonly string[]) {
  if (ids.length > 0) await db.delete(docFolders).where(inArray(docFolders.id, [...ids]));
}

/** These folders with their versions, those of them that belong to the application. */
export async function findFoldersOfProject(db: Db, projectId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ folder: docFolders, version: docVersions })
    .from(docFolders)
    .innerJoin(docVersions, eq(docVersions.id, docFolders.versionId))
    .where(and(inArray(docFolders.id, [...ids]), eq(docVersions.projectId, projectId)));
}

/** A folder with its version, when both belong to the application. */
export async function findFolderOfProject(db: Db, projectId: string, folderId: string) {
  const [row] = await findFoldersOfProject(db, projectId, [folderId]);
  return row;
}

export async function listSiblings(
  db: Db,
  folder: Pick<DocFolderRow, 'versionId' | 'category' | 'parentId'>,
) {
  return db
    .select()
    .from(docFolders)
    .where(
      and(
        eq(docFolders.versionId, folder.versionId),
        eq(docFolders.category, folder.category),
        folder.parentId ? eq(docFolders.parentId, folder.parentId) : isNull(docFolders.parentId),
      ),
    )
    .orderBy(asc(docFolders.sortOrder), asc(docFolders.createdAt));
}

export async function nextSortOrder(
  db: Db,
  folder: Pick<DocFolderRow, 'versionId' | 'category' | 'parentId'>,
) {
  const [row] = await db
    .select({ top: max(docFolders.sortOrder) })
    .from(docFolders)
    .where(
      and(
        eq(docFolders.versionId, folder.versionId),
        eq(docFolders.category, folder.category),
        folder.parentId ? eq(docFolders.parentId, folder.parentId) : isNull(docFolders.parentId),
      ),
    );
  return (row?.top ?? 0) + 1;
}

export async function setSortOrders(db: Db, order: readonly { id: string; sortOrder: number }[]) {
  for (const { id, sortOrder } of order)
    await db.update(docFolders).set({ sortOrder }).where(eq(docFolders.id, id));
}

/** The ids of one folder's files in their shown order. */
export async function listFileOrder(db: Db, folderId: string): Promise<string[]> {
  const rows = await db
    .select({ id: docFiles.id })
    .from(docFiles)
    .where(eq(docFiles.folderId, folderId))
    .orderBy(asc(docFiles.sortOrder), asc(docFiles.createdAt));
  return rows.map((r) => r.id);
}

export async function setFileSortOrders(db: Db, order: readonly { id: string; sortOrder: number }[]) {
  for (const { id, sortOrder } of order)
    await db.update(docFiles).set({ sortOrder }).where(eq(docFiles.id, id));
}

/** The folder ids of these folders and everything beneath them. */
export async function folderSubtreeIds(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const result = await rowsOf<{ id: string }>(
    db,
    sql`
    with recursive sub(id) as (
      select id from doc_folders where id in ${sql`(${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`}
      union
      select f.id from doc_folders f join sub on f.parent_id = sub.id
    )
    select id from sub`,
  );
  return result.rows.map((r) => r.id);
}

/** How many custom folders the chain from this folder up to its root holds, itself included. */
export async function customDepth(db: Db, id: string): Promise<number> {
  const result = await rowsOf<{ depth: number }>(
    db,
    sql`
    with recursive up(id, parent_id, kind) as (
      select id, parent_id, kind from doc_folders where id = ${id}::uuid
      union all
      select f.id, f.parent_id, f.kind from doc_folders f join up on f.id = up.parent_id
    )
    select count(*) filter (where kind = 'CUSTOM')::int as depth from up`,
  );
  return Number(result.rows[0]?.depth ?? 0);
}

export async function listFilesIn(db: Db, folderIds: readonly string[]) {
  if (folderIds.length === 0) return [];
  return db
    .select({ id: docFiles.id, storageKey: docFiles.storageKey })
    .from(docFiles)
    .where(inArray(docFiles.folderId, [...folderIds]));
}

/** These files with their folders and versions, those of them that belong to the application. */
export async function findFilesOfProject(db: Db, projectId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ file: docFiles, folder: docFolders, version: docVersions })
    .from(docFiles)
    .innerJoin(docFolders, eq(docFolders.id, docFiles.folderId))
    .innerJoin(docVersions, eq(docVersions.id, docFiles.versionId))
    .where(and(inArray(docFiles.id, [...ids]), eq(docVersions.projectId, projectId)));
}

export async function deleteFiles(db: Db, ids: readonly string[]) {
  if (ids.length > 0) await db.delete(docFiles).where(inArray(docFiles.id, [...ids]));
}

// ---- uploads and files ----

export type DocUploadRow = typeof docUploads.$inferSelect;

export async function insertUpload(db: Db, row: typeof docUploads.$inferInsert) {
  await db.insert(docUploads).values(row);
}

export async function findUploadByCode(db: Db, codeHash: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(docUploads).where(eq(docUploads.codeHash, codeHash));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/**
 * Claims a pending, unexpired code for one upload: of two posts with one code, one gets it.
 * Undefined when the code is unknown, used, being used or expired.
 */
export async function claimUpload(db: Db, codeHash: string, now: Date) {
  const [row] = await db
    .update(docUploads)
    .set({ status: 'RECEIVING' })
    .where(
      and(eq(docUploads.codeHash, codeHash), eq(docUploads.status, 'PENDING'), gt(docUploads.expiresAt, now)),
    )
    .returning();
  return row;
}

export async function updateUpload(db: Db, id: string, patch: Partial<typeof docUploads.$inferInsert>) {
  await db.update(docUploads).set(patch).where(eq(docUploads.id, id));
}

export async function insertFile(db: Db, row: typeof docFiles.$inferInsert) {
  const [file] = await db.insert(docFiles).values(row).returning();
  return file!;
}

export async function fileNamesIn(db: Db, folderId: string) {
  const rows = await db.select({ name: docFiles.name }).from(docFiles).where(eq(docFiles.folderId, folderId));
  return new Set(rows.map((r) => r.name));
}

export async function nextFileSortOrder(db: Db, folderId: string) {
  const [row] = await db
    .select({ top: max(docFiles.sortOrder) })
    .from(docFiles)
    .where(eq(docFiles.folderId, folderId));
  return (row?.top ?? 0) + 1;
}

/** Files with the uploading unit's and person's names: what lists and the uploader card show. */
function filesWithUploader(db: Db) {
  return db
    .select({
      file: docFiles,
      orgName: orgs.name,
      uploaderName: accounts.name,
      uploaderPhone: accounts.phone,
    })
    .from(docFiles)
    .innerJoin(docVersions, eq(docVersions.id, docFiles.versionId))
    .innerJoin(orgs, eq(orgs.id, docFiles.orgId))
    .leftJoin(accounts, eq(accounts.id, docFiles.uploadedBy))
    .$dynamic();
}

/** A folder's files in order. */
export async function listFilesOf(db: Db, folderId: string) {
  return filesWithUploader(db)
    .where(eq(docFiles.folderId, folderId))
    .orderBy(asc(docFiles.sortOrder), asc(docFiles.createdAt));
}

/** One file of the application, as `listFilesOf` gives it. */
export async function findFileWithUploader(db: Db, projectId: string, fileId: string) {
  const [row] = await filesWithUploader(db).where(
    and(eq(docFiles.id, fileId), eq(docVersions.projectId, projectId)),
  );
  return row;
}

// ---- reading files: view links and the zip of a version (doc-files.service) ----

/** One file by its id alone: a signed view link names the file, not its application. */
export async function findDocFile(db: Db, fileId: string) {
  const [row] = await db.select().from(docFiles).where(eq(docFiles.id, fileId));
  return row;
}

/** Every folder of a version, both categories, siblings in their order: the paths of a zip. */
export async function listVersionFolders(db: Db, versionId: string) {
  return db
    .select({
      id: docFolders.id,
      parentId: docFolders.parentId,
      category: docFolders.category,
      name: docFolders.name,
    })
    .from(docFolders)
    .where(eq(docFolders.versionId, versionId))
    .orderBy(asc(docFolders.sortOrder), asc(docFolders.createdAt));
}

/** A version's files in each folder's order; only those uploaded by `orgIds` when it is given. */
export async function listVersionFiles(db: Db, versionId: string, orgIds?: readonly string[]) {
  if (orgIds?.length === 0) return [];
  return db
    .select({
      id: docFiles.id,
      folderId: docFiles.folderId,
      name: docFiles.name,
      size: docFiles.size,
      storageKey: docFiles.storageKey,
      createdAt: docFiles.createdAt,
    })
    .from(docFiles)
    .where(and(eq(docFiles.versionId, versionId), orgIds ? inArray(docFiles.orgId, [...orgIds]) : undefined))
    .orderBy(asc(docFiles.sortOrder), asc(docFiles.createdAt));
}

// ---- resumable (tus) uploads ----

export async function findUploadByTusToken(db: Db, tokenHash: string) {
  const [row] = await db.select().from(docUploads).where(eq(docUploads.tusTokenHash, tokenHash));
  return row;
}

/**
 * Moves a tus upload from `fromOffset` on, if no one else has: false when the stored offset is no
 * longer `fromOffset` (another request or process went first), and then nothing changed.
 */
export async function advanceTusUpload(
  db: Db,
  id: string,
  fromOffset: number,
  patch: { uploadOffset: number; hashState: string; contentType?: string },
) {
  const rows = await db
    .update(docUploads)
    .set(patch)
    .where(
      and(eq(docUploads.id, id), eq(docUploads.status, 'RECEIVING'), eq(docUploads.uploadOffset, fromOffset)),
    )
    .returning({ id: docUploads.id });
  return rows.length === 1;
}
