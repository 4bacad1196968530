import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { AuditPage, DocFolderNode, DocVersion } from '@drp/domain';
import { docVersions } from '../../db/schema/doc-repository.js';
import {
  applicationForm,
  buildingForm,
  demoOrgIds,
  detailOf,
  projectApi,
} from '../../test/project-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

function refused(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ code: string }>().code, res.body).toBe(code);
}

const USERS = [
  'construct_admin',
  'design_admin',
  'design_user',
  'design2_admin',
  'survey_admin',
  'censor_admin',
  'censor2_admin',
  'control_admin',
  'joint_admin',
] as const;
type User = (typeof USERS)[number];

/** A tree as nested names, with the marks a user would see: [editable] folders, (n) files. */
function outline(nodes: DocFolderNode[]): unknown[] {
  return nodes.map((n) =>
    n.children.length > 0 ? { [n.name]: outline(n.children) } : n.name + (n.editable ? ' ✎' : ''),
  );
}

function find(nodes: DocFolderNode[], name: string): DocFolderNode {
  for (const n of nodes) {
    if (n.name === name) return n;
    const inner = n.children.length > 0 ? findOrNull(n.children, name) : null;
    if (inner) return inner;
  }
  throw new Error(`no folder ${name}`);
}
function findOrNull(nodes: DocFolderNode[], name: string): DocFolderNode | null {
  try {
    return find(nodes, name);
  } catch {
    return null;
  }
}

