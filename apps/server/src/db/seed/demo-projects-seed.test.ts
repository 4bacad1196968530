import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AnswerPage,
  BuildingPage,
  CertificatePage,
  DocVersion,
  DocVersionState,
  MessagePage,
  MissionBoard,
  MissionGrid,
  MissionProposal,
  OpinionPhraseList,
  OpinionReportPage,
  ProjectFilingPage,
  ProjectPage,
  ReviewRecordPage,
  SignatureCheck,
  SigningDocument,
  SigningDocumentPage,
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

  /** The application reviewed to the end, as the agency's office lists it. */
  async function filedApplication() {
    const token = await t.signIn('censor_admin');
    const page = await api.page(token, 'pagelist', { pageSize: 20 });
    const filed = page.items.find((p) => p.name === '湘江新区科创中心办公楼')!;
    return { token, id: filed.id, base: `/api/checkDrawings/${org.censor}/${filed.id}` };
  }

  it('gives construct_admin a draft, a submitted, an in-review and a filed application', async () => {
    const token = await t.signIn('construct_admin');
    const page = await api.page(token, 'pagelist', { pageSize: 20 });
    expect(page.items.map((p) => [p.name, p.status]).sort()).toEqual(
      [
        ['岳麓区含浦片区安置房项目（一期）', 'DRAFT'],
        ['梅溪湖第二小学新建工程', 'SUBMITTED'],
        ['湘江新区科创中心办公楼', 'FILED'],
        ['坪塘街道社区卫生服务中心', 'IN_REVIEW'],
      ].sort(),
    );
    // The filed one (it passed review) is where a change application can start.
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

  it('tells one story of the filed application: its buildings confirmed, both rounds of materials handed over and accepted', async () => {
    const construct = await t.signIn('construct_admin');
    const page = await api.page(construct, 'pagelist', { pageSize: 20 });
    const { token: censor, base } = await filedApplication();
    const buildings = detailOf<BuildingPage>(
      await api.send('GET', `${base}/building/getBuildings`, censor, { query: { size: '20' } }),
    );
    expect(buildings.items.map((b) => b.status)).toEqual(['CONFIRMED', 'CONFIRMED']);
    const versions = detailOf<DocVersion[]>(
      await api.send('GET', `${base}/docRepositoryVersion/listAll`, censor, {
        query: { businessStatus: 'REVIEW' },
      }),
    );
    // Round 1's drawings, and round 2's revised ones that went with the answers.
    expect(versions.map((v) => [v.name, v.businessStatus]).sort()).toEqual([
      ['第1版', 'REVIEW'],
      ['第2版', 'REVIEW'],
    ]);
    for (const version of versions) {
      const state = detailOf<DocVersionState>(
        await api.send('GET', `${base}/docRepositoryOrg/getDocVersionState`, censor, {
          query: { versionId: version.id },
        }),
      );
      // Each unit uploaded and committed; the agency accepted the version, which reads as no gap.
      expect(state.units.map((u) => [u.category, u.committed, u.fileCount > 0]).sort()).toEqual([
        ['DESIGN', true, true],
        ['SURVEY', true, true],
      ]);
      expect(state.acceptedAt).not.toBeNull();
      expect(state.readiness).toBeNull();
    }

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

  it('issues opinions of each kind in round 1, one on a mandatory clause, each answered and closed in round 2', async () => {
    const { id } = await filedApplication();
    const construct = await t.signIn('construct_admin');
    const answers = `/api/checkDrawings/${org.construct}/${id}/opinionAnswer/pagelist`;
    const list = async (name: 'CONST' | 'ENERGY') =>
      detailOf<AnswerPage>(await api.send('GET', answers, construct, { query: { list: name } })).items;
    const drawings = await list('CONST');
    const energy = await list('ENERGY');
    const all = [...drawings, ...energy];
    expect(all.map((i) => [i.round, i.specialty]).sort()).toEqual([
      [1, 'ARCHITECTURE'],
      [1, 'ENERGY_SAVING'],
      [1, 'STRUCTURE'],
      [1, 'SURVEY'],
    ]);
    // Each on the building it speaks of: the tower's core and curtain wall, the garage's exits and buoyancy.
    expect(Object.fromEntries(all.map((i) => [i.specialty, i.buildingName]))).toEqual({
      ARCHITECTURE: '地下车库',
      ENERGY_SAVING: 'A栋办公楼',
      STRUCTURE: 'A栋办公楼',
      SURVEY: '地下车库',
    });
    expect(drawings.filter((i) => i.mandatory).map((i) => [i.specialty, i.clause !== null])).toEqual([
      ['STRUCTURE', true],
    ]);
    expect(energy.map((i) => i.energyKey)).toEqual(['SUPPLEMENT']);
    // Addressed to the unit whose materials they concern, answered by it, closed by the reviewer.
    expect(Object.fromEntries(all.map((i) => [i.specialty, i.unit.orgId]))).toMatchObject({
      STRUCTURE: org.design,
      SURVEY: org.survey,
    });
    expect(Object.fromEntries(all.map((i) => [i.specialty, i.answer?.kind]))).toEqual({
      ARCHITECTURE: 'REVISED',
      ENERGY_SAVING: 'EXPLAINED',
      STRUCTURE: 'REVISED',
      SURVEY: 'REVISED',
    });
    for (const item of all) {
      expect(item.state).toBe('CLOSED');
      expect(item.answer).toMatchObject({ round: 2 });
      expect(item.answer!.sentAt).not.toBeNull();
      expect(item.decision).toMatchObject({ round: 2, decision: 'CLOSE', issued: true });
      expect(item.decision!.remark).toMatch(/同意闭合/);
    }
    // A revised answer names the new sheet of version 2, which replaced the carried one.
    for (const item of all.filter((i) => i.answer?.kind === 'REVISED')) {
      expect(item.answer!.sheet?.round).toBe(2);
      expect(item.answer!.sheet?.fileName).toMatch(/（修改版）\.pdf$/);
    }

    const director = await t.signIn('censor_director');
    const phrases = detailOf<OpinionPhraseList>(
      await api.send('GET', `/api/checkDrawings/${org.censor}/opinionPhrases`, director),
    );
    expect(phrases.items.filter((p) => p.scope === 'AGENCY')).toHaveLength(2);
  });

  it('forwards two signed reports, round 1 with its opinions and round 2 passing, then issues a signed certificate', async () => {
    const { base: censorBase, id: projectId } = await filedApplication();
    const construct = await t.signIn('construct_admin');
    const base = `/api/checkDrawings/${org.construct}/${projectId}`;
    const reports = detailOf<OpinionReportPage>(
      await api.send('GET', `${base}/opinionReport/pagelist`, construct),
    );
    expect(
      reports.items.map((r) => [r.round, r.status, r.conclusion, r.opinions, r.mandatory]).sort(),
    ).toEqual([
      [1, 'FORWARDED', 'REVISE', 4, 1],
      [2, 'FORWARDED', 'PASSED', 0, 0],
    ]);
    for (const report of reports.items) {
      expect(report.file).not.toBeNull();
      expect(report.signing).toEqual({ signed: 4, total: 4 });
    }
    const certificates = detailOf<CertificatePage>(await api.send('GET', `${base}/certification`, construct));
    expect(certificates.items.map((c) => c.status)).toEqual(['ISSUED']);
    expect(certificates.items[0]!.certificateNo).toMatch(/430104/);

    // Every signature the agency was asked for is given, in each file as the platform checks it.
    const admin = await t.signIn('censor_admin');
    const documents = detailOf<SigningDocumentPage>(
      await api.send('GET', `${censorBase}/docRepository/querySignatureFile`, admin),
    ).items;
    expect(documents.map((d) => d.kind).sort()).toEqual(['CERTIFICATE', 'REPORT', 'REPORT']);
    for (const document of documents) {
      expect(document.complete).toBe(true);
      expect(document.tasks.map((task) => task.status)).toEqual(document.tasks.map(() => 'SIGNED'));
      expect(document.tasks.map((task) => task.role).sort()).toEqual([
        'AGENCY',
        'DIRECTOR',
        'REVIEWER',
        'REVIEWER',
      ]);
      const info = detailOf<{ document: SigningDocument; signatures: SignatureCheck[] }>(
        await api.send('GET', '/api/signature/task/getVerifyInfo', admin, {
          query: { projectId, documentId: document.id },
          actingOrg: org.censor,
        }),
      );
      expect(info.signatures).toHaveLength(4);
      expect(info.signatures.every((s) => s.intact && s.trusted)).toBe(true);
    }
  });

  it('files the certificate with the city bureau, which confirmed it: the application is public in the review record', async () => {
    const { token: admin, base, id } = await filedApplication();
    const filings = detailOf<ProjectFilingPage>(await api.send('GET', `${base}/filing`, admin));
    expect(filings.items.map((f) => [f.status, f.authorityName])).toEqual([
      ['CONFIRMED', '长沙市住房和城乡建设局'],
    ]);

    const record = await t.app.inject({
      method: 'GET',
      url: '/api/portal/reviewRecords',
      query: { projectName: '科创中心' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(record.statusCode, record.body).toBe(200);
    const found = detailOf<ReviewRecordPage>(record);
    // Its buildings add up to the application's 52 300 m², as the certificate states the scale.
    expect(found.items.map((r) => [r.projectName, r.certificateNo, r.certificateStatus, r.area])).toEqual([
      ['湘江新区科创中心办公楼', filings.items[0]!.certificateNo, 'ISSUED', 52_300],
    ]);

    // Nothing of the filed application is left on anybody's to-do list.
    for (const user of [
      'construct_admin',
      'design_admin',
      'survey_admin',
      'censor_admin',
      'censor_director',
      'censor_reviewer',
      'censor_reviewer2',
      'control_admin',
    ]) {
      const todos = detailOf<MessagePage>(
        await api.send('GET', '/api/message/messages', await t.signIn(user), { query: { state: 'todo' } }),
      );
      expect(
        todos.items.filter((m) => m.projectId === id).map((m) => m.type),
        user,
      ).toEqual([]);
    }
    // The units were told it passed and of its certificate; the agency of the confirmation.
    const told = async (user: string) =>
      detailOf<MessagePage>(
        await api.send('GET', '/api/message/messages', await t.signIn(user), { query: { projectId: id } }),
      ).items.map((m) => m.type);
    expect(await told('construct_admin')).toEqual(
      expect.arrayContaining([
        'CENSOR_OPINION_REPORT_FORWARD',
        'CENSOR_REVIEW_PASSED',
        'CENSOR_CERTIFICATE_ISSUED',
      ]),
    );
    expect(await told('censor_admin')).toContain('CONTROL_FILING_CONFIRMED');
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
