import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BuildingPage,
  DocVersion,
  DocVersionState,
  MessagePage,
  MissionBoard,
  MissionGrid,
  MissionProposal,
  OpinionPage,
  OpinionPhraseList,
  ProjectPage,
} from '@drp/domain';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { demoOrgIds, detailOf, projectApi } from '../../test/project-fixture.js';
import { seedDemoProjects } from './demo-projects-seed.js';

/** What a newcomer meets after `npm start`: applications in several states, seen by the right units. */
describe('demo applications', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoProjects(t.app.ctx);
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
  });
  afterAll(() => t.close());

  it('gives construct_admin a draft, a submitted, an in-review and a passed application', async () => {
    const token = await t.signIn('construct_admin');
    const page = await api.page(token, 'pagelist', { pageSize: 20 });
    expect(page.items.map((p) => [p.name, p.status]).sort()).toEqual(
      [
        ['岳麓区含浦片区安置房项目（一期）', 'DRAFT'],
        ['梅溪湖第二小学新建工程', 'SUBMITTED'],
        ['湘江新区科创中心办公楼', 'PASSED'],
        ['坪塘街道社区卫生服务中心', 'IN_REVIEW'],
      ].sort(),
    );
    // The passed one is where a change application can start.
    const masters = detailOf<{ name: string }[]>(
      await api.queryDics(token, org.construct!, { isAlter: true }),
    );
    expect(masters.map((m) => m.name)).toEqual(['湘江新区科创中心办公楼']);
  });

  it('shows the submitted ones to the named units and agency, with buildings filled in, and not to others', async () => {
    const design = await t.signIn('design_admin');
    const seen = await api.page(design, 'pagelist', { pageSize: 20 });
    expect(seen.items.map((p) => p.name).sort()).toEqual(
      ['梅溪湖第二小学新建工程', '湘江新区科创中心办公楼', '坪塘街道社区卫生服务中心'].sort(),
    );
    const school = seen.items.find((p) => p.name === '梅溪湖第二小学新建工程')!;

    const buildings = detailOf<BuildingPage>(
      await api.send('GET', `/api/checkDrawings/${org.design}/${school.id}/building/getBuildings`, design, {
        query: { size: '20' },
      }),
    );
    expect(buildings.items.map((b) => [b.name, b.status]).sort()).toEqual(
      [
        ['教学综合楼', 'SUBMITTED'],
        ['风雨操场及食堂', 'SUBMITTED'],
      ].sort(),
    );
    const designInfo = detailOf<{ specialty: string }[]>(
      await api.send(
        'GET',
        `/api/checkDrawings/${org.design}/${school.id}/building/getBuildingDesignInfo/${buildings.items[0]!.id}`,
        design,
      ),
    );
    expect(designInfo.map((d) => d.specialty).sort()).toEqual(['ARCHITECTURE', 'STRUCTURE']);

    // The design unit was told, as the API would have told it.
    const messages = detailOf<MessagePage>(
      await api.send('GET', '/api/message/messages', design, { query: { orgIds: org.design!, size: '-1' } }),
    );
    expect(
      messages.items.some((m) => m.projectId === school.id && m.type === 'CONSTRUCT_PROJECT_SUBMIT'),
    ).toBe(true);

    const censor = await t.signIn('censor_admin');
    // The survey unit's report summary is submitted, so the agency reads it.
    const surveyInfos = detailOf<{ orgId: string; status: string; reportNo: string }[]>(
      await api.send(
        'GET',
        `/api/checkDrawings/${org.censor}/${school.id}/surveyInfo/getSurveyInfos`,
        censor,
      ),
    );
    expect(surveyInfos.map((s) => [s.orgId, s.status])).toEqual([[org.survey, 'SUBMITTED']]);

    expect((await api.page(censor, 'pagelist', { pageSize: 20 })).total).toBe(3);
    for (const outsider of ['design2_admin', 'censor2_admin'])
      expect((await api.page(await t.signIn(outsider), 'pagelist', { pageSize: 20 })).total).toBe(0);
  });

  it('tells one story of the passed application: its buildings confirmed, its materials handed over and accepted', async () => {
    const construct = await t.signIn('construct_admin');
    const page = await api.page(construct, 'pagelist', { pageSize: 20 });
    const passed = page.items.find((p) => p.status === 'PASSED')!;
    const base = `/api/checkDrawings/${org.censor}/${passed.id}`;
    const censor = await t.signIn('censor_admin');
    const buildings = detailOf<BuildingPage>(
      await api.send('GET', `${base}/building/getBuildings`, censor, { query: { size: '20' } }),
    );
    expect(buildings.items.map((b) => b.status)).toEqual(['CONFIRMED', 'CONFIRMED']);
    const versions = detailOf<DocVersion[]>(
      await api.send('GET', `${base}/docRepositoryVersion/listAll`, censor, {
        query: { businessStatus: 'REVIEW' },
      }),
    );
    expect(versions.map((v) => [v.name, v.businessStatus])).toEqual([['第1版', 'REVIEW']]);
    const state = detailOf<DocVersionState>(
      await api.send('GET', `${base}/docRepositoryOrg/getDocVersionState`, censor, {
        query: { versionId: versions[0]!.id },
      }),
    );
    // Each unit uploaded and committed; the agency accepted the version, which reads as no gap.
    expect(state.units.map((u) => [u.category, u.committed, u.fileCount > 0]).sort()).toEqual([
      ['DESIGN', true, true],
      ['SURVEY', true, true],
    ]);
    expect(state.acceptedAt).not.toBeNull();
    expect(state.readiness).toBeNull();

    // The school's materials are still being uploaded: nothing sent, nothing accepted.
    const school = page.items.find((p) => p.status === 'SUBMITTED')!;
    const schoolVersions = detailOf<DocVersion[]>(
      await api.send(
        'GET',
        `/api/checkDrawings/${org.construct}/${school.id}/docRepositoryVersion/listAll`,
        construct,
      ),
    );
    expect(schoolVersions.map((v) => v.businessStatus)).toEqual(['UPLOADING']);
  });

  it('gives the passed application opinions of each kind, one on a mandatory clause, and the agency phrases', async () => {
    const director = await t.signIn('censor_director');
    const page = detailOf<ProjectPage>(
      await api.send('GET', '/api/checkDrawings/project/pagelist', director, {
        query: { page: '0', pageSize: '50' },
        actingOrg: org.censor,
      }),
    );
    const offices = page.items.find((p) => p.name === '湘江新区科创中心办公楼')!;
    const base = `/api/checkDrawings/${org.censor}/${offices.id}/opinions`;
    const kind = async (k: string) =>
      detailOf<OpinionPage>(await api.send('GET', base, director, { query: { kind: k } }));
    const drawings = await kind('CONSTRUCTION');
    expect(drawings.mandatoryCount).toBe(1);
    expect(drawings.items[0]).toMatchObject({
      mandatory: true,
      specialty: 'STRUCTURE',
      missionStatus: 'DONE',
    });
    expect((await kind('ENERGY')).items.map((o) => o.energyKey)).toEqual(['SUPPLEMENT']);
    expect((await kind('SURVEY')).total).toBe(1);
    const phrases = detailOf<OpinionPhraseList>(
      await api.send('GET', `/api/checkDrawings/${org.censor}/opinionPhrases`, director),
    );
    expect(phrases.items.filter((p) => p.scope === 'AGENCY')).toHaveLength(2);
  });

  it('leaves the director an accepted application in review whose confirmed building waits for its missions', async () => {
    const director = await t.signIn('censor_director');
    const page = detailOf<ProjectPage>(
      await api.send('GET', '/api/checkDrawings/project/pagelist', director, {
        query: { page: '0', pageSize: '50' },
        actingOrg: org.censor,
      }),
    );
    const clinic = page.items.find((p) => p.name === '坪塘街道社区卫生服务中心')!;
    expect(clinic.status).toBe('IN_REVIEW');
    const grid = detailOf<MissionGrid>(
      await api.send('GET', `/api/checkDrawings/${org.censor}/${clinic.id}/missions`, director),
    );
    expect(grid.round?.number).toBe(1);
    expect(grid.buildings.map((b) => b.name)).toEqual(['门诊医技楼']);
    expect(grid.cells.length).toBeGreaterThan(0);
    expect(grid.cells.every((c) => c.missionId === null)).toBe(true);
    expect(grid.can.assign).toBe(true);
    // The platform proposes a reviewer of each specialty the demo reviewers hold.
    const proposal = detailOf<MissionProposal>(
      await api.send('GET', `/api/checkDrawings/${org.censor}/${clinic.id}/missions/proposal`, director),
    );
    expect(proposal.cells.map((c) => c.specialty)).toEqual(
      expect.arrayContaining(['ARCHITECTURE', 'STRUCTURE']),
    );
    const board = detailOf<MissionBoard>(
      await api.send('GET', '/api/checkDrawings/missions/board', director, { actingOrg: org.censor }),
    );
    expect(board.unassigned).toBeGreaterThanOrEqual(grid.cells.length);
    // The landing names the application, so the director opens its grid from there.
    expect(board.unassignedApplications).toContainEqual({
      projectId: clinic.id,
      name: '坪塘街道社区卫生服务中心',
      cells: grid.cells.length,
    });
  });
});
