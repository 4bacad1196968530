import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  ORG_HEADER,
  type Building,
  type OrgType,
  type Profile,
  type ProjectDetail,
  type ProjectDic,
  type ProjectForm,
  type ProjectListQuery,
  type ProjectPage,
  type ProjectRole,
  type ProjectStatus,
  type SaveBuildingRequest,
} from '@drp/domain';
import type { Db } from '../db/database.js';
import { accounts, memberProfiles, members } from '../db/schema/accounts.js';
import { docVersions } from '../db/schema/doc-repository.js';
import { missions } from '../db/schema/missions.js';
import { orgs } from '../db/schema/orgs.js';
import { projectOrgs, projects } from '../db/schema/projects.js';
import { DEMO_ORGS } from '../db/seed/demo-seed.js';
import type { TestApp } from './test-app.js';

/** The ids of the demo organisations, by their key in DEMO_ORGS. */
export async function demoOrgIds(db: Db): Promise<Record<string, string>> {
  const byName = new Map(DEMO_ORGS.map((o) => [o.name, o.key]));
  const rows = await db
    .select({ id: orgs.id, name: orgs.name })
    .from(orgs)
    .where(
      inArray(
        orgs.name,
        DEMO_ORGS.map((o) => o.name),
      ),
    );
  const ids: Record<string, string> = {};
  for (const row of rows) ids[byName.get(row.name)!] = row.id;
  for (const o of DEMO_ORGS) if (!ids[o.key]) throw new Error(`demo org ${o.key} is not in the database`);
  return ids;
}

/** The account id of a username (a demo account or one added by a test). */
export async function accountIdOf(db: Db, username: string): Promise<string> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.username, username));
  if (!row) throw new Error(`no account ${username}`);
  return row.id;
}

export interface ProjectFixture {
  name?: string;
  status: ProjectStatus;
  /** The construction unit: owner of the application and a party to it. */
  constructOrgId: string;
  /** Further parties (design, survey, review agency). */
  parties?: readonly { orgId: string; role: ProjectRole }[];
}

/**
 * Applications over every combination of status × region × owner (the two demo construction units)
 * × named parties (none; the design, survey and review units; the second design unit and agency),
 * for tests that compare who sees what across all of them. Answers their ids.
 */
export async function insertProjectMatrix(
  db: Db,
  org: Record<string, string>,
  matrix: { statuses: readonly ProjectStatus[]; regions: readonly (string | null)[] },
): Promise<string[]> {
  const partySets: { orgId: string; role: ProjectRole }[][] = [
    [],
    [
      { orgId: org.design!, role: 'DESIGN' },
      { orgId: org.survey!, role: 'SURVEY' },
      { orgId: org.censor!, role: 'CENSOR' },
    ],
    [
      { orgId: org.design2!, role: 'DESIGN' },
      { orgId: org.censor2!, role: 'CENSOR' },
    ],
  ];
  const ids: string[] = [];
  for (const status of matrix.statuses)
    for (const regionCode of matrix.regions)
      for (const owner of [org.construct!, org.construct2!])
        for (const parties of partySets) {
          const id = await insertProject(db, { status, constructOrgId: owner, parties });
          await db.update(projects).set({ regionCode }).where(eq(projects.id, id));
          ids.push(id);
        }
  return ids;
}

/**
 * Puts a review application and its parties in place directly, for tests of other capabilities
 * that only need one to exist (the project API itself is tested through its routes).
 */
export async function insertProject(db: Db, fixture: ProjectFixture): Promise<string> {
  const [project] = await db
    .insert(projects)
    .values({
      name: fixture.name ?? '长沙市岳麓区学士路安置房项目',
      status: fixture.status,
      constructOrgId: fixture.constructOrgId,
    })
    .returning({ id: projects.id });
  const id = project!.id;
  await db
    .insert(projectOrgs)
    .values([
      { projectId: id, orgId: fixture.constructOrgId, role: 'CONSTRUCT' },
      ...(fixture.parties ?? []).map((p) => ({ projectId: id, orgId: p.orgId, role: p.role })),
    ]);
  return id;
}

/**
 * A review mission put in place directly, for tests of other capabilities (missions are assigned
 * through modules/missions). The project is the building's; the round is its latest document
 * version, marked accepted if it was not (a mission belongs to an accepted round).
 */
export async function insertMission(
  db: Db,
  row: {
    projectId: string;
    buildingId: string;
    specialty: string;
    reviewerAccountId: string;
    censorOrgId: string;
    deadline?: string;
  },
): Promise<string> {
  const [version] = await db
    .select({ id: docVersions.id, acceptedAt: docVersions.acceptedAt })
    .from(docVersions)
    .where(and(eq(docVersions.projectId, row.projectId), eq(docVersions.latest, true)));
  if (!version) throw new Error(`insertMission: application ${row.projectId} has no document version`);
  if (!version.acceptedAt)
    await db.update(docVersions).set({ acceptedAt: new Date() }).where(eq(docVersions.id, version.id));
  const [inserted] = await db
    .insert(missions)
    .values({ ...row, versionId: version.id })
    .returning({ id: missions.id });
  return inserted!.id;
}

