import { and, count, desc, eq, gte, ilike, inArray, lte, type SQL } from 'drizzle-orm';
import type { auditQuery } from '@drp/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { containsPattern } from '../../db/like-pattern.js';
import { accounts, members } from '../../db/schema/accounts.js';
import { auditEvents } from '../../db/schema/audit.js';
import { buildings } from '../../db/schema/buildings.js';
import { orgs } from '../../db/schema/orgs.js';
import { forumTopics } from '../../db/schema/portal.js';
import { projects } from '../../db/schema/projects.js';
import { orgApplications } from '../../db/schema/registration.js';

export type AuditInsert = typeof auditEvents.$inferInsert;
export type AuditRow = typeof auditEvents.$inferSelect;

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
      .select({ event: auditEvents, orgName: orgs.name, actorName: accounts.name })
      .from(auditEvents)
      .leftJoin(orgs, eq(orgs.id, auditEvents.orgId))
      .leftJoin(accounts, eq(accounts.id, auditEvents.actorAccountId))
      .where(where)
      .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  return { total: total?.n ?? 0, items };
}

/** The ids a page of events names, by what they are. */
export interface AuditSubjects {
  accounts: string[];
  members: string[];
  orgs: string[];
  projects: string[];
  buildings: string[];
  applications: string[];
  forumTopics: string[];
}

/** Names as they are now of what a page of events names; a deleted record has none. */
export async function namesOfAuditSubjects(db: Db, ids: AuditSubjects) {
  const when = <T>(list: string[], run: () => Promise<T[]>) => (list.length ? run() : Promise.resolve([]));
  const [accountRows, memberRows, orgRows, projectRows, buildingRows, applicationRows, topicRows] =
    await Promise.all([
      when(ids.accounts, () =>
        db
          .select({ id: accounts.id, name: accounts.name })
          .from(accounts)
          .where(inArray(accounts.id, ids.accounts)),
      ),
      when(ids.members, () =>
        db
          .select({ id: members.id, name: accounts.name, username: accounts.username })
          .from(members)
          .innerJoin(accounts, eq(accounts.id, members.accountId))
          .where(inArray(members.id, ids.members)),
      ),
      when(ids.orgs, () =>
        db.select({ id: orgs.id, name: orgs.name }).from(orgs).where(inArray(orgs.id, ids.orgs)),
      ),
      when(ids.projects, () =>
        db
          .select({ id: projects.id, name: projects.name, code: projects.code })
          .from(projects)
          .where(inArray(projects.id, ids.projects)),
      ),
      when(ids.buildings, () =>
        db
          .select({ id: buildings.id, name: buildings.name, projectId: buildings.projectId })
          .from(buildings)
          .where(inArray(buildings.id, ids.buildings)),
      ),
      when(ids.applications, () =>
        db
          .select({ id: orgApplications.id, name: orgApplications.name })
          .from(orgApplications)
          .where(inArray(orgApplications.id, ids.applications)),
      ),
      when(ids.forumTopics, () =>
        db
          .select({ id: forumTopics.id, name: forumTopics.title })
          .from(forumTopics)
          .where(inArray(forumTopics.id, ids.forumTopics)),
      ),
    ]);
  return { accountRows, memberRows, orgRows, projectRows, buildingRows, applicationRows, topicRows };
}
