import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { AuditPage, SaveSurveyInfoRequest, SurveyInfo } from '@drp/domain';
import { DEMO_ORGS } from '../../db/seed/demo-seed.js';
import {
  applicationForm,
  demoOrgIds,
  detailOf,
  insertOrg,
  insertPerson,
  projectApi,
} from '../../test/project-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

function refused(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ code: string; message: string }>();
  expect(body.code, res.body).toBe(code);
  return body;
}

const orgName = (key: string) => DEMO_ORGS.find((o) => o.key === key)!.name;

/** A complete survey summary of a detailed investigation (详细勘察) for a high-rise residential site. */
function surveyForm(overrides: Partial<SaveSurveyInfoRequest> = {}): SaveSurveyInfoRequest {
  return {
    stage: 'DETAILED',
    importanceGrade: 'SECOND',
    siteComplexity: 'SECOND',
    groundComplexity: 'SECOND',
    surveyGrade: 'B',
    reportNo: 'KC-2026-0137',
    reportDate: '2026-03-18',
    projectLeader: '周平',
    engineerName: '李建华',
    engineerCertNo: 'AY114300892',
    explorationPoints: 86,
    totalDrilling: 3_215.4,
    groundwaterDepth: 3.2,
    adverseGeology: '场地东侧发育浅层溶洞，最大洞高 1.8m，已查明分布范围',
    conclusion: '场地稳定，适宜建设；建议采用旋挖灌注桩，以中风化泥质粉砂岩为桩端持力层。',
    ...overrides,
  };
}

const USERS = [
  'construct_admin',
  'design_admin',
  'design2_admin',
  'survey_admin',
  'multi_user',
  'censor_admin',
  'censor2_admin',
  'control_admin',
  'joint_admin',
  'sysadmin',
] as const;
type User = (typeof USERS)[number] | 'survey2_admin';