/** An organisation added straight to the database, e.g. a disabled one no API call can make. */
export async function insertOrg(
  db: Db,
  row: { name: string; orgType: OrgType; regionCode?: string; enabled?: boolean },
): Promise<string> {
  const [inserted] = await db
    .insert(orgs)
    .values({ regionCode: '430104', enabled: true, ...row })
    .returning({ id: orgs.id });
  return inserted!.id;
}

/**
 * A person in an organisation added straight to the database (e.g. the admin of an organisation
 * made with `insertOrg`), who signs in with the demo password.
 */
export async function insertPerson(
  db: Db,
  row: { username: string; name: string; phone: string; orgId: string; admin?: boolean; profiles: Profile[] },
): Promise<string> {
  const [demo] = await db
    .select({ hash: accounts.passwordHash })
    .from(accounts)
    .where(eq(accounts.username, 'construct_admin'));
  const [account] = await db
    .insert(accounts)
    .values({ username: row.username, name: row.name, phone: row.phone, passwordHash: demo!.hash })
    .returning({ id: accounts.id });
  const [member] = await db
    .insert(members)
    .values({ accountId: account!.id, orgId: row.orgId, admin: row.admin ?? false })
    .returning({ id: members.id });
  if (row.profiles.length > 0)
    await db
      .insert(memberProfiles)
      .values(row.profiles.map((profile) => ({ memberId: member!.id, profile })));
  return account!.id;
}

/**
 * Moves an application where no API call takes it yet: review outcomes (status), the review
 * agency's acceptance, or a creation time a date filter needs.
 */
export async function setProject(
  db: Db,
  id: string,
  patch: { status?: ProjectStatus; acceptedAt?: Date | null; createdAt?: Date },
) {
  await db.update(projects).set(patch).where(eq(projects.id, id));
}

/**
 * A complete, valid application form under `projectDicId`: the demo design and survey units and
 * review agency take part, in 长沙市岳麓区. Overrides replace single fields.
 */
export function applicationForm(
  org: Record<string, string>,
  projectDicId: string,
  overrides: Partial<ProjectForm> = {},
): ProjectForm {
  return {
    projectDicId,
    name: '长沙市岳麓区学士路安置房项目（一期）',
    regionCode: '430104',
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
    designOrgIds: [org.design!],
    surveyOrgIds: [org.survey!],
    censorOrgId: org.censor!,
    ...overrides,
  };
}

/** A complete, valid building (a 33-storey residential tower) under the demo design and survey units. */
export function buildingForm(
  org: Record<string, string>,
  overrides: Partial<SaveBuildingRequest> = {},
): SaveBuildingRequest {
  return {
    name: '1#住宅楼',
    use: 'RESIDENTIAL',
    structureType: 'SHEAR_WALL',
    floorsAbove: 33,
    floorsBelow: 2,
    height: 99.6,
    floorArea: 21_850.36,
    seismicIntensity: 'DEGREE_6_0.05G',
    fireResistanceRating: 'GRADE_1',
    climaticRegion: 'HOT_SUMMER_COLD_WINTER',
    designOrgIds: [org.design!],
    surveyOrgIds: [org.survey!],
    ...overrides,
  };
}

/**
 * The building `addBuilding` gives an application so that it can be submitted: a two-storey
 * ancillary block, named so that it does not clash with the buildings tests enter themselves.
 */
export const FIXTURE_BUILDING_NAME = '配套用房';

