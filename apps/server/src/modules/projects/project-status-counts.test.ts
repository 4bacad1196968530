import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_STATUS_KEYS, type ProjectStatus, type ProjectStatusCounts } from '@drp/domain';
import { projects } from '../../db/schema/projects.js';
import {
  demoOrgIds,
  detailOf,
  insertProjectMatrix,
  projectApi,
  setProject,
} from '../../test/project-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/*
 * The workbench counts a person's applications by status. The counts must be those of the list the
 * same person pages through (same scope: own drafts for the construction unit, named parties once
 * submitted, the region for supervision, everything submitted for joint review), and follow it as
 * applications change.
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

const STATUSES: ProjectStatus[] = ['DRAFT', 'SUBMITTED', 'MATERIALS_SENT', 'IN_REVIEW'];
/** In the city of the supervising authority, elsewhere in the province, in another province. */
const REGIONS = ['430104', '430602', '440100'];

describe('application counts by status', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  const tokens: Record<string, string> = {};

  const counts = async (username: string) => {
    const res = await api.send('GET', '/api/checkDrawings/project/projectStatusCounts', tokens[username]);
    expect(res.statusCode).toBe(200);
    return detailOf<ProjectStatusCounts>(res);
  };

  /** What the person's list holds, status by status, paged through 100 at a time. */
  async function listed(username: string, path: 'pagelist' | 'searchForSupervise') {
    const byStatus = new Map<ProjectStatus, number>();
    for (let page = 0; ; page++) {
      const got = await api.page(tokens[username]!, path, { page, pageSize: 100 });
      for (const p of got.items) byStatus.set(p.status, (byStatus.get(p.status) ?? 0) + 1);
      if (got.items.length < 100) break;
    }
    return byStatus;
  }

  async function expectCountsOfTheLists() {
    const wrong: string[] = [];
    for (const [username, path] of PEOPLE) {
      const got = await counts(username);
      const list = await listed(username, path);
      expect(got.counts.map((c) => c.status)).toEqual(PROJECT_STATUS_KEYS);
      for (const { status, count } of got.counts)
        if (count !== (list.get(status) ?? 0))
          wrong.push(`${username} ${status}: counted ${count}, listed ${list.get(status) ?? 0}`);
      const total = [...list.values()].reduce((a, b) => a + b, 0);
      if (got.total !== total) wrong.push(`${username}: total ${got.total}, listed ${total}`);
    }
    expect(wrong).toEqual([]);
  }

  beforeAll(async () => {
    t = await createTestApp();
    api = projectApi(t);
    const db = t.database.db;
    const org = await demoOrgIds(db);
    for (const [username] of PEOPLE) tokens[username] = await t.signIn(username);
    await insertProjectMatrix(db, org, { statuses: STATUSES, regions: REGIONS });
  }, 120_000);
  afterAll(() => t?.close());

  it('are those of the list each kind of organisation sees', async () => {
    await expectCountsOfTheLists();
    // Not trivial: the design unit sees some of each submitted status and no draft.
    const design = await counts('design_admin');
    const of = (s: ProjectStatus) => design.counts.find((c) => c.status === s)!.count;
    expect(of('DRAFT')).toBe(0);
    for (const s of ['SUBMITTED', 'MATERIALS_SENT', 'IN_REVIEW'] as const) expect(of(s)).toBeGreaterThan(0);
    const owner = await counts('construct_admin');
    expect(owner.counts.find((c) => c.status === 'DRAFT')!.count).toBeGreaterThan(0);
  });

  it('follow a status change', async () => {
    const before = await counts('censor_admin');
    const [row] = await t.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.status, 'MATERIALS_SENT'))
      .limit(1);
    await setProject(t.database.db, row!.id, { status: 'IN_REVIEW', acceptedAt: new Date() });
    const after = await counts('censor_admin');
    expect(after.total).toBe(before.total);
    await expectCountsOfTheLists();
  });

  it('are refused to whoever has no list', async () => {
    expect(
      (await api.send('GET', '/api/checkDrawings/project/projectStatusCounts', undefined)).statusCode,
    ).toBe(401);
  });
});
