import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Building, DocFolderNode, DocVersionState, HandoverReadiness, ProjectDetail } from '@drp/domain';
import { buildings } from '../../db/schema/buildings.js';
import { demoOrgIds, detailOf, projectApi } from '../../test/project-fixture.js';
import { pdfBytes, submittedForMaterials, uploadDocFile } from '../../test/doc-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

type Refusal = { code: string; message: string; detail: HandoverReadiness };

function refused(res: LightMyRequestResponse, status: number, code: string): Refusal {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<Refusal>();
  expect(body.code, res.body).toBe(code);
  return body;
}

const USERS = ['construct_admin', 'design_admin', 'survey_admin', 'censor_admin'] as const;
type User = (typeof USERS)[number];

/**
 * Issue 17, "Hand-overs are gated by completeness": materials are neither sent nor accepted while
 * a building is a draft or misses a named unit's entry; warnings need the sender's confirmation;
 * an application accepted before the gate, with such a building, is recovered by returning it.
 */
describe('the hand-over gate', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  const tokens = {} as Record<User, string>;

  beforeAll(async () => {
    t = await createTestApp();
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    for (const user of USERS) tokens[user] = await t.signIn(user);
  });
  afterAll(() => t.close());

  const orgOf = (user: User) =>
    ({
      construct_admin: org.construct,
      design_admin: org.design,
      survey_admin: org.survey,
      censor_admin: org.censor,
    })[user]!;

  /** A submitted application whose units have committed their materials; its building is a draft. */
  async function committed(name: string) {
    const made = await submittedForMaterials(t, {
      constructToken: tokens.construct_admin,
      designToken: tokens.design_admin,
      org,
      name,
    });
    const projectId = made.project.id;
    const base = (user: User) => `/api/checkDrawings/${orgOf(user)}/${projectId}`;
    const step = (user: User, name: string, query: Record<string, string> = {}, language = 'zh-CN') =>
      t.app.inject({
        url: `${base(user)}/docRepositoryOrg/${name}`,
        query: { versionId: made.versionId, ...query },
        headers: { authorization: `Bearer ${tokens[user]}`, 'accept-language': language },
      });
    const upload = (user: User, folder: DocFolderNode, file: string) =>
      uploadDocFile(t, {
        token: tokens[user],
        orgId: orgOf(user),
        projectId,
        versionId: made.versionId,
        folderId: folder.id,
        name: file,
        body: pdfBytes(file, 3000),
      });
    await upload('design_admin', made.structure, '结构施工图.pdf');
    await upload('survey_admin', made.surveyFolder, '岩土工程勘察报告.pdf');
    detailOf(await step('design_admin', 'commitDoc', { category: 'DESIGN' }));
    detailOf(await step('survey_admin', 'commitDoc', { category: 'SURVEY' }));
    const buildingUrl = (user: User, path: string) => `${base(user)}/building/${path}`;
    return {
      ...made,
      projectId,
      step,
      state: async (user: User) => detailOf<DocVersionState>(await step(user, 'getDocVersionState')),
      status: async () =>
        detailOf<ProjectDetail>(await api.detail(tokens.construct_admin, projectId, org.construct)),
      submitBuilding: () =>
        api.send('PUT', buildingUrl('construct_admin', `submit/${made.buildingId}`), tokens.construct_admin),
      building: async (user: User) =>
        detailOf<Building>(await api.send('GET', buildingUrl(user, made.buildingId), tokens[user])),
      surveyFindings: () =>
        api.send('POST', buildingUrl('survey_admin', 'saveBuildingSurveyInfo'), tokens.survey_admin, {
          payload: {
            buildingId: made.buildingId,
            siteCategory: 'II',
            foundationType: 'PILE',
            bearingStratum: '强风化板岩',
            groundwaterDepth: null,
            liquefaction: 'NONE',
            remark: null,
          },
        }),
    };
  }

  it('refuses to send while a building is a draft or lacks a named unit’s entry, naming each, in both languages', async () => {
    const app = await committed('岳麓区第一中学扩建工程');
    const zh = refused(await app.step('construct_admin', 'confirmApplyDoc'), 409, 'HANDOVER_SEND_NOT_READY');
    expect(zh.message).toBe(
      '以下内容尚未完成，不能送审：1#住宅楼：仍是草稿，请先提交单体；1#住宅楼：勘察单位“湖南省勘测设计院有限公司”尚未填写勘察信息',
    );
    expect(zh.detail.blockers.map((b) => [b.kind, b.buildingId, b.buildingName])).toEqual([
      ['BUILDING_DRAFT', app.buildingId, '1#住宅楼'],
      ['SURVEY_FINDINGS_MISSING', app.buildingId, '1#住宅楼'],
    ]);
    const en = refused(
      await app.step('construct_admin', 'confirmApplyDoc', { confirmWarnings: 'true' }, 'en-US'),
      409,
      'HANDOVER_SEND_NOT_READY',
    );
    expect(en.message).toBe(
      'These must be completed before the materials are sent to review: 1#住宅楼: still a draft; submit the building first; 1#住宅楼: 湖南省勘测设计院有限公司 has not entered its survey findings',
    );
    // Nothing moved; the sender sees the same list before sending.
    const state = await app.state('construct_admin');
    expect(state.businessStatus).toBe('UPLOADING');
    expect(state.readiness?.blockers.map((b) => b.kind)).toEqual([
      'BUILDING_DRAFT',
      'SURVEY_FINDINGS_MISSING',
    ]);
    expect((await app.status()).status).toBe('SUBMITTED');
    // The units see no readiness: it is the sender's and the agency's question.
    expect((await app.state('design_admin')).readiness).toBeNull();
  });

  it('asks the sender to confirm the warnings, and sends only with the confirmation', async () => {
    const app = await committed('岳麓区第二中学扩建工程');
    detailOf(await app.submitBuilding());
    detailOf(await app.surveyFindings());
    const warned = refused(
      await app.step('construct_admin', 'confirmApplyDoc'),
      409,
      'HANDOVER_WARNINGS_UNCONFIRMED',
    );
    expect(warned.detail.blockers).toEqual([]);
    // A dwelling's drawings: 结构 is there; the other specialties of its use are not.
    expect(warned.detail.warnings.map((w) => [w.kind, w.specialty])).toEqual([
      ['SPECIALTY_MISSING', 'ARCHITECTURE'],
      ['SPECIALTY_MISSING', 'PLUMBING'],
      ['SPECIALTY_MISSING', 'HVAC'],
      ['SPECIALTY_MISSING', 'ELECTRICAL'],
      ['SPECIALTY_MISSING', 'ENERGY_SAVING'],
    ]);
    expect(warned.message).toContain('请确认以下提醒后再送审：1#住宅楼：缺少建筑专业的资料；');
    expect((await app.state('construct_admin')).businessStatus).toBe('UPLOADING');
    refused(
      await app.step('construct_admin', 'confirmApplyDoc', { confirmWarnings: 'yes' }),
      400,
      'VALIDATION_FAILED',
    );

    detailOf(await app.step('construct_admin', 'confirmApplyDoc', { confirmWarnings: 'true' }));
    expect((await app.status()).status).toBe('MATERIALS_SENT');
    // The agency sees the same warnings, and accepts: warnings are the sender's to confirm.
    const agency = await app.state('censor_admin');
    expect(agency.readiness?.warnings).toHaveLength(5);
    detailOf(await app.step('censor_admin', 'confirmApplyDoc'));
    expect((await app.status()).status).toBe('IN_REVIEW');
    expect((await app.state('censor_admin')).readiness).toBeNull();
  });

  it('refuses to accept materials sent before the gate with a building not ready, and lets the agency return them', async () => {
    const app = await committed('岳麓区第三中学扩建工程');
    detailOf(await app.submitBuilding());
    detailOf(await app.surveyFindings());
    detailOf(await app.step('construct_admin', 'confirmApplyDoc', { confirmWarnings: 'true' }));
    // As an application sent before the gate existed: its building still a draft.
    await t.database.db.update(buildings).set({ status: 'DRAFT' }).where(eq(buildings.id, app.buildingId));

    const refusal = refused(
      await app.step('censor_admin', 'confirmApplyDoc'),
      409,
      'HANDOVER_ACCEPT_NOT_READY',
    );
    expect(refusal.message).toBe('以下内容尚未完成，不能受理，请退回资料：1#住宅楼：仍是草稿，请先提交单体');
    expect((await app.state('censor_admin')).readiness?.blockers.map((b) => b.buildingName)).toEqual([
      '1#住宅楼',
    ]);
    detailOf(
      await app.step('censor_admin', 'supplyDoc', {
        mode: 'RETURN',
        items: JSON.stringify([{ category: 'DESIGN', reason: '1#住宅楼尚未提交，请提交后重新送审' }]),
      }),
    );
    expect((await app.status()).status).toBe('SUBMITTED');
    detailOf(await app.submitBuilding());
  });

  it('recovers an application accepted with draft buildings: the agency returns it, and the buildings can be finished', async () => {
    const app = await committed('岳麓区第四中学扩建工程');
    detailOf(await app.submitBuilding());
    detailOf(await app.surveyFindings());
    detailOf(await app.step('construct_admin', 'confirmApplyDoc', { confirmWarnings: 'true' }));
    detailOf(await app.step('censor_admin', 'confirmApplyDoc'));
    const before = await app.state('censor_admin');
    expect(before.can.return).toBe(false);
    expect(before.readiness).toBeNull();

    // The dead end of the issue: accepted while its building was a draft.
    await t.database.db.update(buildings).set({ status: 'DRAFT' }).where(eq(buildings.id, app.buildingId));
    refused(await app.submitBuilding(), 409, 'BUILDING_PROJECT_LOCKED');
    const stuck = await app.state('censor_admin');
    expect(stuck.can.return).toBe(true);
    expect(stuck.readiness?.blockers.map((b) => b.kind)).toEqual(['BUILDING_DRAFT']);
    // Only a decider returns; the construction unit sees nothing to return.
    expect((await app.state('construct_admin')).can.return).toBe(false);

    detailOf(
      await app.step('censor_admin', 'supplyDoc', {
        mode: 'RETURN',
        items: JSON.stringify([{ category: 'DESIGN', reason: '1#住宅楼仍为草稿，退回补正' }]),
      }),
    );
    const returned = await app.state('construct_admin');
    expect(returned.businessStatus).toBe('UPLOADING');
    expect(returned.acceptedAt).toBeNull();
    const project = await app.status();
    expect(project.status).toBe('SUBMITTED');

    // Now the building can be submitted and confirmed, and the round handed over again.
    detailOf(await app.submitBuilding());
    detailOf(await app.step('design_admin', 'commitDoc', { category: 'DESIGN' }));
    detailOf(await app.step('construct_admin', 'confirmApplyDoc', { confirmWarnings: 'true' }));
    detailOf(await app.step('censor_admin', 'confirmApplyDoc'));
    detailOf(
      await api.send(
        'PUT',
        `/api/checkDrawings/${org.censor}/${app.projectId}/building/confirm/${app.buildingId}`,
        tokens.censor_admin,
      ),
    );
    expect((await app.building('censor_admin')).status).toBe('CONFIRMED');
    expect((await app.status()).status).toBe('IN_REVIEW');
  });
});
