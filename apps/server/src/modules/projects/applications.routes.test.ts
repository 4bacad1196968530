import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type {
  AuditPage,
  MessagePage,
  MessageType,
  ProjectDetail,
  ProjectForm,
  ProjectSummary,
} from '@drp/domain';
import { DEMO_ORGS } from '../../db/seed/demo-seed.js';
import {
  applicationForm,
  demoOrgIds,
  detailOf,
  insertOrg,
  projectApi,
  setProject,
} from '../../test/project-fixture.js';
import { createTestApp } from '../../test/test-app.js';

const orgName = (key: string) => DEMO_ORGS.find((o) => o.key === key)!.name;
const byOrgName = (a: { orgName: string }, b: { orgName: string }) => a.orgName.localeCompare(b.orgName);

interface Refusal {
  code: string;
  message: string;
  detail?: { fields?: { field?: string; message: string }[] };
}

/** Asserts a refusal in the envelope and returns it. */
function refused(res: LightMyRequestResponse, status: number, code: string): Refusal {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<Refusal>();
  expect(body.code, res.body).toBe(code);
  expect(typeof body.message).toBe('string');
  return body;
}

/** A test app with the demo data, signed in as the given people, and one project master of construct_admin's. */
async function setUp(usernames: readonly string[]) {
  const t = await createTestApp();
  const api = projectApi(t);
  const org = await demoOrgIds(t.database.db);
  const tokens: Record<string, string> = {};
  for (const username of ['construct_admin', ...usernames]) tokens[username] = await t.signIn(username);
  const dic = await api.dicOf(tokens.construct_admin!, org.construct!, {
    name: '长沙市岳麓区学士路安置房项目',
    regionCode: '430104',
    address: '长沙市岳麓区学士街道学士路 88 号',
  });
  /** The messages of one type about one project that the caller's organisations received. */
  const messagesAbout = async (username: string, projectId: string, type: MessageType) => {
    const page = detailOf<MessagePage>(
      await api.send('GET', '/api/message/messages', tokens[username], { query: { messageTypes: type } }),
    );
    return page.items.filter((m) => m.projectId === projectId);
  };
  /** Ids in the caller's first page of `pagelist` (pageSize 100). */
  const listedIds = async (username: string, path: 'pagelist' | 'search' = 'pagelist') =>
    (await api.page(tokens[username]!, path, { pageSize: 100 })).items.map((p) => p.id);
  return { t, api, org, tokens, dicId: dic.id, messagesAbout, listedIds };
}

type Setup = Awaited<ReturnType<typeof setUp>>;