describe('survey information of a survey unit', () => {
  let t: TestApp;
  let projects: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  let survey2: string;
  const tokens = {} as Record<User, string>;
  let dicId: string;
  /** Submitted, naming the demo survey unit and survey2. */
  let projectId: string;

  const base = (orgId: string, project: string) => `/api/checkDrawings/${orgId}/${project}/surveyInfo`;
  const get = (user: User, orgId: string, project = projectId) =>
    projects.send('GET', `${base(orgId, project)}/get`, tokens[user]);
  const save = (user: User, orgId: string, body: unknown, project = projectId) =>
    projects.send('POST', `${base(orgId, project)}/save`, tokens[user], { payload: body });
  const submit = (user: User, orgId: string, id: string, project = projectId) =>
    projects.send('PUT', `${base(orgId, project)}/submit/${id}`, tokens[user]);
  const list = (user: User, orgId: string, project = projectId) =>
    projects.send('GET', `${base(orgId, project)}/getSurveyInfos`, tokens[user]);
  /** Which units' information a caller gets, and in which state (sorted: the order is the database's). */
  const listed = async (user: User, orgId: string) =>
    detailOf<SurveyInfo[]>(await list(user, orgId))
      .map((i) => [i.orgName, i.status])
      .sort(([a], [b]) => a!.localeCompare(b!));

  /** A submitted application of construct_admin with a building, naming these survey units. */
  async function newProject(surveyOrgIds: string[], options: { draft?: boolean } = {}) {
    const { id } = await projects.saved(
      tokens.construct_admin,
      applicationForm(org, dicId, { surveyOrgIds }),
    );
    if (!options.draft)
      detailOf(await projects.submitWithBuilding(tokens.construct_admin, org.construct!, id));
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    projects = projectApi(t);
    const db = t.database.db;
    org = await demoOrgIds(db);
    survey2 = await insertOrg(db, { name: '湖南省地质工程勘察院有限公司', orgType: 'SURVEY' });
    await insertPerson(db, {
      username: 'survey2_admin',
      name: '彭志勇',
      phone: '13800000099',
      orgId: survey2,
      admin: true,
      profiles: ['DATA_UPLOAD'],
    });
    for (const user of [...USERS, 'survey2_admin'] as const) tokens[user] = await t.signIn(user);
    dicId = (
      await projects.dicOf(tokens.construct_admin, org.construct!, {
        name: '岳麓区学士路安置房项目',
        regionCode: '430104',
        address: '长沙市岳麓区学士路 88 号',
      })
    ).id;
    projectId = await newProject([org.survey!, survey2]);
  });
  afterAll(() => t?.close());

  it('has none before the first save; the first save creates a draft with every field, later saves change it', async () => {
    expect(detailOf(await get('survey_admin', org.survey!))).toBeNull();
    const saved = detailOf<SurveyInfo>(await save('survey_admin', org.survey!, surveyForm()));
    const { adverseGeology, ...rest } = surveyForm();
    expect(saved).toMatchObject({
      ...rest,
      adverseGeology,
      projectId,
      orgId: org.survey,
      orgName: orgName('survey'),
      status: 'DRAFT',
      submittedAt: null,
    });
    expect(detailOf(await get('survey_admin', org.survey!))).toEqual(saved);

    const changed = detailOf<SurveyInfo>(
      await save(
        'survey_admin',
        org.survey!,
        surveyForm({ groundwaterDepth: null, adverseGeology: '  ', explorationPoints: 92 }),
      ),
    );
    expect(changed).toMatchObject({
      id: saved.id,
      groundwaterDepth: null,
      adverseGeology: null,
      explorationPoints: 92,
      status: 'DRAFT',
    });
    // multi_user works in the same survey unit and sees the same draft.
    expect(detailOf<SurveyInfo>(await get('multi_user', org.survey!)).id).toBe(saved.id);
  });

  it('lists a draft only for its own unit; the others see submitted information only', async () => {
    expect(await listed('survey_admin', org.survey!)).toEqual([[orgName('survey'), 'DRAFT']]);
    expect(await listed('survey2_admin', survey2)).toEqual([]);
    expect(await listed('construct_admin', org.construct!)).toEqual([]);
    expect(await listed('censor_admin', org.censor!)).toEqual([]);
  });

  it('refuses a survey grade that does not follow GB 50021 §3.1.4, and a report date in the future', async () => {
    const before = detailOf<SurveyInfo>(await get('survey_admin', org.survey!));
    const grade = refused(
      await save('survey_admin', org.survey!, surveyForm({ importanceGrade: 'FIRST', surveyGrade: 'B' })),
      400,
      'SURVEY_GRADE_MISMATCH',
    );
    expect(grade.message).toBe(
      '岩土工程勘察等级与工程重要性、场地和地基复杂程度等级不符（GB 50021 第3.1.4条），应为甲级',
    );
    const english = await t.app.inject({
      method: 'POST',
      url: `${base(org.survey!, projectId)}/save`,
      headers: { authorization: `Bearer ${tokens.survey_admin}`, 'accept-language': 'en-US' },
      payload: surveyForm({
        importanceGrade: 'THIRD',
        siteComplexity: 'THIRD',
        groundComplexity: 'THIRD',
        surveyGrade: 'A',
      }),
    });
    expect(english.json<{ message: string }>().message).toBe(
      'The survey grade does not follow from the importance, site and ground grades (GB 50021 §3.1.4); it should be Class C',
    );
    // An important project on simple site and ground may be 乙级 (the clause's note), or 甲级.
    for (const surveyGrade of ['A', 'B'] as const)
      detailOf(
        await save(
          'survey_admin',
          org.survey!,
          surveyForm({
            importanceGrade: 'FIRST',
            siteComplexity: 'THIRD',
            groundComplexity: 'THIRD',
            surveyGrade,
          }),
        ),
      );
    const tomorrow = new Date(Date.now() + 8 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
    const future = refused(
      await save('survey_admin', org.survey!, surveyForm({ reportDate: tomorrow })),
      400,
      'SURVEY_REPORT_DATE_FUTURE',
    );
    expect(future.message).toBe('报告完成日期不能晚于今天');
    detailOf(await save('survey_admin', org.survey!, surveyForm()));
    expect(detailOf<SurveyInfo>(await get('survey_admin', org.survey!))).toMatchObject({
      ...surveyForm(),
      id: before.id,
    });
  });

  it('refuses missing, negative and absurd values with 400 and changes nothing', async () => {
    const before = detailOf<SurveyInfo>(await get('survey_admin', org.survey!));
    const bad: Record<string, unknown>[] = [
      { groundwaterDepth: -0.5 },
      { groundwaterDepth: 350 },
      { totalDrilling: 0 },
      { totalDrilling: 5_000_000 },
      { explorationPoints: 0 },
      { explorationPoints: 2.5 },
      { explorationPoints: 1_000_000 },
      { surveyGrade: 'D' },
      { stage: 'PLANNING' },
      { reportNo: ' ' },
      { reportDate: '2026-02-30' },
      { reportDate: '1998-06-01' },
      { engineerCertNo: '注册证' },
      { projectLeader: '' },
      { conclusion: 'x'.repeat(4001) },
      { adverseGeology: 'x'.repeat(1001) },
    ];
    for (const patch of bad)
      refused(
        await save('survey_admin', org.survey!, { ...surveyForm(), ...patch }),
        400,
        'VALIDATION_FAILED',
      );
    const { conclusion: _c, ...missing } = surveyForm();
    refused(await save('survey_admin', org.survey!, missing), 400, 'VALIDATION_FAILED');
    expect(detailOf<SurveyInfo>(await get('survey_admin', org.survey!))).toEqual(before);
  });

  it('answers 404 to anyone but a survey unit named in the application, as for a missing project', async () => {
    // A design unit of the project, acting for itself in the submit area.
    refused(await get('design_admin', org.design!), 404, 'NOT_FOUND');
    refused(await save('design_admin', org.design!, surveyForm()), 404, 'NOT_FOUND');
    refused(await submit('design_admin', org.design!, '-1'), 404, 'NOT_FOUND');
    // multi_user is in the design unit too: acting for it, the survey calls are not theirs.
    refused(await get('multi_user', org.design!), 404, 'NOT_FOUND');
    // Naming an organisation one does not belong to.
    refused(await get('survey2_admin', org.survey!), 404, 'NOT_FOUND');
    // A survey unit not named in the application.
    const other = await newProject([org.survey!]);
    refused(await get('survey2_admin', survey2, other), 404, 'NOT_FOUND');
    refused(await save('survey2_admin', survey2, surveyForm(), other), 404, 'NOT_FOUND');
    refused(await list('survey2_admin', survey2, other), 404, 'NOT_FOUND');
    // A draft is not the units' yet.
    const draft = await newProject([org.survey!], { draft: true });
    refused(await get('survey_admin', org.survey!, draft), 404, 'NOT_FOUND');
    refused(await save('survey_admin', org.survey!, surveyForm(), draft), 404, 'NOT_FOUND');
    refused(await get('survey_admin', org.survey!, randomUUID()), 404, 'NOT_FOUND');
    refused(await get('survey_admin', org.survey!, 'not-a-project'), 404, 'NOT_FOUND');
    // Other areas may not call the survey unit's calls at all.
    refused(await get('construct_admin', org.construct!), 403, 'FORBIDDEN');
    expect(await listed('survey_admin', org.survey!)).toEqual([[orgName('survey'), 'DRAFT']]);
  });

  it('submits with -1 (its own) or its id; then it is read-only and the readers of the application see it', async () => {
    refused(await submit('survey2_admin', survey2, '-1'), 409, 'SURVEY_INFO_NOT_SAVED');
    const own = detailOf<SurveyInfo>(await get('survey_admin', org.survey!));
    // Another unit's id, an unknown id and a malformed one.
    refused(await submit('survey2_admin', survey2, own.id), 404, 'NOT_FOUND');
    refused(await submit('survey_admin', org.survey!, randomUUID()), 404, 'NOT_FOUND');
    refused(await submit('survey_admin', org.survey!, 'first'), 404, 'NOT_FOUND');

    const submitted = detailOf<SurveyInfo>(await submit('survey_admin', org.survey!, '-1'));
    expect(submitted).toMatchObject({ id: own.id, status: 'SUBMITTED' });
    expect(Number.isNaN(Date.parse(submitted.submittedAt!))).toBe(false);

    const locked = refused(
      await save('survey_admin', org.survey!, surveyForm()),
      409,
      'SURVEY_INFO_SUBMITTED',
    );
    expect(locked.message).toBe('勘察信息已提交，不能再修改或重复提交');
    refused(await submit('survey_admin', org.survey!, own.id), 409, 'SURVEY_INFO_SUBMITTED');
    expect(detailOf(await get('survey_admin', org.survey!))).toEqual(submitted);

    // survey2 saves a draft and submits it by its id.
    const second = detailOf<SurveyInfo>(
      await save('survey2_admin', survey2, surveyForm({ reportNo: 'DZ-2026-021', projectLeader: '彭志勇' })),
    );
    expect(await listed('survey_admin', org.survey!)).toEqual([[orgName('survey'), 'SUBMITTED']]);
    expect(await listed('survey2_admin', survey2)).toEqual(
      [
        ['湖南省地质工程勘察院有限公司', 'DRAFT'],
        [orgName('survey'), 'SUBMITTED'],
      ].sort(([a], [b]) => a!.localeCompare(b!)),
    );
    detailOf(await submit('survey2_admin', survey2, second.id));

    const both = [
      ['湖南省地质工程勘察院有限公司', 'SUBMITTED'],
      [orgName('survey'), 'SUBMITTED'],
    ].sort(([a], [b]) => a!.localeCompare(b!));
    for (const [user, orgKey] of [
      ['construct_admin', 'construct'],
      ['design_admin', 'design'],
      ['censor_admin', 'censor'],
      ['control_admin', 'control'],
      ['joint_admin', 'joint'],
      ['survey_admin', 'survey'],
    ] as const)
      expect(await listed(user, org[orgKey]!), user).toEqual(both);
    expect(detailOf<SurveyInfo[]>(await list('construct_admin', org.construct!))).toContainEqual(submitted);
    // Units and agencies the application does not name see nothing of it.
    refused(await list('design2_admin', org.design2!), 404, 'NOT_FOUND');
    refused(await list('censor2_admin', org.censor2!), 404, 'NOT_FOUND');
    refused(await list('sysadmin', org.design!), 404, 'NOT_FOUND');
  });

  it('records saves and submits in the audit trail', async () => {
    const eventsOf = async (action: string) =>
      detailOf<AuditPage>(
        await projects.send('GET', '/api/admin/audit-events', tokens.sysadmin, {
          query: { action, size: '100' },
        }),
      ).items.filter((e) => (e.detail as { projectId?: string } | null)?.projectId === projectId);
    const saves = await eventsOf('SURVEY_INFO_SAVED');
    const submits = await eventsOf('SURVEY_INFO_SUBMITTED');
    expect(submits.map((e) => e.actorUsername).sort()).toEqual(['survey2_admin', 'survey_admin']);
    expect(saves.filter((e) => e.actorUsername === 'survey_admin').length).toBeGreaterThanOrEqual(4);
    for (const e of [...saves, ...submits]) expect(e.targetType).toBe('surveyInfo');
  });
});
