import { and, count, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { auditQuery } from '@drp/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { containsPattern } from '../../db/like-pattern.js';
import { auditEvents } from '../../db/schema/audit.js';
import { orgs } from '../../db/schema/orgs.js';

export type AuditInsert = typeof auditEvents.$inferInsert;

export async function insertAuditEvent(db: Db, row: AuditInsert) {
  await db.insert(auditEvents).values(row);
}

export async function queryAuditEvents(db: Db, query: z.output<typeof auditQuery>) {
  const filters: SQL[] = [];
  if (query.action) filters.push(eq(auditEvents.action, query.action));
  if (query.actor) filters.push(ilike(auditEvents.actorUsername, containsPattern(query.actor)));
  if (query.orgId) filters.push(eq(auditEvents.orgId, query.orgId));
  if (query.from) filters.push(gte(auditEvents.occurredAt, new Date(query.from)));
  if (query.to) filters.push(lte(auditEvents.occurredAt, new Date(query.to)));
  const where = filters.length ? and(...filters) : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select({ event: auditEvents, orgName: orgs.name })
      .from(auditEvents)
      .leftJoin(orgs, eq(orgs.id, auditEvents.orgId))
      .where(where)
      .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  return { total: total?.n ?? 0, items };
}