describe('saving a draft application', () => {
  let s: Setup;
  let form: ProjectForm;
  const owner = () => s.tokens.construct_admin!;

  beforeAll(async () => {
    s = await setUp(['design_admin', 'design2_admin', 'censor2_admin', 'construct2_admin']);
    form = applicationForm(s.org, s.dicId, {
      designOrgIds: [s.org.design!, s.org.design2!],
    });
  });
  afterAll(() => s?.t.close());

  /** What the construction unit's list says: how many applications it has. */
  const ownTotal = async () => (await s.api.page(owner(), 'pagelist')).total;

  it('saves a draft and shows every field back, with the parties by name, status DRAFT, submitCount 0', async () => {
    const saved = await s.api.saved(owner(), form);
    expect(saved.code).toMatch(/^430104-\d{4}-\d{4}$/);
    const detail = await s.api.shown(owner(), saved.id);
    expect({
      ...detail,
      designList: [...detail.designList].sort(byOrgName),
    }).toEqual({
      id: saved.id,
      code: saved.code,
      status: 'DRAFT',
      isAlter: false,
      projectDicId: s.dicId,
      name: '长沙市岳麓区学士路安置房项目（一期）',
      regionCode: '430104',
      region: '湖南省/长沙市/岳麓区',
      address: '长沙市岳麓区学士街道学士路 88 号',
      landUsePermitNo: '地字第430104202600012号',
      planningPermitNo: '建字第430104202600031号',
      totalArea: 86_500.5,
      aboveGroundArea: 64_200.25,
      belowGroundArea: 22_300.25,
      investment: 42_800,
      projectType: 'RESIDENTIAL',
      constructType: 'NEW',
      stage: 'CONSTRUCTION_DRAWING',
      contactName: '王建国',
      contactPhone: '13800000011',
      construct: { orgId: s.org.construct, orgName: orgName('construct') },
      designList: [
        { orgId: s.org.design, orgName: orgName('design') },
        { orgId: s.org.design2, orgName: orgName('design2') },
      ].sort(byOrgName),
      surveyList: [{ orgId: s.org.survey, orgName: orgName('survey') }],
      censor: { orgId: s.org.censor, orgName: orgName('censor') },
      submitCount: 0,
      submittedAt: null,
      acceptedAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      // The owner of a draft: what its detail page offers.
      can: {
        edit: true,
        delete: true,
        submit: true,
        revoke: false,
        editAttachments: true,
        addBuildings: true,
        buildingTasks: false,
        fillSurveyInfo: false,
      },
    } satisfies Record<keyof ProjectDetail, unknown>);
    const listed = (await s.api.page(owner(), 'pagelist')).items.find((p) => p.id === saved.id);
    expect(listed).toMatchObject({
      code: saved.code,
      name: form.name,
      status: 'DRAFT',
      region: '湖南省/长沙市/岳麓区',
      constructName: orgName('construct'),
      censorName: orgName('censor'),
      submittedAt: null,
      // The list offers its edit link from the same rule as the detail.
      can: { edit: true },
    } satisfies Partial<ProjectSummary>);
  });

  it('saves the permit numbers as absent when left out or blank, and a project without a survey unit', async () => {
    const saved = await s.api.saved(
      owner(),
      applicationForm(s.org, s.dicId, {
        landUsePermitNo: '   ',
        planningPermitNo: undefined,
        surveyOrgIds: [],
      }),
    );
    expect(await s.api.shown(owner(), saved.id)).toMatchObject({
      landUsePermitNo: null,
      planningPermitNo: null,
      surveyList: [],
    });
  });

  it('changes the fields and the parties of a draft; the units named now are the ones told on submit', async () => {
    const saved = await s.api.saved(owner(), form);
    const before = await s.api.shown(owner(), saved.id);
    s.t.advance(60_000);
    const otherDic = await s.api.dicOf(owner(), s.org.construct!, {
      name: '岳阳楼区南湖新城安置小区',
      regionCode: '430602',
      address: '岳阳市岳阳楼区南湖大道 66 号',
    });
    const changed = {
      projectDicId: otherDic.id,
      name: '岳阳楼区南湖新城安置小区（二期）',
      regionCode: '430602',
      address: '岳阳市岳阳楼区南湖大道 66 号',
      landUsePermitNo: '地字第430602202600007号',
      planningPermitNo: undefined,
      totalArea: 12_000,
      aboveGroundArea: 9_000,
      belowGroundArea: 3_000,
      investment: 5_600.5,
      projectType: 'MUNICIPAL',
      constructType: 'RECONSTRUCTION',
      stage: 'DESIGN_CHANGE',
      contactName: '刘芳',
      contactPhone: '0730-8812345',
      designOrgIds: [s.org.design2!],
      surveyOrgIds: [],
      censorOrgId: s.org.censor2!,
    } satisfies ProjectForm;
    detailOf(await s.api.update(owner(), saved.id, changed));
    const after = await s.api.shown(owner(), saved.id);
    const { designOrgIds: _d, surveyOrgIds: _s, censorOrgId: _c, ...fields } = changed;
    expect(after).toEqual({
      ...before,
      ...fields,
      planningPermitNo: null,
      region: '湖南省/岳阳市/岳阳楼区',
      designList: [{ orgId: s.org.design2, orgName: orgName('design2') }],
      surveyList: [],
      censor: { orgId: s.org.censor2, orgName: orgName('censor2') },
      updatedAt: after.updatedAt,
    });
    // The code stays the one given on saving.
    expect(after.code).toBe(saved.code);
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));

    detailOf(await s.api.submitWithBuilding(owner(), s.org.construct!, saved.id, 0));
    expect(await s.messagesAbout('design2_admin', saved.id, 'CONSTRUCT_PROJECT_SUBMIT')).toHaveLength(1);
    expect(await s.messagesAbout('design_admin', saved.id, 'CONSTRUCT_PROJECT_SUBMIT')).toEqual([]);
    expect((await s.api.shown(s.tokens.design2_admin!, saved.id)).name).toBe(changed.name);
    expect((await s.api.shown(s.tokens.censor2_admin!, saved.id)).name).toBe(changed.name);
    refused(await s.api.detail(s.tokens.design_admin!, saved.id), 404, 'NOT_FOUND');
  });

  const invalid: [string, (f: ProjectForm) => unknown, string][] = [
    ['no name', ({ name: _, ...f }) => f, 'name'],
    ['a blank name', (f) => ({ ...f, name: '   ' }), 'name'],
    ['an unknown region', (f) => ({ ...f, regionCode: '999999' }), 'regionCode'],
    ['no address', ({ address: _, ...f }) => f, 'address'],
    ['no contact phone', ({ contactPhone: _, ...f }) => f, 'contactPhone'],
    ['a malformed contact phone', (f) => ({ ...f, contactPhone: '12345' }), 'contactPhone'],
    ['no project type', (f) => ({ ...f, projectType: '' }), 'projectType'],
    ['no total area', ({ totalArea: _, ...f }) => f, 'totalArea'],
    ['an area as text', (f) => ({ ...f, totalArea: '86500.5' }), 'totalArea'],
    [
      'a negative total area',
      (f) => ({ ...f, totalArea: -1000, aboveGroundArea: -1000, belowGroundArea: 0 }),
      'totalArea',
    ],
    [
      'a zero total area',
      (f) => ({ ...f, totalArea: 0, aboveGroundArea: 0, belowGroundArea: 0 }),
      'totalArea',
    ],
    [
      'a negative below-ground area',
      (f) => ({ ...f, totalArea: 1000, aboveGroundArea: 1500, belowGroundArea: -500 }),
      'belowGroundArea',
    ],
    [
      'an absurd floor area',
      (f) => ({ ...f, totalArea: 20_000_000, aboveGroundArea: 20_000_000, belowGroundArea: 0 }),
      'totalArea',
    ],
    [
      'areas that do not add up to the total',
      (f) => ({ ...f, totalArea: 10_000, aboveGroundArea: 6_000, belowGroundArea: 1_000 }),
      'totalArea',
    ],
    ['no investment', (f) => ({ ...f, investment: 0 }), 'investment'],
    ['a negative investment', (f) => ({ ...f, investment: -50 }), 'investment'],
    ['an absurd investment', (f) => ({ ...f, investment: 20_000_000 }), 'investment'],
    ['no design unit', (f) => ({ ...f, designOrgIds: [] }), 'designOrgIds'],
    [
      'eleven design units',
      (f) => ({ ...f, designOrgIds: Array.from({ length: 11 }, () => randomUUID()) }),
      'designOrgIds',
    ],
    [
      'a design unit named twice',
      (f) => ({ ...f, designOrgIds: [f.designOrgIds[0], f.designOrgIds[0]] }),
      'designOrgIds',
    ],
    [
      'a survey unit named twice',
      (f) => ({ ...f, surveyOrgIds: [f.surveyOrgIds[0], f.surveyOrgIds[0]] }),
      'surveyOrgIds',
    ],
    [
      'eleven survey units',
      (f) => ({ ...f, surveyOrgIds: Array.from({ length: 11 }, () => randomUUID()) }),
      'surveyOrgIds',
    ],
    ['no review agency', ({ censorOrgId: _, ...f }) => f, 'censorOrgId'],
    ['two review agencies', (f) => ({ ...f, censorOrgId: [f.censorOrgId, f.censorOrgId] }), 'censorOrgId'],
    ['a malformed master id', (f) => ({ ...f, projectDicId: 'not-a-master' }), 'projectDicId'],
  ];

  it.each(invalid)(
    'refuses a form with %s with 400 on add and update, and saves nothing',
    async (_, spoil, field) => {
      const draft = await s.api.saved(owner(), form);
      const shownBefore = await s.api.shown(owner(), draft.id);
      const total = await ownTotal();
      const next = detailOf<string>(await s.api.previewCode(owner(), '430104'));

      const added = refused(await s.api.add(owner(), spoil(form)), 400, 'VALIDATION_FAILED');
      expect(added.detail?.fields?.map((f) => f.field)).toContain(field);
      const updated = refused(await s.api.update(owner(), draft.id, spoil(form)), 400, 'VALIDATION_FAILED');
      expect(updated.detail?.fields?.map((f) => f.field)).toContain(`form.${field}`);

      expect(await ownTotal()).toBe(total);
      expect(detailOf<string>(await s.api.previewCode(owner(), '430104'))).toBe(next);
      expect(await s.api.shown(owner(), draft.id)).toEqual(shownBefore);
      detailOf(await s.api.remove(owner(), draft.id));
    },
  );

  it('refuses a unit of the wrong type with 400 PARTY_WRONG_TYPE naming it in Chinese, and saves nothing', async () => {
    const draft = await s.api.saved(owner(), form);
    const shownBefore = await s.api.shown(owner(), draft.id);
    const total = await ownTotal();
    const cases: [Partial<ProjectForm>, string][] = [
      [{ designOrgIds: [s.org.survey!] }, `所选单位不是有效的设计单位：${orgName('survey')}`],
      [{ designOrgIds: [s.org.design!, s.org.censor!] }, `所选单位不是有效的设计单位：${orgName('censor')}`],
      [{ surveyOrgIds: [s.org.design!] }, `所选单位不是有效的勘察单位：${orgName('design')}`],
      [{ censorOrgId: s.org.construct! }, `所选单位不是有效的审查机构：${orgName('construct')}`],
      [{ censorOrgId: s.org.control! }, `所选单位不是有效的审查机构：${orgName('control')}`],
    ];
    for (const [overrides, message] of cases) {
      const spoilt = applicationForm(s.org, s.dicId, overrides);
      expect(refused(await s.api.add(owner(), spoilt), 400, 'PARTY_WRONG_TYPE').message).toBe(message);
      expect(refused(await s.api.update(owner(), draft.id, spoilt), 400, 'PARTY_WRONG_TYPE').message).toBe(
        message,
      );
    }
    const english = await s.t.app.inject({
      method: 'POST',
      url: '/api/checkDrawings/project/add',
      headers: { authorization: `Bearer ${owner()}`, 'accept-language': 'en-US' },
      payload: applicationForm(s.org, s.dicId, { designOrgIds: [s.org.survey!] }),
    });
    expect(refused(english, 400, 'PARTY_WRONG_TYPE').message).toBe(
      `The selected organisation is not an active design unit: ${orgName('survey')}`,
    );
    expect(await ownTotal()).toBe(total);
    expect(await s.api.shown(owner(), draft.id)).toEqual(shownBefore);
  });

  it('refuses a project type, construct type or stage outside the review dictionaries, and saves nothing', async () => {
    const total = await ownTotal();
    const cases: [Partial<ProjectForm>, string][] = [
      [{ projectType: '住宅小区' }, '工程类别的取值不在字典中：住宅小区'],
      [{ constructType: 'NEWISH' }, 'NEWISH'],
      [{ stage: '初步设计' }, '初步设计'],
    ];
    for (const [overrides, named] of cases) {
      const res = await s.api.add(owner(), applicationForm(s.org, s.dicId, overrides));
      expect(refused(res, 400, 'DICTIONARY_CODE_UNKNOWN').message).toContain(named);
    }
    expect(await ownTotal()).toBe(total);
  });

  it('refuses a disabled or unknown unit with 400 PARTY_WRONG_TYPE, and saves nothing', async () => {
    const closed = await insertOrg(s.t.database.db, {
      name: '湖南停业建筑设计有限公司',
      orgType: 'DESIGN',
      enabled: false,
    });
    const missing = randomUUID();
    const draft = await s.api.saved(owner(), form);
    const shownBefore = await s.api.shown(owner(), draft.id);
    const total = await ownTotal();
    const cases: [Partial<ProjectForm>, string][] = [
      [{ designOrgIds: [closed] }, '湖南停业建筑设计有限公司'],
      [{ designOrgIds: [missing] }, missing],
      [{ censorOrgId: missing }, missing],
    ];
    for (const [overrides, named] of cases) {
      const spoilt = applicationForm(s.org, s.dicId, overrides);
      expect(refused(await s.api.add(owner(), spoilt), 400, 'PARTY_WRONG_TYPE').message).toContain(named);
      refused(await s.api.update(owner(), draft.id, spoilt), 400, 'PARTY_WRONG_TYPE');
    }
    expect(await ownTotal()).toBe(total);
    expect(await s.api.shown(owner(), draft.id)).toEqual(shownBefore);
  });

  it('refuses a project master that is not the construction unit’s own with 404', async () => {
    const theirs = await s.api.dicOf(s.tokens.construct2_admin!, s.org.construct2!, {
      name: '湘江新区洋湖片区学校',
      regionCode: '430104',
      address: '长沙市岳麓区洋湖大道 9 号',
    });
    const total = await ownTotal();
    refused(await s.api.add(owner(), applicationForm(s.org, theirs.id)), 404, 'NOT_FOUND');
    refused(await s.api.add(owner(), applicationForm(s.org, randomUUID())), 404, 'NOT_FOUND');
    const draft = await s.api.saved(owner(), form);
    refused(await s.api.update(owner(), draft.id, applicationForm(s.org, theirs.id)), 404, 'NOT_FOUND');
    expect((await s.api.shown(owner(), draft.id)).projectDicId).toBe(s.dicId);
    expect(await ownTotal()).toBe(total + 1);
  });

  it('deletes a draft: gone from the list, detail 404, a second delete 404', async () => {
    const draft = await s.api.saved(owner(), form);
    const total = await ownTotal();
    detailOf(await s.api.remove(owner(), draft.id));
    expect(await ownTotal()).toBe(total - 1);
    expect(await s.listedIds('construct_admin')).not.toContain(draft.id);
    refused(await s.api.detail(owner(), draft.id), 404, 'NOT_FOUND');
    refused(await s.api.remove(owner(), draft.id), 404, 'NOT_FOUND');
  });
});