/** The detail of a 200 answer; any other answer fails the test with its body. */
export function detailOf<T>(res: LightMyRequestResponse): T {
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode}: ${res.body}`);
  return res.json<{ detail: T }>().detail;
}

/**
 * The project calls of the web app through `inject`, as one signed-in caller (the token) acting
 * for the organisation in `actingOrg` (sent as X-Org-Id) or its first qualifying one.
 */
export function projectApi(t: TestApp) {
  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string | undefined,
    options: {
      actingOrg?: string | undefined;
      payload?: unknown;
      query?: Record<string, string>;
      /** The reader's language (Accept-Language); zh-CN when absent. */
      locale?: 'zh-CN' | 'en-US';
    } = {},
  ) =>
    t.app.inject({
      method,
      url,
      query: options.query ?? {},
      headers: {
        ...(options.actingOrg ? { [ORG_HEADER]: options.actingOrg } : {}),
        ...(options.locale ? { 'accept-language': options.locale } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
  const id = encodeURIComponent;
  const api = {
    send,
    addDic: (token: string, orgId: string, body: unknown) =>
      send('POST', `/api/checkDrawings/${id(orgId)}/projectDic/add`, token, { payload: body }),
    updateDic: (token: string, orgId: string, body: unknown) =>
      send('POST', `/api/checkDrawings/${id(orgId)}/projectDic/update`, token, { payload: body }),
    deleteDic: (token: string, orgId: string, dicId: string) =>
      send('DELETE', `/api/checkDrawings/${id(orgId)}/projectDic/delete/${id(dicId)}`, token),
    queryDics: (token: string, orgId: string, body: unknown = {}) =>
      send('POST', `/api/checkDrawings/${id(orgId)}/projectDic/query`, token, { payload: body }),
    previewCode: (token: string, regionCode: string) =>
      send('GET', '/api/checkDrawings/codeGenerate/getProjectCode', token, { query: { regionCode } }),
    add: (token: string, form: unknown, actingOrg?: string) =>
      send('POST', '/api/checkDrawings/project/add', token, { payload: form, actingOrg }),
    update: (token: string, projectId: string, form: unknown, actingOrg?: string) =>
      send('PUT', '/api/checkDrawings/project/update', token, {
        payload: { id: projectId, form },
        actingOrg,
      }),
    remove: (token: string, projectId: string) =>
      send('DELETE', `/api/checkDrawings/project/delete/${id(projectId)}`, token),
    submit: (token: string, projectId: string, n: number | string) =>
      send('PUT', `/api/checkDrawings/project/${id(projectId)}/submit/${n}`, token),
    revoke: (token: string, projectId: string) =>
      send('PUT', `/api/checkDrawings/project/revoke/${id(projectId)}`, token),
    detail: (token: string, projectId: string, actingOrg?: string) =>
      send('GET', `/api/checkDrawings/project/detail/${id(projectId)}`, token, { actingOrg }),
    isFirstReport: (token: string, projectId: string, actingOrg?: string) =>
      send('GET', `/api/checkDrawings/project/isFirstReport/${id(projectId)}`, token, { actingOrg }),
    isAccept: (token: string, projectId: string, actingOrg?: string) =>
      send('GET', `/api/checkDrawings/project/isAccept/${id(projectId)}`, token, { actingOrg }),
    list: (
      token: string,
      path: 'pagelist' | 'search' | 'searchForSupervise',
      query: ProjectListQuery = {},
      actingOrg?: string,
    ) =>
      send('GET', `/api/checkDrawings/project/${path}`, token, {
        actingOrg,
        query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      }),
    baselist: (token: string, actingOrg?: string) =>
      send('GET', '/api/checkDrawings/project/baselist', token, { actingOrg }),
    saveBuilding: (token: string, orgId: string, projectId: string, body: unknown) =>
      send('POST', `/api/checkDrawings/${id(orgId)}/${id(projectId)}/building/saveBuildingInfo`, token, {
        payload: body,
      }),
  };
  /**
   * Adds a building to a draft as its construction unit (`orgId`), under the application's first
   * design unit and all its survey units: an application needs one before it can be submitted.
   */
  const addBuilding = async (
    token: string,
    orgId: string,
    projectId: string,
    overrides: Partial<SaveBuildingRequest> = {},
  ) => {
    const project = detailOf<ProjectDetail>(await api.detail(token, projectId, orgId));
    const form: SaveBuildingRequest = {
      name: FIXTURE_BUILDING_NAME,
      use: 'SUPPORTING',
      structureType: 'FRAME',
      floorsAbove: 2,
      floorsBelow: 0,
      height: 8.4,
      floorArea: 620,
      seismicIntensity: 'DEGREE_6_0.05G',
      fireResistanceRating: 'GRADE_2',
      climaticRegion: 'HOT_SUMMER_COLD_WINTER',
      designOrgIds: project.designList.slice(0, 1).map((p) => p.orgId),
      surveyOrgIds: project.surveyList.map((p) => p.orgId),
      ...overrides,
    };
    return detailOf<Building>(await api.saveBuilding(token, orgId, projectId, form));
  };
  return {
    ...api,
    addBuilding,
    /**
     * Submits a draft of the construction unit `orgId` after adding the fixture building if it has
     * none yet; `n` is the submit count the form showed. Answers the submit's response.
     */
    submitWithBuilding: async (token: string, orgId: string, projectId: string, n: number | string = 0) => {
      const listed = await api.send(
        'GET',
        `/api/checkDrawings/${id(orgId)}/${id(projectId)}/building/queryBuildings`,
        token,
      );
      if (detailOf<Building[]>(listed).length === 0) await addBuilding(token, orgId, projectId);
      return api.submit(token, projectId, n);
    },
    /** Registers a project master and returns it; fails the test unless the answer is 200. */
    dicOf: async (token: string, orgId: string, body: unknown) =>
      detailOf<ProjectDic>(await api.addDic(token, orgId, body)),
    /** Saves a draft and returns its id and code; fails the test unless the answer is 200. */
    saved: async (token: string, form: ProjectForm) =>
      detailOf<{ id: string; code: string }>(await api.add(token, form)),
    shown: async (token: string, projectId: string, actingOrg?: string) =>
      detailOf<ProjectDetail>(await api.detail(token, projectId, actingOrg)),
    page: async (
      token: string,
      path: 'pagelist' | 'search' | 'searchForSupervise',
      query: ProjectListQuery = {},
      actingOrg?: string,
    ) => detailOf<ProjectPage>(await api.list(token, path, query, actingOrg)),
  };
}
