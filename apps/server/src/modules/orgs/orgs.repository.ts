import { and, asc, count, desc, eq, ilike, inArray, like, or, type SQL } from 'drizzle-orm';
import type { OrgType, companyQuery } from '@drp/domain';
import { regionPrefix } from '@drp/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { containsPattern } from '../../db/like-pattern.js';
import { accounts, members } from '../../db/schema/accounts.js';
import { orgs } from '../../db/schema/orgs.js';

export type OrgRow = typeof orgs.$inferSelect;
export async function searchOrgs(db: Db, query: z.output<typeof companyQuery>) {
  const filters: SQL[] = [];
  if (query.orgType) filters.push(eq(orgs.orgType, query.orgType));
  if (query.enabled !== undefined) filters.push(eq(orgs.enabled, query.enabled));
  if (query.platformOperator !== undefined) filters.push(eq(orgs.platformOperator, query.platformOperator));
  if (query.name) {
    const byName = ilike(orgs.name, containsPattern(query.name));
    filters.push(or(byName, eq(orgs.creditCode, query.name.toUpperCase()))!);
  }
  if (query.region) filters.push(like(orgs.regionCode, `${regionPrefix(query.region)}%`));
  const where = filters.length ? and(...filters) : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(orgs)
      .where(where)
      .orderBy(desc(orgs.createdAt), asc(orgs.name))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ n: count() }).from(orgs).where(where),
  ]);
  return { total: total?.n ?? 0, items };
}

export async function listEnabledOrgsOfType(db: Db, orgType: OrgType) {
  return db
    .select({ id: orgs.id, name: orgs.name })
    .from(orgs)
    .where(and(eq(orgs.orgType, orgType), eq(orgs.enabled, true)))
    .orderBy(asc(orgs.name));
}

export async function findOrgByCreditCode(db: Db, creditCode: string) {
  const [row] = await db.select().from(orgs).where(eq(orgs.creditCode, creditCode)).limit(1);
  return row;
}

/** The platform operator's organisation, if this installation has named one. */
export async function findPlatformOperator(db: Db) {
  const [row] = await db.select({ id: orgs.id }).from(orgs).where(eq(orgs.platformOperator, true)).limit(1);
  return row;
}

export async function insertOrg(db: Db, row: typeof orgs.$inferInsert) {
  const [org] = await db.insert(orgs).values(row).returning();
  return org!;
}

export async function setOrgEnabled(db: Db, orgId: string, enabled: boolean) {
  const [row] = await db.update(orgs).set({ enabled }).where(eq(orgs.id, orgId)).returning({ id: orgs.id });
  return row;
}

/** Enabled admins of enabled organisations, for contact lists. */
export async function listOrgAdmins(db: Db, orgIds: readonly string[]) {
  if (orgIds.length === 0) return [];
  return db
    .select({
      orgId: orgs.id,
      orgName: orgs.name,
      orgType: orgs.orgType,
      memberId: members.id,
      name: accounts.name,
      phone: accounts.phone,
    })
    .from(orgs)
    .leftJoin(members, and(eq(members.orgId, orgs.id), eq(members.admin, true), eq(members.enabled, true)))
    .leftJoin(accounts, eq(accounts.id, members.accountId))
    .where(and(inArray(orgs.id, [...orgIds]), eq(orgs.enabled, true)))
    .orderBy(asc(orgs.name), asc(accounts.name));
}

export async function findOrgById(db: Db, id: string) {
  const [row] = await db.select().from(orgs).where(eq(orgs.id, id)).limit(1);
  return row;
}

export async function countOrgMembers(db: Db, orgId: string) {
  const [row] = await db.select({ n: count() }).from(members).where(eq(members.orgId, orgId));
  return row?.n ?? 0;
}

export async function updateOrgDetails(db: Db, id: string, fields: Partial<typeof orgs.$inferInsert>) {
  const [row] = await db.update(orgs).set(fields).where(eq(orgs.id, id)).returning();
  return row;
}
