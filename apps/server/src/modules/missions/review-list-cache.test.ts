import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MissionGrid, MissionProposal, OpinionPage, ProjectPage } from '@drp/domain';
import type { Database } from '../../db/database.js';
import { demoOrgIds, detailOf, projectApi } from '../../test/project-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { seedDemoProjects } from '../../db/seed/demo-projects-seed.js';

/**
 * Each process keeps the opinion lists and missions grids it answered (review-list-cache.ts). What
 * they show must still change at once: through any writing call of this process, and through a
 * change no call of this process made. Read on the demo data: the passed 湘江新区科创中心办公楼 with
 * its opinions, and 坪塘街道社区卫生服务中心 in review with no mission yet.
 */

/** A LISTEN that never hears anything: what stays true without the database's notifications. */
const silent: Database['listen'] = async () => async () => {};

async function demoApplications(
  t: TestApp,
  api: ReturnType<typeof projectApi>,
  token: string,
  censor: string,
) {
  const page = detailOf<ProjectPage>(
    await api.send('GET', '/api/checkDrawings/project/pagelist', token, {
      query: { page: '0', pageSize: '50' },
      actingOrg: censor,
    }),
  );
  const idOf = (name: string) => page.items.find((p) => p.name === name)!.id;
  return { offices: idOf('湘江新区科创中心办公楼'), clinic: idOf('坪塘街道社区卫生服务中心') };
}

describe('opinion lists and missions grids kept by the process', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  let director: string;
  let apps: { offices: string; clinic: string };
  const opinionsOf = async (token: string, projectId: string, orgId = org.censor!) =>
    api.send('GET', `/api/checkDrawings/${orgId}/${projectId}/opinions`, token, {
      query: { kind: 'CONSTRUCTION' },
    });
  const gridOf = async (projectId: string) =>
    detailOf<MissionGrid>(
      await api.send('GET', `/api/checkDrawings/${org.censor}/${projectId}/missions`, director),
    );

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoProjects(t.app.ctx);
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    director = await t.signIn('censor_director');
    apps = await demoApplications(t, api, director, org.censor!);
  });
  afterAll(() => t?.close());

  it('show an opinion changed straight in the database, by another process or a tool', async () => {
    const first = detailOf<OpinionPage>(await opinionsOf(director, apps.offices)).items[0]!;
    const again = detailOf<OpinionPage>(await opinionsOf(director, apps.offices)).items[0]!;
    expect(again.text).toBe(first.text);
    await t.database.db.execute(
      sql`update opinions set text = '（工具改写）' || text where id = ${first.id}`,
    );
    // On PostgreSQL the notification comes over another connection, a moment after the commit.
    await expect
      .poll(async () => detailOf<OpinionPage>(await opinionsOf(director, apps.offices)).items[0]!.text)
      .toBe(`（工具改写）${first.text}`);
  });

  it("show a reviewer's new name in the grid, changed straight in the database", async () => {
    const named = (await gridOf(apps.offices)).cells.find((c) => c.reviewer)!;
    await t.database.db.execute(
      sql`update accounts set name = '赵审图（改名）' where id = ${named.reviewer!.accountId}`,
    );
    await expect
      .poll(
        async () =>
          (await gridOf(apps.offices)).cells.find((c) => c.missionId === named.missionId)!.reviewer!.name,
      )
      .toBe('赵审图（改名）');
  });

  it("keep one person's answer from another: another agency is refused each time, a party reads its own", async () => {
    detailOf<OpinionPage>(await opinionsOf(director, apps.offices));
    const other = await t.signIn('censor2_admin');
    for (let i = 0; i < 2; i++) {
      const res = await opinionsOf(other, apps.offices, org.censor2);
      expect(res.statusCode, res.body).toBe(404);
    }
  });
});

describe('opinion lists and missions grids without change notifications', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  let director: string;
  let apps: { offices: string; clinic: string };
  const gridOf = async (projectId: string) =>
    detailOf<MissionGrid>(
      await api.send('GET', `/api/checkDrawings/${org.censor}/${projectId}/missions`, director),
    );

  beforeAll(async () => {
    t = await createTestApp({ listen: silent });
    await seedDemoProjects(t.app.ctx);
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    director = await t.signIn('censor_director');
    apps = await demoApplications(t, api, director, org.censor!);
  });
  afterAll(() => t?.close());

  it('still follow every writing call of this process: the director sees the missions just assigned', async () => {
    const before = await gridOf(apps.clinic);
    expect(before.cells.every((c) => c.missionId === null)).toBe(true);
    const base = `/api/checkDrawings/${org.censor}/${apps.clinic}/missions`;
    const proposal = detailOf<MissionProposal>(await api.send('GET', `${base}/proposal`, director));
    const cell = proposal.cells[0]!;

    // Nothing tells this process of a change made elsewhere: the kept grid stands until it writes.
    await t.database.db.execute(
      sql`update buildings set name = '门诊医技楼（改名）' where project_id = ${apps.clinic}`,
    );
    expect((await gridOf(apps.clinic)).buildings[0]!.name, 'the kept grid').toBe('门诊医技楼');

    const res = await api.send('PUT', base, director, {
      payload: {
        cells: [{ ...cell, checkerAccountId: null, deadline: null, revision: 0 }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await gridOf(apps.clinic);
    expect(after.buildings[0]!.name, 'after a write').toBe('门诊医技楼（改名）');
    const assigned = after.cells.find(
      (c) => c.buildingId === cell.buildingId && c.specialty === cell.specialty,
    )!;
    expect(assigned.reviewer?.accountId).toBe(cell.reviewerAccountId);
    expect(assigned.status).not.toBeNull();
  });
});
