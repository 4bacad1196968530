import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  API_ACCESS,
  type AuditPage,
  type Building,
  type BuildingDesignInfo,
  type BuildingDictionary,
  type BuildingFeedback,
  type BuildingHazardSource,
  type BuildingPage,
  type BuildingParty,
  type BuildingSurveyInfo,
  type MessagePage,
  type SaveBuildingRequest,
  type SurveyDesignUnits,
} from '@drp/domain';
import {
  FIXTURE_BUILDING_NAME,
  accountIdOf,
  applicationForm,
  buildingForm,
  demoOrgIds,
  detailOf,
  insertMission,
  projectApi,
  setProject,
} from '../../test/project-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { countBuildings } from './buildings.repository.js';

function refused(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ code: string; message: string }>();
  expect(body.code, res.body).toBe(code);
  return body;
}

const id = encodeURIComponent;
/** A building as stored: what the caller may do to it (`can`) follows the application's state. */
const stored = ({ can: _can, ...rest }: Building) => rest;

/** The building calls of the web app through `inject`, as one signed-in caller acting for `orgId`. */
function buildingApi(t: TestApp) {
  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string | undefined,
    options: { payload?: unknown; query?: Record<string, string>; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method,
      url,
      query: options.query ?? {},
      headers: { ...options.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
  const base = (orgId: string, projectId: string) =>
    `/api/checkDrawings/${id(orgId)}/${id(projectId)}/building`;
  return {
    send,
    page: (token: string, orgId: string, projectId: string, query: Record<string, string> = {}) =>
      send('GET', `${base(orgId, projectId)}/getBuildings`, token, { query }),
    query: (token: string, orgId: string, projectId: string, status?: string) =>
      send('GET', `${base(orgId, projectId)}/queryBuildings`, token, { query: status ? { status } : {} }),
    taskBuildings: (token: string, orgId: string, projectId: string) =>
      send('GET', `${base(orgId, projectId)}/queryTaskBuildings`, token),
    assignedBuildings: (token: string | undefined, orgId: string, projectId: string) =>
      send('GET', `${base(orgId, projectId)}/queryAssignedTaskBuildings`, token),
    dictionary: (token: string, orgId: string, projectId: string) =>
      send('GET', `${base(orgId, projectId)}/getBuildingDictionary`, token),
    get: (token: string, orgId: string, projectId: string, buildingId: string) =>
      send('GET', `${base(orgId, projectId)}/${id(buildingId)}`, token),
    getAll: (token: string, orgId: string, projectId: string, ids: string[]) =>
      send('GET', `${base(orgId, projectId)}/getAll/${ids.map(id).join(',')}`, token),
    confirm: (token: string, orgId: string, projectId: string, buildingId: string) =>
      send('PUT', `${base(orgId, projectId)}/confirm/${id(buildingId)}`, token),
    save: (token: string, orgId: string, projectId: string, body: unknown) =>
      send('POST', `${base(orgId, projectId)}/saveBuildingInfo`, token, { payload: body }),
    saveSurvey: (token: string, orgId: string, projectId: string, body: unknown) =>
      send('POST', `${base(orgId, projectId)}/saveBuildingSurveyInfo`, token, { payload: body }),
    submit: (token: string, orgId: string, projectId: string, ids: string[]) =>
      send('PUT', `${base(orgId, projectId)}/submit/${ids.map(id).join(',')}`, token),
    remove: (token: string, orgId: string, projectId: string, ids: string[]) =>
      send('DELETE', `${base(orgId, projectId)}/deleteBuildingInfos/${ids.map(id).join(',')}`, token),
    survey: (token: string, orgId: string, projectId: string, buildingId: string) =>
      send('GET', `${base(orgId, projectId)}/getBuildingSurveyInfo/${id(buildingId)}`, token),
    hazards: (token: string, orgId: string, projectId: string, buildingId: string) =>
      send('GET', `${base(orgId, projectId)}/getBuildingHazardSources/${id(buildingId)}`, token),
    saveHazards: (token: string, orgId: string, projectId: string, body: unknown) =>
      send('POST', `${base(orgId, projectId)}/saveBuildingHazardSources`, token, { payload: body }),
    design: (token: string, orgId: string, projectId: string, buildingId: string) =>
      send('GET', `${base(orgId, projectId)}/getBuildingDesignInfo/${id(buildingId)}`, token),
    saveDesign: (token: string, orgId: string, projectId: string, body: unknown) =>
      send('POST', `${base(orgId, projectId)}/saveBuildingDesignInfos`, token, { payload: body }),
    designUnits: (token: string, orgId: string, projectId: string) =>
      send('GET', `${base(orgId, projectId)}/getDesignUnit`, token),
    surveyUnits: (token: string, orgId: string, projectId: string) =>
      send('GET', `${base(orgId, projectId)}/getSurveyUnit`, token),
    reject: (token: string, orgId: string, projectId: string, ids: string[], body?: unknown) =>
      send('PUT', `${base(orgId, projectId)}/reject/${ids.map(id).join(',')}`, token, { payload: body }),
    allowReject: (token: string, orgId: string, projectId: string, buildingId: string) =>
      send('GET', `${base(orgId, projectId)}/allowReject/${id(buildingId)}`, token),
    copy: (token: string, orgId: string, projectId: string, buildingId: string, buildingName: string) =>
      send('POST', `${base(orgId, projectId)}/copyBuildingInfo`, token, {
        query: { buildingId, buildingName },
      }),
    deleteHazards: (token: string, orgId: string, ids: string[]) =>
      send(
        'DELETE',
        `/api/checkDrawings/${id(orgId)}/building/deleteBuildingHazardSources/${ids.map(id).join(',')}`,
        token,
      ),
    deleteDesign: (token: string, orgId: string, ids: string[]) =>
      send(
        'DELETE',
        `/api/checkDrawings/${id(orgId)}/building/deleteBuildingDesignInfos/${ids.map(id).join(',')}`,
        token,
      ),
    addFeedback: (token: string, orgId: string, body: unknown) =>
      send('POST', `/api/checkDrawings/${id(orgId)}/buildingFeedback/add`, token, { payload: body }),
    feedback: (token: string, orgId: string, buildingId: string) =>
      send('GET', `/api/checkDrawings/${id(orgId)}/buildingFeedback/query/${id(buildingId)}`, token),
    units: (token: string, buildingIds: string[], actingOrg?: string) =>
      send('GET', '/api/checkDrawings/project/getSurveyDesignUnits', token, {
        query: { buildingIds: buildingIds.join(',') },
        headers: actingOrg ? { 'x-org-id': actingOrg } : {},
      }),
  };
}

const surveyFindings = (buildingId: string) => ({
  buildingId,
  siteCategory: 'II',
  foundationType: 'PILE',
  bearingStratum: '中风化泥质粉砂岩',
  groundwaterDepth: 3.5,
  liquefaction: 'NONE',
  remark: '场地稳定，适宜建设',
});

const USERS = [
  'construct_admin',
  'construct2_admin',
  'design_admin',
  'design2_admin',
  'survey_admin',
  'censor_admin',
  'censor_director',
  'censor_reviewer',
  'censor_reviewer2',
  'censor2_admin',
  'control_admin',
  'joint_admin',
  'sysadmin',
] as const;
type User = (typeof USERS)[number];

describe('buildings of a review application', () => {
  let t: TestApp;
  let api: ReturnType<typeof buildingApi>;
  let projects: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  const tokens = {} as Record<User, string>;
  let dicId: string;
  let dic2Id: string;

  /** A new application of the demo construction unit (or construct2), submitted unless `draft`. */
  async function newProject(
    options: { draft?: boolean; by?: 'construct' | 'construct2'; designOrgIds?: string[] } = {},
  ) {
    const by = options.by ?? 'construct';
    const token = tokens[`${by}_admin`];
    const form = applicationForm(org, by === 'construct' ? dicId : dic2Id, {
      ...(options.designOrgIds ? { designOrgIds: options.designOrgIds } : {}),
    });
    const { id: projectId } = await projects.saved(token, form);
    // A submitted application has a building: the fixture's, named apart from the ones tests add.
    if (!options.draft) detailOf(await projects.submitWithBuilding(token, org[by]!, projectId, 0));
    return projectId;
  }

  /**
   * The buildings of an application as the construction unit lists them, less the fixture building
   * a submitted one got from `newProject`: those the test entered itself.
   */
  async function entered(projectId: string) {
    const all = detailOf<Building[]>(await api.query(tokens.construct_admin, org.construct!, projectId));
    return all.filter((b) => b.name !== FIXTURE_BUILDING_NAME);
  }

  /** Saves a building as the construction unit and returns it. */
  async function newBuilding(projectId: string, overrides: Partial<SaveBuildingRequest> = {}) {
    return detailOf<Building>(
      await api.save(tokens.construct_admin, org.construct!, projectId, buildingForm(org, overrides)),
    );
  }

  const messagesOf = async (user: User, orgId: string) =>
    detailOf<MessagePage>(
      await api.send('GET', '/api/message/messages', tokens[user], {
        query: { orgIds: orgId, messageTypes: 'CENSOR_BUILDING_REJECT' },
      }),
    ).items;

  /** The audit records of one action, newest first, as the system admin reads them. */
  const auditOf = async (action: string) =>
    detailOf<AuditPage>(
      await api.send('GET', '/api/admin/audit-events', tokens.sysadmin, { query: { action, size: '100' } }),
    ).items;

  beforeAll(async () => {
    t = await createTestApp();
    api = buildingApi(t);
    projects = projectApi(t);
    org = await demoOrgIds(t.database.db);
    for (const user of USERS) tokens[user] = await t.signIn(user);
    dicId = (
      await projects.dicOf(tokens.construct_admin, org.construct!, {
        name: '岳麓区学士路安置房项目',
        regionCode: '430104',
        address: '长沙市岳麓区学士路 88 号',
      })
    ).id;
    dic2Id = (
      await projects.dicOf(tokens.construct2_admin, org.construct2!, {
        name: '湘江新区梅溪湖片区人才公寓',
        regionCode: '430104',
        address: '长沙市岳麓区梅溪湖路 9 号',
      })
    ).id;
  });
  afterAll(() => t?.close());

  it('registers every building route of the table', async () => {
    const registered = new Set(t.app.apiRoutes.map((r) => `${r.method} ${r.url}`));
    // Change applications' getPassedBuildings belongs to project-alters; the public record's
    // building page to the review record.
    const buildingKeys = Object.keys(API_ACCESS).filter(
      (k) =>
        /building|getSurveyDesignUnits/i.test(k) &&
        !k.includes('projectAlterDetail') &&
        !k.includes('/api/portal/'),
    );
    // The 24 building calls of api-calls.txt, plus buildingFeedback add and query.
    expect(buildingKeys).toHaveLength(27);
    for (const key of buildingKeys) expect(registered.has(key), key).toBe(true);
    const projectId = await newProject({ draft: true });
    // Anonymous callers are refused before anything is read.
    refused(await api.page(undefined as unknown as string, org.construct!, projectId), 401, 'UNAUTHORIZED');
    refused(await api.units(undefined as unknown as string, [randomUUID()]), 401, 'UNAUTHORIZED');
    const docs = await t.app.inject({ url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json<{ paths: object }>().paths)).toEqual(
      expect.arrayContaining([
        '/api/checkDrawings/{orgId}/{projectId}/building/getAll/{ids}',
        '/api/checkDrawings/{orgId}/{projectId}/building/queryAssignedTaskBuildings',
      ]),
    );
  });

  it('saves a building in a draft application, reads it back, lists, pages and searches', async () => {
    const projectId = await newProject({ draft: true });
    const saved = await newBuilding(projectId);
    expect(saved).toMatchObject({
      projectId,
      name: '1#住宅楼',
      use: 'RESIDENTIAL',
      floorsAbove: 33,
      floorsBelow: 2,
      height: 99.6,
      floorArea: 21_850.36,
      status: 'DRAFT',
      designUnits: [{ orgId: org.design, orgName: '湖南省建筑设计院集团股份有限公司' }],
      surveyUnits: [{ orgId: org.survey, orgName: '湖南省勘测设计院有限公司' }],
      submittedAt: null,
    });
    expect(
      detailOf<Building>(await api.get(tokens.construct_admin, org.construct!, projectId, saved.id)),
    ).toEqual(saved);
    const second = await newBuilding(projectId, {
      name: '2#商业楼',
      use: 'COMMERCIAL',
      floorsAbove: 3,
      height: 15,
    });
    await newBuilding(projectId, {
      name: '地下车库',
      use: 'GARAGE',
      floorsAbove: 1,
      floorsBelow: 2,
      height: 4.5,
    });

    const page = detailOf<BuildingPage>(
      await api.page(tokens.construct_admin, org.construct!, projectId, { page: '0', size: '2' }),
    );
    expect(page.total).toBe(3);
    expect(page.items.map((b) => b.name)).toEqual(['1#住宅楼', '2#商业楼']);
    const next = detailOf<BuildingPage>(
      await api.page(tokens.construct_admin, org.construct!, projectId, { page: '1', size: '2' }),
    );
    expect(next.items.map((b) => b.name)).toEqual(['地下车库']);
    // Default page size 5 (spec §9), search by part of the name, LIKE wildcards taken literally.
    expect(
      detailOf<BuildingPage>(await api.page(tokens.construct_admin, org.construct!, projectId)).items,
    ).toHaveLength(3);
    const found = detailOf<BuildingPage>(
      await api.page(tokens.construct_admin, org.construct!, projectId, { searchValue: '商业' }),
    );
    expect(found).toMatchObject({ total: 1, items: [{ id: second.id }] });
    expect(
      detailOf<BuildingPage>(
        await api.page(tokens.construct_admin, org.construct!, projectId, { searchValue: '%' }),
      ).total,
    ).toBe(0);

    expect(
      detailOf<Building[]>(await api.query(tokens.construct_admin, org.construct!, projectId)),
    ).toHaveLength(3);
    expect(
      detailOf<Building[]>(await api.query(tokens.construct_admin, org.construct!, projectId, 'SUBMITTED')),
    ).toEqual([]);
    const both = detailOf<Building[]>(
      await api.getAll(tokens.construct_admin, org.construct!, projectId, [second.id, saved.id]),
    );
    expect(both.map((b) => b.id)).toEqual([saved.id, second.id]);
    expect(await countBuildings(t.database.db, projectId)).toBe(3);
    expect(await countBuildings(t.database.db, randomUUID())).toBe(0);
  });

  it('changes a building by its id, and records each change in the audit log', async () => {
    const projectId = await newProject({ draft: true });
    const saved = await newBuilding(projectId);
    const changed = detailOf<Building>(
      await api.save(
        tokens.construct_admin,
        org.construct!,
        projectId,
        buildingForm(org, {
          id: saved.id,
          name: '1#住宅楼（高层）',
          floorsAbove: 34,
          height: 102.9,
          surveyOrgIds: [],
        }),
      ),
    );
    expect(changed).toMatchObject({
      id: saved.id,
      name: '1#住宅楼（高层）',
      floorsAbove: 34,
      surveyUnits: [],
    });
    expect(
      detailOf<Building[]>(await api.query(tokens.construct_admin, org.construct!, projectId)),
    ).toHaveLength(1);
    const audit: AuditPage['items'] = [];
    for (const action of ['BUILDING_CREATED', 'BUILDING_UPDATED'])
      audit.push(...(await auditOf(action)).filter((e) => e.targetId === saved.id));
    expect(audit.map((e) => e.action)).toEqual(['BUILDING_CREATED', 'BUILDING_UPDATED']);
    expect(audit[0]).toMatchObject({
      actorUsername: 'construct_admin',
      orgId: org.construct,
      targetType: 'building',
    });
  });

  it('refuses missing, negative and absurd values with 400 and changes nothing', async () => {
    const projectId = await newProject({ draft: true });
    const saved = await newBuilding(projectId);
    const { name: _name, ...nameless } = buildingForm(org);
    const bad: unknown[] = [
      nameless,
      buildingForm(org, { name: '   ' }),
      buildingForm(org, { name: 'x'.repeat(101) }),
      buildingForm(org, { floorArea: -100 }),
      buildingForm(org, { floorArea: 0 }),
      buildingForm(org, { floorArea: 2_000_001 }),
      buildingForm(org, { floorsAbove: 0 }),
      buildingForm(org, { floorsAbove: 201 }),
      buildingForm(org, { floorsAbove: 2.5 }),
      buildingForm(org, { floorsBelow: -1 }),
      buildingForm(org, { floorsBelow: 21 }),
      buildingForm(org, { height: 0 }),
      buildingForm(org, { height: 1000.5 }),
      // 33 storeys in 30 m: 0.9 m a storey.
      buildingForm(org, { height: 30 }),
      buildingForm(org, { designOrgIds: [] }),
      buildingForm(org, { designOrgIds: [org.design!, org.design!] }),
      buildingForm(org, { designOrgIds: ['not-an-org'] }),
      buildingForm(org, { use: '住宅' }),
      { ...buildingForm(org), floorsAbove: '33' },
      { ...buildingForm(org), id: 'not-a-building-id' },
    ];
    for (const body of bad)
      refused(
        await api.save(tokens.construct_admin, org.construct!, projectId, body),
        400,
        'VALIDATION_FAILED',
      );
    refused(
      await api.save(tokens.construct_admin, org.construct!, projectId, buildingForm(org, { use: 'CASTLE' })),
      400,
      'DICTIONARY_CODE_UNKNOWN',
    );
    for (const field of [
      'structureType',
      'seismicIntensity',
      'fireResistanceRating',
      'climaticRegion',
    ] as const) {
      const body = refused(
        await api.save(
          tokens.construct_admin,
          org.construct!,
          projectId,
          buildingForm(org, { [field]: 'NO_SUCH_CODE' }),
        ),
        400,
        'DICTIONARY_CODE_UNKNOWN',
      );
      expect(body.message).toContain('NO_SUCH_CODE');
    }
    // A unit of the wrong type, and one that takes no part in the project.
    const wrongType = refused(
      await api.save(
        tokens.construct_admin,
        org.construct!,
        projectId,
        buildingForm(org, { designOrgIds: [org.survey!] }),
      ),
      400,
      'BUILDING_UNIT_NOT_IN_PROJECT',
    );
    expect(wrongType.message).toBe('湖南省勘测设计院有限公司不是本项目的设计单位');
    const inEnglish = await api.send(
      'POST',
      `/api/checkDrawings/${org.construct}/${projectId}/building/saveBuildingInfo`,
      tokens.construct_admin,
      {
        payload: buildingForm(org, { designOrgIds: [org.survey!] }),
        headers: { 'accept-language': 'en-US' },
      },
    );
    expect(refused(inEnglish, 400, 'BUILDING_UNIT_NOT_IN_PROJECT').message).toBe(
      '湖南省勘测设计院有限公司 is not a design unit of this project',
    );
    refused(
      await api.save(
        tokens.construct_admin,
        org.construct!,
        projectId,
        buildingForm(org, { designOrgIds: [org.design2!] }),
      ),
      400,
      'BUILDING_UNIT_NOT_IN_PROJECT',
    );
    refused(
      await api.save(
        tokens.construct_admin,
        org.construct!,
        projectId,
        buildingForm(org, { surveyOrgIds: [org.design!] }),
      ),
      400,
      'BUILDING_UNIT_NOT_IN_PROJECT',
    );
    refused(
      await api.save(
        tokens.construct_admin,
        org.construct!,
        projectId,
        buildingForm(org, { surveyOrgIds: [randomUUID()] }),
      ),
      400,
      'BUILDING_UNIT_NOT_IN_PROJECT',
    );
    // A second building of the same name, in English too.
    const taken = await api.send(
      'POST',
      `/api/checkDrawings/${org.construct}/${projectId}/building/saveBuildingInfo`,
      tokens.construct_admin,
      {
        payload: buildingForm(org),
        headers: { 'accept-language': 'en-US' },
      },
    );
    expect(refused(taken, 409, 'BUILDING_NAME_TAKEN').message).toBe(
      'This project already has a building named "1#住宅楼"',
    );
    // A change to an id that is no building of the project.
    refused(
      await api.save(
        tokens.construct_admin,
        org.construct!,
        projectId,
        buildingForm(org, { id: randomUUID() }),
      ),
      404,
      'NOT_FOUND',
    );
    const after = detailOf<Building[]>(await api.query(tokens.construct_admin, org.construct!, projectId));
    expect(after).toEqual([saved]);
  });

  it('answers 404 for another unit’s project, another org in the URL and another project’s building', async () => {
    const mine = await newProject({ draft: true });
    const theirs = await newProject({ draft: true, by: 'construct2' });
    const myBuilding = await newBuilding(mine);
    const theirBuilding = detailOf<Building>(
      await api.save(
        tokens.construct2_admin,
        org.construct2!,
        theirs,
        buildingForm(org, { name: '他人的单体' }),
      ),
    );
    const c2 = tokens.construct2_admin;
    // Another construction unit, acting for itself, names my project: as if missing.
    refused(await api.page(c2, org.construct2!, mine), 404, 'NOT_FOUND');
    refused(await api.get(c2, org.construct2!, mine, myBuilding.id), 404, 'NOT_FOUND');
    refused(await api.save(c2, org.construct2!, mine, buildingForm(org, { name: '闯入' })), 404, 'NOT_FOUND');
    refused(await api.submit(c2, org.construct2!, mine, [myBuilding.id]), 404, 'NOT_FOUND');
    refused(await api.remove(c2, org.construct2!, mine, [myBuilding.id]), 404, 'NOT_FOUND');
    refused(await api.copy(c2, org.construct2!, mine, myBuilding.id, '复制'), 404, 'NOT_FOUND');
    refused(await api.dictionary(c2, org.construct2!, mine), 404, 'NOT_FOUND');
    refused(await api.designUnits(c2, org.construct2!, mine), 404, 'NOT_FOUND');
    // Acting for an organisation it is not in: 404 before anything is read.
    refused(await api.page(c2, org.construct!, mine), 404, 'NOT_FOUND');
    refused(await api.save(c2, org.construct!, mine, buildingForm(org, { name: '闯入' })), 404, 'NOT_FOUND');
    // My own project with someone else's building id: the building is not in it.
    const me = tokens.construct_admin;
    refused(await api.get(me, org.construct!, mine, theirBuilding.id), 404, 'NOT_FOUND');
    refused(await api.getAll(me, org.construct!, mine, [myBuilding.id, theirBuilding.id]), 404, 'NOT_FOUND');
    refused(await api.hazards(me, org.construct!, mine, theirBuilding.id), 404, 'NOT_FOUND');
    refused(await api.survey(me, org.construct!, mine, theirBuilding.id), 404, 'NOT_FOUND');
    refused(await api.design(me, org.construct!, mine, theirBuilding.id), 404, 'NOT_FOUND');
    refused(await api.submit(me, org.construct!, mine, [theirBuilding.id]), 404, 'NOT_FOUND');
    refused(await api.remove(me, org.construct!, mine, [myBuilding.id, theirBuilding.id]), 404, 'NOT_FOUND');
    refused(await api.copy(me, org.construct!, mine, theirBuilding.id, '复制'), 404, 'NOT_FOUND');
    refused(
      await api.save(me, org.construct!, mine, buildingForm(org, { id: theirBuilding.id, name: '改名' })),
      404,
      'NOT_FOUND',
    );
    refused(
      await api.saveHazards(me, org.construct!, mine, {
        buildingId: theirBuilding.id,
        items: [{ code: 'FOUNDATION_PIT', description: '开挖深度 4.5m' }],
      }),
      404,
      'NOT_FOUND',
    );
    refused(await api.feedback(me, org.construct!, theirBuilding.id), 404, 'NOT_FOUND');
    refused(await api.units(me, [theirBuilding.id]), 404, 'NOT_FOUND');
    // A project or building that does not exist at all answers the same.
    refused(await api.page(me, org.construct!, randomUUID()), 404, 'NOT_FOUND');
    refused(await api.get(me, org.construct!, mine, randomUUID()), 404, 'NOT_FOUND');
    // Malformed ids in the path name nothing either.
    refused(await api.page(me, org.construct!, 'not-a-project'), 404, 'NOT_FOUND');
    refused(await api.getAll(me, org.construct!, mine, ['nope']), 404, 'NOT_FOUND');
    refused(await api.submit(me, org.construct!, mine, [myBuilding.id, 'nope']), 404, 'NOT_FOUND');
    // Nothing changed on either side.
    expect(detailOf<Building>(await api.get(me, org.construct!, mine, myBuilding.id))).toEqual(myBuilding);
    expect(detailOf<Building>(await api.get(c2, org.construct2!, theirs, theirBuilding.id))).toEqual(
      theirBuilding,
    );
  });

  it('shows a draft to its construction unit only; once submitted, to the parties, supervision and joint review', async () => {
    const projectId = await newProject({ draft: true });
    const saved = await newBuilding(projectId);
    for (const [user, orgKey] of [
      ['design_admin', 'design'],
      ['survey_admin', 'survey'],
      ['censor_admin', 'censor'],
      ['control_admin', 'control'],
      ['joint_admin', 'joint'],
    ] as const)
      refused(await api.page(tokens[user], org[orgKey]!, projectId), 404, 'NOT_FOUND');
    detailOf(await projects.submit(tokens.construct_admin, projectId, 0));
    for (const [user, orgKey] of [
      ['design_admin', 'design'],
      ['survey_admin', 'survey'],
      ['censor_admin', 'censor'],
      ['censor_director', 'censor'],
      ['control_admin', 'control'],
      ['joint_admin', 'joint'],
    ] as const) {
      expect(detailOf<BuildingPage>(await api.page(tokens[user], org[orgKey]!, projectId)).total, user).toBe(
        1,
      );
      expect(
        detailOf<Building>(await api.get(tokens[user], org[orgKey]!, projectId, saved.id)).id,
        user,
      ).toBe(saved.id);
      detailOf(await api.survey(tokens[user], org[orgKey]!, projectId, saved.id));
      detailOf(await api.hazards(tokens[user], org[orgKey]!, projectId, saved.id));
      detailOf(await api.design(tokens[user], org[orgKey]!, projectId, saved.id));
      detailOf(await api.feedback(tokens[user], org[orgKey]!, saved.id));
    }
    // Units and agencies that take no part see nothing.
    refused(await api.page(tokens.design2_admin, org.design2!, projectId), 404, 'NOT_FOUND');
    refused(await api.page(tokens.censor2_admin, org.censor2!, projectId), 404, 'NOT_FOUND');
    // Readers may not write: the area table refuses supervision, joint review and agencies.
    for (const [user, orgKey] of [
      ['control_admin', 'control'],
      ['joint_admin', 'joint'],
      ['censor_admin', 'censor'],
    ] as const) {
      refused(
        await api.save(tokens[user], org[orgKey]!, projectId, buildingForm(org, { name: 'X' })),
        403,
        'FORBIDDEN',
      );
      refused(await api.submit(tokens[user], org[orgKey]!, projectId, [saved.id]), 403, 'FORBIDDEN');
      refused(await api.remove(tokens[user], org[orgKey]!, projectId, [saved.id]), 403, 'FORBIDDEN');
    }
    // A survey unit sees the project, but basic data is not its part.
    refused(
      await api.save(
        tokens.survey_admin,
        org.survey!,
        projectId,
        buildingForm(org, { name: '勘察单位的单体' }),
      ),
      403,
      'FORBIDDEN',
    );
    refused(await api.submit(tokens.survey_admin, org.survey!, projectId, [saved.id]), 403, 'FORBIDDEN');
    refused(await api.copy(tokens.survey_admin, org.survey!, projectId, saved.id, '复制'), 403, 'FORBIDDEN');
    refused(
      await api.saveHazards(tokens.survey_admin, org.survey!, projectId, {
        buildingId: saved.id,
        items: [{ code: 'FOUNDATION_PIT', description: '开挖深度 4.5m' }],
      }),
      403,
      'FORBIDDEN',
    );
    // The agency's normal reviewer sees the buildings only once they hold a mission (issue 19).
    refused(await api.page(tokens.censor_reviewer, org.censor!, projectId), 404, 'NOT_FOUND');
    // Review missions are the agency's: others get 403 from the area table.
    detailOf(await api.taskBuildings(tokens.censor_director, org.censor!, projectId));
    refused(await api.taskBuildings(tokens.construct_admin, org.construct!, projectId), 403, 'FORBIDDEN');
    refused(await api.allowReject(tokens.design_admin, org.design!, projectId, saved.id), 403, 'FORBIDDEN');
  });

  it('lets the project’s design units edit basic data once submitted, not other design units', async () => {
    const projectId = await newProject();
    const byDesign = detailOf<Building>(
      await api.save(
        tokens.design_admin,
        org.design!,
        projectId,
        buildingForm(org, { name: '设计院录入的单体' }),
      ),
    );
    expect(byDesign.status).toBe('DRAFT');
    const changed = detailOf<Building>(
      await api.save(
        tokens.construct_admin,
        org.construct!,
        projectId,
        buildingForm(org, { id: byDesign.id, name: '设计院录入的单体', floorArea: 30_000 }),
      ),
    );
    expect(changed.floorArea).toBe(30_000);
    refused(
      await api.save(tokens.design2_admin, org.design2!, projectId, buildingForm(org, { name: '外单位' })),
      404,
      'NOT_FOUND',
    );
    expect(await entered(projectId)).toHaveLength(1);
  });

  it('answers the form’s dictionary and the project’s units in one call each', async () => {
    const projectId = await newProject();
    const dictionary = detailOf<BuildingDictionary>(
      await api.dictionary(tokens.design_admin, org.design!, projectId),
    );
    expect(dictionary.seismicIntensities.map((i) => i.name)).toEqual([
      '6度(0.05g)',
      '7度(0.10g)',
      '7度(0.15g)',
      '8度(0.20g)',
      '8度(0.30g)',
      '9度(0.40g)',
    ]);
    expect(dictionary.fireResistanceRatings.map((i) => i.name)).toEqual(['一级', '二级', '三级', '四级']);
    expect(dictionary.climaticRegions.map((i) => i.name)).toContain('夏热冬冷地区');
    expect(dictionary.uses.map((i) => i.name)).toEqual(
      expect.arrayContaining(['住宅', '办公', '商业', '厂房']),
    );
    expect(dictionary.structureTypes.map((i) => i.name)).toEqual(
      expect.arrayContaining(['框架结构', '剪力墙结构', '框架-剪力墙结构', '砌体结构']),
    );
    expect(dictionary.hazardSources.find((i) => i.code === 'DEEP_FOUNDATION_PIT')).toMatchObject({
      beyondScale: true,
    });
    expect(dictionary.specialties.map((i) => i.name)).toEqual(
      expect.arrayContaining(['建筑', '结构', '给水排水']),
    );
    expect(dictionary.specialties.map((i) => i.name)).not.toContain('勘察');
    expect(dictionary.siteCategories.map((i) => i.code)).toEqual(['I0', 'I1', 'II', 'III', 'IV']);
    expect(dictionary.foundationTypes.map((i) => i.name)).toContain('桩基础');
    expect(dictionary.liquefactionGrades.map((i) => i.name)).toEqual(['不液化', '轻微', '中等', '严重']);

    expect(
      detailOf<BuildingParty[]>(await api.designUnits(tokens.construct_admin, org.construct!, projectId)),
    ).toEqual([{ orgId: org.design, orgName: '湖南省建筑设计院集团股份有限公司' }]);
    expect(
      detailOf<BuildingParty[]>(await api.surveyUnits(tokens.joint_admin, org.joint!, projectId)),
    ).toEqual([{ orgId: org.survey, orgName: '湖南省勘测设计院有限公司' }]);
  });

  it('lets the survey unit named on a building enter its findings; others may not', async () => {
    const projectId = await newProject();
    const named = await newBuilding(projectId);
    const unnamed = await newBuilding(projectId, {
      name: '2#配套用房',
      use: 'SUPPORTING',
      floorsAbove: 2,
      height: 8,
      surveyOrgIds: [],
    });
    const saved = detailOf<BuildingSurveyInfo>(
      await api.saveSurvey(tokens.survey_admin, org.survey!, projectId, surveyFindings(named.id)),
    );
    expect(saved).toMatchObject({
      buildingId: named.id,
      orgId: org.survey,
      orgName: '湖南省勘测设计院有限公司',
      siteCategory: 'II',
      foundationType: 'PILE',
      groundwaterDepth: 3.5,
      remark: '场地稳定，适宜建设',
    });
    // Saving again replaces the unit's findings.
    detailOf(
      await api.saveSurvey(tokens.survey_admin, org.survey!, projectId, {
        ...surveyFindings(named.id),
        groundwaterDepth: null,
        remark: '',
      }),
    );
    const list = detailOf<BuildingSurveyInfo[]>(
      await api.survey(tokens.construct_admin, org.construct!, projectId, named.id),
    );
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ groundwaterDepth: null, remark: null });

    refused(
      await api.saveSurvey(tokens.survey_admin, org.survey!, projectId, surveyFindings(unnamed.id)),
      403,
      'BUILDING_UNIT_NOT_NAMED',
    );
    // Design units and the construction unit do not enter survey findings.
    refused(
      await api.saveSurvey(tokens.design_admin, org.design!, projectId, surveyFindings(named.id)),
      403,
      'FORBIDDEN',
    );
    refused(
      await api.saveSurvey(tokens.construct_admin, org.construct!, projectId, surveyFindings(named.id)),
      403,
      'FORBIDDEN',
    );
    for (const body of [
      { ...surveyFindings(named.id), siteCategory: 'V' },
      { ...surveyFindings(named.id), groundwaterDepth: -1 },
      { ...surveyFindings(named.id), liquefaction: 'MAYBE' },
      { ...surveyFindings(named.id), bearingStratum: '' },
      { ...surveyFindings(named.id), buildingId: 'x' },
    ])
      refused(
        await api.saveSurvey(tokens.survey_admin, org.survey!, projectId, body),
        400,
        'VALIDATION_FAILED',
      );
    refused(
      await api.saveSurvey(tokens.survey_admin, org.survey!, projectId, surveyFindings(randomUUID())),
      404,
      'NOT_FOUND',
    );
    // Dropping the survey unit from the building drops its findings.
    detailOf(
      await api.save(
        tokens.construct_admin,
        org.construct!,
        projectId,
        buildingForm(org, { id: named.id, surveyOrgIds: [] }),
      ),
    );
    expect(
      detailOf<BuildingSurveyInfo[]>(
        await api.survey(tokens.construct_admin, org.construct!, projectId, named.id),
      ),
    ).toEqual([]);
  });

  it('keeps hazard sources with dictionary names and the beyond-scale flag', async () => {
    const projectId = await newProject();
    const building = await newBuilding(projectId);
    const saved = detailOf<BuildingHazardSource[]>(
      await api.saveHazards(tokens.construct_admin, org.construct!, projectId, {
        buildingId: building.id,
        items: [
          { code: 'DEEP_FOUNDATION_PIT', description: '基坑开挖深度 9.2m，采用排桩加内支撑' },
          { code: 'FORMWORK', description: '转换层梁板模板支撑体系', beyondScale: false },
          { code: 'CURTAIN_WALL', description: '裙楼玻璃幕墙', beyondScale: true },
        ],
      }),
    );
    expect(saved.map((h) => [h.code, h.beyondScale])).toEqual([
      ['DEEP_FOUNDATION_PIT', true],
      ['FORMWORK', false],
      ['CURTAIN_WALL', true],
    ]);
    // The design unit changes one entry and adds another.
    const formwork = saved[1]!;
    const after = detailOf<BuildingHazardSource[]>(
      await api.saveHazards(tokens.design_admin, org.design!, projectId, {
        buildingId: building.id,
        items: [
          { id: formwork.id, code: 'HIGH_FORMWORK', description: '转换层高大模板，搭设高度 8.6m' },
          { code: 'LIFTING', description: '塔吊安装拆卸' },
        ],
      }),
    );
    expect(after).toHaveLength(4);
    expect(after.find((h) => h.id === formwork.id)).toMatchObject({
      code: 'HIGH_FORMWORK',
      beyondScale: true,
    });
    expect(
      detailOf<BuildingHazardSource[]>(
        await api.hazards(tokens.joint_admin, org.joint!, projectId, building.id),
      ),
    ).toEqual(after);

    const bad = (items: unknown[]) =>
      api.saveHazards(tokens.construct_admin, org.construct!, projectId, { buildingId: building.id, items });
    refused(
      await bad([{ code: 'DEEP_FOUNDATION_PIT', description: '深基坑', beyondScale: false }]),
      400,
      'HAZARD_BEYOND_SCALE',
    );
    refused(await bad([{ code: 'VOLCANO', description: '火山' }]), 400, 'DICTIONARY_CODE_UNKNOWN');
    refused(await bad([{ code: 'FOUNDATION_PIT', description: '' }]), 400, 'VALIDATION_FAILED');
    refused(await bad([]), 400, 'VALIDATION_FAILED');
    refused(await bad([{ id: randomUUID(), code: 'FOUNDATION_PIT', description: '基坑' }]), 404, 'NOT_FOUND');
    expect(
      detailOf<BuildingHazardSource[]>(
        await api.hazards(tokens.construct_admin, org.construct!, projectId, building.id),
      ),
    ).toEqual(after);

    // Deleting through the org-level route: someone else's org or project answers 404.
    const [first, second] = after;
    refused(await api.deleteHazards(tokens.construct2_admin, org.construct2!, [first!.id]), 404, 'NOT_FOUND');
    refused(await api.deleteHazards(tokens.construct_admin, org.construct2!, [first!.id]), 404, 'NOT_FOUND');
    refused(
      await api.deleteHazards(tokens.construct_admin, org.construct!, [first!.id, randomUUID()]),
      404,
      'NOT_FOUND',
    );
    refused(await api.deleteHazards(tokens.survey_admin, org.survey!, [first!.id]), 403, 'FORBIDDEN');
    refused(await api.deleteHazards(tokens.construct_admin, org.construct!, ['nope']), 404, 'NOT_FOUND');
    detailOf(await api.deleteHazards(tokens.construct_admin, org.construct!, [first!.id, second!.id]));
    expect(
      detailOf<BuildingHazardSource[]>(
        await api.hazards(tokens.construct_admin, org.construct!, projectId, building.id),
      ).map((h) => h.id),
    ).toEqual(after.slice(2).map((h) => h.id));
  });

  it('keeps design info per design unit and specialty; each unit changes only its own rows', async () => {
    const projectId = await newProject({ designOrgIds: [org.design!, org.design2!] });
    const building = await newBuilding(projectId, { designOrgIds: [org.design!, org.design2!] });
    const ours = detailOf<BuildingDesignInfo[]>(
      await api.saveDesign(tokens.design_admin, org.design!, projectId, {
        buildingId: building.id,
        items: [
          { specialty: 'ARCHITECTURE', chiefDesigner: '陈明', engineerCertNo: '1143001234' },
          {
            specialty: 'STRUCTURE',
            chiefDesigner: '李娜',
            engineerCertNo: 'S114300567',
            remark: '一级注册结构工程师',
          },
        ],
      }),
    );
    expect(ours.map((d) => [d.orgId, d.specialty, d.chiefDesigner])).toEqual([
      [org.design, 'ARCHITECTURE', '陈明'],
      [org.design, 'STRUCTURE', '李娜'],
    ]);
    const theirs = detailOf<BuildingDesignInfo[]>(
      await api.saveDesign(tokens.design2_admin, org.design2!, projectId, {
        buildingId: building.id,
        items: [{ specialty: 'ELECTRICAL', chiefDesigner: '赵磊', engineerCertNo: 'E-1143-0099' }],
      }),
    );
    expect(theirs).toHaveLength(3);
    const structure = ours.find((d) => d.specialty === 'STRUCTURE')!;
    const electrical = theirs.find((d) => d.specialty === 'ELECTRICAL')!;
    // Change a row of one's own.
    const changed = detailOf<BuildingDesignInfo[]>(
      await api.saveDesign(tokens.design_admin, org.design!, projectId, {
        buildingId: building.id,
        items: [
          { id: structure.id, specialty: 'STRUCTURE', chiefDesigner: '许文', engineerCertNo: 'S114300888' },
        ],
      }),
    );
    expect(changed.find((d) => d.id === structure.id)).toMatchObject({ chiefDesigner: '许文', remark: null });

    const save = (items: unknown[], user: User = 'design_admin', orgKey = 'design') =>
      api.saveDesign(tokens[user], org[orgKey]!, projectId, { buildingId: building.id, items });
    refused(
      await save([{ specialty: 'ARCHITECTURE', chiefDesigner: '王五', engineerCertNo: '1143009999' }]),
      409,
      'DESIGN_SPECIALTY_TAKEN',
    );
    refused(
      await save([{ specialty: 'SURVEY', chiefDesigner: '王五', engineerCertNo: '1143009999' }]),
      400,
      'DICTIONARY_CODE_UNKNOWN',
    );
    refused(
      await save([{ specialty: 'NOPE', chiefDesigner: '王五', engineerCertNo: '1143009999' }]),
      400,
      'DICTIONARY_CODE_UNKNOWN',
    );
    refused(
      await save([{ specialty: 'HVAC', chiefDesigner: '', engineerCertNo: '1143009999' }]),
      400,
      'VALIDATION_FAILED',
    );
    refused(
      await save([{ specialty: 'HVAC', chiefDesigner: '王五', engineerCertNo: '证书 1' }]),
      400,
      'VALIDATION_FAILED',
    );
    refused(
      await save([
        { specialty: 'HVAC', chiefDesigner: '王五', engineerCertNo: '1143009999' },
        { specialty: 'HVAC', chiefDesigner: '赵六', engineerCertNo: '1143009998' },
      ]),
      400,
      'VALIDATION_FAILED',
    );
    // Another unit's row cannot be changed or deleted.
    refused(
      await save([
        { id: electrical.id, specialty: 'ELECTRICAL', chiefDesigner: '冒名', engineerCertNo: '1143000000' },
      ]),
      403,
      'FORBIDDEN',
    );
    refused(await api.deleteDesign(tokens.design_admin, org.design!, [electrical.id]), 403, 'FORBIDDEN');
    // The construction unit and survey units do not fill design info.
    refused(
      await api.saveDesign(tokens.construct_admin, org.construct!, projectId, {
        buildingId: building.id,
        items: [],
      }),
      403,
      'FORBIDDEN',
    );
    refused(
      await api.deleteDesign(tokens.construct_admin, org.construct!, [electrical.id]),
      403,
      'FORBIDDEN',
    );
    refused(
      await save(
        [{ specialty: 'HVAC', chiefDesigner: '周平', engineerCertNo: '1143009999' }],
        'survey_admin',
        'survey',
      ),
      403,
      'FORBIDDEN',
    );
    expect(
      detailOf<BuildingDesignInfo[]>(
        await api.design(tokens.control_admin, org.control!, projectId, building.id),
      ),
    ).toEqual(changed);

    // A design unit not named on the building may not enter rows for it.
    const onlyOurs = await newBuilding(projectId, { name: '2#楼', designOrgIds: [org.design!] });
    refused(
      await api.saveDesign(tokens.design2_admin, org.design2!, projectId, {
        buildingId: onlyOurs.id,
        items: [{ specialty: 'HVAC', chiefDesigner: '赵磊', engineerCertNo: '1143009999' }],
      }),
      403,
      'BUILDING_UNIT_NOT_NAMED',
    );

    detailOf(await api.deleteDesign(tokens.design2_admin, org.design2!, [electrical.id]));
    refused(await api.deleteDesign(tokens.design2_admin, org.design2!, [electrical.id]), 404, 'NOT_FOUND');
    // Dropping a design unit from the building drops its rows.
    detailOf(
      await api.save(
        tokens.construct_admin,
        org.construct!,
        projectId,
        buildingForm(org, { id: building.id, designOrgIds: [org.design2!] }),
      ),
    );
    expect(
      detailOf<BuildingDesignInfo[]>(
        await api.design(tokens.design_admin, org.design!, projectId, building.id),
      ),
    ).toEqual([]);
  });

  it('copies basic data, hazard sources and design info under a new name as a draft', async () => {
    const projectId = await newProject();
    const source = await newBuilding(projectId);
    detailOf(
      await api.saveHazards(tokens.construct_admin, org.construct!, projectId, {
        buildingId: source.id,
        items: [{ code: 'DEEP_FOUNDATION_PIT', description: '基坑开挖深度 9.2m' }],
      }),
    );
    detailOf(
      await api.saveDesign(tokens.design_admin, org.design!, projectId, {
        buildingId: source.id,
        items: [{ specialty: 'STRUCTURE', chiefDesigner: '李娜', engineerCertNo: 'S114300567' }],
      }),
    );
    detailOf(await api.saveSurvey(tokens.survey_admin, org.survey!, projectId, surveyFindings(source.id)));
    detailOf(await api.submit(tokens.construct_admin, org.construct!, projectId, [source.id]));

    const copy = detailOf<Building>(
      await api.copy(tokens.design_admin, org.design!, projectId, source.id, '3#住宅楼'),
    );
    expect(copy).toMatchObject({
      name: '3#住宅楼',
      status: 'DRAFT',
      use: source.use,
      floorsAbove: source.floorsAbove,
      height: source.height,
      floorArea: source.floorArea,
      designUnits: source.designUnits,
      surveyUnits: source.surveyUnits,
    });
    expect(copy.id).not.toBe(source.id);
    const hazards = detailOf<BuildingHazardSource[]>(
      await api.hazards(tokens.construct_admin, org.construct!, projectId, copy.id),
    );
    expect(hazards.map((h) => [h.code, h.description, h.beyondScale])).toEqual([
      ['DEEP_FOUNDATION_PIT', '基坑开挖深度 9.2m', true],
    ]);
    const design = detailOf<BuildingDesignInfo[]>(
      await api.design(tokens.construct_admin, org.construct!, projectId, copy.id),
    );
    expect(design.map((d) => [d.orgId, d.specialty, d.chiefDesigner])).toEqual([
      [org.design, 'STRUCTURE', '李娜'],
    ]);
    // Survey findings belong to the surveyed building and are not copied.
    expect(
      detailOf<BuildingSurveyInfo[]>(
        await api.survey(tokens.construct_admin, org.construct!, projectId, copy.id),
      ),
    ).toEqual([]);

    refused(
      await api.copy(tokens.construct_admin, org.construct!, projectId, source.id, '3#住宅楼'),
      409,
      'BUILDING_NAME_TAKEN',
    );
    refused(
      await api.copy(tokens.construct_admin, org.construct!, projectId, source.id, '  '),
      400,
      'VALIDATION_FAILED',
    );
    refused(
      await api.copy(tokens.construct_admin, org.construct!, projectId, 'nope', '4#'),
      400,
      'VALIDATION_FAILED',
    );
    refused(
      await api.copy(tokens.construct_admin, org.construct!, projectId, randomUUID(), '4#'),
      404,
      'NOT_FOUND',
    );
    expect(await entered(projectId)).toHaveLength(2);
  });

  it('submits, then locks basic data; the agency confirms, and confirmed buildings are the mission ones', async () => {
    const projectId = await newProject();
    const a = await newBuilding(projectId);
    const b = await newBuilding(projectId, { name: '2#楼' });
    // Submitting is for the construction unit and the design units.
    detailOf(await api.submit(tokens.design_admin, org.design!, projectId, [a.id, b.id]));
    const submitted = detailOf<Building[]>(
      await api.query(tokens.censor_admin, org.censor!, projectId, 'SUBMITTED'),
    );
    expect(submitted.map((x) => x.id)).toEqual([a.id, b.id]);
    expect(submitted[0]!.submittedAt).not.toBeNull();

    refused(
      await api.save(tokens.construct_admin, org.construct!, projectId, buildingForm(org, { id: a.id })),
      409,
      'BUILDING_NOT_EDITABLE',
    );
    refused(
      await api.remove(tokens.construct_admin, org.construct!, projectId, [a.id]),
      409,
      'BUILDING_NOT_EDITABLE',
    );
    refused(
      await api.submit(tokens.construct_admin, org.construct!, projectId, [a.id]),
      409,
      'BUILDING_NOT_EDITABLE',
    );
    refused(
      await api.saveHazards(tokens.construct_admin, org.construct!, projectId, {
        buildingId: a.id,
        items: [{ code: 'FOUNDATION_PIT', description: '基坑' }],
      }),
      409,
      'BUILDING_NOT_EDITABLE',
    );

    // Confirming needs the office admin, the director or an org admin of the project's agency; a
    // normal reviewer, who holds no mission before acceptance, does not even see the application.
    refused(await api.confirm(tokens.censor_reviewer, org.censor!, projectId, a.id), 404, 'NOT_FOUND');
    refused(await api.confirm(tokens.censor2_admin, org.censor2!, projectId, a.id), 404, 'NOT_FOUND');
    refused(await api.confirm(tokens.censor_admin, org.censor!, projectId, randomUUID()), 404, 'NOT_FOUND');
    refused(await api.confirm(tokens.construct_admin, org.construct!, projectId, a.id), 403, 'FORBIDDEN');
    expect(
      detailOf<Building[]>(await api.taskBuildings(tokens.censor_admin, org.censor!, projectId)),
    ).toEqual([]);
    detailOf(await api.confirm(tokens.censor_admin, org.censor!, projectId, a.id));
    detailOf(await api.confirm(tokens.censor_director, org.censor!, projectId, b.id));
    refused(
      await api.confirm(tokens.censor_admin, org.censor!, projectId, a.id),
      409,
      'BUILDING_NOT_SUBMITTED',
    );
    const tasks = detailOf<Building[]>(
      await api.taskBuildings(tokens.censor_director, org.censor!, projectId),
    );
    expect(tasks.map((x) => [x.id, x.status])).toEqual([
      [a.id, 'CONFIRMED'],
      [b.id, 'CONFIRMED'],
    ]);
    expect(tasks[0]!.confirmedAt).not.toBeNull();
    expect(detailOf<boolean>(await api.allowReject(tokens.censor_admin, org.censor!, projectId, a.id))).toBe(
      false,
    );
    // A confirmed building's units' entries are settled too.
    refused(
      await api.saveSurvey(tokens.survey_admin, org.survey!, projectId, surveyFindings(a.id)),
      409,
      'BUILDING_NOT_EDITABLE',
    );
    refused(
      await api.saveDesign(tokens.design_admin, org.design!, projectId, {
        buildingId: a.id,
        items: [{ specialty: 'HVAC', chiefDesigner: '王五', engineerCertNo: '1143009999' }],
      }),
      409,
      'BUILDING_NOT_EDITABLE',
    );
    const audit = (await auditOf('BUILDING_CONFIRMED')).filter(
      (e) => e.targetId === a.id || e.targetId === b.id,
    );
    expect(audit.map((e) => e.actorUsername).sort()).toEqual(['censor_admin', 'censor_director']);
  });

  it('answers a reviewer the buildings of their own missions only, each once', async () => {
    const projectId = await newProject();
    const a = await newBuilding(projectId);
    const b = await newBuilding(projectId, { name: '2#楼' });
    detailOf(await api.submit(tokens.construct_admin, org.construct!, projectId, [a.id, b.id]));
    detailOf(await api.confirm(tokens.censor_admin, org.censor!, projectId, a.id));
    detailOf(await api.confirm(tokens.censor_admin, org.censor!, projectId, b.id));
    const assigned = async (user: User, orgId: string) =>
      detailOf<Building[]>(await api.assignedBuildings(tokens[user], orgId, projectId));
    // No mission yet: the normal reviewer does not see the application at all (issue 19).
    refused(await api.assignedBuildings(tokens.censor_reviewer, org.censor!, projectId), 404, 'NOT_FOUND');

    // The director's assignment is still to come: the missions are put in place directly. Two
    // specialties of building B, and one of a building of another application.
    const db = t.database.db;
    const reviewer = await accountIdOf(db, 'censor_reviewer');
    for (const specialty of ['ARCHITECTURE', 'STRUCTURE'])
      await insertMission(db, {
        projectId,
        buildingId: b.id,
        specialty,
        reviewerAccountId: reviewer,
        censorOrgId: org.censor!,
        deadline: '2026-12-31',
      });
    const otherProject = await newProject();
    const [otherBuilding] = detailOf<Building[]>(
      await api.query(tokens.censor_admin, org.censor!, otherProject),
    );
    await insertMission(db, {
      projectId: otherProject,
      buildingId: otherBuilding!.id,
      specialty: 'ARCHITECTURE',
      reviewerAccountId: reviewer,
      censorOrgId: org.censor!,
    });

    // Exactly building B, once, as the mission buildings show it.
    const tasks = detailOf<Building[]>(await api.taskBuildings(tokens.censor_admin, org.censor!, projectId));
    expect(await assigned('censor_reviewer', org.censor!)).toEqual([tasks.find((x) => x.id === b.id)]);
    expect((await assigned('censor_reviewer', org.censor!)).map((x) => x.name)).toEqual(['2#楼']);
    // Another reviewer, and the office admin, have no missions here: the reviewer sees nothing of
    // the application, the admin sees it with no building to review.
    refused(await api.assignedBuildings(tokens.censor_reviewer2, org.censor!, projectId), 404, 'NOT_FOUND');
    expect(await assigned('censor_admin', org.censor!)).toEqual([]);
    // Another agency does not see the application; design units are not in the review area.
    refused(await api.assignedBuildings(tokens.censor2_admin, org.censor2!, projectId), 404, 'NOT_FOUND');
    refused(await api.assignedBuildings(tokens.design_admin, org.design!, projectId), 403, 'FORBIDDEN');
    refused(await api.assignedBuildings(tokens.construct_admin, org.construct!, projectId), 403, 'FORBIDDEN');
    refused(await api.assignedBuildings(undefined, org.censor!, projectId), 401, 'UNAUTHORIZED');
    // A reviewer acting for an agency they are not a member of: as if missing.
    refused(await api.assignedBuildings(tokens.censor_reviewer, org.censor2!, projectId), 404, 'NOT_FOUND');
  });

  it('rejects a submitted building with a reason while allowReject holds, and tells the construction and design units', async () => {
    const projectId = await newProject();
    const building = await newBuilding(projectId);
    const other = await newBuilding(projectId, { name: '2#楼' });
    expect(
      detailOf<boolean>(await api.allowReject(tokens.censor_admin, org.censor!, projectId, building.id)),
    ).toBe(false);
    detailOf(await api.submit(tokens.construct_admin, org.construct!, projectId, [building.id, other.id]));
    expect(
      detailOf<boolean>(await api.allowReject(tokens.censor_director, org.censor!, projectId, building.id)),
    ).toBe(true);

    // No reason yet: refused, nothing changes.
    refused(
      await api.reject(tokens.censor_admin, org.censor!, projectId, [building.id]),
      400,
      'BUILDING_REJECT_REASON_MISSING',
    );
    // Recording the reason is for the deciders of the project's agency (a normal reviewer, with no
    // mission before acceptance, does not see the application).
    const reason = '该单体不属于本次报审范围，请核实后重新提交';
    refused(
      await api.addFeedback(tokens.censor_reviewer, org.censor!, { buildingId: building.id, reason }),
      404,
      'NOT_FOUND',
    );
    refused(
      await api.addFeedback(tokens.censor2_admin, org.censor2!, { buildingId: building.id, reason }),
      404,
      'NOT_FOUND',
    );
    refused(
      await api.addFeedback(tokens.censor_admin, org.censor!, { buildingId: randomUUID(), reason }),
      404,
      'NOT_FOUND',
    );
    refused(
      await api.addFeedback(tokens.censor_admin, org.censor!, { buildingId: building.id, reason: '' }),
      400,
      'VALIDATION_FAILED',
    );
    const feedback = detailOf<BuildingFeedback>(
      await api.addFeedback(tokens.censor_admin, org.censor!, { buildingId: building.id, reason }),
    );
    expect(feedback).toMatchObject({ buildingId: building.id, orgId: org.censor, reason });
    refused(
      await api.reject(tokens.censor_reviewer, org.censor!, projectId, [building.id]),
      404,
      'NOT_FOUND',
    );
    refused(await api.reject(tokens.design_admin, org.design!, projectId, [building.id]), 403, 'FORBIDDEN');
    refused(
      await api.reject(tokens.censor_admin, org.censor!, projectId, [building.id, other.id]),
      400,
      'BUILDING_REJECT_REASON_MISSING',
    );
    expect(
      detailOf<Building>(await api.get(tokens.construct_admin, org.construct!, projectId, building.id))
        .status,
    ).toBe('SUBMITTED');
    expect(await messagesOf('construct_admin', org.construct!)).toEqual([]);

    detailOf(await api.reject(tokens.censor_admin, org.censor!, projectId, [building.id]));
    const rejected = detailOf<Building>(
      await api.get(tokens.construct_admin, org.construct!, projectId, building.id),
    );
    expect(rejected).toMatchObject({ status: 'REJECTED' });
    expect(rejected.rejectedAt).not.toBeNull();
    expect(
      detailOf<boolean>(await api.allowReject(tokens.censor_admin, org.censor!, projectId, building.id)),
    ).toBe(false);

    // The construction unit and the design unit are told, with the reason; the survey unit is not.
    for (const [user, orgKey] of [
      ['construct_admin', 'construct'],
      ['design_admin', 'design'],
    ] as const) {
      const messages = await messagesOf(user, org[orgKey]!);
      expect(messages, user).toHaveLength(1);
      expect(messages[0]).toMatchObject({
        type: 'CENSOR_BUILDING_REJECT',
        projectId,
        targetId: building.id,
        content: `湖南省建设工程施工图审查中心有限公司退回了项目「长沙市岳麓区学士路安置房项目（一期）」的单体「1#住宅楼」：${reason}`,
      });
    }
    const surveyMessages = await api.send('GET', '/api/message/messages', tokens.survey_admin, {
      query: { messageTypes: 'CENSOR_BUILDING_REJECT' },
    });
    expect(detailOf<MessagePage>(surveyMessages).items).toEqual([]);
    const history = detailOf<BuildingFeedback[]>(
      await api.feedback(tokens.design_admin, org.design!, building.id),
    );
    expect(history.map((f) => f.reason)).toEqual([reason]);

    // The rejected building is edited and submitted again; the reason may then come with the call.
    detailOf(
      await api.save(
        tokens.construct_admin,
        org.construct!,
        projectId,
        buildingForm(org, { id: building.id, name: '1#住宅楼（修正）' }),
      ),
    );
    detailOf(await api.submit(tokens.construct_admin, org.construct!, projectId, [building.id]));
    expect(
      detailOf<boolean>(await api.allowReject(tokens.censor_admin, org.censor!, projectId, building.id)),
    ).toBe(true);
    // The earlier reason does not count for the new submission.
    refused(
      await api.reject(tokens.censor_admin, org.censor!, projectId, [building.id]),
      400,
      'BUILDING_REJECT_REASON_MISSING',
    );
    refused(
      await api.reject(tokens.censor_admin, org.censor!, projectId, [building.id], { reason: 42 }),
      400,
      'VALIDATION_FAILED',
    );
    detailOf(
      await api.reject(tokens.censor_director, org.censor!, projectId, [building.id, other.id], {
        reason: '单体划分与总平面图不一致',
      }),
    );
    expect(
      detailOf<Building[]>(
        await api.query(tokens.construct_admin, org.construct!, projectId, 'REJECTED'),
      ).map((b) => b.id),
    ).toEqual([building.id, other.id]);
    expect(await messagesOf('construct_admin', org.construct!)).toHaveLength(3);
    expect(
      detailOf<BuildingFeedback[]>(await api.feedback(tokens.joint_admin, org.joint!, building.id)).map(
        (f) => f.reason,
      ),
    ).toEqual(['单体划分与总平面图不一致', reason]);
    const audit = (await auditOf('BUILDING_REJECTED')).filter((e) => e.targetId === building.id);
    expect(audit).toHaveLength(2);
  });

  it('refuses to reject once the agency has accepted the materials, and nothing changes', async () => {
    const projectId = await newProject();
    const building = await newBuilding(projectId);
    detailOf(await api.submit(tokens.construct_admin, org.construct!, projectId, [building.id]));
    await setProject(t.database.db, projectId, { status: 'MATERIALS_SENT' });
    expect(
      detailOf<boolean>(await api.allowReject(tokens.censor_admin, org.censor!, projectId, building.id)),
    ).toBe(true);
    await setProject(t.database.db, projectId, { status: 'IN_REVIEW', acceptedAt: new Date() });
    expect(
      detailOf<boolean>(await api.allowReject(tokens.censor_admin, org.censor!, projectId, building.id)),
    ).toBe(false);
    refused(
      await api.addFeedback(tokens.censor_admin, org.censor!, { buildingId: building.id, reason: '太晚了' }),
      409,
      'BUILDING_REJECT_NOT_ALLOWED',
    );
    refused(
      await api.reject(tokens.censor_admin, org.censor!, projectId, [building.id], { reason: '太晚了' }),
      409,
      'BUILDING_REJECT_NOT_ALLOWED',
    );
    expect(
      detailOf<Building>(await api.get(tokens.censor_admin, org.censor!, projectId, building.id)).status,
    ).toBe('SUBMITTED');
    expect(
      detailOf<BuildingFeedback[]>(await api.feedback(tokens.censor_admin, org.censor!, building.id)),
    ).toEqual([]);
    // Confirming still works in review.
    detailOf(await api.confirm(tokens.censor_admin, org.censor!, projectId, building.id));
  });

  it('locks every building once the materials are sent to review', async () => {
    const projectId = await newProject();
    const building = await newBuilding(projectId);
    await setProject(t.database.db, projectId, { status: 'MATERIALS_SENT' });
    const locked = refused(
      await api.save(tokens.construct_admin, org.construct!, projectId, buildingForm(org, { name: '新楼' })),
      409,
      'BUILDING_PROJECT_LOCKED',
    );
    expect(locked.message).toBe('该报审的资料已送审，单体信息不能再修改');
    refused(
      await api.save(tokens.design_admin, org.design!, projectId, buildingForm(org, { id: building.id })),
      409,
      'BUILDING_PROJECT_LOCKED',
    );
    refused(
      await api.remove(tokens.construct_admin, org.construct!, projectId, [building.id]),
      409,
      'BUILDING_PROJECT_LOCKED',
    );
    refused(
      await api.submit(tokens.construct_admin, org.construct!, projectId, [building.id]),
      409,
      'BUILDING_PROJECT_LOCKED',
    );
    refused(
      await api.copy(tokens.construct_admin, org.construct!, projectId, building.id, '副本'),
      409,
      'BUILDING_PROJECT_LOCKED',
    );
    refused(
      await api.saveSurvey(tokens.survey_admin, org.survey!, projectId, surveyFindings(building.id)),
      409,
      'BUILDING_PROJECT_LOCKED',
    );
    expect((await entered(projectId)).map(stored)).toEqual([stored(building)]);
  });

  it('deletes draft buildings with everything entered for them', async () => {
    const projectId = await newProject();
    const a = await newBuilding(projectId);
    const b = await newBuilding(projectId, { name: '2#楼' });
    const c = await newBuilding(projectId, { name: '3#楼' });
    detailOf(
      await api.saveHazards(tokens.construct_admin, org.construct!, projectId, {
        buildingId: a.id,
        items: [{ code: 'FOUNDATION_PIT', description: '基坑' }],
      }),
    );
    detailOf(await api.saveSurvey(tokens.survey_admin, org.survey!, projectId, surveyFindings(a.id)));
    detailOf(await api.submit(tokens.construct_admin, org.construct!, projectId, [c.id]));
    // One submitted building among them: nothing is deleted.
    refused(
      await api.remove(tokens.design_admin, org.design!, projectId, [a.id, c.id]),
      409,
      'BUILDING_NOT_EDITABLE',
    );
    detailOf(await api.remove(tokens.design_admin, org.design!, projectId, [a.id, b.id]));
    expect((await entered(projectId)).map((x) => x.id)).toEqual([c.id]);
    refused(await api.get(tokens.construct_admin, org.construct!, projectId, a.id), 404, 'NOT_FOUND');
    refused(await api.remove(tokens.construct_admin, org.construct!, projectId, [a.id]), 404, 'NOT_FOUND');
    const audit = (await auditOf('BUILDING_DELETED')).filter(
      (e) => e.targetId === a.id || e.targetId === b.id,
    );
    expect(audit).toHaveLength(2);
  });

  it('takes many ids in one path: submits and reads a dozen buildings at once', async () => {
    const projectId = await newProject();
    const twelve = [];
    for (let i = 1; i <= 12; i++) twelve.push(await newBuilding(projectId, { name: `${i}#楼` }));
    const ids = twelve.map((b) => b.id);
    // Twelve ids with their commas are 455 characters, beyond a router's usual 100 per parameter.
    detailOf(await api.submit(tokens.construct_admin, org.construct!, projectId, ids));
    const read = detailOf<{ id: string; status: string }[]>(
      await api.getAll(tokens.construct_admin, org.construct!, projectId, ids),
    );
    expect(read.map((b) => b.status)).toEqual(ids.map(() => 'SUBMITTED'));
  });

  it('lets a building submitted before a recall change again; it goes back to draft', async () => {
    const projectId = await newProject();
    const building = await newBuilding(projectId);
    detailOf(await api.submit(tokens.construct_admin, org.construct!, projectId, [building.id]));
    detailOf(await projects.revoke(tokens.construct_admin, projectId));
    const changed = detailOf<Building>(
      await api.save(
        tokens.construct_admin,
        org.construct!,
        projectId,
        buildingForm(org, { id: building.id, floorsBelow: 3 }),
      ),
    );
    expect(changed).toMatchObject({ status: 'DRAFT', floorsBelow: 3 });
    // Hazard sources likewise.
    detailOf(await api.submit(tokens.construct_admin, org.construct!, projectId, [building.id]));
    const [hazard] = detailOf<BuildingHazardSource[]>(
      await api.saveHazards(tokens.construct_admin, org.construct!, projectId, {
        buildingId: building.id,
        items: [{ code: 'SCAFFOLDING', description: '落地式钢管脚手架，搭设高度 24m' }],
      }),
    );
    expect(
      detailOf<Building>(await api.get(tokens.construct_admin, org.construct!, projectId, building.id))
        .status,
    ).toBe('DRAFT');
    detailOf(await api.submit(tokens.construct_admin, org.construct!, projectId, [building.id]));
    detailOf(await api.deleteHazards(tokens.construct_admin, org.construct!, [hazard!.id]));
    expect(
      detailOf<Building>(await api.get(tokens.construct_admin, org.construct!, projectId, building.id))
        .status,
    ).toBe('DRAFT');
    // The construction unit may edit its drafts; a design unit does not see a recalled application.
    refused(await api.get(tokens.design_admin, org.design!, projectId, building.id), 404, 'NOT_FOUND');
  });

  it('answers the design and survey units recorded for some buildings', async () => {
    const projectId = await newProject({ designOrgIds: [org.design!, org.design2!] });
    const a = await newBuilding(projectId);
    const b = await newBuilding(projectId, { name: '2#楼', designOrgIds: [org.design2!], surveyOrgIds: [] });
    const units = detailOf<SurveyDesignUnits>(await api.units(tokens.construct_admin, [a.id, b.id]));
    expect(units.designList.map((u) => u.orgId).sort()).toEqual([org.design, org.design2].sort());
    expect(units.surveyList).toEqual([{ orgId: org.survey, orgName: '湖南省勘测设计院有限公司' }]);
    expect(detailOf<SurveyDesignUnits>(await api.units(tokens.design2_admin, [b.id], org.design2))).toEqual({
      designList: [{ orgId: org.design2, orgName: '中机国际工程设计研究院有限责任公司' }],
      surveyList: [],
    });
    expect(
      detailOf<SurveyDesignUnits>(await api.units(tokens.control_admin, [a.id])).designList,
    ).toHaveLength(1);
    refused(await api.units(tokens.construct2_admin, [a.id]), 404, 'NOT_FOUND');
    refused(await api.units(tokens.construct_admin, [a.id, randomUUID()]), 404, 'NOT_FOUND');
    refused(await api.units(tokens.construct_admin, ['nope']), 400, 'VALIDATION_FAILED');
    refused(await api.units(tokens.sysadmin, [a.id]), 403, 'FORBIDDEN');
  });
});
