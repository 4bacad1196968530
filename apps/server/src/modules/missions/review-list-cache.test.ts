import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MissionGrid, MissionProposal, OpinionPage, ProjectPage } from '@drp/domain';
import type { Database } from '../../db/database.js';
import { demoOrgIds, detailOf, projectApi } from '../../test/project-fixture.js';
import { createTestApp } from '../../test/test-app.js';
import { seedDemoProjects } from '../../db/seed/demo-projects-seed.js';

/**
 * Each process keeps the opinion lists and missions grids it answered (review-list-cache.ts). What
 * they show must still change at once: through any writing call of this process, and through a
 * change no call of this process made. Read on the demo data: the filed 湘江新区科创中心办公楼 with
 * its last round's missions, and 坪塘街道社区卫生服务中心 in review with no mission yet (given one
 * with an opinion where a list must show one).
 */

/** A LISTEN that never hears anything: what stays true without the database's notifications. */
const silent: Database['listen'] = async () => async () => {};

/** The demo data on a new app: the director signed in, the two applications, the grid reader. */
async function demoAgency(options: { listen?: Database['listen'] } = {}) {
  const t = await createTestApp(options);
  await seedDemoProjects(t.app.ctx);
  const api = projectApi(t);
  const org = await demoOrgIds(t.database.db);
  const director = await t.signIn('censor_director');
  const page = detailOf<ProjectPage>(
    await api.send('GET', '/api/checkDrawings/project/pagelist', director, {
      query: { page: '0', pageSize: '50' },
      actingOrg: org.censor,
    }),
  );
  const idOf = (name: string) => page.items.find((p) => p.name === name)!.id;
  const apps = { offices: idOf('湘江新区科创中心办公楼'), clinic: idOf('坪塘街道社区卫生服务中心') };
  const gridOf = async (projectId: string) =>
    detailOf<MissionGrid>(
      await api.send('GET', `/api/checkDrawings/${org.censor}/${projectId}/missions`, director),
    );
  return { t, api, org, director, apps, gridOf };
}

describe('opinion lists and missions grids kept by the process', () => {
  let d: Awaited<ReturnType<typeof demoAgency>>;
  const opinionsOf = async (token: string, projectId: string, orgId = d.org.censor!) =>
    d.api.send('GET', `/api/checkDrawings/${orgId}/${projectId}/opinions`, token, {
      query: { kind: 'CONSTRUCTION' },
    });

  beforeAll(async () => {
    d = await demoAgency();
    // The filed application's round under review (its last) has no opinion of its own: the clinic
    // gets its missions and one opinion, as the director and a reviewer would give them.
    const base = `/api/checkDrawings/${d.org.censor}/${d.apps.clinic}`;
    const proposal = detailOf<MissionProposal>(
      await d.api.send('GET', `${base}/missions/proposal`, d.director),
    );
    const grid = detailOf<MissionGrid>(
      await d.api.send('PUT', `${base}/missions`, d.director, {
        payload: {
          cells: proposal.cells.map((c) => ({ ...c, checkerAccountId: null, deadline: null, revision: 0 })),
        },
      }),
    );
    const structure = grid.cells.find((c) => c.specialty === 'STRUCTURE')!;
    const res = await d.api.send('POST', `${base}/opinions`, await d.t.signIn('censor_reviewer'), {
      payload: {
        missionId: structure.missionId,
        opinionType: 'GENERAL',
        text: '门诊医技楼框架柱轴压比偏高，请复核',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
  afterAll(() => d?.t.close());

  it('show an opinion changed straight in the database, by another process or a tool', async () => {
    const first = detailOf<OpinionPage>(await opinionsOf(d.director, d.apps.clinic)).items[0]!;
    const again = detailOf<OpinionPage>(await opinionsOf(d.director, d.apps.clinic)).items[0]!;
    expect(again.text).toBe(first.text);
    await d.t.database.db.execute(
      sql`update opinions set text = '（工具改写）' || text where id = ${first.id}`,
    );
    // On PostgreSQL the notification comes over another connection, a moment after the commit.
    await expect
      .poll(async () => detailOf<OpinionPage>(await opinionsOf(d.director, d.apps.clinic)).items[0]!.text)
      .toBe(`（工具改写）${first.text}`);
  });

  it("show a reviewer's new name in the grid, changed straight in the database", async () => {
    const named = (await d.gridOf(d.apps.offices)).cells.find((c) => c.reviewer)!;
    await d.t.database.db.execute(
      sql`update accounts set name = '赵审图（改名）' where id = ${named.reviewer!.accountId}`,
    );
    await expect
      .poll(
        async () =>
          (await d.gridOf(d.apps.offices)).cells.find((c) => c.missionId === named.missionId)!.reviewer!.name,
      )
      .toBe('赵审图（改名）');
  });

  it("keep one person's answer from another: another agency is refused each time, a party reads its own", async () => {
    detailOf<OpinionPage>(await opinionsOf(d.director, d.apps.clinic));
    const other = await d.t.signIn('censor2_admin');
    for (let i = 0; i < 2; i++) {
      const res = await opinionsOf(other, d.apps.clinic, d.org.censor2);
      expect(res.statusCode, res.body).toBe(404);
    }
  });
});

describe('opinion lists and missions grids without change notifications', () => {
  let d: Awaited<ReturnType<typeof demoAgency>>;

  beforeAll(async () => {
    d = await demoAgency({ listen: silent });
  });
  afterAll(() => d?.t.close());

  it('still follow every writing call of this process: the director sees the missions just assigned', async () => {
    const before = await d.gridOf(d.apps.clinic);
    expect(before.cells.every((c) => c.missionId === null)).toBe(true);
    const base = `/api/checkDrawings/${d.org.censor}/${d.apps.clinic}/missions`;
    const proposal = detailOf<MissionProposal>(await d.api.send('GET', `${base}/proposal`, d.director));
    const cell = proposal.cells[0]!;

    // Nothing tells this process of a change made elsewhere: the kept grid stands until it writes.
    await d.t.database.db.execute(
      sql`update buildings set name = '门诊医技楼（改名）' where project_id = ${d.apps.clinic}`,
    );
    expect((await d.gridOf(d.apps.clinic)).buildings[0]!.name, 'the kept grid').toBe('门诊医技楼');

    const res = await d.api.send('PUT', base, d.director, {
      payload: {
        cells: [{ ...cell, checkerAccountId: null, deadline: null, revision: 0 }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The save answers with the grid as it now stands, not the one kept from before it.
    const answered = detailOf<MissionGrid>(res).cells.find(
      (c) => c.buildingId === cell.buildingId && c.specialty === cell.specialty,
    )!;
    expect(answered.reviewer?.accountId).toBe(cell.reviewerAccountId);
    const after = await d.gridOf(d.apps.clinic);
    expect(after.buildings[0]!.name, 'after a write').toBe('门诊医技楼（改名）');
    const assigned = after.cells.find(
      (c) => c.buildingId === cell.buildingId && c.specialty === cell.specialty,
    )!;
    expect(assigned.reviewer?.accountId).toBe(cell.reviewerAccountId);
    expect(assigned.status).not.toBeNull();
  });
});
