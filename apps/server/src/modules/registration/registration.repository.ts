import { and, count, desc, eq, ilike, like, ne, or, type SQL } from 'drizzle-orm';
import { regionPrefix } from '@drp/domain';
import type { applicationQuery } from '@drp/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { containsPattern } from '../../db/like-pattern.js';
import { orgApplications, uploads } from '../../db/schema/registration.js';

export type ApplicationRow = typeof orgApplications.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;

export async function insertUpload(db: Db, row: typeof uploads.$inferInsert) {
  const [upload] = await db.insert(uploads).values(row).returning();
  return upload!;
}

export async function findUpload(db: Db, id: string) {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return row;
}

export async function insertApplication(db: Db, row: typeof orgApplications.$inferInsert) {
  const [application] = await db.insert(orgApplications).values(row).returning();
  return application!;
}

export async function updateApplication(
  db: Db,
  id: string,
  fields: Partial<typeof orgApplications.$inferInsert>,
) {
  const [row] = await db.update(orgApplications).set(fields).where(eq(orgApplications.id, id)).returning();
  return row;
}

/** Locks the row, so two reviewers cannot both decide the same application. */
export async function findApplicationForUpdate(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(orgApplications)
    .where(eq(orgApplications.id, id))
    .for('update')
    .limit(1);
  return row;
}

export async function findApplicationWithUpload(db: Db, id: string) {
  const [row] = await db
    .select({ application: orgApplications, upload: uploads })
    .from(orgApplications)
    .innerJoin(uploads, eq(uploads.id, orgApplications.licenceUploadId))
    .where(eq(orgApplications.id, id))
    .limit(1);
  return row;
}

/** The newest open or rejected application that chose this username (for sign-in answers). */
export async function findOpenApplicationByUsername(db: Db, username: string) {
  const [row] = await db
    .select()
    .from(orgApplications)
    .where(and(eq(orgApplications.adminUsername, username), ne(orgApplications.status, 'APPROVED')))
    .orderBy(desc(orgApplications.updatedAt))
    .limit(1);
  return row;
}

/** A pending application other than `exceptId` that already claims this username or credit code. */
export async function findPendingClaim(
  db: Db,
  input: { username: string; creditCode: string; exceptId?: string },
) {
  const filters: SQL[] = [
    eq(orgApplications.status, 'PENDING'),
    or(eq(orgApplications.adminUsername, input.username), eq(orgApplications.creditCode, input.creditCode))!,
  ];
  if (input.exceptId) filters.push(ne(orgApplications.id, input.exceptId));
  const [row] = await db
    .select()
    .from(orgApplications)
    .where(and(...filters))
    .limit(1);
  return row;
}

export async function searchApplications(db: Db, query: z.output<typeof applicationQuery>) {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(orgApplications.status, query.status));
  if (query.name) filters.push(ilike(orgApplications.name, containsPattern(query.name)));
  if (query.orgType) filters.push(eq(orgApplications.orgType, query.orgType));
  if (query.region) filters.push(like(orgApplications.regionCode, `${regionPrefix(query.region)}%`));
  const where = filters.length ? and(...filters) : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select({ application: orgApplications, upload: uploads })
      .from(orgApplications)
      .innerJoin(uploads, eq(uploads.id, orgApplications.licenceUploadId))
      .where(where)
      .orderBy(desc(orgApplications.updatedAt))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ n: count() }).from(orgApplications).where(where),
  ]);
  return { total: total?.n ?? 0, items };
}
