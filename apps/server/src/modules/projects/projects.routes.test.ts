import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ORG_HEADER, type OrgMembersResult, type ProjectDic } from '@drp/domain';
import {
  applicationForm,
  demoOrgIds,
  insertProject,
  projectApi,
  setProject,
} from '../../test/project-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

function detailOf<T>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ code: string; detail: T }>().detail;
}

function refused(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ code: string; message: string }>();
  expect(body.code).toBe(code);
  return body;
}

/**
 * `GET /api/checkDrawings/project/isSubmitted/:projectId`: a design or survey unit opening a
 * message about an application asks whether it is still submitted (a recalled one makes the
 * message out of date). Only the parties to the project get an answer.
 */
describe('whether an application is submitted', () => {
  let t: TestApp;
  let org: Record<string, string>;
  const tokens: Record<string, string> = {};
  let submitted: string;
  let draft: string;
  let surveyOnly: string;

  const ask = (token: string | undefined, projectId: string, actingOrg?: string) =>
    t.app.inject({
      url: `/api/checkDrawings/project/isSubmitted/${encodeURIComponent(projectId)}`,
      headers: {
        ...(actingOrg ? { [ORG_HEADER]: actingOrg } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });

  beforeAll(async () => {
    t = await createTestApp();
    org = await demoOrgIds(t.database.db);
    const { db } = t.database;
    const parties = [
      { orgId: org.design!, role: 'DESIGN' as const },
      { orgId: org.survey!, role: 'SURVEY' as const },
      { orgId: org.censor!, role: 'CENSOR' as const },
    ];
    submitted = await insertProject(db, { status: 'SUBMITTED', constructOrgId: org.construct!, parties });
    draft = await insertProject(db, { status: 'DRAFT', constructOrgId: org.construct!, parties });
    surveyOnly = await insertProject(db, {
      status: 'IN_REVIEW',
      constructOrgId: org.construct2!,
      parties: [{ orgId: org.survey!, role: 'SURVEY' }],
    });
    for (const username of [
      'design_admin',
      'design_user',
      'design2_admin',
      'survey_admin',
      'construct_admin',
      'construct2_admin',
      'censor_reviewer',
      'multi_user',
      'control_admin',
      'joint_admin',
      'info_staff',
      'sysadmin',
    ])
      tokens[username] = await t.signIn(username);
  });
  afterAll(() => t?.close());

  it('answers true for a submitted application and false for a draft to the design unit taking part', async () => {
    for (const username of ['design_admin', 'design_user']) {
      expect(detailOf(await ask(tokens[username], submitted, org.design))).toBe(true);
      expect(detailOf(await ask(tokens[username], draft, org.design))).toBe(false);
    }
  });

  it('answers every party alike: the construction unit, the survey unit, the review agency', async () => {
    for (const [username, orgKey] of [
      ['construct_admin', 'construct'],
      ['survey_admin', 'survey'],
      ['censor_reviewer', 'censor'],
    ] as const) {
      expect(detailOf(await ask(tokens[username], submitted, org[orgKey])), username).toBe(true);
      expect(detailOf(await ask(tokens[username], draft, org[orgKey])), username).toBe(false);
      // Without the header the caller acts through its one qualifying membership.
      expect(detailOf(await ask(tokens[username], submitted)), username).toBe(true);
    }
    // Any status after submission counts as submitted.
    expect(detailOf(await ask(tokens.survey_admin, surveyOnly, org.survey))).toBe(true);
    expect(detailOf(await ask(tokens.construct2_admin, surveyOnly, org.construct2))).toBe(true);
  });

  it('answers 404 to a unit that takes no part, as for a project that does not exist', async () => {
    refused(await ask(tokens.design2_admin, submitted, org.design2), 404, 'NOT_FOUND');
    refused(await ask(tokens.design2_admin, draft), 404, 'NOT_FOUND');
    refused(await ask(tokens.design_admin, surveyOnly, org.design), 404, 'NOT_FOUND');
    refused(await ask(tokens.construct2_admin, submitted, org.construct2), 404, 'NOT_FOUND');
    refused(await ask(tokens.design_admin, randomUUID(), org.design), 404, 'NOT_FOUND');
  });

  it('answers for the organisation named in X-Org-Id when the caller is in two', async () => {
    // multi_user is in the design and the survey unit; only the survey unit works on surveyOnly.
    expect(detailOf(await ask(tokens.multi_user, surveyOnly, org.survey))).toBe(true);
    refused(await ask(tokens.multi_user, surveyOnly, org.design), 404, 'NOT_FOUND');
  });

  it('answers 404 when the caller names an organisation it is not in', async () => {
    refused(await ask(tokens.design2_admin, submitted, org.design), 404, 'NOT_FOUND');
    refused(await ask(tokens.sysadmin, submitted, org.design), 404, 'NOT_FOUND');
  });

  it('refuses with 403 those whose organisations work in none of the three areas', async () => {
    for (const username of ['control_admin', 'joint_admin', 'info_staff', 'sysadmin'])
      refused(await ask(tokens[username], submitted), 403, 'FORBIDDEN');
    refused(await ask(tokens.control_admin, submitted, org.control), 403, 'FORBIDDEN');
  });

  it('refuses with 403 a member of a taking-part unit who lacks the upload profile', async () => {
    const members = detailOf<OrgMembersResult>(
      await t.app.inject({
        url: `/api/admin/orgs/${org.design}/members`,
        headers: { authorization: `Bearer ${tokens.design_admin}` },
      }),
    ).members;
    const designUser = members.find((m) => m.username === 'design_user')!;
    const setProfiles = async (profiles: string[]) =>
      detailOf(
        await t.app.inject({
          method: 'PUT',
          url: `/api/admin/orgs/${org.design}/members/${designUser.id}`,
          headers: { authorization: `Bearer ${tokens.design_admin}` },
          payload: { profiles },
        }),
      );
    await setProfiles([]);
    try {
      refused(await ask(tokens.design_user, submitted, org.design), 403, 'FORBIDDEN');
      refused(await ask(tokens.design_user, submitted), 403, 'FORBIDDEN');
    } finally {
      await setProfiles(['DATA_UPLOAD']);
    }
    expect(detailOf(await ask(tokens.design_user, submitted, org.design))).toBe(true);
  });

  it('answers a malformed project id 404 like a missing one, and anonymous callers 401', async () => {
    refused(await ask(tokens.design_admin, 'not-a-uuid', org.design), 404, 'NOT_FOUND');
    refused(await ask(undefined, submitted), 401, 'UNAUTHORIZED');
    refused(await ask(undefined, submitted, org.design), 401, 'UNAUTHORIZED');
  });
});

const HOUR = 3_600_000;
/** The calendar year in China (UTC+8), where every application is made. */
const chinaYear = (ms: number) => new Date(ms + 8 * HOUR).getUTCFullYear();

/**
 * Project masters (工程项目, `/api/checkDrawings/{orgId}/projectDic/*`): a construction unit
 * registers a project once and hangs its review applications (first and changes) under it.
 */
describe('project masters', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  const tokens: Record<string, string> = {};
  const master = {
    name: '梅溪湖国际文化艺术中心二期',
    regionCode: '430104',
    address: '长沙市岳麓区梅溪湖路 1 号',
  };

  /** The construction unit's masters, by name, as its back office lists them. */
  const mastersOf = async (username: string, orgKey: string, query: object = {}) =>
    detailOf<ProjectDic[]>(await api.queryDics(tokens[username]!, org[orgKey]!, query));

  beforeAll(async () => {
    t = await createTestApp();
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    for (const username of ['construct_admin', 'construct2_admin', 'design_admin', 'sysadmin'])
      tokens[username] = await t.signIn(username);
  });
  afterAll(() => t?.close());

  it('registers a master with its region spelled out and lists it for its own organisation only', async () => {
    const added = detailOf<ProjectDic>(await api.addDic(tokens.construct_admin!, org.construct!, master));
    expect(added).toMatchObject({
      orgId: org.construct,
      name: master.name,
      regionCode: '430104',
      region: '湖南省/长沙市/岳麓区',
      address: master.address,
      applications: 0,
      passed: false,
    });
    expect((await mastersOf('construct_admin', 'construct')).map((d) => d.id)).toContain(added.id);
    expect(await mastersOf('construct2_admin', 'construct2')).toEqual([]);
  });

  it('finds masters by part of the name, newest first', async () => {
    const first = await api.dicOf(tokens.construct_admin!, org.construct!, {
      ...master,
      name: '岳麓区洋湖再生水厂扩建工程',
    });
    const second = await api.dicOf(tokens.construct_admin!, org.construct!, {
      ...master,
      name: '岳麓区洋湖湿地公园配套用房',
    });
    expect((await mastersOf('construct_admin', 'construct', { name: '洋湖' })).map((d) => d.id)).toEqual([
      second.id,
      first.id,
    ]);
    expect((await mastersOf('construct_admin', 'construct', { name: '再生水' })).map((d) => d.id)).toEqual([
      first.id,
    ]);
    expect(await mastersOf('construct_admin', 'construct', { name: '不存在的项目' })).toEqual([]);
    // LIKE wildcards are taken literally.
    expect(await mastersOf('construct_admin', 'construct', { name: '%' })).toEqual([]);
  });

  it('changes a master’s name, region and address', async () => {
    const dic = await api.dicOf(tokens.construct_admin!, org.construct!, {
      ...master,
      name: '岳阳楼区南湖新城安置小区',
    });
    const changed = detailOf<ProjectDic>(
      await api.updateDic(tokens.construct_admin!, org.construct!, {
        id: dic.id,
        name: '岳阳楼区南湖新城安置小区（二期）',
        regionCode: '430602',
        address: '岳阳市岳阳楼区南湖大道 66 号',
      }),
    );
    expect(changed).toMatchObject({
      id: dic.id,
      name: '岳阳楼区南湖新城安置小区（二期）',
      regionCode: '430602',
      region: '湖南省/岳阳市/岳阳楼区',
      address: '岳阳市岳阳楼区南湖大道 66 号',
    });
    const listed = (await mastersOf('construct_admin', 'construct')).find((d) => d.id === dic.id);
    expect(listed).toMatchObject({ name: '岳阳楼区南湖新城安置小区（二期）', regionCode: '430602' });
  });

  it('refuses an incomplete or wrong master with 400 and saves nothing', async () => {
    const before = await mastersOf('construct_admin', 'construct');
    for (const body of [
      { ...master, name: '梅' },
      { ...master, name: '   ' },
      { ...master, regionCode: '999999' },
      { ...master, regionCode: '' },
      { name: master.name, regionCode: master.regionCode },
      { ...master, address: 'x'.repeat(201) },
    ])
      refused(await api.addDic(tokens.construct_admin!, org.construct!, body), 400, 'VALIDATION_FAILED');
    const dic = before[0]!;
    refused(
      await api.updateDic(tokens.construct_admin!, org.construct!, {
        id: dic.id,
        ...master,
        regionCode: '12',
      }),
      400,
      'VALIDATION_FAILED',
    );
    refused(
      await api.updateDic(tokens.construct_admin!, org.construct!, { ...master, id: 'not-a-master-id' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(await mastersOf('construct_admin', 'construct')).toEqual(before);
  });

  it('answers another construction unit 404 for a master that is not its own, and changes nothing', async () => {
    const dic = await api.dicOf(tokens.construct_admin!, org.construct!, {
      ...master,
      name: '不容他人动的项目',
    });
    // Under its own organisation in the path: the master is not there.
    refused(
      await api.updateDic(tokens.construct2_admin!, org.construct2!, {
        id: dic.id,
        ...master,
        name: '被改了',
      }),
      404,
      'NOT_FOUND',
    );
    refused(await api.deleteDic(tokens.construct2_admin!, org.construct2!, dic.id), 404, 'NOT_FOUND');
    // Acting for an organisation it is not in: 404 before anything is read.
    refused(await api.queryDics(tokens.construct2_admin!, org.construct!), 404, 'NOT_FOUND');
    refused(await api.addDic(tokens.construct2_admin!, org.construct!, master), 404, 'NOT_FOUND');
    refused(
      await api.updateDic(tokens.construct2_admin!, org.construct!, {
        id: dic.id,
        ...master,
        name: '被改了',
      }),
      404,
      'NOT_FOUND',
    );
    refused(await api.deleteDic(tokens.construct2_admin!, org.construct!, dic.id), 404, 'NOT_FOUND');
    // Nor may it file an application under someone else's master.
    refused(await api.add(tokens.construct2_admin!, applicationForm(org, dic.id)), 404, 'NOT_FOUND');
    expect((await mastersOf('construct_admin', 'construct')).find((d) => d.id === dic.id)).toMatchObject({
      name: '不容他人动的项目',
      applications: 0,
    });
  });

  it('is the construction unit’s alone: a design unit gets 403 for its own org, 404 for the construction unit', async () => {
    refused(await api.queryDics(tokens.design_admin!, org.design!), 403, 'FORBIDDEN');
    refused(await api.addDic(tokens.design_admin!, org.design!, master), 403, 'FORBIDDEN');
    refused(await api.queryDics(tokens.design_admin!, org.construct!), 404, 'NOT_FOUND');
    refused(await api.queryDics(tokens.sysadmin!, org.construct!), 404, 'NOT_FOUND');
  });

  it('deletes a master without applications, and refuses 409 PROJECT_DIC_IN_USE while one exists', async () => {
    const unused = await api.dicOf(tokens.construct_admin!, org.construct!, {
      ...master,
      name: '没有报审的项目',
    });
    detailOf(await api.deleteDic(tokens.construct_admin!, org.construct!, unused.id));
    expect((await mastersOf('construct_admin', 'construct')).map((d) => d.id)).not.toContain(unused.id);
    refused(await api.deleteDic(tokens.construct_admin!, org.construct!, unused.id), 404, 'NOT_FOUND');

    const used = await api.dicOf(tokens.construct_admin!, org.construct!, {
      ...master,
      name: '已有报审的项目',
    });
    const application = await api.saved(tokens.construct_admin!, applicationForm(org, used.id));
    const body = refused(
      await api.deleteDic(tokens.construct_admin!, org.construct!, used.id),
      409,
      'PROJECT_DIC_IN_USE',
    );
    expect(body.message).toBe('该工程项目下已有报审，不能删除');
    expect((await mastersOf('construct_admin', 'construct')).find((d) => d.id === used.id)).toMatchObject({
      applications: 1,
    });
    // Once the draft is deleted, the master may go too.
    detailOf(await api.remove(tokens.construct_admin!, application.id));
    detailOf(await api.deleteDic(tokens.construct_admin!, org.construct!, used.id));
    expect((await mastersOf('construct_admin', 'construct')).map((d) => d.id)).not.toContain(used.id);
  });

  it('lists for a change (isAlter) only the masters with an application that passed review', async () => {
    const { db } = t.database;
    const names = ['变更-未报审', '变更-审查中', '变更-已合格', '变更-已备案', '变更-合格后再报'] as const;
    const dics: Record<string, ProjectDic> = {};
    for (const name of names)
      dics[name] = await api.dicOf(tokens.construct2_admin!, org.construct2!, { ...master, name });
    const applyUnder = async (name: string, status: 'SUBMITTED' | 'PASSED' | 'FILED' | 'DRAFT') => {
      const { id } = await api.saved(tokens.construct2_admin!, applicationForm(org, dics[name]!.id));
      await setProject(db, id, { status });
    };
    await applyUnder('变更-审查中', 'SUBMITTED');
    await applyUnder('变更-已合格', 'PASSED');
    await applyUnder('变更-已备案', 'FILED');
    await applyUnder('变更-合格后再报', 'PASSED');
    await applyUnder('变更-合格后再报', 'DRAFT');

    const all = await mastersOf('construct2_admin', 'construct2');
    const byName = Object.fromEntries(
      all.map((d) => [d.name, { applications: d.applications, passed: d.passed }]),
    );
    expect(byName).toEqual({
      '变更-未报审': { applications: 0, passed: false },
      '变更-审查中': { applications: 1, passed: false },
      '变更-已合格': { applications: 1, passed: true },
      '变更-已备案': { applications: 1, passed: true },
      '变更-合格后再报': { applications: 2, passed: true },
    });
    const forChange = await mastersOf('construct2_admin', 'construct2', { isAlter: true });
    expect(forChange.map((d) => d.name).sort()).toEqual(
      ['变更-合格后再报', '变更-已合格', '变更-已备案'].sort(),
    );
    expect(await mastersOf('construct2_admin', 'construct2', { isAlter: true, name: '备案' })).toHaveLength(
      1,
    );
    // isAlter: false is the full list.
    expect(await mastersOf('construct2_admin', 'construct2', { isAlter: false })).toHaveLength(5);

    // Renaming a passed master keeps what the list says about it.
    const renamed = detailOf<ProjectDic>(
      await api.updateDic(tokens.construct2_admin!, org.construct2!, {
        id: dics['变更-已合格']!.id,
        ...master,
        name: '变更-已合格（更名）',
      }),
    );
    expect(renamed).toMatchObject({ applications: 1, passed: true });
  });
});

/**
 * Project codes (项目编号): region, year in China and a running number per region and year.
 * `getProjectCode` previews the code the next saved application would get; saving assigns it.
 */
describe('project codes', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  let token: string;
  let dicId: string;
  const year = () => chinaYear(Date.now());

  const preview = async (regionCode: string) => detailOf<string>(await api.previewCode(token, regionCode));

  beforeAll(async () => {
    t = await createTestApp();
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    token = await t.signIn('construct_admin');
    dicId = (
      await api.dicOf(token, org.construct!, {
        name: '岳麓区学士路安置房项目',
        regionCode: '430104',
        address: '长沙市岳麓区学士路 88 号',
      })
    ).id;
  });
  afterAll(() => t?.close());

  it('previews the code the next application gets, without using it up', async () => {
    expect(await preview('430104')).toBe(`430104-${year()}-0001`);
    expect(await preview('430104')).toBe(`430104-${year()}-0001`);
    const saved = await api.saved(token, applicationForm(org, dicId));
    expect(saved.code).toBe(`430104-${year()}-0001`);
    expect((await api.shown(token, saved.id)).code).toBe(saved.code);
    expect(await preview('430104')).toBe(`430104-${year()}-0002`);
  });

  it('gives two applications in one region consecutive codes, and counts each region apart', async () => {
    const next = await preview('430104');
    const a = await api.saved(token, applicationForm(org, dicId));
    const b = await api.saved(token, applicationForm(org, dicId));
    expect(a.code).toBe(next);
    const n = Number(a.code.slice(-4));
    expect(b.code).toBe(`430104-${year()}-${String(n + 1).padStart(4, '0')}`);

    expect(await preview('430602')).toBe(`430602-${year()}-0001`);
    const yueyang = await api.saved(token, applicationForm(org, dicId, { regionCode: '430602' }));
    expect(yueyang.code).toBe(`430602-${year()}-0001`);
    expect(await preview('430104')).toBe(`430104-${year()}-${String(n + 2).padStart(4, '0')}`);
  });

  it('never hands one code out twice, even to saves at the same moment', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => api.add(token, applicationForm(org, dicId, { regionCode: '430111' }))),
    );
    const codes = answers.map((res) => detailOf<{ code: string }>(res).code).sort();
    expect(codes).toEqual([1, 2, 3, 4].map((n) => `430111-${year()}-000${n}`));
  });

  it('uses up no number on a refused save', async () => {
    const next = await preview('430104');
    refused(
      await api.add(token, applicationForm(org, dicId, { designOrgIds: [org.survey!] })),
      400,
      'PARTY_WRONG_TYPE',
    );
    refused(await api.add(token, applicationForm(org, randomUUID())), 404, 'NOT_FOUND');
    refused(await api.add(token, applicationForm(org, dicId, { totalArea: -1 })), 400, 'VALIDATION_FAILED');
    expect(await preview('430104')).toBe(next);
    expect((await api.saved(token, applicationForm(org, dicId))).code).toBe(next);
  });

  it('refuses a preview for a region code that does not exist', async () => {
    for (const regionCode of ['999999', '4301', 'abcdef'])
      refused(await api.previewCode(token, regionCode), 400, 'VALIDATION_FAILED');
  });

  it('starts the new year’s numbers at midnight in China, not in UTC', async () => {
    // 00:30 on 1 January in Changsha is still 31 December in UTC.
    const newYear = chinaYear(Date.now()) + 1;
    t.advance(Date.UTC(newYear - 1, 11, 31, 16, 30) - Date.now());
    token = await t.signIn('construct_admin');
    expect(await preview('430104')).toBe(`430104-${newYear}-0001`);
    expect((await api.saved(token, applicationForm(org, dicId))).code).toBe(`430104-${newYear}-0001`);
  });
});
