import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { accounts } from '../../db/schema/accounts.js';
import { docFiles, docFolders, docVersions } from '../../db/schema/doc-repository.js';
import { drawingSetSheets, drawingSets } from '../../db/schema/drawing-sets.js';
import { docSheets } from '../../db/schema/sheets.js';
import { orgs } from '../../db/schema/orgs.js';
import { projects } from '../../db/schema/projects.js';

/* The sealed drawing set (issue 21): the set, its sheets, and the reviewed version they come from. */

export type DrawingSetRow = typeof drawingSets.$inferSelect;
export type DrawingSetSheetRow = typeof drawingSetSheets.$inferSelect;

function selectSets(db: Db) {
  return db
    .select({
      set: drawingSets,
      compiledByName: accounts.name,
      versionNumber: docVersions.number,
      sheets: sql<number>`(select count(*)::int from ${drawingSetSheets} where ${drawingSetSheets.setId} = ${drawingSets.id})`,
    })
    .from(drawingSets)
    .innerJoin(accounts, eq(accounts.id, drawingSets.compiledBy))
    .innerJoin(docVersions, eq(docVersions.id, drawingSets.versionId))
    .$dynamic();
}
export type DrawingSetWithNames = NonNullable<Awaited<ReturnType<typeof findDrawingSet>>>;

/** The agency's set of the application, held for a change when `lock`. */
export async function findDrawingSetOfProject(
  db: Db,
  projectId: string,
  censorOrgId: string,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(drawingSets)
    .where(and(eq(drawingSets.projectId, projectId), eq(drawingSets.censorOrgId, censorOrgId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findDrawingSet(
  db: Db,
  projectId: string,
  id: string,
  options: { lock?: boolean } = {},
) {
  const query = selectSets(db).where(and(eq(drawingSets.id, id), eq(drawingSets.projectId, projectId)));
  const [row] = options.lock ? await query.for('update', { of: drawingSets }) : await query;
  return row ?? null;
}

export async function findDrawingSetById(db: Db, id: string) {
  const [row] = await db.select().from(drawingSets).where(eq(drawingSets.id, id));
  return row ?? null;
}

/** The application's sets (one per agency), for the signature screens. */
export async function listDrawingSets(db: Db, projectId: string) {
  return selectSets(db).where(eq(drawingSets.projectId, projectId)).orderBy(desc(drawingSets.compiledAt));
}

export async function insertDrawingSet(db: Db, row: typeof drawingSets.$inferInsert) {
  const [inserted] = await db.insert(drawingSets).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function updateDrawingSet(db: Db, id: string, patch: Partial<typeof drawingSets.$inferInsert>) {
  await db.update(drawingSets).set(patch).where(eq(drawingSets.id, id));
}

/** Marks the set sealed, once: false when it already was. */
export async function markDrawingSetSealed(db: Db, id: string, at: Date) {
  const rows = await db
    .update(drawingSets)
    .set({ status: 'SEALED', sealedAt: at, updatedAt: at })
    .where(and(eq(drawingSets.id, id), eq(drawingSets.status, 'SIGNING')))
    .returning({ id: drawingSets.id });
  return rows.length > 0;
}

export async function replaceSheets(db: Db, setId: string, rows: (typeof drawingSetSheets.$inferInsert)[]) {
  await db.delete(drawingSetSheets).where(eq(drawingSetSheets.setId, setId));
  // In slices: a large set would pass the database's limit of parameters in one statement.
  for (let i = 0; i < rows.length; i += 500) await db.insert(drawingSetSheets).values(rows.slice(i, i + 500));
}

export async function listSheets(db: Db, setId: string) {
  return db
    .select()
    .from(drawingSetSheets)
    .where(eq(drawingSetSheets.setId, setId))
    .orderBy(asc(drawingSetSheets.sortOrder));
}

export async function findSheet(db: Db, setId: string, sheetId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(drawingSetSheets)
    .where(and(eq(drawingSetSheets.id, sheetId), eq(drawingSetSheets.setId, setId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** A sheet by id within any set of the application, with its set. */
export async function findSheetOfProject(db: Db, projectId: string, sheetId: string) {
  const [row] = await db
    .select({ sheet: drawingSetSheets, set: drawingSets })
    .from(drawingSetSheets)
    .innerJoin(drawingSets, eq(drawingSets.id, drawingSetSheets.setId))
    .where(and(eq(drawingSetSheets.id, sheetId), eq(drawingSets.projectId, projectId)));
  return row ?? null;
}

export async function updateSheet(db: Db, id: string, patch: Partial<typeof drawingSetSheets.$inferInsert>) {
  await db.update(drawingSetSheets).set(patch).where(eq(drawingSetSheets.id, id));
}

/** A sheet of a sealed set whose file has this SHA-256: a presented copy is the sealed one. */
export async function findSealedSheetBySha256(db: Db, sha256: string) {
  const [row] = await db
    .select({ name: drawingSetSheets.name, projectName: projects.name })
    .from(drawingSetSheets)
    .innerJoin(drawingSets, eq(drawingSets.id, drawingSetSheets.setId))
    .innerJoin(projects, eq(projects.id, drawingSets.projectId))
    .where(and(eq(drawingSetSheets.fileSha256, sha256), eq(drawingSets.status, 'SEALED')))
    .limit(1);
  return row ?? null;
}

// ---- the reviewed version ----

/** The application's latest version handed over for review: the one the last round passed. */
export async function findReviewedVersion(db: Db, projectId: string) {
  const [row] = await db
    .select()
    .from(docVersions)
    .where(and(eq(docVersions.projectId, projectId), eq(docVersions.businessStatus, 'REVIEW')))
    .orderBy(desc(docVersions.number))
    .limit(1);
  return row ?? null;
}

/** Every folder of a version, with what places a file: category, parent, specialty, name. */
export async function listSetFolders(db: Db, versionId: string) {
  return db
    .select({
      id: docFolders.id,
      parentId: docFolders.parentId,
      category: docFolders.category,
      specialty: docFolders.specialty,
      name: docFolders.name,
    })
    .from(docFolders)
    .where(eq(docFolders.versionId, versionId))
    .orderBy(asc(docFolders.sortOrder), asc(docFolders.createdAt));
}

/**
 * Every file of a version in its folder's order, with how its preparation as a sheet went (FAILED:
 * damaged or password-protected, so it cannot be signed either).
 */
export async function listSetFiles(db: Db, versionId: string) {
  return db
    .select({
      id: docFiles.id,
      folderId: docFiles.folderId,
      name: docFiles.name,
      size: docFiles.size,
      sha256: docFiles.sha256,
      contentType: docFiles.contentType,
      storageKey: docFiles.storageKey,
      sheetState: docSheets.state,
    })
    .from(docFiles)
    .leftJoin(docSheets, eq(docSheets.fileId, docFiles.id))
    .where(eq(docFiles.versionId, versionId))
    .orderBy(asc(docFiles.sortOrder), asc(docFiles.createdAt));
}

/** The names a seal and a signature carry. */
export async function findOrgName(db: Db, orgId: string) {
  const [row] = await db.select({ name: orgs.name }).from(orgs).where(eq(orgs.id, orgId));
  return row?.name ?? null;
}

export async function findAccountName(db: Db, accountId: string) {
  const [row] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
  return row?.name ?? null;
}
