import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrgType, PrincipalMember } from '@drp/domain';
import type { Db } from '../../db/database.js';
import { projects } from '../../db/schema/projects.js';
import { seedLarge } from '../../db/seed/large-seed.js';
import { demoOrgIds } from '../../test/project-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  projectCountQuery,
  projectPageQuery,
  type Paging,
  type ProjectFilter,
  type ProjectScope,
} from './project-list.repository.js';
import { projectDicsQuery } from './projects.repository.js';
import { projectScopeOf } from '../project-access/project-access.service.js';

/**
 * The issue's rule for the lists at a province's scale: no plan of a list or search query reads a
 * whole table (Seq Scan on projects, project_orgs or buildings) or sorts more than a bounded set.
 * The plans are the database's own (EXPLAIN after ANALYZE) for the very queries the repository
 * runs, on 20 000 applications from `seedLarge`. Plans, not timings: the benchmark times them.
 */

const APPLICATIONS = 20_000;
/** A Sort may order the page, or a set an index has narrowed to this share of the table. */
const BOUNDED_SHARE = 0.05;
const BIG_TABLES = new Set(['projects', 'project_orgs', 'buildings', 'project_dics']);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Plan Rows': number;
  Plans?: PlanNode[];
}

async function planOf(db: Db, query: SQLWrapper): Promise<PlanNode> {
  const result = (await db.execute(sql`explain (format json) ${query}`)) as {
    rows: Record<string, unknown>[];
  };
  const raw = result.rows[0]!['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  return parsed[0]!.Plan;
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** One line per node, indented, for the failure message. */
function describePlan(plan: PlanNode, depth = 0): string {
  const on = plan['Index Name'] ?? plan['Relation Name'];
  const line = `${'  '.repeat(depth)}${plan['Node Type']}${on ? ` on ${on}` : ''} (rows ${plan['Plan Rows']})`;
  return [line, ...(plan.Plans ?? []).map((p) => describePlan(p, depth + 1))].join('\n');
}

/** What breaks the rule in a plan; empty when it holds. */
function violations(plan: PlanNode): string[] {
  const found: string[] = [];
  for (const node of nodes(plan)) {
    if (node['Node Type'] === 'Seq Scan' && BIG_TABLES.has(node['Relation Name'] ?? ''))
      found.push(`Seq Scan on ${node['Relation Name']}`);
    if (node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort') {
      const input = node.Plans?.[0]?.['Plan Rows'] ?? 0;
      if (input > APPLICATIONS * BOUNDED_SHARE) found.push(`${node['Node Type']} over ${input} rows`);
    }
  }
  return found;
}

const member = (orgId: string, orgType: OrgType): PrincipalMember => ({
  orgId,
  orgType,
  admin: true,
  profiles: [],
});

const FILTERS: Record<string, ProjectFilter> = {
  'no filter': {},
  'a status': { status: 'IN_REVIEW' },
  'a specific name': { name: '洋湖7号地块' },
  'a place name': { name: '梅溪湖' },
  'two characters': { name: '洋湖' },
  'part of a code': { name: '430104-2025' },
  'a quarter': { from: '2025-01-01', to: '2025-03-31' },
  'status and quarter': { status: 'PASSED', from: '2025-01-01', to: '2025-03-31' },
};

const PAGES: Record<string, Paging> = {
  'page 1': { limit: 5, offset: 0 },
  'page 1000': { limit: 5, offset: 4_995 },
  // Where a remembered row of an earlier page stands (ctx.projectListPositions): the index is entered at its key.
  'a page from a remembered row': {
    limit: 5,
    offset: 1,
    from: { createdAt: '2026-03-31 12:00:00.123456+08', id: '01950000-0000-7000-8000-000000000000' },
  },
};

describe(`project list query plans over ${APPLICATIONS} applications`, () => {
  let t: TestApp;
  let db: Db;
  const scopes: Record<string, ProjectScope> = {};
  let constructOrg = '';

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    await seedLarge(db, { projects: APPLICATIONS, now: new Date('2026-06-30T12:00:00+08:00') });
    await db.execute(sql`vacuum analyze`);
    const org = await demoOrgIds(db);
    constructOrg = org.construct!;
    scopes['construction unit'] = await projectScopeOf(db, member(org.construct!, 'CONSTRUCT'));
    scopes['design unit'] = await projectScopeOf(db, member(org.design!, 'DESIGN'));
    scopes['survey unit'] = await projectScopeOf(db, member(org.survey!, 'SURVEY'));
    scopes['review agency'] = await projectScopeOf(db, member(org.censor2!, 'CENSOR'));
    scopes['city authority'] = await projectScopeOf(db, member(org.control!, 'CONTROL'));
    scopes['province authority'] = await projectScopeOf(db, member(org.operator!, 'CONTROL'));
    scopes['district authority'] = { kind: 'region', regionPrefix: '430104' };
    scopes['joint-review body'] = await projectScopeOf(db, member(org.joint!, 'JOINTTRIAL'));
  }, 300_000);

  afterAll(async () => {
    await t.close();
  });

  it('finds a whole-table read and sort when there is one (the check itself works)', async () => {
    const unindexed = db.select({ id: projects.id }).from(projects).orderBy(projects.address).limit(5);
    const found = violations(await planOf(db, unindexed));
    expect(found).toHaveLength(2);
    expect(found).toEqual(
      expect.arrayContaining(['Seq Scan on projects', expect.stringMatching(/^Sort over \d+ rows$/)]),
    );
  });

  it('has the scopes of every area (construction, party, city, province, all)', () => {
    expect(scopes['construction unit']).toMatchObject({ kind: 'construct' });
    expect(scopes['design unit']).toMatchObject({ kind: 'party', role: 'DESIGN' });
    expect(scopes['city authority']).toEqual({ kind: 'region', regionPrefix: '4301' });
    expect(scopes['province authority']).toEqual({ kind: 'region', regionPrefix: '43' });
    expect(scopes['joint-review body']).toEqual({ kind: 'all' });
  });

  for (const scopeName of [
    'construction unit',
    'design unit',
    'survey unit',
    'review agency',
    'city authority',
    'province authority',
    'district authority',
    'joint-review body',
  ])
    it(`reads the ${scopeName}'s pages and totals through indexes, sorting no more than a page`, async () => {
      const broken: string[] = [];
      for (const [filterName, filter] of Object.entries(FILTERS)) {
        const queries: [string, SQLWrapper][] = [
          ...Object.entries(PAGES).map(
            ([pageName, paging]) =>
              [pageName, projectPageQuery(db, scopes[scopeName]!, filter, paging, '2026-06-30')] as [
                string,
                SQLWrapper,
              ],
          ),
          ['total', projectCountQuery(db, scopes[scopeName]!, filter)],
        ];
        for (const [queryName, query] of queries) {
          const plan = await planOf(db, query);
          const found = violations(plan);
          if (found.length > 0)
            broken.push(`${filterName}, ${queryName}: ${found.join(', ')}\n${describePlan(plan)}`);
        }
      }
      expect(broken, broken.join('\n\n')).toEqual([]);
    });

  it("reads the construction unit's project masters through indexes, with and without a name", async () => {
    const broken: string[] = [];
    for (const name of [undefined, '梅溪湖', '洋湖7号地块']) {
      const plan = await planOf(db, projectDicsQuery(db, constructOrg, name));
      const found = violations(plan);
      if (found.length > 0) broken.push(`${name ?? 'no name'}: ${found.join(', ')}\n${describePlan(plan)}`);
    }
    expect(broken, broken.join('\n\n')).toEqual([]);
  });
});
