import { and, count, desc, eq } from 'drizzle-orm';
import type { ProjectDocType } from '@drp/domain';
import type { Db } from '../../db/database.js';
import { orgs } from '../../db/schema/orgs.js';
import { projectDocs } from '../../db/schema/project-docs.js';

export type ProjectDocRow = typeof projectDocs.$inferSelect;

export async function insertProjectDoc(db: Db, row: typeof projectDocs.$inferInsert) {
  const [inserted] = await db.insert(projectDocs).values(row).returning();
  return inserted!;
}

export async function findProjectDoc(db: Db, id: string) {
  const [row] = await db
    .select({ doc: projectDocs, orgName: orgs.name })
    .from(projectDocs)
    .innerJoin(orgs, eq(orgs.id, projectDocs.uploadedByOrgId))
    .where(eq(projectDocs.id, id));
  return row ?? null;
}

export async function updateProjectDoc(db: Db, id: string, patch: Partial<typeof projectDocs.$inferInsert>) {
  await db.update(projectDocs).set(patch).where(eq(projectDocs.id, id));
}

export async function deleteProjectDoc(db: Db, id: string) {
  await db.delete(projectDocs).where(eq(projectDocs.id, id));
}

/** Where the bytes of an application's attachments are, for removing them with the application. */
export async function storageKeysOfProject(db: Db, projectId: string) {
  const rows = await db
    .select({ key: projectDocs.storageKey })
    .from(projectDocs)
    .where(eq(projectDocs.projectId, projectId));
  return rows.map((r) => r.key);
}

/** An application's attachments, of one kind when given, newest first. */
export async function queryProjectDocs(
  db: Db,
  projectId: string,
  modelType: ProjectDocType | undefined,
  paging: { limit: number; offset: number },
) {
  const where = and(
    eq(projectDocs.projectId, projectId),
    modelType ? eq(projectDocs.modelType, modelType) : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select({ doc: projectDocs, orgName: orgs.name })
      .from(projectDocs)
      .innerJoin(orgs, eq(orgs.id, projectDocs.uploadedByOrgId))
      .where(where)
      .orderBy(desc(projectDocs.createdAt), desc(projectDocs.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db.select({ n: count() }).from(projectDocs).where(where),
  ]);
  return { total: total?.n ?? 0, items };
}
