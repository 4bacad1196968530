import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessagePage, ProjectNotice, ProjectNoticeList } from '@drp/domain';
import { messages } from '../../db/schema/messages.js';
import { pdfBytes, readyForHandOver, submittedForMaterials, uploadDocFile } from '../../test/doc-fixture.js';
import { demoOrgIds, detailOf, projectApi } from '../../test/project-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

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
] as const;
type User = (typeof USERS)[number];

describe('the project’s notices: what the agency sent about an application, and who read it when', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  const tokens = {} as Record<User, string>;
  let projectId: string;

  const orgOf = (user: User) =>
    ({
      construct_admin: org.construct,
      design_admin: org.design,
      survey_admin: org.survey,
      censor_admin: org.censor,
      censor_director: org.censor,
      censor2_admin: org.censor2,
      control_admin: org.control,
    })[user]!;
  const base = (user: User) => `/api/checkDrawings/${orgOf(user)}/${projectId}/notifications`;
  const notices = async (user: User) =>
    detailOf<ProjectNoticeList>(await api.send('GET', base(user), tokens[user])).items;

  beforeAll(async () => {
    t = await createTestApp();
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    for (const user of USERS) tokens[user] = await t.signIn(user);
    const app = await submittedForMaterials(t, {
      constructToken: tokens.construct_admin,
      designToken: tokens.design_admin,
      org,
      name: '岳麓区通知测试住宅',
    });
    projectId = app.project.id;
    await readyForHandOver(t, {
      constructToken: tokens.construct_admin,
      surveyToken: tokens.survey_admin,
      org,
      projectId,
      buildingId: app.buildingId,
    });
    for (const [user, folderId] of [
      ['design_admin', app.structure.id],
      ['survey_admin', app.surveyFolder.id],
    ] as const)
      await uploadDocFile(t, {
        token: tokens[user],
        orgId: orgOf(user),
        projectId,
        versionId: app.versionId,
        folderId,
        name: `${user}.pdf`,
        body: pdfBytes(user),
      });
    const step = (user: User, name: string, query: Record<string, string>) =>
      api.send(
        'GET',
        `/api/checkDrawings/${orgOf(user)}/${projectId}/docRepositoryOrg/${name}`,
        tokens[user],
        {
          query: { versionId: app.versionId, ...query },
        },
      );
    detailOf(await step('design_admin', 'commitDoc', { category: 'DESIGN' }));
    detailOf(await step('survey_admin', 'commitDoc', { category: 'SURVEY' }));
    detailOf(await step('construct_admin', 'confirmApplyDoc', { confirmWarnings: 'true' }));
    detailOf(await step('censor_admin', 'confirmApplyDoc', {}));
  });

  afterAll(() => t.close());

  it('lists the acceptance notice with its receivers, unread until a person opens it, then who read it when', async () => {
    const sent = await notices('censor_director');
    // Only what the agency sent: not the construction unit's sending nor the units' commits.
    expect(sent.map((n) => n.type)).toEqual(['CENSOR_MATERIAL_ACCEPT']);
    const accepted = sent[0]!;
    expect(accepted.typeName).toBe('审查机构受理资料');
    expect(accepted.content).toBe(
      '湖南省建设工程施工图审查中心有限公司已受理项目「长沙市岳麓区学士路安置房项目（一期）」的资料，审查开始。',
    );
    expect(accepted.receivers.map((r) => [r.orgId, r.reads])).toEqual(
      expect.arrayContaining([
        [org.construct, []],
        [org.design, []],
        [org.survey, []],
      ]),
    );
    expect(accepted.receivers).toHaveLength(3);

    const designCopy = detailOf<MessagePage>(
      await api.send('GET', '/api/message/messages', tokens.design_admin, {
        query: { projectId, messageTypes: 'CENSOR_MATERIAL_ACCEPT' },
      }),
    ).items[0]!;
    detailOf(
      await api.send('PUT', `/api/message/messageReceivers/${designCopy.id}/read`, tokens.design_admin),
    );

    const one = detailOf<ProjectNotice>(
      await api.send('GET', `${base('censor_admin')}/${accepted.id}`, tokens.censor_admin),
    );
    const design = one.receivers.find((r) => r.orgId === org.design)!;
    expect(design.orgName).toBe('湖南省建筑设计院集团股份有限公司');
    expect(design.reads).toHaveLength(1);
    expect(design.reads[0]!.name).not.toBe('');
    expect(Date.parse(design.reads[0]!.readAt)).not.toBeNaN();
    expect(one.receivers.find((r) => r.orgId === org.construct)!.reads).toEqual([]);
  });

  it('answers the agency’s people only', async () => {
    refused(await api.send('GET', base('censor2_admin'), tokens.censor2_admin), 404, 'NOT_FOUND');
    refused(await api.send('GET', base('design_admin'), tokens.design_admin), 403, 'FORBIDDEN');
    refused(await api.send('GET', base('control_admin'), tokens.control_admin), 403, 'FORBIDDEN');
    // A message of the application the agency did not send (the construction unit's sending) is
    // as missing as one that does not exist.
    const [theirs] = await t.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.projectId, projectId), eq(messages.type, 'CONSTRUCT_MATERIAL_SUBMIT')));
    refused(
      await api.send('GET', `${base('censor_admin')}/${theirs!.id}`, tokens.censor_admin),
      404,
      'NOT_FOUND',
    );
  });
});
