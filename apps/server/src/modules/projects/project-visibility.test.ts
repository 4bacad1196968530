import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seesProject, type PrincipalMember, type ProjectStatus } from '@drp/domain';
import type { Db } from '../../db/database.js';
import { DEMO_ORGS } from '../../db/seed/demo-seed.js';
import { buildings } from '../../db/schema/buildings.js';
import { docVersions } from '../../db/schema/doc-repository.js';
import { projectOrgs } from '../../db/schema/projects.js';
import { accountIdOf, demoOrgIds, insertMission, insertProjectMatrix } from '../../test/project-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { openProject, projectScopeOf } from '../project-access/project-access.service.js';
import { queryProjects } from './project-list.repository.js';
import { findProject, listParties } from './projects.repository.js';

/*
 * Who sees an application is encoded twice: in the SQL of the lists (scope conditions, a party's
 * `project_orgs` rows) and in `seesProject`, which the project-access door asks for one record.
 * Over a matrix of applications (status × region × owner × named parties) and every kind of
 * organisation, both must name the same applications, and the door must open exactly those.
 */

const STATUSES: ProjectStatus[] = ['DRAFT', 'SUBMITTED', 'IN_REVIEW'];
/** In the city of the supervising authority, elsewhere in the province, in another province, none. */
const REGIONS = ['430104', '430602', '440100', null];

describe('application visibility: the list queries and seesProject agree', () => {
  let t: TestApp;
  let db: Db;
  let org: Record<string, string>;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    org = await demoOrgIds(db);
    ids.push(...(await insertProjectMatrix(db, org, { statuses: STATUSES, regions: REGIONS })));
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  for (const demo of DEMO_ORGS)
    it(`${demo.key} (${demo.orgType}): the list shows exactly what seesProject and openProject allow`, async () => {
      const member: PrincipalMember = {
        orgId: org[demo.key]!,
        orgType: demo.orgType,
        admin: false,
        profiles: [],
      };
      const scope = await projectScopeOf(db, member);
      const listed = new Set(
        (await queryProjects(db, scope, {}, { limit: 10_000, offset: 0 })).items.map((i) => i.project.id),
      );
      const seen: string[] = [];
      const opened: string[] = [];
      for (const id of ids) {
        const project = (await findProject(db, id))!;
        if (seesProject(scope, project, await listParties(db, id))) seen.push(id);
        const open = await openProject(db, member, id).then(
          () => true,
          (error: { code?: string }) => {
            expect(error.code).toBe('NOT_FOUND');
            return false;
          },
        );
        if (open) opened.push(id);
      }
      expect(ids.filter((id) => listed.has(id))).toEqual(seen);
      expect(opened).toEqual(seen);
      // The matrix is not trivial for anyone: each sees some and misses some.
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.length).toBeLessThan(ids.length);
    });

  // Review missions (issue 19): a normal reviewer of the agency sees only the applications where
  // they hold a mission, as reviewer or as checker; its director sees all of the agency's.
  it('a normal reviewer of the agency: the list, seesProject and openProject name exactly their missions', async () => {
    const reviewer = await accountIdOf(db, 'censor_reviewer');
    const other = await accountIdOf(db, 'censor_reviewer2');
    const agencys = await db
      .select({ id: projectOrgs.projectId })
      .from(projectOrgs)
      .where(
        and(
          eq(projectOrgs.orgId, org.censor!),
          eq(projectOrgs.role, 'CENSOR'),
          eq(projectOrgs.projectStatus, 'IN_REVIEW'),
        ),
      );
    const [asReviewer, asChecker, someoneElses] = agencys.map((r) => r.id).sort();
    for (const [projectId, reviewerAccountId, checker] of [
      [asReviewer!, reviewer, null],
      [asChecker!, other, reviewer],
      [someoneElses!, other, null],
    ] as const) {
      await db
        .insert(docVersions)
        .values({ projectId, number: 1, businessStatus: 'REVIEW', acceptedAt: new Date() });
      const [building] = await db
        .insert(buildings)
        .values({
          projectId,
          name: '1#楼',
          use: 'RESIDENTIAL',
          structureType: 'SHEAR_WALL',
          floorsAbove: 18,
          floorsBelow: 1,
          height: 54,
          floorArea: 9000,
          seismicIntensity: 'DEGREE_6_0.05G',
          fireResistanceRating: 'GRADE_1',
          climaticRegion: 'HOT_SUMMER_COLD_WINTER',
        })
        .returning({ id: buildings.id });
      const id = await insertMission(db, {
        projectId,
        buildingId: building!.id,
        specialty: 'STRUCTURE',
        reviewerAccountId,
        censorOrgId: org.censor!,
      });
      if (checker)
        await db.execute(sql`update missions set checker_account_id = ${checker} where id = ${id}`);
    }
    const check = async (member: PrincipalMember) => {
      const scope = await projectScopeOf(db, member);
      const listed = (await queryProjects(db, scope, {}, { limit: 10_000, offset: 0 })).items.map(
        (i) => i.project.id,
      );
      const opened: string[] = [];
      for (const id of ids)
        if (
          await openProject(db, member, id).then(
            () => true,
            () => false,
          )
        )
          opened.push(id);
      return { listed: listed.sort(), opened: opened.sort() };
    };
    const normal = await check({
      orgId: org.censor!,
      orgType: 'CENSOR',
      admin: false,
      profiles: ['DRAWING_APPROVAL_NORMAL'],
      accountId: reviewer,
    });
    expect(normal).toEqual({
      listed: [asReviewer, asChecker].sort(),
      opened: [asReviewer, asChecker].sort(),
    });
    // The director of the same agency, and the reviewer when also its director, see every one.
    for (const profiles of [
      ['DRAWING_APPROVAL_DIRECTOR'],
      ['DRAWING_APPROVAL_NORMAL', 'DRAWING_APPROVAL_DIRECTOR'],
    ] as const) {
      const all = await check({
        orgId: org.censor!,
        orgType: 'CENSOR',
        admin: false,
        profiles,
        accountId: reviewer,
      });
      expect(all.listed).toEqual(expect.arrayContaining([asReviewer, asChecker, someoneElses]));
      expect(all.opened).toEqual(all.listed);
    }
  });
});