describe('submitting and recalling an application', () => {
  let s: Setup;
  let id: string;
  let name: string;
  const owner = () => s.tokens.construct_admin!;
  const parties = ['design_admin', 'design_user', 'survey_admin', 'censor_admin', 'censor_director'] as const;
  const outsiders = ['design2_admin', 'censor2_admin'] as const;

  beforeAll(async () => {
    s = await setUp([...parties, ...outsiders, 'censor_reviewer', 'multi_user', 'sysadmin']);
    const form = applicationForm(s.org, s.dicId);
    name = form.name;
    id = (await s.api.saved(owner(), form)).id;
  });
  afterAll(() => s?.t.close());

  const isSubmittedFor = async (username: string) =>
    detailOf<boolean>(
      await s.api.send('GET', `/api/checkDrawings/project/isSubmitted/${id}`, s.tokens[username]),
    );

  it('keeps a draft from the units it names: 404 on detail, absent from their lists', async () => {
    for (const username of [...parties, ...outsiders]) {
      refused(await s.api.detail(s.tokens[username]!, id), 404, 'NOT_FOUND');
      expect(await s.listedIds(username), username).not.toContain(id);
    }
    expect(await isSubmittedFor('design_admin')).toBe(false);
  });

  it('refuses to submit an application without buildings with 409 PROJECT_NO_BUILDINGS, and tells nobody', async () => {
    const body = refused(await s.api.submit(owner(), id, 0), 409, 'PROJECT_NO_BUILDINGS');
    expect(body.message).toBe('请先添加单体后再提交');
    const english = await s.t.app.inject({
      method: 'PUT',
      url: `/api/checkDrawings/project/${id}/submit/0`,
      headers: { authorization: `Bearer ${owner()}`, 'accept-language': 'en-US' },
    });
    expect(english.json<Refusal>().message).toBe('Add at least one building before submitting');
    expect(await s.api.shown(owner(), id)).toMatchObject({
      status: 'DRAFT',
      submitCount: 0,
      submittedAt: null,
    });
    expect(await s.messagesAbout('design_admin', id, 'CONSTRUCT_PROJECT_SUBMIT')).toEqual([]);
    expect(await isSubmittedFor('design_admin')).toBe(false);
    await s.api.addBuilding(owner(), s.org.construct!, id);
  });

  it('submits: status SUBMITTED, submitCount 1, and the design and survey units are told', async () => {
    const res = await s.api.submit(owner(), id, 0);
    expect(detailOf(res)).toBeNull();
    const detail = await s.api.shown(owner(), id);
    expect(detail).toMatchObject({ status: 'SUBMITTED', submitCount: 1 });
    expect(Number.isNaN(Date.parse(detail.submittedAt!))).toBe(false);
    const listed = (await s.api.page(owner(), 'pagelist')).items.find((p) => p.id === id);
    expect(listed?.can).toEqual({ edit: false });

    const content = `${orgName('construct')}已提交项目「${name}」的报审，请上传并提交本单位的资料。`;
    for (const [username, orgKey] of [
      ['design_admin', 'design'],
      ['design_user', 'design'],
      ['survey_admin', 'survey'],
    ] as const) {
      const told = await s.messagesAbout(username, id, 'CONSTRUCT_PROJECT_SUBMIT');
      expect(
        told.map((m) => ({ orgId: m.orgId, content: m.content, beRead: m.beRead })),
        username,
      ).toEqual([{ orgId: s.org[orgKey], content, beRead: false }]);
    }
    // multi_user works in both units and hears from both.
    expect(
      (await s.messagesAbout('multi_user', id, 'CONSTRUCT_PROJECT_SUBMIT')).map((m) => m.orgId).sort(),
    ).toEqual([s.org.design, s.org.survey].sort());
    for (const username of ['censor_admin', 'design2_admin', 'censor2_admin', 'construct_admin'])
      expect(await s.messagesAbout(username, id, 'CONSTRUCT_PROJECT_SUBMIT'), username).toEqual([]);
    expect(await isSubmittedFor('design_admin')).toBe(true);
  });

  it('shows the submitted application to its parties, as the construction unit sees it, and to nobody else', async () => {
    // The same application; only what each may do to it (`can`) is the viewer's own.
    const { can: ownerCan, ...own } = await s.api.shown(owner(), id);
    expect(ownerCan).toMatchObject({ edit: false, submit: false, revoke: true });
    for (const username of parties) {
      const { can, ...shown } = await s.api.shown(s.tokens[username]!, id);
      expect(shown, username).toEqual(own);
      expect(can.revoke, username).toBe(false);
      expect(await s.listedIds(username), username).toContain(id);
      expect(await s.listedIds(username, 'search'), username).toContain(id);
      const base = detailOf<ProjectSummary[]>(await s.api.baselist(s.tokens[username]!));
      expect(
        base.map((p) => p.id),
        username,
      ).toContain(id);
    }
    expect(await s.api.shown(s.tokens.multi_user!, id, s.org.survey)).toMatchObject(own);
    // The agency's normal reviewer sees it only once they hold a mission on it (issue 19).
    refused(await s.api.detail(s.tokens.censor_reviewer!, id), 404, 'NOT_FOUND');
    expect(await s.listedIds('censor_reviewer')).not.toContain(id);
    for (const username of outsiders) {
      refused(await s.api.detail(s.tokens[username]!, id), 404, 'NOT_FOUND');
      expect(await s.listedIds(username), username).not.toContain(id);
      expect(await s.listedIds(username, 'search'), username).not.toContain(id);
      const base = detailOf<ProjectSummary[]>(await s.api.baselist(s.tokens[username]!));
      expect(
        base.map((p) => p.id),
        username,
      ).not.toContain(id);
      refused(await s.api.isAccept(s.tokens[username]!, id), 404, 'NOT_FOUND');
      refused(await s.api.isFirstReport(s.tokens[username]!, id), 404, 'NOT_FOUND');
    }
  });

  it('refuses a second submit with 409 PROJECT_NOT_DRAFT, and tells nobody twice', async () => {
    for (const n of [0, 1]) {
      const body = refused(await s.api.submit(owner(), id, n), 409, 'PROJECT_NOT_DRAFT');
      expect(body.message).toBe('该报审已提交，不能修改、删除或重复提交');
    }
    expect(await s.api.shown(owner(), id)).toMatchObject({ status: 'SUBMITTED', submitCount: 1 });
    expect(await s.messagesAbout('design_admin', id, 'CONSTRUCT_PROJECT_SUBMIT')).toHaveLength(1);
  });

  it('keeps a submitted application read-only: edit and delete answer 409 and change nothing', async () => {
    const before = await s.api.shown(owner(), id);
    refused(
      await s.api.update(owner(), id, applicationForm(s.org, s.dicId, { name: '改名后的项目' })),
      409,
      'PROJECT_NOT_DRAFT',
    );
    refused(await s.api.remove(owner(), id), 409, 'PROJECT_NOT_DRAFT');
    expect(await s.api.shown(owner(), id)).toEqual(before);
  });

  it('recalls it: back to DRAFT, design, survey and review units told, and out of their sight again', async () => {
    expect((await s.api.shown(owner(), id)).submittedAt).not.toBeNull();
    detailOf(await s.api.revoke(owner(), id));
    // A draft again: it shows no submission time until it is submitted anew (the audit log keeps it).
    expect(await s.api.shown(owner(), id)).toMatchObject({
      status: 'DRAFT',
      submitCount: 1,
      submittedAt: null,
    });

    const content = `${orgName('construct')}已撤回项目「${name}」的报审。`;
    for (const [username, orgKey] of [
      ['design_admin', 'design'],
      ['survey_admin', 'survey'],
      ['censor_admin', 'censor'],
      ['censor_reviewer', 'censor'],
    ] as const) {
      const told = await s.messagesAbout(username, id, 'CONSTRUCT_PROJECT_REVOKE');
      expect(
        told.map((m) => ({ orgId: m.orgId, content: m.content })),
        username,
      ).toEqual([{ orgId: s.org[orgKey], content }]);
    }
    for (const username of ['design2_admin', 'censor2_admin', 'construct_admin'])
      expect(await s.messagesAbout(username, id, 'CONSTRUCT_PROJECT_REVOKE'), username).toEqual([]);

    for (const username of parties) {
      refused(await s.api.detail(s.tokens[username]!, id), 404, 'NOT_FOUND');
      expect(await s.listedIds(username), username).not.toContain(id);
    }
    // The submit message the design unit still holds is out of date now.
    expect(await isSubmittedFor('design_admin')).toBe(false);
  });

  it('lets the recalled draft be edited again', async () => {
    detailOf(await s.api.update(owner(), id, applicationForm(s.org, s.dicId, { investment: 45_000 })));
    expect((await s.api.shown(owner(), id)).investment).toBe(45_000);
  });

  it('refuses to recall a draft with 409 PROJECT_NOT_SUBMITTED', async () => {
    const body = refused(await s.api.revoke(owner(), id), 409, 'PROJECT_NOT_SUBMITTED');
    expect(body.message).toBe('该报审尚未提交，无需撤回');
    expect(await s.messagesAbout('design_admin', id, 'CONSTRUCT_PROJECT_REVOKE')).toHaveLength(1);
  });

  it('refuses a submit from a form older than the recall with 409 CONFLICT, and takes the current count', async () => {
    refused(await s.api.submit(owner(), id, 0), 409, 'CONFLICT');
    refused(await s.api.submit(owner(), id, 2), 409, 'CONFLICT');
    expect(await s.api.shown(owner(), id)).toMatchObject({ status: 'DRAFT', submitCount: 1 });
    expect(await s.messagesAbout('design_admin', id, 'CONSTRUCT_PROJECT_SUBMIT')).toHaveLength(1);

    detailOf(await s.api.submit(owner(), id, 1));
    expect(await s.api.shown(owner(), id)).toMatchObject({ status: 'SUBMITTED', submitCount: 2 });
    expect(await s.messagesAbout('design_admin', id, 'CONSTRUCT_PROJECT_SUBMIT')).toHaveLength(2);
    expect((await s.api.shown(s.tokens.design_admin!, id)).investment).toBe(45_000);
  });

  it('answers isAccept false until the review agency accepts, then refuses a recall with 409 PROJECT_ALREADY_ACCEPTED', async () => {
    for (const username of ['construct_admin', 'design_admin', 'survey_admin', 'censor_admin'])
      expect(detailOf<boolean>(await s.api.isAccept(s.tokens[username]!, id)), username).toBe(false);
    await setProject(s.t.database.db, id, { acceptedAt: new Date() });
    for (const username of ['construct_admin', 'design_admin', 'survey_admin', 'censor_admin'])
      expect(detailOf<boolean>(await s.api.isAccept(s.tokens[username]!, id)), username).toBe(true);
    expect((await s.api.shown(owner(), id)).acceptedAt).not.toBeNull();

    const body = refused(await s.api.revoke(owner(), id), 409, 'PROJECT_ALREADY_ACCEPTED');
    expect(body.message).toBe('审查机构已受理，不能撤回');
    expect((await s.api.shown(owner(), id)).status).toBe('SUBMITTED');
    expect(await s.messagesAbout('design_admin', id, 'CONSTRUCT_PROJECT_REVOKE')).toHaveLength(1);
  });

  it('refuses to recall an application already in review with 409 PROJECT_ALREADY_ACCEPTED', async () => {
    const inReview = (await s.api.saved(owner(), applicationForm(s.org, s.dicId))).id;
    detailOf(await s.api.submitWithBuilding(owner(), s.org.construct!, inReview, 0));
    for (const status of ['IN_REVIEW', 'OPINIONS_ISSUED', 'PASSED', 'FILED'] as const) {
      await setProject(s.t.database.db, inReview, { status });
      refused(await s.api.revoke(owner(), inReview), 409, 'PROJECT_ALREADY_ACCEPTED');
      expect((await s.api.shown(owner(), inReview)).status).toBe(status);
    }
  });

  it('takes one of two submits sent at the same moment and refuses the other with 409', async () => {
    const twice = (await s.api.saved(owner(), applicationForm(s.org, s.dicId))).id;
    await s.api.addBuilding(owner(), s.org.construct!, twice);
    const answers = await Promise.all([s.api.submit(owner(), twice, 0), s.api.submit(owner(), twice, 0)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await s.api.shown(owner(), twice)).toMatchObject({ status: 'SUBMITTED', submitCount: 1 });
    expect(await s.messagesAbout('design_admin', twice, 'CONSTRUCT_PROJECT_SUBMIT')).toHaveLength(1);
  });

  it('answers malformed counts with 400, and malformed ids and unknown applications with 404', async () => {
    refused(await s.api.submit(owner(), 'not-a-project', 0), 404, 'NOT_FOUND');
    refused(await s.api.submit(owner(), id, -1), 400, 'VALIDATION_FAILED');
    refused(await s.api.submit(owner(), id, 'first'), 400, 'VALIDATION_FAILED');
    refused(await s.api.revoke(owner(), 'not-a-project'), 404, 'NOT_FOUND');
    refused(await s.api.detail(owner(), 'not-a-project'), 404, 'NOT_FOUND');
    const unknown = randomUUID();
    refused(await s.api.detail(owner(), unknown), 404, 'NOT_FOUND');
    refused(await s.api.submit(owner(), unknown, 0), 404, 'NOT_FOUND');
    refused(await s.api.revoke(owner(), unknown), 404, 'NOT_FOUND');
    refused(await s.api.remove(owner(), unknown), 404, 'NOT_FOUND');
    refused(await s.api.update(owner(), unknown, applicationForm(s.org, s.dicId)), 404, 'NOT_FOUND');
  });

  it('records who created, changed, submitted and recalled the application in the audit trail', async () => {
    const eventsOf = async (action: string) =>
      detailOf<AuditPage>(
        await s.api.send('GET', '/api/admin/audit-events', s.tokens.sysadmin, {
          query: { action, size: '100' },
        }),
      ).items.filter((e) => e.targetId === id);
    const counts: Record<string, number> = {};
    for (const action of ['PROJECT_CREATED', 'PROJECT_UPDATED', 'PROJECT_SUBMITTED', 'PROJECT_REVOKED']) {
      const events = await eventsOf(action);
      counts[action] = events.length;
      for (const e of events)
        expect(e).toMatchObject({ actorUsername: 'construct_admin', targetType: 'project' });
    }
    expect(counts).toEqual({
      PROJECT_CREATED: 1,
      PROJECT_UPDATED: 1,
      PROJECT_SUBMITTED: 2,
      PROJECT_REVOKED: 1,
    });
  });
});

describe('another construction unit', () => {
  let s: Setup;
  const other = () => s.tokens.construct2_admin!;

  beforeAll(async () => {
    s = await setUp(['construct2_admin', 'design_admin']);
  });
  afterAll(() => s?.t.close());

  it('gets 404 on every call about construct_admin’s applications, draft or submitted, and changes nothing', async () => {
    const owner = s.tokens.construct_admin!;
    const draft = (await s.api.saved(owner, applicationForm(s.org, s.dicId))).id;
    const submitted = (await s.api.saved(owner, applicationForm(s.org, s.dicId))).id;
    detailOf(await s.api.submitWithBuilding(owner, s.org.construct!, submitted, 0));
    const ownDic = await s.api.dicOf(other(), s.org.construct2!, {
      name: '湘江新区梅溪湖片区道路',
      regionCode: '430104',
      address: '长沙市岳麓区梅溪湖路 2 号',
    });
    for (const projectId of [draft, submitted]) {
      const before = await s.api.shown(owner, projectId);
      refused(await s.api.detail(other(), projectId), 404, 'NOT_FOUND');
      refused(
        await s.api.update(other(), projectId, applicationForm(s.org, ownDic.id, { name: '他人的改动' })),
        404,
        'NOT_FOUND',
      );
      refused(await s.api.remove(other(), projectId), 404, 'NOT_FOUND');
      refused(await s.api.submit(other(), projectId, 0), 404, 'NOT_FOUND');
      refused(await s.api.submit(other(), projectId, 1), 404, 'NOT_FOUND');
      refused(await s.api.revoke(other(), projectId), 404, 'NOT_FOUND');
      refused(await s.api.isFirstReport(other(), projectId), 404, 'NOT_FOUND');
      refused(await s.api.isAccept(other(), projectId), 404, 'NOT_FOUND');
      // Naming the owner's organisation in X-Org-Id does not help.
      refused(await s.api.detail(other(), projectId, s.org.construct), 404, 'NOT_FOUND');
      expect(await s.api.shown(owner, projectId)).toEqual(before);
    }
    expect(await s.listedIds('construct2_admin')).toEqual([]);
    expect(await s.messagesAbout('design_admin', submitted, 'CONSTRUCT_PROJECT_REVOKE')).toEqual([]);
  });
});

describe('lists of applications and look-ups', () => {
  let s: Setup;
  /** The applications by key, oldest first: a0 … a6 of construct_admin, b0 of construct2_admin. */
  const ids: Record<string, string> = {};
  const codes: Record<string, string> = {};

  const ownList = async (query: Parameters<Setup['api']['page']>[2] = {}) => {
    const page = await s.api.page(s.tokens.construct_admin!, 'pagelist', query);
    return { total: page.total, keys: page.items.map((p) => keyOf(p.id)) };
  };
  const keyOf = (id: string) => Object.keys(ids).find((k) => ids[k] === id) ?? id;
  const keysIn = async (username: string, path: 'pagelist' | 'searchForSupervise') => {
    const page = await s.api.page(s.tokens[username]!, path, { pageSize: 100 });
    return { total: page.total, keys: page.items.map((p) => keyOf(p.id)) };
  };

  beforeAll(async () => {
    s = await setUp([
      'construct2_admin',
      'design_admin',
      'design2_admin',
      'survey_admin',
      'censor_admin',
      'censor2_admin',
      'control_admin',
      'joint_admin',
    ]);
    const { org, api, tokens } = s;
    const secondDic = await api.dicOf(tokens.construct_admin!, org.construct!, {
      name: '芙蓉区马王堆农贸市场改造',
      regionCode: '430102',
      address: '长沙市芙蓉区马王堆路 5 号',
    });
    // Created on these instants (UTC); the date filters read days in China (UTC+8).
    const plan: [string, string, string, string, Partial<ProjectForm>][] = [
      ['a0', '岳麓区学士路安置房一期', '430104', '2026-03-01T02:00:00Z', {}],
      ['a1', '岳麓区学士路安置房二期', '430104', '2026-03-05T02:00:00Z', {}],
      ['a2', '芙蓉区马王堆农贸市场改造', '430102', '2026-03-10T02:00:00Z', { projectDicId: secondDic.id }],
      // 00:30 on 16 March in Changsha.
      ['a3', '岳阳楼区南湖新城安置小区', '430602', '2026-03-15T16:30:00Z', {}],
      ['a4', '雨花区圭塘河初级中学新建', '430111', '2026-03-20T02:00:00Z', {}],
      [
        'a5',
        '望城区铜官窑游客中心',
        '430112',
        '2026-03-25T02:00:00Z',
        { designOrgIds: [org.design2!], censorOrgId: org.censor2! },
      ],
      // 23:59 on 31 March in Changsha.
      ['a6', '岳麓区梅溪湖小学扩建', '430104', '2026-03-31T15:59:00Z', { censorOrgId: org.censor2! }],
    ];
    for (const [key, name, regionCode, createdAt, overrides] of plan) {
      const saved = await api.saved(
        tokens.construct_admin!,
        applicationForm(org, s.dicId, { name, regionCode, ...overrides }),
      );
      ids[key] = saved.id;
      codes[key] = saved.code;
      await setProject(s.t.database.db, saved.id, { createdAt: new Date(createdAt) });
    }
    for (const key of ['a1', 'a3', 'a4', 'a6'])
      detailOf(await api.submitWithBuilding(tokens.construct_admin!, org.construct!, ids[key]!, 0));
    await setProject(s.t.database.db, ids.a4!, { status: 'IN_REVIEW' });

    const theirDic = await api.dicOf(tokens.construct2_admin!, org.construct2!, {
      name: '湘江新区洋湖片区学校',
      regionCode: '430104',
      address: '长沙市岳麓区洋湖大道 9 号',
    });
    const b0 = await api.saved(
      tokens.construct2_admin!,
      applicationForm(org, theirDic.id, { name: '洋湖片区九年制学校' }),
    );
    ids.b0 = b0.id;
    codes.b0 = b0.code;
    detailOf(await api.submitWithBuilding(tokens.construct2_admin!, org.construct2!, b0.id, 0));
  });
  afterAll(() => s?.t.close());

  it('pages the construction unit’s applications newest first, five to a page by default', async () => {
    expect(await ownList()).toEqual({ total: 7, keys: ['a6', 'a5', 'a4', 'a3', 'a2'] });
    expect(await ownList({ page: 1 })).toEqual({ total: 7, keys: ['a1', 'a0'] });
    expect(await ownList({ page: 2 })).toEqual({ total: 7, keys: [] });
    expect(await ownList({ pageSize: 3, page: 1 })).toEqual({ total: 7, keys: ['a3', 'a2', 'a1'] });
    expect(await ownList({ pageSize: 3, page: 2 })).toEqual({ total: 7, keys: ['a0'] });
    const search = await s.api.page(s.tokens.construct_admin!, 'search', { pageSize: 100 });
    expect(search.items.map((p) => keyOf(p.id))).toEqual(['a6', 'a5', 'a4', 'a3', 'a2', 'a1', 'a0']);
    const base = detailOf<ProjectSummary[]>(await s.api.baselist(s.tokens.construct_admin!));
    expect(base.map((p) => keyOf(p.id))).toEqual(['a6', 'a5', 'a4', 'a3', 'a2', 'a1', 'a0']);
  });

  it('finds applications by part of the name or of the code', async () => {
    expect(await ownList({ name: '学士路' })).toEqual({ total: 2, keys: ['a1', 'a0'] });
    expect(await ownList({ name: '梅溪湖' })).toEqual({ total: 1, keys: ['a6'] });
    expect(await ownList({ name: codes.a3 })).toEqual({ total: 1, keys: ['a3'] });
    expect(await ownList({ name: '430602-' })).toEqual({ total: 1, keys: ['a3'] });
    // The running number alone: every region's first application ends in 0001.
    expect((await ownList({ name: codes.a4!.slice(-5) })).keys).toContain('a4');
    expect(await ownList({ name: '不存在' })).toEqual({ total: 0, keys: [] });
    expect(await ownList({ name: '_' })).toEqual({ total: 0, keys: [] });
  });

  it('filters by status', async () => {
    expect(await ownList({ status: 'SUBMITTED' })).toEqual({ total: 3, keys: ['a6', 'a3', 'a1'] });
    expect(await ownList({ status: 'DRAFT' })).toEqual({ total: 3, keys: ['a5', 'a2', 'a0'] });
    expect(await ownList({ status: 'IN_REVIEW' })).toEqual({ total: 1, keys: ['a4'] });
    expect(await ownList({ status: 'PASSED' })).toEqual({ total: 0, keys: [] });
  });

  it('filters by the day of creation in China, both ends included', async () => {
    expect(await ownList({ from: '2026-03-16' })).toEqual({ total: 4, keys: ['a6', 'a5', 'a4', 'a3'] });
    expect(await ownList({ to: '2026-03-15' })).toEqual({ total: 3, keys: ['a2', 'a1', 'a0'] });
    expect(await ownList({ from: '2026-03-31', to: '2026-03-31' })).toEqual({ total: 1, keys: ['a6'] });
    expect(await ownList({ from: '2026-03-05', to: '2026-03-10' })).toEqual({ total: 2, keys: ['a2', 'a1'] });
    expect(await ownList({ to: '2026-02-28' })).toEqual({ total: 0, keys: [] });
    expect(await ownList({ name: '岳麓', status: 'SUBMITTED', from: '2026-03-02' })).toEqual({
      total: 2,
      keys: ['a6', 'a1'],
    });
  });

  it('refuses malformed list queries with 400', async () => {
    for (const query of [
      { pageSize: 0 },
      { pageSize: 101 },
      { page: -1 },
      { status: 'ARCHIVED' },
      { from: '2026-3-1' },
      { to: 'yesterday' },
    ])
      refused(
        await s.api.list(s.tokens.construct_admin!, 'pagelist', query as never),
        400,
        'VALIDATION_FAILED',
      );
  });

  it('shows design, survey and review units the submitted applications naming them, from submit on', async () => {
    // b0 is construct2_admin's, naming the same units.
    expect(await keysIn('design_admin', 'pagelist')).toEqual({
      total: 5,
      keys: ['b0', 'a6', 'a4', 'a3', 'a1'],
    });
    expect(await keysIn('survey_admin', 'pagelist')).toEqual({
      total: 5,
      keys: ['b0', 'a6', 'a4', 'a3', 'a1'],
    });
    expect(await keysIn('censor_admin', 'pagelist')).toEqual({ total: 4, keys: ['b0', 'a4', 'a3', 'a1'] });
    expect(await keysIn('censor2_admin', 'pagelist')).toEqual({ total: 1, keys: ['a6'] });
    // a5 names design2 but is a draft.
    expect(await keysIn('design2_admin', 'pagelist')).toEqual({ total: 0, keys: [] });
    expect(await keysIn('construct2_admin', 'pagelist')).toEqual({ total: 1, keys: ['b0'] });
    const censorView = (await s.api.page(s.tokens.censor_admin!, 'pagelist', { status: 'IN_REVIEW' })).items;
    expect(censorView.map((p) => keyOf(p.id))).toEqual(['a4']);
    expect(censorView[0]).toMatchObject({
      constructName: orgName('construct'),
      censorName: orgName('censor'),
    });
  });

  it('shows the supervising authority the submitted applications of its region only', async () => {
    // 长沙市住房和城乡建设局 (430100) supervises 长沙市: a3 is in 岳阳.
    expect(await keysIn('control_admin', 'searchForSupervise')).toEqual({
      total: 4,
      keys: ['b0', 'a6', 'a4', 'a1'],
    });
    expect((await s.api.shown(s.tokens.control_admin!, ids.a1!)).code).toBe(codes.a1);
    refused(await s.api.detail(s.tokens.control_admin!, ids.a3!), 404, 'NOT_FOUND');
    refused(await s.api.detail(s.tokens.control_admin!, ids.a0!), 404, 'NOT_FOUND');
    // Its lists are the supervision ones, not the parties’.
    refused(await s.api.list(s.tokens.control_admin!, 'pagelist'), 403, 'FORBIDDEN');
    const page = await s.api.page(s.tokens.control_admin!, 'searchForSupervise', { name: '学士路' });
    expect(page.items.map((p) => keyOf(p.id))).toEqual(['a1']);
  });

  it('shows a joint-review body every submitted application, in any region', async () => {
    expect(await keysIn('joint_admin', 'searchForSupervise')).toEqual({
      total: 5,
      keys: ['b0', 'a6', 'a4', 'a3', 'a1'],
    });
    expect((await s.api.shown(s.tokens.joint_admin!, ids.a3!)).code).toBe(codes.a3);
    refused(await s.api.detail(s.tokens.joint_admin!, ids.a5!), 404, 'NOT_FOUND');
    expect(await s.api.page(s.tokens.joint_admin!, 'searchForSupervise', { status: 'DRAFT' })).toEqual({
      total: 0,
      items: [],
    });
  });

  it('answers isFirstReport true for the first application under a master and false for a later one', async () => {
    const owner = s.tokens.construct_admin!;
    const first = async (token: string, key: string) =>
      detailOf<boolean>(await s.api.isFirstReport(token, ids[key]!));
    expect(await first(owner, 'a0')).toBe(true);
    expect(await first(owner, 'a1')).toBe(false);
    expect(await first(owner, 'a6')).toBe(false);
    // a2 is the only one under the second master.
    expect(await first(owner, 'a2')).toBe(true);
    expect(await first(s.tokens.construct2_admin!, 'b0')).toBe(true);
    expect(await first(s.tokens.design_admin!, 'a1')).toBe(false);
    expect(await first(s.tokens.censor_admin!, 'b0')).toBe(true);
    refused(await s.api.isFirstReport(s.tokens.design_admin!, ids.a0!), 404, 'NOT_FOUND');
  });

  it('answers isAccept false, then true once the review agency accepted', async () => {
    for (const username of ['construct_admin', 'design_admin', 'censor_admin'])
      expect(detailOf<boolean>(await s.api.isAccept(s.tokens[username]!, ids.a1!))).toBe(false);
    await setProject(s.t.database.db, ids.a1!, { acceptedAt: new Date() });
    for (const username of ['construct_admin', 'design_admin', 'censor_admin'])
      expect(detailOf<boolean>(await s.api.isAccept(s.tokens[username]!, ids.a1!))).toBe(true);
    refused(await s.api.isAccept(s.tokens.censor2_admin!, ids.a1!), 404, 'NOT_FOUND');
  });
});
