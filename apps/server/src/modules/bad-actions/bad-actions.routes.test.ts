import type { LightMyRequestResponse } from 'fastify';
import { PDFDocument, rgb } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BadAction,
  BadActionCreateRequest,
  BadActionList,
  BadActionSubjects,
  CreditEntry,
  DocFile,
  MessagePage,
} from '@drp/domain';
import { readyForHandOver, submittedForMaterials, uploadDocFile } from '../../test/doc-fixture.js';
import { multipartBody } from '../../test/multipart-body.js';
import { demoOrgIds, detailOf, insertOrg, insertPerson, projectApi } from '../../test/project-fixture.js';
import { prepareSheetsNow } from '../../test/sheet-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** One white page of 600 × 400 points. */
async function testSheet(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([600, 400]);
  page.drawRectangle({ x: 0, y: 0, width: 600, height: 400, color: rgb(1, 1, 1) });
  return Buffer.from(await doc.save());
}

function refused(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ code: string }>().code, res.body).toBe(code);
}

const USERS = [
  'construct_admin',
  'design_admin',
  'survey_admin',
  'censor_admin',
  'censor_director',
  'censor2_admin',
  'control_admin',
  'other_control',
] as const;
type User = (typeof USERS)[number];

describe('bad actions: recorded by the agency, decided by the region’s authority, published when confirmed', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  const tokens = {} as Record<User, string>;
  let projectId: string;
  let uploadingProjectId: string;
  let file: DocFile;

  const orgOf = (user: User) =>
    ({
      construct_admin: org.construct,
      design_admin: org.design,
      survey_admin: org.survey,
      censor_admin: org.censor,
      censor_director: org.censor,
      censor2_admin: org.censor2,
      control_admin: org.control,
      other_control: org.otherControl,
    })[user]!;
  const base = (user: User, project = projectId) => `/api/checkDrawings/${orgOf(user)}/${project}/badAction`;
  const list = (user: User) => api.send('GET', base(user), tokens[user]);
  const listed = async (user: User) => detailOf<BadActionList>(await list(user));
  const record = (user: User, body: Partial<BadActionCreateRequest>, project = projectId) =>
    api.send('POST', base(user, project), tokens[user], { payload: body });
  const decide = (user: User, id: string, step: 'confirm' | 'reject' | 'withdraw', reason?: string) =>
    api.send('PUT', `${base(user)}/${id}/${step}`, tokens[user], {
      ...(reason === undefined ? {} : { payload: { reason } }),
    });
  const criticism = async () =>
    detailOf<{ items: CreditEntry[] }>(
      await t.app.inject({ method: 'GET', url: '/api/portal/credit', query: { list: 'criticismList' } }),
    ).items;
  const valid = (): BadActionCreateRequest => ({
    key: 'REGISTER_ENGINEER_SEAL',
    orgId: org.design!,
    description: '结构施工图 S-01 未加盖注册结构工程师执业印章',
    region: { fileId: file.id, page: 0, rect: { x: 400, y: 20, width: 150, height: 80 } },
  });

  beforeAll(async () => {
    t = await createTestApp();
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    // A supervising authority of another region (株洲市), with a person who works in its area.
    org.otherControl = await insertOrg(t.database.db, {
      name: '株洲市住房和城乡建设局',
      orgType: 'CONTROL',
      regionCode: '430200',
    });
    await insertPerson(t.database.db, {
      username: 'ba_other_control',
      name: '株洲审查监管',
      phone: '13900007001',
      orgId: org.otherControl,
      admin: true,
      profiles: ['ONLINE_SUPERVISION'],
    });
    for (const user of USERS)
      tokens[user] = await t.signIn(user === 'other_control' ? 'ba_other_control' : user);

    const inReview = await submittedForMaterials(t, {
      constructToken: tokens.construct_admin,
      designToken: tokens.design_admin,
      org,
      name: '岳麓区不良行为测试住宅',
    });
    projectId = inReview.project.id;
    await readyForHandOver(t, {
      constructToken: tokens.construct_admin,
      surveyToken: tokens.survey_admin,
      org,
      projectId,
      buildingId: inReview.buildingId,
    });
    file = await uploadDocFile(t, {
      token: tokens.design_admin,
      orgId: org.design!,
      projectId,
      versionId: inReview.versionId,
      folderId: inReview.structure.id,
      name: 'S-01 结构总说明.pdf',
      body: await testSheet(),
    });
    await uploadDocFile(t, {
      token: tokens.survey_admin,
      orgId: org.survey!,
      projectId,
      versionId: inReview.versionId,
      folderId: inReview.surveyFolder.id,
      name: '勘察报告.pdf',
      body: await testSheet(),
    });
    const step = (user: User, name: string, query: Record<string, string>) =>
      api.send(
        'GET',
        `/api/checkDrawings/${orgOf(user)}/${projectId}/docRepositoryOrg/${name}`,
        tokens[user],
        {
          query: { versionId: inReview.versionId, ...query },
        },
      );
    detailOf(await step('design_admin', 'commitDoc', { category: 'DESIGN' }));
    detailOf(await step('survey_admin', 'commitDoc', { category: 'SURVEY' }));
    detailOf(await step('construct_admin', 'confirmApplyDoc', { confirmWarnings: 'true' }));
    detailOf(await step('censor_admin', 'confirmApplyDoc', {}));

    const uploading = await submittedForMaterials(t, {
      constructToken: tokens.construct_admin,
      designToken: tokens.design_admin,
      org,
      name: '岳麓区不良行为测试二期',
    });
    uploadingProjectId = uploading.project.id;
    await prepareSheetsNow(t.app);
  });

  afterAll(() => t.close());

  it('lets any approval member of the agency record one against a unit or a person of it, with a sheet region', async () => {
    expect((await listed('censor_director')).canRecord).toBe(true);
    const subjects = detailOf<BadActionSubjects>(
      await api.send('GET', `${base('censor_director')}/subjects`, tokens.censor_director),
    );
    expect(subjects.units.map((u) => [u.role, u.orgId])).toEqual([
      ['CONSTRUCT', org.construct],
      ['DESIGN', org.design],
      ['SURVEY', org.survey],
    ]);
    const designer = subjects.units.find((u) => u.role === 'DESIGN')!.people[0]!;

    const made = detailOf<BadAction>(
      await record('censor_director', { ...valid(), memberId: designer.memberId }),
    );
    expect(made).toMatchObject({
      key: 'REGISTER_ENGINEER_SEAL',
      status: 'RECORDED',
      unit: { orgId: org.design, role: 'DESIGN', name: '湖南省建筑设计院集团股份有限公司' },
      person: { memberId: designer.memberId, name: designer.name },
      region: valid().region,
      regionFileName: 'S-01 结构总说明.pdf',
      // Where the file sits, so the detail links to the viewer at the region.
      regionSheet: { versionId: file.versionId, folderId: file.folderId, category: 'DESIGN' },
      evidenceFile: null,
      decidedAt: null,
      can: { withdraw: true, attach: true, confirm: false, reject: false },
    });
    expect(made.recordedBy.orgName).toBe('湖南省建设工程施工图审查中心有限公司');
    // The region's authority sees it and may decide; the agency may not.
    const seen = await listed('control_admin');
    expect(seen.canRecord).toBe(false);
    expect(seen.items.map((b) => [b.id, b.can])).toEqual([
      [made.id, { withdraw: false, attach: false, confirm: true, reject: true }],
    ]);
    refused(await decide('censor_admin', made.id, 'confirm'), 403, 'FORBIDDEN');
    // Not confirmed: the portal does not show it.
    expect((await criticism()).map((c) => c.orgName)).not.toContain('湖南省建筑设计院集团股份有限公司');
  });

  it('refuses another agency, a unit or person not of the application, a bad region, a design unit, and before acceptance; nothing is saved', async () => {
    const before = (await listed('censor_admin')).items.length;
    refused(await record('censor2_admin', valid()), 404, 'NOT_FOUND');
    refused(
      await record('censor_admin', { ...valid(), orgId: org.design2 }),
      400,
      'BAD_ACTION_UNIT_NOT_PARTY',
    );
    refused(
      await record('censor_admin', { ...valid(), orgId: org.censor }),
      400,
      'BAD_ACTION_UNIT_NOT_PARTY',
    );
    const surveyPerson = detailOf<BadActionSubjects>(
      await api.send('GET', `${base('censor_admin')}/subjects`, tokens.censor_admin),
    ).units.find((u) => u.role === 'SURVEY')!.people[0]!;
    refused(
      await record('censor_admin', { ...valid(), memberId: surveyPerson.memberId }),
      400,
      'BAD_ACTION_PERSON_NOT_OF_UNIT',
    );
    refused(
      await record('censor_admin', {
        ...valid(),
        region: { fileId: file.id, page: 0, rect: { x: 500, y: 20, width: 150, height: 80 } },
      }),
      400,
      'BAD_ACTION_REGION_INVALID',
    );
    refused(
      await record('censor_admin', { ...valid(), region: { ...valid().region!, page: 3 } }),
      400,
      'BAD_ACTION_REGION_INVALID',
    );
    refused(await record('censor_admin', { ...valid(), description: '  ' }), 400, 'VALIDATION_FAILED');
    refused(await record('censor_admin', valid(), uploadingProjectId), 409, 'BAD_ACTION_NOT_IN_REVIEW');
    // A design unit is not in the audit area at all.
    refused(await record('design_admin', valid()), 403, 'FORBIDDEN');
    refused(await list('design_admin'), 403, 'FORBIDDEN');
    // Another agency and another region's authority do not see the application.
    refused(await list('censor2_admin'), 404, 'NOT_FOUND');
    refused(await list('other_control'), 404, 'NOT_FOUND');
    expect((await listed('censor_admin')).items.length).toBe(before);
  });

  it('confirmed by the region’s authority only: published in the portal’s criticism list, the unit told', async () => {
    const made = detailOf<BadAction>(
      await record('censor_admin', { ...valid(), key: 'UNLICENSED', orgId: org.survey!, region: null }),
    );
    refused(await decide('other_control', made.id, 'confirm'), 404, 'NOT_FOUND');
    refused(await decide('other_control', made.id, 'reject', '不成立'), 404, 'NOT_FOUND');
    expect((await listed('censor_admin')).items.find((b) => b.id === made.id)!.status).toBe('RECORDED');
    const surveyName = made.unit.name;
    expect((await criticism()).map((c) => c.orgName)).not.toContain(surveyName);

    const confirmed = detailOf<BadAction>(await decide('control_admin', made.id, 'confirm'));
    expect(confirmed).toMatchObject({ status: 'CONFIRMED', decidedByOrgName: '长沙市住房和城乡建设局' });
    expect(confirmed.decidedAt).not.toBeNull();
    refused(await decide('control_admin', made.id, 'reject', '重复'), 409, 'BAD_ACTION_NOT_RECORDED');
    refused(await decide('censor_admin', made.id, 'withdraw'), 409, 'BAD_ACTION_NOT_RECORDED');

    const published = (await criticism()).filter((c) => c.orgName === surveyName);
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({
      kind: 'CRITICISM',
      scope: 'PROVINCE',
      issuer: '长沙市住房和城乡建设局',
      // Dated as the day in China.
      issuedOn: new Date(Date.parse(confirmed.decidedAt!) + 8 * 3_600_000).toISOString().slice(0, 10),
    });
    expect(published[0]!.reason).toContain('无资质或超越资质承揽业务');

    // The survey unit is told; the design unit is not.
    const messagesOf = async (user: User) =>
      detailOf<MessagePage>(
        await api.send('GET', '/api/message/messages', tokens[user], {
          query: { projectId, messageTypes: 'CONTROL_BAD_ACTION_CONFIRM' },
        }),
      ).items;
    const told = await messagesOf('survey_admin');
    expect(told).toHaveLength(1);
    expect(told[0]!.content).toContain('无资质或超越资质承揽业务');
    expect(await messagesOf('design_admin')).toEqual([]);
  });

  it('a rejected one carries its reason and is never published; a withdrawn one can no longer be decided', async () => {
    const rejected = detailOf<BadAction>(
      await record('censor_admin', {
        ...valid(),
        key: 'CONTRACT_RECORD',
        orgId: org.construct!,
        region: null,
      }),
    );
    refused(await decide('control_admin', rejected.id, 'reject', ''), 400, 'VALIDATION_FAILED');
    const answer = detailOf<BadAction>(
      await decide('control_admin', rejected.id, 'reject', '合同已于受理前备案'),
    );
    expect(answer).toMatchObject({ status: 'REJECTED', rejectReason: '合同已于受理前备案' });
    expect((await criticism()).map((c) => c.orgName)).not.toContain(answer.unit.name);

    const withdrawn = detailOf<BadAction>(await record('censor_director', { ...valid(), region: null }));
    expect(detailOf<BadAction>(await decide('censor_director', withdrawn.id, 'withdraw')).status).toBe(
      'WITHDRAWN',
    );
    refused(await decide('control_admin', withdrawn.id, 'confirm'), 409, 'BAD_ACTION_NOT_RECORDED');
    const detail = detailOf<BadAction>(
      await api.send('GET', `${base('control_admin')}/${withdrawn.id}`, tokens.control_admin),
    );
    expect(detail.status).toBe('WITHDRAWN');
    expect(detail.can).toEqual({ withdraw: false, attach: false, confirm: false, reject: false });
  });

  it('keeps an evidence file judged by its bytes, which the authority downloads', async () => {
    const made = detailOf<BadAction>(await record('censor_admin', { ...valid(), region: null }));
    const upload = (name: string, content: Buffer) => {
      const { payload, headers } = multipartBody({}, { name, content });
      return t.app.inject({
        method: 'POST',
        url: `${base('censor_admin')}/${made.id}/evidence`,
        payload,
        headers: { ...headers, authorization: `Bearer ${tokens.censor_admin}` },
      });
    };
    refused(
      await upload('证据.pdf', Buffer.from('MZ not a pdf at all')),
      400,
      'BAD_ACTION_EVIDENCE_UNSUPPORTED',
    );
    const pdf = await testSheet();
    const attached = detailOf<BadAction>(await upload('证据.pdf', pdf));
    expect(attached.evidenceFile).toEqual({
      name: '证据.pdf',
      size: pdf.length,
      contentType: 'application/pdf',
    });
    const download = await api.send(
      'GET',
      `${base('control_admin')}/${made.id}/evidence`,
      tokens.control_admin,
    );
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    refused(
      await api.send('GET', `${base('other_control')}/${made.id}/evidence`, tokens.other_control),
      404,
      'NOT_FOUND',
    );
  });
});
