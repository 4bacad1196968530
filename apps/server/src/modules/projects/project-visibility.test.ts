import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seesProject, type PrincipalMember, type ProjectStatus } from '@drp/domain';
import type { Db } from '../../db/database.js';
import { DEMO_ORGS } from '../../db/seed/demo-seed.js';
import { demoOrgIds, insertProjectMatrix } from '../../test/project-fixture.js';
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
});
