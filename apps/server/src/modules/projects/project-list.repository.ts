import {
  and,
  count,
  desc,
  eq,
  exists,
  gte,
  ilike,
  inArray,
  lt,
  ne,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ProjectScope, ProjectStatus } from '@drp/domain';
import type { Db } from '../../db/database.js';
import { containsPattern } from '../../db/like-pattern.js';
import { missions } from '../../db/schema/missions.js';
import { orgs } from '../../db/schema/orgs.js';
import { projectListCounts, projectOrgs, projects } from '../../db/schema/projects.js';

/*
 * The lists of applications each area shows: a page of ids in the order of the scope's index, the
 * rows joined for those ids only, totals from `project_list_counts` (ARCHITECTURE.md, Project lists).
 */

/** Who sees which applications in a list (domain `ProjectScope`, decided by project-access). */
export type { ProjectScope };

export interface ProjectFilter {
  name?: string | undefined;
  status?: ProjectStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** A row of a list, by its sort key: `createdAt` as the database writes it (microseconds), and `id`. */
export interface ListKey {
  createdAt: string;
  id: string;
}

export interface Paging {
  limit: number;
  /** Rows skipped: from the top of the list, or from `from` when given. */
  offset: number;
  /**
   * Start at this row (a page seen earlier showed it) rather than at the top: the index is entered
   * at its key, so the rows before it are not walked. Lists narrowed by a name or dates ignore it
   * (their total is counted in the same scan).
   */
  from?: ListKey | undefined;
}

/** Where a row stands: its place in the list (0 is the top) and its key. */
export interface ListPosition extends ListKey {
  offset: number;
}

/** The level of a region scope decides the SQL (province, city, district or a prefix). */
const prefixLength = (scope: Extract<ProjectScope, { kind: 'region' }>) =>
  scope.prefixLength ?? scope.regionPrefix.length;

const fromDate = (day: string) => new Date(`${day}T00:00:00+08:00`);
/** The day after `day`, in China time: "to" includes the whole day. */
const toDate = (day: string) => new Date(fromDate(day).getTime() + 86_400_000);

/**
 * The grams a searched fragment needs (its character pairs, or its one character), as
 * `drp_search_query_grams` in migration 0010 makes them. Worked out here when only ASCII letters
 * have case in it (Chinese, digits, punctuation), where JavaScript and PostgreSQL lower-case
 * alike: the database then plans with the array itself instead of calling the function. Other
 * fragments are left to the function.
 */
export function searchGrams(fragment: string): SQL {
  const chars = [...fragment];
  const plain = chars.every((c) => /[A-Za-z]/.test(c) || c.toLowerCase() === c.toUpperCase());
  if (!plain) return sql`drp_search_query_grams(${fragment})`;
  const lower = chars.map((c) => c.toLowerCase());
  const grams = lower.length < 2 ? lower : [...new Set(lower.slice(1).map((c, i) => `${lower[i]}${c}`))];
  return sql`${sql.param(grams)}::text[]`;
}

/**
 * Part of the name or the code. The grams condition lets the GIN index find the candidates;
 * ILIKE decides.
 */
function nameCondition(name: string) {
  const pattern = containsPattern(name);
  return and(
    sql`${projects.searchGrams} @> ${searchGrams(name)}`,
    or(ilike(projects.name, pattern), ilike(projects.code, pattern)),
  );
}

/**
 * A supervising authority's region, as the column that holds that level: the province and the
 * city are generated columns with indexes of their own, so each level reads its list in order.
 */
function regionCondition(prefix: string, length: number): SQL {
  if (length === 2) return eq(projects.regionProvince, prefix);
  if (length === 4) return eq(projects.regionCity, prefix);
  if (length === 6) return eq(projects.regionCode, prefix);
  return sql`${projects.regionCode} like ${`${prefix}%`}`;
}

/** Scope and filters on `projects`, for every scope but a party's. */
function projectConditions(scope: Exclude<ProjectScope, { kind: 'party' }>, filter: ProjectFilter) {
  return and(
    scope.kind === 'construct' ? eq(projects.constructOrgId, scope.orgId) : ne(projects.status, 'DRAFT'),
    scope.kind === 'region' ? regionCondition(scope.regionPrefix, prefixLength(scope)) : undefined,
    filter.status ? eq(projects.status, filter.status) : undefined,
    filter.from ? gte(projects.createdAt, fromDate(filter.from)) : undefined,
    filter.to ? lt(projects.createdAt, toDate(filter.to)) : undefined,
    filter.name ? nameCondition(filter.name) : undefined,
  );
}

/**
 * A normal reviewer's applications (issue 19): those where the account holds a mission for the
 * agency, as reviewer or checker.
 */
function holdsMission(orgId: string, accountId: string) {
  if (!accountId) return sql`false`;
  return exists(
    sql`(select 1 from ${missions} where ${missions.projectId} = ${projectOrgs.projectId} and ${missions.censorOrgId} = ${orgId} and (${missions.reviewerAccountId} = ${accountId} or ${missions.checkerAccountId} = ${accountId}))`,
  );
}

/** A normal reviewer's scope: its list is counted in its own scan, never from the totals. */
const byMissions = (scope: ProjectScope) => scope.kind === 'party' && scope.missionsOf !== undefined;

/** A party's scope and filters on its `project_orgs` rows (status and date are copies there). */
function partyConditions(scope: Extract<ProjectScope, { kind: 'party' }>, filter: ProjectFilter) {
  return and(
    eq(projectOrgs.orgId, scope.orgId),
    eq(projectOrgs.role, scope.role),
    scope.missionsOf !== undefined ? holdsMission(scope.orgId, scope.missionsOf) : undefined,
    ne(projectOrgs.projectStatus, 'DRAFT'),
    filter.status ? eq(projectOrgs.projectStatus, filter.status) : undefined,
    filter.from ? gte(projectOrgs.projectCreatedAt, fromDate(filter.from)) : undefined,
    filter.to ? lt(projectOrgs.projectCreatedAt, toDate(filter.to)) : undefined,
  );
}

/** A name or dates narrow a list to rows found through an index; a status alone does not. */
export const narrowed = (filter: ProjectFilter) => Boolean(filter.name || filter.from || filter.to);

/**
 * The ids of one page, newest first, read in order from the scope's index: a party's from
 * `project_orgs_list_idx`, the others from `projects` (construction unit, region level, or all).
 * Only ids, so that skipping to page 1000 walks index entries, not rows. Each row carries the
 * list's total: counted in the same scan when a name or dates narrow the list, otherwise looked
 * up (`projectCountQuery`).
 */
export function projectPageIdsQuery(db: Db, scope: ProjectScope, filter: ProjectFilter, paging: Paging) {
  const from = narrowed(filter) || byMissions(scope) ? undefined : paging.from;
  // Both orders are descending: the rows at or after `from` have keys at most its key.
  const atOrAfter = (createdAt: AnyColumn, id: AnyColumn) =>
    from ? sql`(${createdAt}, ${id}) <= (${from.createdAt}::timestamptz, ${from.id}::uuid)` : undefined;
  const total = (
    narrowed(filter) || byMissions(scope)
      ? sql<number>`count(*) over ()`
      : sql<number>`${projectCountQuery(db, scope, filter)}`
  )
    .mapWith(Number)
    .as('total');
  if (scope.kind === 'party') {
    let ids = db.select({ id: projectOrgs.projectId, total }).from(projectOrgs).$dynamic();
    // The name is on the application: join it only when searching.
    if (filter.name) ids = ids.innerJoin(projects, eq(projects.id, projectOrgs.projectId));
    return ids
      .where(
        and(
          partyConditions(scope, filter),
          filter.name ? nameCondition(filter.name) : undefined,
          atOrAfter(projectOrgs.projectCreatedAt, projectOrgs.projectId),
        ),
      )
      .orderBy(desc(projectOrgs.projectCreatedAt), desc(projectOrgs.projectId))
      .limit(paging.limit)
      .offset(paging.offset);
  }
  return db
    .select({ id: projects.id, total })
    .from(projects)
    .where(and(projectConditions(scope, filter), atOrAfter(projects.createdAt, projects.id)))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(paging.limit)
    .offset(paging.offset);
}

/** Missions not done: the ones whose due day may pass. */
const OPEN_MISSION_STATUSES = ['ASSIGNED', 'SUBMITTED', 'RETURNED'] as const;

/**
 * The agency's overdue missions per application (issue 19: overdue missions are marked in every
 * list): one aggregate over the agency's open missions, read from `missions_org_status_idx`, joined
 * to the page, rather than a count per row. `today` is China's calendar day (domain `isOverdue`).
 */
function overdueMissionsOf(db: Db, censorOrgId: string, today: string) {
  return db
    .select({ projectId: missions.projectId, n: count().as('overdue_n') })
    .from(missions)
    .where(
      and(
        eq(missions.censorOrgId, censorOrgId),
        inArray(missions.status, [...OPEN_MISSION_STATUSES]),
        sql`${missions.deadline} < ${today}::date`,
      ),
    )
    .groupBy(missions.projectId)
    .as('overdue');
}

/**
 * One page of applications with the construction unit's and the review agency's names, and the
 * list's total on every row: one round trip. The names are subqueries rather than joins, which
 * keeps planning short on a call made this often. With `today`, a review agency's list also
 * carries each application's count of overdue missions (other lists carry 0: only the agency
 * assigns missions, and its list is the one that acts on them).
 */
export function projectPageQuery(
  db: Db,
  scope: ProjectScope,
  filter: ProjectFilter,
  paging: Paging,
  today?: string,
) {
  const page = projectPageIdsQuery(db, scope, filter, paging).as('page');
  const overdue =
    today !== undefined && scope.kind === 'party' && scope.role === 'CENSOR'
      ? overdueMissionsOf(db, scope.orgId, today)
      : undefined;
  const constructName = db.select({ name: orgs.name }).from(orgs).where(eq(orgs.id, projects.constructOrgId));
  const censorParty = alias(projectOrgs, 'censor_party');
  const censorOrg = alias(orgs, 'censor_org');
  const censorName = db
    .select({ name: censorOrg.name })
    .from(censorParty)
    .innerJoin(censorOrg, eq(censorOrg.id, censorParty.orgId))
    .where(and(eq(censorParty.projectId, projects.id), eq(censorParty.role, 'CENSOR')))
    .limit(1);
  const rows = db
    .select({
      // What a list shows, no more: every column costs parsing on each of many calls.
      project: {
        id: projects.id,
        code: projects.code,
        name: projects.name,
        status: projects.status,
        isAlter: projects.isAlter,
        regionCode: projects.regionCode,
        submittedAt: projects.submittedAt,
        acceptedAt: projects.acceptedAt,
        createdAt: projects.createdAt,
      },
      constructName: sql<string>`${constructName}`,
      censorName: sql<string | null>`${censorName}`,
      total: page.total,
      // The sort key exactly as stored, to seek to this row later (a Date would drop the microseconds).
      createdAtKey: sql<string>`${projects.createdAt}::text`,
      overdueMissions: (overdue ? sql<number>`coalesce(${overdue.n}, 0)` : sql<number>`0`).mapWith(Number),
    })
    .from(page)
    .innerJoin(projects, eq(projects.id, page.id))
    .$dynamic();
  const joined = overdue ? rows.leftJoin(overdue, eq(overdue.projectId, projects.id)) : rows;
  return joined.orderBy(desc(projects.createdAt), desc(projects.id));
}

/**
 * The total of a list. Without a name or date filter it is a lookup in `project_list_counts`
 * (kept by triggers, migration 0012): a unit with 70 000 applications must not count them on
 * every page. A name or date narrows the list through an index, and the total is counted there.
 * A page carries its total; this runs alone for a page past the end.
 */
export function projectCountQuery(db: Db, scope: ProjectScope, filter: ProjectFilter) {
  if (narrowed(filter) || byMissions(scope)) {
    if (scope.kind === 'party') {
      let rows = db.select({ n: count() }).from(projectOrgs).$dynamic();
      if (filter.name) rows = rows.innerJoin(projects, eq(projects.id, projectOrgs.projectId));
      return rows.where(
        and(partyConditions(scope, filter), filter.name ? nameCondition(filter.name) : undefined),
      );
    }
    return db.select({ n: count() }).from(projects).where(projectConditions(scope, filter));
  }
  const c = projectListCounts;
  return db
    .select({ n: sql<number>`coalesce(sum(${c.n}), 0)`.mapWith(Number) })
    .from(c)
    .where(and(countsOfScope(scope), filter.status ? eq(c.status, filter.status) : undefined));
}

/** The rows of `project_list_counts` that make up a scope's list (a party never sees drafts). */
function countsOfScope(scope: ProjectScope) {
  const c = projectListCounts;
  const submitted = ne(c.status, 'DRAFT');
  if (scope.kind === 'construct') return and(eq(c.scope, 'construct'), eq(c.key, scope.orgId));
  if (scope.kind === 'party')
    return and(eq(c.scope, 'party'), eq(c.key, sql`${scope.orgId} || ${`:${scope.role}`}`), submitted);
  return and(
    eq(c.scope, 'region'),
    scope.kind === 'region'
      ? sql`left(${c.key}, ${sql.raw(String(prefixLength(scope)))}) = ${scope.regionPrefix}`
      : undefined,
    submitted,
  );
}

/** How many applications of a scope's list are in each status (statuses with none are absent). */
export async function countProjectsByStatus(db: Db, scope: ProjectScope) {
  if (scope.kind === 'party' && scope.missionsOf !== undefined) {
    const rows = await db
      .select({ status: projectOrgs.projectStatus, n: count() })
      .from(projectOrgs)
      .where(partyConditions(scope, {}))
      .groupBy(projectOrgs.projectStatus);
    return new Map(rows.map((r) => [r.status, Number(r.n)]));
  }
  const c = projectListCounts;
  const rows = await db
    .select({ status: c.status, n: sql<number>`coalesce(sum(${c.n}), 0)`.mapWith(Number) })
    .from(c)
    .where(countsOfScope(scope))
    .groupBy(c.status);
  return new Map(rows.map((r) => [r.status, r.n]));
}

type PreparedPage = ReturnType<ReturnType<typeof projectPageQuery>['prepare']>;
const preparedPages = new WeakMap<Db, Map<string, PreparedPage>>();

/**
 * The lists opened most (a scope's pages, by status or not) as prepared statements, one per
 * shape of the SQL and database: built once rather than on every call, and on PostgreSQL parsed
 * once per connection. A name or dates change the SQL with the value (the search grams), so
 * those lists are built each time. Undefined for them.
 */
function preparedPage(db: Db, scope: ProjectScope, filter: ProjectFilter, paging: Paging, today?: string) {
  if (narrowed(filter) || byMissions(scope)) return undefined;
  const values: Record<string, unknown> = { limit: paging.limit, offset: paging.offset };
  // A placeholder where the builders take a string: they only pass it on into the SQL.
  const bind = (name: string, value: string) => {
    values[name] = value;
    return sql.placeholder(name) as unknown as string;
  };
  let bound: ProjectScope;
  let shape: string;
  switch (scope.kind) {
    case 'construct':
      bound = { kind: 'construct', orgId: bind('orgId', scope.orgId) };
      shape = 'construct';
      break;
    case 'party':
      bound = { kind: 'party', orgId: bind('orgId', scope.orgId), role: scope.role };
      shape = `party_${scope.role.toLowerCase()}`;
      break;
    case 'region': {
      const length = scope.regionPrefix.length;
      if (![2, 4, 6].includes(length)) return undefined;
      bound = { kind: 'region', regionPrefix: bind('region', scope.regionPrefix), prefixLength: length };
      shape = `region${length}`;
      break;
    }
    case 'all':
      bound = scope;
      shape = 'all';
  }
  const boundFilter: ProjectFilter = filter.status
    ? { status: bind('status', filter.status) as ProjectStatus }
    : {};
  if (filter.status) shape += '_status';
  const from = paging.from
    ? { createdAt: bind('fromCreatedAt', paging.from.createdAt), id: bind('fromId', paging.from.id) }
    : undefined;
  if (from) shape += '_from';
  const boundToday = today === undefined ? undefined : bind('today', today);
  if (boundToday !== undefined) shape += '_today';
  let statements = preparedPages.get(db);
  if (!statements) preparedPages.set(db, (statements = new Map<string, PreparedPage>()));
  let statement = statements.get(shape);
  if (!statement) {
    const paged = { limit: sql.placeholder('limit'), offset: sql.placeholder('offset'), from };
    statement = projectPageQuery(db, bound, boundFilter, paged as unknown as Paging, boundToday).prepare(
      `project_page_${shape}`,
    );
    statements.set(shape, statement);
  }
  return statement.execute(values);
}

/** A page of a list; `today` (China's day) adds the agency's overdue missions (projectPageQuery). */
export async function queryProjects(
  db: Db,
  scope: ProjectScope,
  filter: ProjectFilter,
  paging: Paging,
  today?: string,
) {
  const items = await (preparedPage(db, scope, filter, paging, today) ??
    projectPageQuery(db, scope, filter, paging, today));
  // A page past the end has no row to carry the total.
  const total = Number(items[0]?.total ?? (await projectCountQuery(db, scope, filter))[0]?.n ?? 0);
  return { total, items };
}
