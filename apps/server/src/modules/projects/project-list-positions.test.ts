import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectPage, ProjectStatus } from '@drp/domain';
import { seedLarge } from '../../db/seed/large-seed.js';
import { applicationForm, demoOrgIds, projectApi } from '../../test/project-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { ProjectListPositions } from './project-list-positions.js';

/**
 * A deep page of an application list starts at a row an earlier page showed (ctx.projectListPositions)
 * instead of walking every row above it. It must show exactly what the walk from the top shows, in
 * every area, paging forward, back or jumping, and forget every position the moment a list changes.
 * The kept pages (ctx.projectLists) are off here, so every call is queried.
 */

/** Each area's list, by a user of its demo organisation: [user, call, organisation key, type]. */
const LISTS = [
  ['construct_admin', 'pagelist', 'construct', 'CONSTRUCT'],
  ['design_admin', 'pagelist', 'design', 'DESIGN'],
  ['censor_admin', 'pagelist', 'censor', 'CENSOR'],
  ['control_admin', 'searchForSupervise', 'control', 'CONTROL'],
  ['joint_admin', 'searchForSupervise', 'joint', 'JOINTTRIAL'],
] as const;
/** Forward, back, a jump down, one up, and the top again. */
const PAGES = [1, 2, 3, 4, 3, 2, 9, 8, 10, 0, 5];
const SIZE = 5;

describe('deep application pages read from remembered positions', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  const tokens: Record<string, string> = {};
  let org: Record<string, string>;
  const ids = (page: ProjectPage) => page.items.map((p) => p.id);
  const pageOf = (user: string, path: (typeof LISTS)[number][1], page: number, status?: ProjectStatus) =>
    api.page(tokens[user]!, path, { page, pageSize: SIZE, ...(status ? { status } : {}) });
  /** The rows at `page`, from one page of a hundred read from the top. */
  const walked = async (user: string, path: (typeof LISTS)[number][1], page: number) =>
    (await api.page(tokens[user]!, path, { page: 0, pageSize: 100 })).items
      .slice(page * SIZE, (page + 1) * SIZE)
      .map((p) => p.id);

  beforeAll(async () => {
    t = await createTestApp();
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    await seedLarge(t.database.db, { projects: 240, buildingsPerProject: 1 });
    for (const [user] of LISTS) tokens[user] = await t.signIn(user);
    t.app.ctx.projectLists.setEnabled(false);
  }, 120_000);
  afterAll(() => t?.close());

  for (const [user, path, orgKey, orgType] of LISTS)
    it(`show ${user}'s ${path} as the walk from the top does`, async () => {
      const positions = t.app.ctx.projectListPositions;
      const expected: Record<number, string[]> = {};
      positions.setEnabled(false);
      for (const page of PAGES) expected[page] = ids(await pageOf(user, path, page));
      expect(expected[10], 'the list runs past page 10').toHaveLength(SIZE);
      positions.setEnabled(true);

      for (const page of PAGES)
        expect(ids(await pageOf(user, path, page)), `page ${page + 1}`).toEqual(expected[page]);
      // Read from positions, not only walked: where page 11 begins is remembered.
      const key = ProjectListPositions.key({ orgType, orgId: org[orgKey]! }, {});
      expect(positions.nearest(key, 10 * SIZE, Date.now())).toMatchObject({ offset: 10 * SIZE });
    });

  it('keep a status filter’s positions apart from the whole list’s', async () => {
    const user = 'construct_admin';
    for (const page of [3, 4]) await pageOf(user, 'pagelist', page);
    const drafts = await api.page(tokens[user]!, 'pagelist', { page: 0, pageSize: 100, status: 'DRAFT' });
    for (const page of [3, 4])
      expect(ids(await pageOf(user, 'pagelist', page, 'DRAFT'))).toEqual(
        drafts.items.slice(page * SIZE, (page + 1) * SIZE).map((p) => p.id),
      );
  });

  it('forget them when an application is added through this process', async () => {
    const user = 'construct_admin';
    for (const page of [2, 3, 4]) await pageOf(user, 'pagelist', page);
    const dic = await api.dicOf(tokens[user]!, org.construct!, {
      name: '长沙市岳麓区含浦安置小区二期',
      regionCode: '430104',
      address: '长沙市岳麓区含浦街道 8 号',
    });
    await api.saved(tokens[user]!, applicationForm(org, dic.id));
    // Every row moved down by one: a remembered position would show page 4 one row off.
    expect(ids(await pageOf(user, 'pagelist', 3))).toEqual(await walked(user, 'pagelist', 3));
  });

  it('forget them when a list changes in the database, by another process or a tool', async () => {
    const user = 'censor_admin';
    for (const page of [2, 3, 4]) await pageOf(user, 'pagelist', page);
    const deep = (await api.page(tokens[user]!, 'pagelist', { page: 0, pageSize: 100 })).items[60]!;
    // Made the newest: it leaves page 13 for the top, and pages 1 to 12 move down by one.
    await t.database.db.execute(sql`update projects set created_at = now() where id = ${deep.id}`);
    await expect
      .poll(async () => ids(await pageOf(user, 'pagelist', 3)))
      .toEqual(await walked(user, 'pagelist', 3));
    expect((await walked(user, 'pagelist', 0))[0]).toBe(deep.id);
  });
});
