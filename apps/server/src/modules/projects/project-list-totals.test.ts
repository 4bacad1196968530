import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_STATUS_KEYS, type ProjectListQuery, type ProjectStatus } from '@drp/domain';
import { seedLarge } from '../../db/seed/large-seed.js';
import { applicationForm, demoOrgIds, projectApi, setProject } from '../../test/project-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * A list's total comes from counts kept by triggers (migration 0012), not from counting rows on
 * each call. Whatever happens to applications, the total a person sees must be the number of
 * applications they can page through, for every list and status filter.
 */

const PEOPLE = [
  ['construct_admin', 'pagelist'],
  ['construct2_admin', 'pagelist'],
  ['design_admin', 'pagelist'],
  ['design2_admin', 'pagelist'],
  ['survey_admin', 'pagelist'],
  ['censor_admin', 'pagelist'],
  ['censor2_admin', 'pagelist'],
  ['control_admin', 'searchForSupervise'],
  ['joint_admin', 'searchForSupervise'],
] as const;

describe('list totals', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  const tokens: Record<string, string> = {};

  /** Every item of a list, page by page (100 a page), and the total each page claimed. */
  async function everything(
    username: string,
    path: 'pagelist' | 'searchForSupervise',
    query: ProjectListQuery,
  ) {
    const ids: string[] = [];
    const totals = new Set<number>();
    for (let page = 0; ; page++) {
      const got = await api.page(tokens[username]!, path, { ...query, page, pageSize: 100 });
      totals.add(got.total);
      ids.push(...got.items.map((p) => p.id));
      if (got.items.length < 100) break;
    }
    return { ids, totals: [...totals] };
  }

  /** For every person and every status filter (and none): the total is what can be paged through. */
  async function expectTotalsTrue() {
    const wrong: string[] = [];
    for (const [username, path] of PEOPLE)
      for (const status of [undefined, ...PROJECT_STATUS_KEYS] as (ProjectStatus | undefined)[]) {
        const { ids, totals } = await everything(username, path, status ? { status } : {});
        if (totals.length !== 1 || totals[0] !== ids.length || new Set(ids).size !== ids.length)
          wrong.push(`${username} ${status ?? 'all'}: totals ${totals.join('/')}, ${ids.length} listed`);
      }
    expect(wrong).toEqual([]);
  }

  beforeAll(async () => {
    t = await createTestApp();
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    for (const [username] of PEOPLE) tokens[username] = await t.signIn(username);
  });
  afterAll(() => t?.close());

  it('match the lists of a bulk-loaded province (seed:large on 300 applications)', async () => {
    await seedLarge(t.database.db, { projects: 300 });
    const listed = await api.page(tokens.construct_admin!, 'pagelist');
    expect(listed.total).toBeGreaterThan(100);
    // A page past the end still says how many there are.
    expect(await api.page(tokens.construct_admin!, 'pagelist', { page: 9_999 })).toEqual({
      total: listed.total,
      items: [],
    });
    await expectTotalsTrue();
  });

  it('follow saving, editing the units, submitting, recalling, later review steps and deleting', async () => {
    const owner = tokens.construct_admin!;
    const dic = await api.dicOf(owner, org.construct!, {
      name: '长沙市岳麓区学士路安置房项目',
      regionCode: '430104',
      address: '长沙市岳麓区学士街道学士路 88 号',
    });
    const form = applicationForm(org, dic.id);
    const before = await api.page(tokens.design_admin!, 'pagelist');

    const first = await api.saved(owner, form);
    const second = await api.saved(owner, { ...form, name: '学士路安置房项目（二期）' });
    await expectTotalsTrue();

    // The second draft moves from design to design2 and from censor to censor2 before it is sent.
    const moved = { ...form, designOrgIds: [org.design2!], censorOrgId: org.censor2! };
    expect((await api.update(owner, second.id, moved)).statusCode).toBe(200);
    expect((await api.submitWithBuilding(owner, org.construct!, first.id)).statusCode).toBe(200);
    expect((await api.submitWithBuilding(owner, org.construct!, second.id)).statusCode).toBe(200);
    expect((await api.page(tokens.design_admin!, 'pagelist')).total).toBe(before.total + 1);
    await expectTotalsTrue();

    expect((await api.revoke(owner, second.id)).statusCode).toBe(200);
    await expectTotalsTrue();

    // Review steps that no API call takes yet move the status; the lists follow.
    await setProject(t.database.db, first.id, { status: 'IN_REVIEW', acceptedAt: new Date() });
    await setProject(t.database.db, first.id, { createdAt: new Date('2025-03-01T10:00:00+08:00') });
    expect(
      (
        await api.page(tokens.censor_admin!, 'pagelist', {
          status: 'IN_REVIEW',
          from: '2025-03-01',
          to: '2025-03-01',
        })
      ).items.map((p) => p.id),
    ).toContain(first.id);
    await expectTotalsTrue();

    expect((await api.remove(owner, second.id)).statusCode).toBe(200);
    await expectTotalsTrue();
  });
});
