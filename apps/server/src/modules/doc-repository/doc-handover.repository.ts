import { and, asc, count, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { DOC_CATEGORY_KEYS, type DocCategory, type DocVersionStatus } from '@drp/domain';
import type { Db } from '../../db/database.js';
import {
  docFeedbacks,
  docFiles,
  docFolders,
  docVersionCommits,
  docVersions,
} from '../../db/schema/doc-repository.js';
import { orgs } from '../../db/schema/orgs.js';
import {
  buildingDesignInfos,
  buildingSurveyInfos,
  buildingUnits,
  buildings,
} from '../../db/schema/buildings.js';

export async function listCommits(db: Db, versionId: string) {
  return db.select().from(docVersionCommits).where(eq(docVersionCommits.versionId, versionId));
}

export async function isCommitted(db: Db, versionId: string, orgId: string, category: DocCategory) {
  const [row] = await db
    .select({ orgId: docVersionCommits.orgId })
    .from(docVersionCommits)
    .where(
      and(
        eq(docVersionCommits.versionId, versionId),
        eq(docVersionCommits.orgId, orgId),
        eq(docVersionCommits.category, category),
      ),
    );
  return row !== undefined;
}

export async function insertCommit(db: Db, row: typeof docVersionCommits.$inferInsert) {
  await db.insert(docVersionCommits).values(row).onConflictDoNothing();
}

/** A returned or recalled version is uploaded again: every unit hands over anew. */
export async function clearCommits(db: Db, versionId: string, categories: readonly DocCategory[]) {
  if (categories.length === 0) return;
  await db
    .delete(docVersionCommits)
    .where(and(eq(docVersionCommits.versionId, versionId), inArray(docVersionCommits.category, categories)));
}

/** Files per uploading unit and category in one version. */
export async function countFilesByUnit(db: Db, versionId: string) {
  return db
    .select({ orgId: docFiles.orgId, category: docFolders.category, n: count() })
    .from(docFiles)
    .innerJoin(docFolders, eq(docFolders.id, docFiles.folderId))
    .where(eq(docFiles.versionId, versionId))
    .groupBy(docFiles.orgId, docFolders.category);
}

export async function setVersionStatus(
  db: Db,
  versionId: string,
  patch: { businessStatus: DocVersionStatus; sentAt?: Date | null; acceptedAt?: Date | null },
) {
  await db.update(docVersions).set(patch).where(eq(docVersions.id, versionId));
}

export async function insertFeedbacks(db: Db, rows: (typeof docFeedbacks.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(docFeedbacks).values(rows);
}

export async function listFeedbacks(db: Db, versionId: string) {
  return db
    .select({ feedback: docFeedbacks, orgName: orgs.name })
    .from(docFeedbacks)
    .innerJoin(orgs, eq(orgs.id, docFeedbacks.orgId))
    .where(eq(docFeedbacks.versionId, versionId))
    .orderBy(asc(docFeedbacks.seq));
}

export async function countFeedbacks(db: Db, versionId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(docFeedbacks)
    .where(eq(docFeedbacks.versionId, versionId));
  return row?.n ?? 0;
}

/** A recall opens the latest version for upload again, and every unit hands over anew. */
export async function reopenLatestVersion(db: Db, projectId: string) {
  const [version] = await db
    .update(docVersions)
    .set({ businessStatus: 'UPLOADING', sentAt: null })
    .where(and(eq(docVersions.projectId, projectId), eq(docVersions.latest, true)))
    .returning({ id: docVersions.id });
  if (version) await clearCommits(db, version.id, DOC_CATEGORY_KEYS);
}

/**
 * What the hand-over's readiness reads of an application's buildings (handover-readiness): each
 * building with its named units, the units' entries, and its folders and files in the version.
 */
export async function readReadinessFacts(db: Db, projectId: string, versionId: string) {
  const [rows, units, designInfos, surveyInfos, folders, files] = await Promise.all([
    db
      .select({ id: buildings.id, name: buildings.name, status: buildings.status, use: buildings.use })
      .from(buildings)
      .where(eq(buildings.projectId, projectId))
      .orderBy(asc(buildings.seq)),
    db
      .select({
        buildingId: buildingUnits.buildingId,
        orgId: buildingUnits.orgId,
        orgName: orgs.name,
        role: buildingUnits.role,
      })
      .from(buildingUnits)
      .innerJoin(buildings, eq(buildings.id, buildingUnits.buildingId))
      .innerJoin(orgs, eq(orgs.id, buildingUnits.orgId))
      .where(eq(buildings.projectId, projectId))
      .orderBy(asc(orgs.name)),
    db
      .selectDistinct({
        buildingId: buildingDesignInfos.buildingId,
        orgId: buildingDesignInfos.orgId,
        specialty: buildingDesignInfos.specialty,
      })
      .from(buildingDesignInfos)
      .innerJoin(buildings, eq(buildings.id, buildingDesignInfos.buildingId))
      .where(eq(buildings.projectId, projectId)),
    db
      .select({ buildingId: buildingSurveyInfos.buildingId, orgId: buildingSurveyInfos.orgId })
      .from(buildingSurveyInfos)
      .innerJoin(buildings, eq(buildings.id, buildingSurveyInfos.buildingId))
      .where(eq(buildings.projectId, projectId)),
    db
      .select({
        id: docFolders.id,
        category: docFolders.category,
        kind: docFolders.kind,
        buildingId: docFolders.buildingId,
        specialty: docFolders.specialty,
      })
      .from(docFolders)
      .where(
        and(
          eq(docFolders.versionId, versionId),
          inArray(docFolders.kind, ['BUILDING', 'SPECIALTY']),
          isNotNull(docFolders.buildingId),
        ),
      )
      .orderBy(asc(docFolders.sortOrder)),
    // Folders a unit adds under a building or specialty carry its building and specialty.
    db
      .select({
        category: docFolders.category,
        buildingId: docFolders.buildingId,
        specialty: docFolders.specialty,
        n: count(),
      })
      .from(docFiles)
      .innerJoin(docFolders, eq(docFolders.id, docFiles.folderId))
      .where(and(eq(docFiles.versionId, versionId), isNotNull(docFolders.buildingId)))
      .groupBy(docFolders.category, docFolders.buildingId, docFolders.specialty),
  ]);
  return { buildings: rows, units, designInfos, surveyInfos, folders, files };
}

/**
 * A copy's id, derived from the original's and the new version's: an md5 with the version (4) and
 * variant (8) digits of a random UUID set, so it reads as one wherever ids are checked.
 */
const copyId = (original: SQL, versionId: string) =>
  sql`overlay(overlay(md5(${original}::text || ${versionId}::text) placing '4' from 13) placing '8' from 17)::uuid`;

/**
 * Opens the next version of an application's materials (issue 20): the latest is no longer
 * latest, the new one is UPLOADING, and every folder and file of the old one is carried into it
 * (the files keep their stored bytes, which they now share), so a unit replaces only what it
 * revised. A copy's id is derived from the old id and the new version's (md5), so the files'
 * statement finds their folders' copies without a mapping table; folders are copied in one
 * statement, their parents' references checked at its end.
 */
export async function carryVersionForward(
  db: Db,
  from: { id: string; projectId: string; number: number },
  at: Date,
) {
  await db
    .update(docVersions)
    .set({ latest: false })
    .where(and(eq(docVersions.projectId, from.projectId), eq(docVersions.latest, true)));
  const [next] = await db
    .insert(docVersions)
    .values({
      projectId: from.projectId,
      number: from.number + 1,
      businessStatus: 'UPLOADING',
      createdAt: at,
    })
    .returning();
  const to = next!.id;
  await db.execute(sql`
    insert into doc_folders
      (id, version_id, category, parent_id, kind, building_id, specialty, org_id, name, sort_order, created_by, created_at)
    select ${copyId(sql`f.id`, to)}, ${to}, f.category,
      case when f.parent_id is null then null else ${copyId(sql`f.parent_id`, to)} end,
      f.kind, f.building_id, f.specialty, f.org_id, f.name, f.sort_order, f.created_by, f.created_at
    from doc_folders f where f.version_id = ${from.id}`);
  await db.execute(sql`
    insert into doc_files
      (id, folder_id, version_id, name, size, sha256, content_type, storage_key, org_id, uploaded_by, sort_order, created_at)
    select ${copyId(sql`f.id`, to)}, ${copyId(sql`f.folder_id`, to)}, ${to},
      f.name, f.size, f.sha256, f.content_type, f.storage_key, f.org_id, f.uploaded_by, f.sort_order, f.created_at
    from doc_files f where f.version_id = ${from.id}`);
  return next!;
}

/** Of these stored keys, those no file names any more (a carried copy keeps its bytes alive). */
export async function unusedStorageKeys(db: Db, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const used = await db
    .selectDistinct({ key: docFiles.storageKey })
    .from(docFiles)
    .where(inArray(docFiles.storageKey, [...keys]));
  const still = new Set(used.map((u) => u.key));
  return [...new Set(keys)].filter((k) => !still.has(k));
}