describe('document versions and folder trees', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  const tokens = {} as Record<User, string>;
  let dicId: string;
  let projectId: string;
  let versionId: string;
  let tower: string;

  const base = (orgId: string, project = projectId) => `/api/checkDrawings/${orgId}/${project}`;
  const versions = (user: User, orgId: string, businessStatus?: string, project = projectId) =>
    api.send('GET', `${base(orgId, project)}/docRepositoryVersion/listAll`, tokens[user], {
      query: businessStatus ? { businessStatus } : {},
    });
  const tree = (user: User, orgId: string, category: 'DESIGN' | 'SURVEY', version = versionId) =>
    api.send('GET', `${base(orgId)}/docRepository/listTree`, tokens[user], {
      query: { versionId: version, category },
    });
  const treeOf = async (user: User, orgId: string, category: 'DESIGN' | 'SURVEY') =>
    detailOf<DocFolderNode[]>(await tree(user, orgId, category));
  const addFolder = (user: User, orgId: string, parentId: string, name: string, version = versionId) =>
    api.send('POST', `${base(orgId)}/docRepository/saveFolder`, tokens[user], {
      payload: { versionId: version, parentId, name },
    });
  const rename = (user: User, orgId: string, id: string, name: string) =>
    api.send('PUT', `${base(orgId)}/docRepository/rename/${id}`, tokens[user], { payload: { name } });
  const remove = (user: User, orgId: string, ids: string[]) =>
    ids.length === 1
      ? api.send('DELETE', `${base(orgId)}/docRepository/delete/${ids[0]}`, tokens[user])
      : api.send('DELETE', `${base(orgId)}/docRepository/deleteAll/${ids.join(',')}`, tokens[user]);
  const updown = (user: User, orgId: string, id: string, targetId: string, flag: string) =>
    api.send('GET', `${base(orgId)}/docRepository/updown/${id}/${targetId}/${flag}`, tokens[user]);
  const reorder = (user: User, orgId: string, ids: string[]) =>
    api.send('GET', `${base(orgId)}/docRepository/reorder/${ids.join(',')}`, tokens[user]);
  const saveDesignInfos = (buildingId: string, specialties: string[]) =>
    api.send('POST', `${base(org.design!)}/building/saveBuildingDesignInfos`, tokens.design_admin, {
      payload: {
        buildingId,
        items: specialties.map((specialty, i) => ({
          specialty,
          chiefDesigner: ['刘海涛', '陈静', '赵磊'][i % 3],
          engineerCertNo: `S43-2026-00${i + 1}`,
        })),
      },
    });

  beforeAll(async () => {
    t = await createTestApp();
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    for (const user of USERS) tokens[user] = await t.signIn(user);
    dicId = (
      await api.dicOf(tokens.construct_admin, org.construct!, {
        name: '岳麓区学士路安置房项目',
        regionCode: '430104',
        address: '长沙市岳麓区学士路 88 号',
      })
    ).id;
    const { id } = await api.saved(tokens.construct_admin, applicationForm(org, dicId));
    projectId = id;
    tower = (await api.addBuilding(tokens.construct_admin, org.construct!, projectId, buildingForm(org))).id;
    await api.addBuilding(tokens.construct_admin, org.construct!, projectId, {
      name: '地下车库',
      use: 'GARAGE',
      structureType: 'FRAME',
      floorsAbove: 1,
      floorsBelow: 2,
      height: 5.1,
    });
    detailOf(await api.submit(tokens.construct_admin, projectId, 0));
    detailOf(await saveDesignInfos(tower, ['ARCHITECTURE', 'STRUCTURE']));
  });

  afterAll(async () => {
    await t.close();
  });

  it('gives a submitted application its first version, seen by every party and the authorities', async () => {
    const listed = detailOf<DocVersion[]>(await versions('design_admin', org.design!));
    expect(listed).toEqual([
      expect.objectContaining({ number: 1, name: '第1版', latest: true, businessStatus: 'UPLOADING' }),
    ]);
    versionId = listed[0]!.id;
    for (const [user, orgId] of [
      ['construct_admin', org.construct],
      ['survey_admin', org.survey],
      ['control_admin', org.control],
      ['joint_admin', org.joint],
    ] as const)
      expect(
        detailOf<DocVersion[]>(await versions(user, orgId!)).map((v) => v.id),
        user,
      ).toEqual([versionId]);
    // The agency lists a version only once it has accepted the materials.
    expect(detailOf<DocVersion[]>(await versions('censor_admin', org.censor!, 'REVIEW'))).toEqual([]);
    await t.database.db
      .update(docVersions)
      .set({ businessStatus: 'REVIEW' })
      .where(eq(docVersions.id, versionId));
    expect(
      detailOf<DocVersion[]>(await versions('censor_admin', org.censor!, 'REVIEW')).map((v) => v.id),
    ).toEqual([versionId]);
    await t.database.db
      .update(docVersions)
      .set({ businessStatus: 'UPLOADING' })
      .where(eq(docVersions.id, versionId));
  });

  it('answers 404 to units and agencies the application does not name, and for a draft', async () => {
    refused(await versions('design2_admin', org.design2!), 404, 'NOT_FOUND');
    refused(await versions('censor2_admin', org.censor2!), 404, 'NOT_FOUND');
    refused(await tree('design2_admin', org.design2!, 'DESIGN'), 404, 'NOT_FOUND');
    const draft = await api.saved(
      tokens.construct_admin,
      applicationForm(org, dicId, { name: '学士路二期' }),
    );
    expect(
      detailOf<DocVersion[]>(await versions('construct_admin', org.construct!, undefined, draft.id)),
    ).toEqual([]);
    refused(await versions('design_admin', org.design!, undefined, draft.id), 404, 'NOT_FOUND');
  });

  it('makes the drawings tree from the buildings and the specialties their design unit answers for', async () => {
    const design = await treeOf('design_admin', org.design!, 'DESIGN');
    expect(outline(design)).toEqual([{ '1#住宅楼': ['建筑 ✎', '结构 ✎'] }, '地下车库 ✎']);
    expect(find(design, '结构')).toMatchObject({
      kind: 'SPECIALTY',
      specialty: 'STRUCTURE',
      orgId: org.design,
    });
    // The survey tree has the buildings only; the design unit cannot add to it.
    const survey = await treeOf('design_admin', org.design!, 'SURVEY');
    expect(outline(survey)).toEqual(['1#住宅楼', '地下车库']);
    expect(outline(await treeOf('survey_admin', org.survey!, 'SURVEY'))).toEqual([
      '1#住宅楼 ✎',
      '地下车库 ✎',
    ]);
    // Readers see the same tree, editable nowhere.
    expect(outline(await treeOf('construct_admin', org.construct!, 'DESIGN'))).toEqual([
      { '1#住宅楼': ['建筑', '结构'] },
      '地下车库',
    ]);
  });

  it('follows the design info: a new specialty adds its folder, a dropped empty one goes', async () => {
    detailOf(await saveDesignInfos(tower, ['ELECTRICAL']));
    expect(outline(await treeOf('design_admin', org.design!, 'DESIGN'))[0]).toEqual({
      '1#住宅楼': ['建筑 ✎', '结构 ✎', '电气 ✎'],
    });
    const infos = detailOf<{ id: string; specialty: string }[]>(
      await api.send(
        'GET',
        `${base(org.design!)}/building/getBuildingDesignInfo/${tower}`,
        tokens.design_admin,
      ),
    );
    const electrical = infos.find((i) => i.specialty === 'ELECTRICAL')!;
    detailOf(
      await api.send(
        'DELETE',
        `/api/checkDrawings/${org.design}/building/deleteBuildingDesignInfos/${electrical.id}`,
        tokens.design_admin,
      ),
    );
    expect(outline(await treeOf('design_admin', org.design!, 'DESIGN'))[0]).toEqual({
      '1#住宅楼': ['建筑 ✎', '结构 ✎'],
    });
  });

  it('lets a unit add, rename, order and delete its own folders, and records it', async () => {
    const structure = find(await treeOf('design_admin', org.design!, 'DESIGN'), '结构');
    const a = detailOf<{ id: string }>(await addFolder('design_admin', org.design!, structure.id, '基础'));
    const b = detailOf<{ id: string }>(await addFolder('design_user', org.design!, structure.id, '上部结构'));
    const c = detailOf<{ id: string }>(await addFolder('design_admin', org.design!, structure.id, '计算书'));
    detailOf(await rename('design_admin', org.design!, c.id, '结构计算书'));
    expect(outline([find(await treeOf('design_admin', org.design!, 'DESIGN'), '结构')])).toEqual([
      { 结构: ['基础 ✎', '上部结构 ✎', '结构计算书 ✎'] },
    ]);
    // Up puts it before the target, down after it; reorder names them all.
    detailOf(await updown('design_admin', org.design!, c.id, a.id, 'up'));
    const names = async () =>
      find(await treeOf('design_admin', org.design!, 'DESIGN'), '结构').children.map((n) => n.name);
    expect(await names()).toEqual(['结构计算书', '基础', '上部结构']);
    detailOf(await updown('design_admin', org.design!, c.id, b.id, 'down'));
    expect(await names()).toEqual(['基础', '上部结构', '结构计算书']);
    detailOf(await reorder('design_admin', org.design!, [b.id, c.id, a.id]));
    expect(await names()).toEqual(['上部结构', '结构计算书', '基础']);
    refused(await reorder('design_admin', org.design!, [b.id, c.id]), 400, 'DOC_ORDER_MISMATCH');
    // A folder inside a folder, then the outer one deleted with it.
    const inner = detailOf<{ id: string }>(await addFolder('design_admin', org.design!, a.id, '桩基'));
    detailOf(await remove('design_admin', org.design!, [a.id]));
    expect(await names()).toEqual(['上部结构', '结构计算书']);
    refused(await rename('design_admin', org.design!, inner.id, '桩'), 404, 'NOT_FOUND');
    detailOf(await remove('design_admin', org.design!, [b.id, c.id]));
    expect(await names()).toEqual([]);

    const audit = detailOf<AuditPage>(
      await api.send('GET', '/api/admin/audit-events', await t.signIn('sysadmin'), {
        query: { action: 'DOC_FOLDER_ADDED', size: '50' },
      }),
    );
    expect(audit.items.map((e) => (e.detail as { name: string }).name)).toEqual(
      expect.arrayContaining(['基础', '上部结构', '计算书', '桩基']),
    );
  });

  it('refuses bad names, duplicates, deep nesting and generated folders, changing nothing', async () => {
    const tree0 = await treeOf('design_admin', org.design!, 'DESIGN');
    const architecture = find(tree0, '建筑');
    for (const bad of ['', '   ', 'a/b', '..', 'x'.repeat(61), '图纸*']) {
      const res = await addFolder('design_admin', org.design!, architecture.id, bad);
      expect(res.statusCode, bad).toBe(400);
    }
    const plans = detailOf<{ id: string }>(
      await addFolder('design_admin', org.design!, architecture.id, '平面图'),
    );
    refused(
      await addFolder('design_admin', org.design!, architecture.id, ' 平面图 '),
      409,
      'DOC_FOLDER_NAME_TAKEN',
    );
    const l2 = detailOf<{ id: string }>(await addFolder('design_admin', org.design!, plans.id, '一层'));
    const l3 = detailOf<{ id: string }>(await addFolder('design_admin', org.design!, l2.id, '局部'));
    refused(await addFolder('design_admin', org.design!, l3.id, '详图'), 409, 'DOC_FOLDER_TOO_DEEP');
    refused(
      await rename('design_admin', org.design!, architecture.id, '建筑专业'),
      409,
      'DOC_FOLDER_GENERATED',
    );
    refused(await remove('design_admin', org.design!, [architecture.id]), 409, 'DOC_FOLDER_GENERATED');
    refused(
      await remove('design_admin', org.design!, [find(tree0, '地下车库').id]),
      409,
      'DOC_FOLDER_GENERATED',
    );
    // All or nothing: one refused id keeps the others too.
    refused(await remove('design_admin', org.design!, [l3.id, architecture.id]), 409, 'DOC_FOLDER_GENERATED');
    expect(findOrNull(await treeOf('design_admin', org.design!, 'DESIGN'), '局部')).not.toBeNull();
    detailOf(await remove('design_admin', org.design!, [plans.id]));
  });

  it('keeps no bidirectional or invisible characters in a folder name, and refuses a name of nothing else', async () => {
    const architecture = find(await treeOf('design_admin', org.design!, 'DESIGN'), '建筑');
    // Shown as typed, U+202E would make this folder read as “发票fdp.exe”.
    const bidi = detailOf<{ id: string; name: string }>(
      await addFolder('design_admin', org.design!, architecture.id, '发票\u202Eexe.pdf'),
    );
    expect(bidi.name).toBe('发票exe.pdf');
    detailOf(
      await rename('design_admin', org.design!, bidi.id, '\u2066施工\u2069\u200B图\uFEFF\u00AD\u200E'),
    );
    expect(findOrNull(await treeOf('design_admin', org.design!, 'DESIGN'), '施工图')?.id).toBe(bidi.id);
    refused(
      await addFolder('design_admin', org.design!, architecture.id, '\u202E\u200B\u2060'),
      400,
      'FOLDER_NAME_EMPTY',
    );
    refused(await rename('design_admin', org.design!, bidi.id, '\u2067\u2069'), 400, 'FOLDER_NAME_EMPTY');
    // A reserved name is judged without the invisible characters that would hide it.
    expect((await addFolder('design_admin', org.design!, architecture.id, '.\u200B.')).statusCode).toBe(400);
    detailOf(await remove('design_admin', org.design!, [bidi.id]));
  });

  it("keeps units out of each other's folders and readers out of all of them", async () => {
    const design = await treeOf('design_admin', org.design!, 'DESIGN');
    const survey = await treeOf('survey_admin', org.survey!, 'SURVEY');
    // The survey unit cannot write drawings, nor the design unit survey documents.
    refused(
      await addFolder('survey_admin', org.survey!, find(design, '结构').id, '勘察'),
      403,
      'DOC_FOLDER_NOT_YOURS',
    );
    refused(
      await addFolder('design_admin', org.design!, find(survey, '地下车库').id, '设计'),
      403,
      'DOC_FOLDER_NOT_YOURS',
    );
    const ours = detailOf<{ id: string }>(
      await addFolder('survey_admin', org.survey!, find(survey, '地下车库').id, '钻孔柱状图'),
    );
    refused(await rename('design_admin', org.design!, ours.id, '改名'), 403, 'DOC_FOLDER_NOT_YOURS');
    // Readers are refused by area: the apply and audit areas do not write.
    refused(
      await addFolder('construct_admin', org.construct!, find(design, '结构').id, '建设'),
      403,
      'FORBIDDEN',
    );
    refused(await addFolder('censor_admin', org.censor!, find(design, '结构').id, '审查'), 403, 'FORBIDDEN');
    // A unit not named answers like a missing application.
    refused(
      await addFolder('design2_admin', org.design2!, find(design, '结构').id, '别家'),
      404,
      'NOT_FOUND',
    );
    // Another application's folder, named under this one, is not found.
    refused(
      await addFolder('design_admin', org.design!, '00000000-0000-4000-8000-000000000123', '无'),
      404,
      'NOT_FOUND',
    );
    detailOf(await remove('survey_admin', org.survey!, [ours.id]));
  });

  it('locks the version once it is sent: nothing added, renamed or deleted', async () => {
    const structure = find(await treeOf('design_admin', org.design!, 'DESIGN'), '结构');
    const kept = detailOf<{ id: string }>(await addFolder('design_admin', org.design!, structure.id, '留存'));
    await t.database.db
      .update(docVersions)
      .set({ businessStatus: 'SUBMITTED' })
      .where(eq(docVersions.id, versionId));
    try {
      refused(await addFolder('design_admin', org.design!, structure.id, '迟到'), 409, 'DOC_VERSION_LOCKED');
      refused(await rename('design_admin', org.design!, kept.id, '改'), 409, 'DOC_VERSION_LOCKED');
      refused(await remove('design_admin', org.design!, [kept.id]), 409, 'DOC_VERSION_LOCKED');
      const locked = await treeOf('design_admin', org.design!, 'DESIGN');
      expect(find(locked, '留存').editable).toBe(false);
    } finally {
      await t.database.db
        .update(docVersions)
        .set({ businessStatus: 'UPLOADING' })
        .where(eq(docVersions.id, versionId));
    }
  });
});
