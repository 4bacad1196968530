import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CertificateCheck, CertificatePage, CertificateSummary } from '@drp/domain';
import { buildings } from '../../db/schema/buildings.js';
import { certificates } from '../../db/schema/certificates.js';
import { projectAlterBuildings, projectAlters } from '../../db/schema/project-alters.js';
import { projects } from '../../db/schema/projects.js';
import { accountIdOf, demoOrgIds, detailOf, projectApi } from '../../test/project-fixture.js';
import { passedApplication } from '../../test/review-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { certificateCheckCode } from './certificates.service.js';

const USERS = [
  'construct_admin',
  'design_admin',
  'survey_admin',
  'censor_admin',
  'censor_director',
  'censor_reviewer',
  'censor_reviewer2',
] as const;
type User = (typeof USERS)[number];

describe('a change application’s certificate supersedes the one of the application it changes', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  const tokens = {} as Record<User, string>;
  let ids: Record<'censor_reviewer' | 'censor_reviewer2', string>;

  /** A passed application's certificate compiled, signed by everyone and issued. */
  async function issued(name: string, before?: (projectId: string) => Promise<void>) {
    const passed = await passedApplication(t, { tokens, ids, org, name });
    await before?.(passed.id);
    const base = `/api/checkDrawings/${org.censor}/${passed.id}/certification`;
    const certificate = detailOf<CertificateSummary>(
      await api.send('POST', `${base}/compile`, tokens.censor_director),
    );
    await t.app.jobs.drain();
    await passed.signAll(certificate.id);
    detailOf(await api.send('POST', `${base}/issue/${certificate.id}`, tokens.censor_admin));
    return { projectId: passed.id, certificate };
  }

  beforeAll(async () => {
    t = await createTestApp();
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    for (const user of USERS) tokens[user] = await t.signIn(user);
    ids = {
      censor_reviewer: await accountIdOf(t.database.db, 'censor_reviewer'),
      censor_reviewer2: await accountIdOf(t.database.db, 'censor_reviewer2'),
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('marks the original superseded, naming the new one, for the units and the public check', async () => {
    const original = await issued('湘江新区被变更公寓');
    const [source] = await t.database.db
      .select({ id: buildings.id })
      .from(buildings)
      .where(eq(buildings.projectId, original.projectId));
    // The second application is the change of the first: it changes the first's building (what the
    // change form records when a change application is started from a passed one).
    const change = await issued('湘江新区变更公寓', async (projectId) => {
      const [own] = await t.database.db
        .select({ id: buildings.id })
        .from(buildings)
        .where(eq(buildings.projectId, projectId));
      await t.database.db.update(projects).set({ isAlter: true }).where(eq(projects.id, projectId));
      await t.database.db
        .insert(projectAlters)
        .values({ projectId, categories: ['STRUCTURE'], content: '3#楼结构调整', reason: '业主需求变化' });
      await t.database.db
        .insert(projectAlterBuildings)
        .values({ projectId, sourceBuildingId: source!.id, buildingId: own!.id });
    });

    const page = detailOf<CertificatePage>(
      await api.send(
        'GET',
        `/api/checkDrawings/${org.construct}/${original.projectId}/certification`,
        tokens.construct_admin,
        {
          actingOrg: org.construct,
        },
      ),
    );
    expect(page.items[0]).toMatchObject({
      status: 'SUPERSEDED',
      supersededBy: change.certificate.certificateNo,
      can: { revoke: false },
    });
    const [row] = await t.database.db
      .select()
      .from(certificates)
      .where(eq(certificates.id, original.certificate.id));
    const check = detailOf<CertificateCheck>(
      await t.app.inject({
        method: 'GET',
        url: '/api/portal/certificateCheck',
        query: { no: row!.certificateNo, c: certificateCheckCode(t.app.ctx, row!) },
      }),
    );
    expect(check).toMatchObject({ status: 'SUPERSEDED', supersededBy: change.certificate.certificateNo });
    // The change's own certificate stays valid.
    const [own] = await t.database.db
      .select({ status: certificates.status })
      .from(certificates)
      .where(eq(certificates.id, change.certificate.id));
    expect(own!.status).toBe('ISSUED');
  });
});
