import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type {
  AuditPage,
  Building,
  BuildingDesignInfo,
  BuildingHazardSource,
  MessagePage,
  PassedBuilding,
  ProjectAlterDetail,
  ProjectAlterRequest,
  ProjectAlterSaved,
} from '@drp/domain';
import {
  applicationForm,
  buildingForm,
  demoOrgIds,
  detailOf,
  projectApi,
  setProject,
} from '../../test/project-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

function refused(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ code: string; message: string }>();
  expect(body.code, res.body).toBe(code);
  return body;
}

const USERS = [
  'construct_admin',
  'construct2_admin',
  'design_admin',
  'design2_admin',
  'survey_admin',
  'censor_admin',
  'censor2_admin',
  'control_admin',
  'joint_admin',
  'sysadmin',
] as const;
type User = (typeof USERS)[number];

describe('change applications', () => {
  let t: TestApp;
  let projects: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  const tokens = {} as Record<User, string>;
  /** A master whose first application passed review, with buildings 1# and 2#. */
  let passedDic: string;
  let first: { id: string; code: string };
  let tower1: Building;
  let tower2: Building;
  /** A master whose only application is submitted, not passed. */
  let openDic: string;
  let openBuilding: Building;
  /** construct2's passed building. */
  let theirBuilding: Building;
  let changeId: string;

  const saveOrUpdate = (user: User, body: unknown) =>
    projects.send('POST', '/api/checkDrawings/projectAlterDetail/saveOrUpdate', tokens[user], {
      payload: body,
    });
  const passedOf = (user: User, projectDicId: string) =>
    projects.send('GET', '/api/checkDrawings/projectAlterDetail/getPassedBuildings', tokens[user], {
      query: { projectDicId },
    });
  const alterDetail = (user: User, id: string) =>
    projects.send('GET', `/api/checkDrawings/projectAlterDetail/${id}`, tokens[user]);
  const buildingsOf = async (projectId: string) =>
    detailOf<Building[]>(
      await projects.send(
        'GET',
        `/api/checkDrawings/${org.construct}/${projectId}/building/queryBuildings`,
        tokens.construct_admin,
      ),
    );

  /** A change of the passed master changing `buildingIds`. */
  const changeRequest = (overrides: Partial<ProjectAlterRequest> = {}): ProjectAlterRequest => ({
    form: applicationForm(org, passedDic, { name: '岳麓区学士路安置房项目（一期）设计变更' }),
    buildingIds: [tower1.id],
    categories: ['STRUCTURE', 'FIRE'],
    content: '1#住宅楼地下室顶板覆土由 1.2m 调整为 1.8m，相应调整顶板配筋；增设一部疏散楼梯。',
    reason: '景观方案调整，需加厚覆土种植乔木；消防审查意见要求增加疏散宽度。',
    ...overrides,
  });

  /** A master of `owner` with one application holding these buildings, submitted and then moved on. */
  async function masterWith(
    owner: 'construct_admin' | 'construct2_admin',
    names: string[],
    status: 'SUBMITTED' | 'PASSED',
  ) {
    const ownerOrg = owner === 'construct_admin' ? org.construct! : org.construct2!;
    const dic = await projects.dicOf(tokens[owner], ownerOrg, {
      name: `${names.join('、')}所在项目`,
      regionCode: '430104',
      address: '长沙市岳麓区学士路 88 号',
    });
    const saved = await projects.saved(tokens[owner], applicationForm(org, dic.id));
    const rows: Building[] = [];
    for (const name of names)
      rows.push(
        detailOf<Building>(
          await projects.saveBuilding(tokens[owner], ownerOrg, saved.id, buildingForm(org, { name })),
        ),
      );
    detailOf(await projects.submit(tokens[owner], saved.id, 0));
    if (status === 'PASSED') await setProject(t.database.db, saved.id, { status: 'PASSED' });
    return { dicId: dic.id, application: saved, buildings: rows };
  }

  beforeAll(async () => {
    t = await createTestApp();
    projects = projectApi(t);
    org = await demoOrgIds(t.database.db);
    for (const user of USERS) tokens[user] = await t.signIn(user);
    const passed = await masterWith('construct_admin', ['1#住宅楼', '2#住宅楼'], 'SUBMITTED');
    passedDic = passed.dicId;
    first = passed.application;
    [tower1, tower2] = passed.buildings as [Building, Building];
    // 1#'s hazard sources and design info travel with it into a change.
    detailOf(
      await projects.send(
        'POST',
        `/api/checkDrawings/${org.construct}/${first.id}/building/saveBuildingHazardSources`,
        tokens.construct_admin,
        {
          payload: {
            buildingId: tower1.id,
            items: [{ code: 'DEEP_FOUNDATION_PIT', description: '基坑深 9.2m' }],
          },
        },
      ),
    );
    detailOf(
      await projects.send(
        'POST',
        `/api/checkDrawings/${org.design}/${first.id}/building/saveBuildingDesignInfos`,
        tokens.design_admin,
        {
          payload: {
            buildingId: tower1.id,
            items: [{ specialty: 'STRUCTURE', chiefDesigner: '李娜', engineerCertNo: 'S114300567' }],
          },
        },
      ),
    );
    await setProject(t.database.db, first.id, { status: 'PASSED' });
    const open = await masterWith('construct_admin', ['3#商业楼'], 'SUBMITTED');
    openDic = open.dicId;
    openBuilding = open.buildings[0]!;
    theirBuilding = (await masterWith('construct2_admin', ['洋湖 1#楼'], 'PASSED')).buildings[0]!;
  });
  afterAll(() => t?.close());

  it('lists the buildings of the passed applications of a master, and refuses a master without one', async () => {
    const passed = detailOf<PassedBuilding[]>(await passedOf('construct_admin', passedDic));
    expect(passed.map((b) => [b.name, b.projectCode, b.projectName, b.status])).toEqual([
      ['1#住宅楼', first.code, '长沙市岳麓区学士路安置房项目（一期）', 'DRAFT'],
      ['2#住宅楼', first.code, '长沙市岳麓区学士路安置房项目（一期）', 'DRAFT'],
    ]);
    expect(passed[0]).toMatchObject({ id: tower1.id, designUnits: tower1.designUnits, floorsAbove: 33 });

    const none = refused(await passedOf('construct_admin', openDic), 409, 'ALTER_NO_PASSED_APPLICATION');
    expect(none.message).toBe('该工程项目尚无审查合格的报审，不能申请变更');
    // Someone else's master answers like a missing one.
    refused(await passedOf('construct2_admin', passedDic), 404, 'NOT_FOUND');
    refused(await passedOf('construct_admin', randomUUID()), 404, 'NOT_FOUND');
    refused(await passedOf('construct_admin', 'not-a-master'), 400, 'VALIDATION_FAILED');
    refused(
      await projects.send(
        'GET',
        '/api/checkDrawings/projectAlterDetail/getPassedBuildings',
        tokens.construct_admin,
      ),
      400,
      'VALIDATION_FAILED',
    );
    // Only the apply area may ask.
    refused(await passedOf('design_admin', passedDic), 403, 'FORBIDDEN');
  });

  it('saves a change: a draft application with isAlter, its own part, and the chosen buildings copied in as drafts', async () => {
    const saved = detailOf<ProjectAlterSaved>(await saveOrUpdate('construct_admin', changeRequest()));
    changeId = saved.id;
    expect(saved.code).toMatch(/^430104-\d{4}-\d{4}$/);
    expect(saved.code).not.toBe(first.code);

    const detail = detailOf<ProjectAlterDetail>(await alterDetail('construct_admin', changeId));
    const copies = await buildingsOf(changeId);
    expect(copies).toHaveLength(1);
    const copy = copies[0]!;
    expect(detail).toMatchObject({
      projectId: changeId,
      categories: ['STRUCTURE', 'FIRE'],
      content: changeRequest().content,
      reason: changeRequest().reason,
      buildings: [
        {
          sourceBuildingId: tower1.id,
          sourceProjectId: first.id,
          sourceProjectCode: first.code,
          name: '1#住宅楼',
          buildingId: copy.id,
        },
      ],
      project: { id: changeId, code: saved.code, isAlter: true, status: 'DRAFT', projectDicId: passedDic },
    });
    expect(detail.project.name).toBe('岳麓区学士路安置房项目（一期）设计变更');

    const { id: _id, projectId: _p, createdAt: _c, updatedAt: _u, submittedAt: _s, ...basic } = tower1;
    expect(copy).toMatchObject({ ...basic, status: 'DRAFT', projectId: changeId });
    expect(copy.id).not.toBe(tower1.id);
    const hazards = detailOf<BuildingHazardSource[]>(
      await projects.send(
        'GET',
        `/api/checkDrawings/${org.construct}/${changeId}/building/getBuildingHazardSources/${copy.id}`,
        tokens.construct_admin,
      ),
    );
    expect(hazards.map((h) => [h.code, h.description, h.beyondScale])).toEqual([
      ['DEEP_FOUNDATION_PIT', '基坑深 9.2m', true],
    ]);
    const design = detailOf<BuildingDesignInfo[]>(
      await projects.send(
        'GET',
        `/api/checkDrawings/${org.construct}/${changeId}/building/getBuildingDesignInfo/${copy.id}`,
        tokens.construct_admin,
      ),
    );
    expect(design.map((d) => [d.orgId, d.specialty, d.chiefDesigner])).toEqual([
      [org.design, 'STRUCTURE', '李娜'],
    ]);
    // The passed application keeps its buildings as they were.
    expect((await buildingsOf(first.id)).map((b) => b.id)).toEqual([tower1.id, tower2.id]);
    // The construction unit's list shows it as a change.
    const page = await projects.page(tokens.construct_admin, 'pagelist', { pageSize: 100 });
    expect(page.items.find((p) => p.id === changeId)).toMatchObject({ isAlter: true, status: 'DRAFT' });
  });

  it('changes the draft: buildings no longer picked lose their copy, new ones are copied, kept ones keep their edits', async () => {
    const [copy1] = await buildingsOf(changeId);
    // The construction unit edits its copy of 1# in the change.
    detailOf(
      await projects.saveBuilding(
        tokens.construct_admin,
        org.construct!,
        changeId,
        buildingForm(org, { id: copy1!.id, name: '1#住宅楼', floorsAbove: 32, height: 96.6 }),
      ),
    );
    detailOf(
      await saveOrUpdate(
        'construct_admin',
        changeRequest({ id: changeId, buildingIds: [tower1.id, tower2.id], categories: ['FUNCTION'] }),
      ),
    );
    let copies = await buildingsOf(changeId);
    expect(copies.map((b) => [b.name, b.floorsAbove])).toEqual([
      ['1#住宅楼', 32],
      ['2#住宅楼', 33],
    ]);
    expect(copies[0]!.id).toBe(copy1!.id);

    detailOf(
      await saveOrUpdate(
        'construct_admin',
        changeRequest({ id: changeId, buildingIds: [tower2.id], content: '仅调整 2#楼' }),
      ),
    );
    copies = await buildingsOf(changeId);
    expect(copies.map((b) => b.name)).toEqual(['2#住宅楼']);
    const detail = detailOf<ProjectAlterDetail>(await alterDetail('construct_admin', changeId));
    expect(detail).toMatchObject({
      categories: ['STRUCTURE', 'FIRE'],
      content: '仅调整 2#楼',
      buildings: [{ sourceBuildingId: tower2.id, buildingId: copies[0]!.id, name: '2#住宅楼' }],
    });
  });

  it('refuses buildings that did not pass under this master, and a master without a passed application', async () => {
    const before = detailOf<ProjectAlterDetail>(await alterDetail('construct_admin', changeId));
    const notPassed = refused(
      await saveOrUpdate(
        'construct_admin',
        changeRequest({ id: changeId, buildingIds: [tower2.id, openBuilding.id] }),
      ),
      400,
      'ALTER_BUILDING_NOT_PASSED',
    );
    expect(notPassed.message).toBe('所选单体不属于该工程项目审查合格的报审：3#商业楼');
    // Another unit's building is not named, only its id.
    const foreign = refused(
      await saveOrUpdate('construct_admin', changeRequest({ id: changeId, buildingIds: [theirBuilding.id] })),
      400,
      'ALTER_BUILDING_NOT_PASSED',
    );
    expect(foreign.message).toBe(`所选单体不属于该工程项目审查合格的报审：${theirBuilding.id}`);
    const unknown = randomUUID();
    refused(
      await saveOrUpdate('construct_admin', changeRequest({ buildingIds: [unknown] })),
      400,
      'ALTER_BUILDING_NOT_PASSED',
    );
    // A building of the change itself is not a passed one either.
    const [copy] = await buildingsOf(changeId);
    refused(
      await saveOrUpdate('construct_admin', changeRequest({ buildingIds: [copy!.id] })),
      400,
      'ALTER_BUILDING_NOT_PASSED',
    );
    const none = refused(
      await saveOrUpdate(
        'construct_admin',
        changeRequest({ form: applicationForm(org, openDic), buildingIds: [openBuilding.id] }),
      ),
      409,
      'ALTER_NO_PASSED_APPLICATION',
    );
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/checkDrawings/projectAlterDetail/saveOrUpdate',
      headers: { authorization: `Bearer ${tokens.construct_admin}`, 'accept-language': 'en-US' },
      payload: changeRequest({ form: applicationForm(org, openDic), buildingIds: [openBuilding.id] }),
    });
    expect(english.json<{ message: string }>().message).toBe(
      'No application of this project has passed review yet; a change cannot be applied for',
    );
    expect(none.message).toBe('该工程项目尚无审查合格的报审，不能申请变更');
    expect(detailOf<ProjectAlterDetail>(await alterDetail('construct_admin', changeId))).toEqual(before);
  });

  it('refuses missing and malformed change details with 400, and saves nothing', async () => {
    const total = (await projects.page(tokens.construct_admin, 'pagelist')).total;
    const bad: Partial<Record<keyof ProjectAlterRequest, unknown>>[] = [
      { buildingIds: [] },
      { buildingIds: [tower1.id, tower1.id] },
      { buildingIds: ['not-a-building'] },
      { categories: [] },
      { categories: ['STRUCTURE', 'STRUCTURE'] },
      { categories: ['COLOUR'] },
      { content: '   ' },
      { reason: '' },
      { content: 'x'.repeat(4001) },
      { form: { ...applicationForm(org, passedDic), totalArea: -5 } },
    ];
    for (const patch of bad)
      refused(
        await saveOrUpdate('construct_admin', { ...changeRequest(), ...patch }),
        400,
        'VALIDATION_FAILED',
      );
    const { reason: _r, ...noReason } = changeRequest();
    refused(await saveOrUpdate('construct_admin', noReason), 400, 'VALIDATION_FAILED');
    expect((await projects.page(tokens.construct_admin, 'pagelist')).total).toBe(total);
  });

  it('lets only the construction unit owning the master create or change it', async () => {
    const before = detailOf<ProjectAlterDetail>(await alterDetail('construct_admin', changeId));
    refused(await saveOrUpdate('construct2_admin', changeRequest()), 404, 'NOT_FOUND');
    refused(
      await saveOrUpdate('construct2_admin', {
        ...changeRequest({ id: changeId }),
        buildingIds: [theirBuilding.id],
      }),
      404,
      'NOT_FOUND',
    );
    refused(await saveOrUpdate('design_admin', changeRequest()), 403, 'FORBIDDEN');
    refused(await alterDetail('construct2_admin', changeId), 404, 'NOT_FOUND');
    // The first application is no change: its id does not open a change's detail or update it.
    refused(await alterDetail('construct_admin', first.id), 404, 'NOT_FOUND');
    refused(await saveOrUpdate('construct_admin', changeRequest({ id: first.id })), 404, 'NOT_FOUND');
    refused(await saveOrUpdate('construct_admin', changeRequest({ id: randomUUID() })), 404, 'NOT_FOUND');
    refused(await alterDetail('construct_admin', randomUUID()), 404, 'NOT_FOUND');
    refused(await alterDetail('construct_admin', 'not-an-id'), 404, 'NOT_FOUND');
    expect(detailOf<ProjectAlterDetail>(await alterDetail('construct_admin', changeId))).toEqual(before);
  });

  it('is submitted like an application, read-only then, and seen by whoever sees the application', async () => {
    // A draft change is the construction unit's alone.
    refused(await alterDetail('design_admin', changeId), 404, 'NOT_FOUND');
    detailOf(await projects.submit(tokens.construct_admin, changeId, 0));
    const told = detailOf<MessagePage>(
      await projects.send('GET', '/api/message/messages', tokens.design_admin, {
        query: { messageTypes: 'CONSTRUCT_PROJECT_SUBMIT' },
      }),
    ).items.filter((m) => m.projectId === changeId);
    expect(told).toHaveLength(1);

    // The same change for everyone who sees it; only what each may do to it (`can`) is its own.
    const withoutCan = ({ project: { can: _can, ...project }, ...rest }: ProjectAlterDetail) => ({
      ...rest,
      project,
    });
    const own = detailOf<ProjectAlterDetail>(await alterDetail('construct_admin', changeId));
    expect(own.project).toMatchObject({ status: 'SUBMITTED', submitCount: 1, can: { revoke: true } });
    for (const user of [
      'design_admin',
      'survey_admin',
      'censor_admin',
      'control_admin',
      'joint_admin',
    ] as const)
      expect(withoutCan(detailOf<ProjectAlterDetail>(await alterDetail(user, changeId))), user).toEqual(
        withoutCan(own),
      );
    for (const user of ['design2_admin', 'censor2_admin', 'construct2_admin'] as const)
      refused(await alterDetail(user, changeId), 404, 'NOT_FOUND');
    refused(await alterDetail('sysadmin', changeId), 403, 'FORBIDDEN');

    const locked = refused(
      await saveOrUpdate('construct_admin', changeRequest({ id: changeId, buildingIds: [tower2.id] })),
      409,
      'PROJECT_NOT_DRAFT',
    );
    expect(locked.message).toBe('该报审已提交，不能修改、删除或重复提交');
    // Recalled, it is a draft again and changes.
    detailOf(await projects.revoke(tokens.construct_admin, changeId));
    detailOf(
      await saveOrUpdate(
        'construct_admin',
        changeRequest({ id: changeId, buildingIds: [tower2.id], reason: '补充说明' }),
      ),
    );
    expect(detailOf<ProjectAlterDetail>(await alterDetail('construct_admin', changeId)).reason).toBe(
      '补充说明',
    );
  });

  it('once a change passes, its copies replace the buildings it changed among those a next change can pick', async () => {
    detailOf(await projects.submit(tokens.construct_admin, changeId, 1));
    await setProject(t.database.db, changeId, { status: 'PASSED' });
    const [copy2] = await buildingsOf(changeId);
    const passed = detailOf<PassedBuilding[]>(await passedOf('construct_admin', passedDic));
    expect(passed.map((b) => [b.id, b.projectCode])).toEqual([
      [tower1.id, first.code],
      [copy2!.id, (await projects.shown(tokens.construct_admin, changeId)).code],
    ]);
    refused(
      await saveOrUpdate('construct_admin', changeRequest({ buildingIds: [tower2.id] })),
      400,
      'ALTER_BUILDING_NOT_PASSED',
    );
    // A second change of the replaced building starts from the changed one.
    const second = detailOf<ProjectAlterSaved>(
      await saveOrUpdate(
        'construct_admin',
        changeRequest({ buildingIds: [copy2!.id], categories: ['ENERGY'] }),
      ),
    );
    expect(
      detailOf<ProjectAlterDetail>(await alterDetail('construct_admin', second.id)).buildings,
    ).toMatchObject([{ sourceBuildingId: copy2!.id, sourceProjectId: changeId, name: '2#住宅楼' }]);

    // Deleting that draft deletes its copies; the passed buildings stay.
    detailOf(await projects.remove(tokens.construct_admin, second.id));
    refused(await alterDetail('construct_admin', second.id), 404, 'NOT_FOUND');
    expect((await buildingsOf(changeId)).map((b) => b.id)).toEqual([copy2!.id]);
    expect(detailOf<PassedBuilding[]>(await passedOf('construct_admin', passedDic))).toHaveLength(2);
  });

  it('records each save of the change in the audit trail', async () => {
    const events = detailOf<AuditPage>(
      await projects.send('GET', '/api/admin/audit-events', tokens.sysadmin, {
        query: { action: 'PROJECT_ALTER_SAVED', size: '100' },
      }),
    ).items.filter((e) => e.targetId === changeId);
    expect(events).toHaveLength(4);
    for (const e of events)
      expect(e).toMatchObject({ actorUsername: 'construct_admin', targetType: 'project' });
  });
});
