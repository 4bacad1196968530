import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type {
  DocFeedback,
  DocFolderNode,
  DocVersion,
  DocVersionState,
  MessagePage,
  ProjectDetail,
} from '@drp/domain';
import { demoOrgIds, detailOf, projectApi } from '../../test/project-fixture.js';
import { pdfBytes, readyForHandOver, submittedForMaterials, uploadDocFile } from '../../test/doc-fixture.js';
import { FILE_STORES, createDriverTestApp, type DriverTestApp } from '../../test/driver-test-app.js';

function refused(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ code: string }>().code, res.body).toBe(code);
  return res.json<{ message: string }>().message;
}

const USERS = [
  'construct_admin',
  'design_admin',
  'survey_admin',
  'censor_admin',
  'censor_reviewer',
  'design2_admin',
  'control_admin',
] as const;
type User = (typeof USERS)[number];

describe.each(FILE_STORES)('handing over a version: commit, send, return, accept ($driver)', ({ driver }) => {
  let t: DriverTestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  const tokens = {} as Record<User, string>;
  let projectId: string;
  let versionId: string;
  let structure: DocFolderNode;
  let surveyFolder: DocFolderNode;

  const orgOf = (user: User) =>
    ({
      construct_admin: org.construct,
      design_admin: org.design,
      survey_admin: org.survey,
      censor_admin: org.censor,
      censor_reviewer: org.censor,
      design2_admin: org.design2,
      control_admin: org.control,
    })[user]!;
  const base = (user: User) => `/api/checkDrawings/${orgOf(user)}/${projectId}`;
  const step = (user: User, name: string, query: Record<string, string>) =>
    api.send('GET', `${base(user)}/docRepositoryOrg/${name}`, tokens[user], {
      query: { versionId, ...query },
    });
  const commit = (user: User, category: string) => step(user, 'commitDoc', { category });
  // The construction unit has read the readiness warnings (the gate's own tests are below).
  const confirm = (user: User) =>
    step(user, 'confirmApplyDoc', user === 'construct_admin' ? { confirmWarnings: 'true' } : {});
  const supply = (user: User, mode: string, items: unknown[]) =>
    step(user, 'supplyDoc', { mode, items: JSON.stringify(items) });
  const state = async (user: User) => detailOf<DocVersionState>(await step(user, 'getDocVersionState', {}));
  const feedback = async (user: User) =>
    detailOf<DocFeedback[]>(
      await api.send('POST', `${base(user)}/docRepositoryFeedback/query`, tokens[user], {
        payload: { versionId },
      }),
    );
  const status = async () =>
    detailOf<ProjectDetail>(await api.detail(tokens.construct_admin, projectId, org.construct)).status;
  const addFolder = (user: User, parentId: string, name: string) =>
    api.send('POST', `${base(user)}/docRepository/saveFolder`, tokens[user], {
      payload: { versionId, parentId, name },
    });
  /** Uploads and saves one PDF into a folder as the user. */
  const uploadInto = (user: User, folderId: string, name: string) =>
    uploadDocFile(t, {
      token: tokens[user],
      orgId: orgOf(user),
      projectId,
      versionId,
      folderId,
      name,
      body: pdfBytes(name, 5000),
    });
  const messages = async (user: User, type: string) =>
    detailOf<MessagePage>(
      await api.send('GET', '/api/message/messages', tokens[user], { query: { messageTypes: type } }),
    ).items.filter((m) => m.projectId === projectId);

  beforeAll(async () => {
    t = await createDriverTestApp(driver);
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    for (const user of USERS) tokens[user] = await t.signIn(user);
    let buildingId: string;
    ({
      versionId,
      structure,
      surveyFolder,
      buildingId,
      project: { id: projectId },
    } = await submittedForMaterials(t, {
      constructToken: tokens.construct_admin,
      designToken: tokens.design_admin,
      org,
      name: '湘江新区人才公寓',
    }));
    await readyForHandOver(t, {
      constructToken: tokens.construct_admin,
      surveyToken: tokens.survey_admin,
      org,
      projectId,
      buildingId,
    });
  });

  afterAll(async () => {
    await t.close();
  });

  it('lets a unit commit only what it uploaded, then keeps its folders from it', async () => {
    const before = await state('design_admin');
    expect(before.units.map((u) => [u.category, u.committed, u.fileCount])).toEqual(
      expect.arrayContaining([
        ['DESIGN', false, 0],
        ['SURVEY', false, 0],
      ]),
    );
    expect(before.can).toEqual({
      commit: [],
      send: false,
      accept: false,
      supply: false,
      return: false,
      remind: false,
    });
    refused(await commit('design_admin', 'DESIGN'), 409, 'DOC_NOTHING_TO_COMMIT');
    await uploadInto('design_admin', structure.id, '结构设计总说明.pdf');
    expect((await state('design_admin')).can.commit).toEqual(['DESIGN']);
    refused(await commit('design_admin', 'SURVEY'), 403, 'DOC_FOLDER_NOT_YOURS');
    detailOf(await commit('design_admin', 'DESIGN'));
    refused(await commit('design_admin', 'DESIGN'), 409, 'DOC_ALREADY_COMMITTED');
    refused(await addFolder('design_admin', structure.id, '补充'), 409, 'DOC_ALREADY_COMMITTED');
    expect((await messages('construct_admin', 'DESIGN_MATERIAL_COMMIT')).map((m) => m.content)).toEqual([
      '湖南省建筑设计院集团股份有限公司已提交项目「长沙市岳麓区学士路安置房项目（一期）」的施工图，请确认后送审。',
    ]);
  });

  it('sends to review only when every unit has committed, and the agency only then may accept', async () => {
    const message = refused(await confirm('construct_admin'), 409, 'DOC_UNITS_NOT_COMMITTED');
    expect(message).toBe('以下单位尚未提交资料：湖南省勘测设计院有限公司');
    refused(await confirm('censor_admin'), 409, 'DOC_NOT_SENT');
    await uploadInto('survey_admin', surveyFolder.id, '岩土工程勘察报告.pdf');
    detailOf(await commit('survey_admin', 'SURVEY'));
    expect((await state('construct_admin')).can.send).toBe(true);
    detailOf(await confirm('construct_admin'));
    expect((await state('construct_admin')).businessStatus).toBe('SUBMITTED');
    expect(await status()).toBe('MATERIALS_SENT');
    refused(await confirm('construct_admin'), 409, 'DOC_VERSION_LOCKED');
    expect(await messages('censor_admin', 'CONSTRUCT_MATERIAL_SUBMIT')).toHaveLength(1);
    // A normal reviewer neither accepts nor returns: before acceptance no mission can be theirs,
    // so the application is not even theirs to see (issue 19).
    refused(await confirm('censor_reviewer'), 404, 'NOT_FOUND');
    refused(
      await supply('censor_reviewer', 'RETURN', [{ category: 'DESIGN', reason: '缺图' }]),
      404,
      'NOT_FOUND',
    );
    expect((await state('censor_admin')).can).toMatchObject({
      accept: true,
      supply: true,
      return: true,
      remind: true,
    });
  });

  it('returns the version with reasons per folder: open again, every unit commits anew', async () => {
    refused(await supply('censor_admin', 'RETURN', []), 400, 'VALIDATION_FAILED');
    refused(
      await supply('censor_admin', 'RETURN', [{ category: 'SURVEY', folderId: structure.id, reason: '错' }]),
      404,
      'NOT_FOUND',
    );
    detailOf(
      await supply('censor_admin', 'RETURN', [
        { category: 'DESIGN', folderId: structure.id, reason: '缺少结构计算书' },
        { category: 'SURVEY', reason: '勘察报告未盖出图章' },
      ]),
    );
    const after = await state('design_admin');
    expect(after.businessStatus).toBe('UPLOADING');
    expect(after.units.every((u) => !u.committed)).toBe(true);
    expect(after.feedbackCount).toBe(2);
    expect(await status()).toBe('SUBMITTED');
    expect((await feedback('design_admin')).map((f) => [f.kind, f.folderPath, f.reason, f.orgName])).toEqual([
      ['RETURN', '1#住宅楼 / 结构', '缺少结构计算书', '湖南省建设工程施工图审查中心有限公司'],
      ['RETURN', null, '勘察报告未盖出图章', '湖南省建设工程施工图审查中心有限公司'],
    ]);
    const told = await messages('design_admin', 'CENSOR_MATERIAL_REJECT');
    expect(told[0]!.content).toContain('1#住宅楼 / 结构：缺少结构计算书');
    // The units can change their materials again.
    detailOf(await addFolder('design_admin', structure.id, '计算书'));
  });

  it('reminds of missing materials without changing anything else', async () => {
    detailOf(await supply('censor_admin', 'REMIND', [{ category: 'DESIGN', reason: '请补充节能计算书' }]));
    expect((await state('design_admin')).businessStatus).toBe('UPLOADING');
    expect((await messages('survey_admin', 'CENSOR_ABSENCE_REMIND'))[0]!.content).toContain(
      '请补充节能计算书',
    );
  });

  it('a return about the drawings alone leaves the survey documents handed over', async () => {
    detailOf(await commit('design_admin', 'DESIGN'));
    detailOf(await commit('survey_admin', 'SURVEY'));
    detailOf(await confirm('construct_admin'));
    detailOf(await supply('censor_admin', 'RETURN', [{ category: 'DESIGN', reason: '图签缺少注册章' }]));
    const units = (await state('construct_admin')).units;
    expect(units.map((u) => [u.category, u.committed])).toEqual(
      expect.arrayContaining([
        ['DESIGN', false],
        ['SURVEY', true],
      ]),
    );
    refused(await commit('survey_admin', 'SURVEY'), 409, 'DOC_ALREADY_COMMITTED');
  });

  it('accepts the resent version: in review, read-only, no recall', async () => {
    detailOf(await commit('design_admin', 'DESIGN'));
    detailOf(await confirm('construct_admin'));
    detailOf(await confirm('censor_admin'));
    const accepted = await state('censor_admin');
    expect(accepted.businessStatus).toBe('REVIEW');
    expect(accepted.acceptedAt).not.toBeNull();
    expect(await status()).toBe('IN_REVIEW');
    expect(
      detailOf<DocVersion[]>(
        await api.send('GET', `${base('censor_admin')}/docRepositoryVersion/listAll`, tokens.censor_admin, {
          query: { businessStatus: 'REVIEW' },
        }),
      ).map((v) => v.id),
    ).toEqual([versionId]);
    refused(await addFolder('survey_admin', surveyFolder.id, '补充'), 409, 'DOC_VERSION_LOCKED');
    refused(
      await supply('censor_admin', 'RETURN', [{ category: 'DESIGN', reason: '晚了' }]),
      409,
      'DOC_NOT_SENT',
    );
    refused(await api.revoke(tokens.construct_admin, projectId), 409, 'PROJECT_ALREADY_ACCEPTED');
    expect(await messages('design_admin', 'CENSOR_MATERIAL_ACCEPT')).toHaveLength(1);
  });

  it('answers 404 to a unit the application does not name, and lets authorities read the state', async () => {
    refused(await step('design2_admin', 'getDocVersionState', {}), 404, 'NOT_FOUND');
    refused(await commit('design2_admin', 'DESIGN'), 404, 'NOT_FOUND');
    expect((await state('control_admin')).businessStatus).toBe('REVIEW');
    expect((await state('control_admin')).can).toEqual({
      commit: [],
      send: false,
      accept: false,
      supply: false,
      return: false,
      remind: false,
    });
  });
});
