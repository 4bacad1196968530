import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocFile } from '@drp/domain';
import { demoOrgIds, detailOf } from '../../test/project-fixture.js';
import { pdfBytes, submittedForMaterials, uploadDocFile } from '../../test/doc-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * A drawing set is read in its order (the general notes first): the uploading unit moves its
 * files up and down within a folder with `updown`, as it moves its folders.
 */
describe('ordering the files of a folder', () => {
  let t: TestApp;
  let org: Record<string, string>;
  const tokens: Record<string, string> = {};
  let projectId = '';
  let versionId = '';
  let folderId = '';
  const ids: Record<string, string> = {};

  const base = (orgId: string) => `/api/checkDrawings/${orgId}/${projectId}/docRepository`;
  const move = (user: string, orgId: string, id: string, targetId: string, flag: 'up' | 'down') =>
    t.app.inject({
      url: `${base(orgId)}/updown/${id}/${targetId}/${flag}`,
      headers: { authorization: `Bearer ${tokens[user]}` },
    });
  const names = async () =>
    detailOf<DocFile[]>(
      await t.app.inject({
        url: `${base(org.design!)}/queryFile`,
        query: { versionId, folderId },
        headers: { authorization: `Bearer ${tokens.design_admin}` },
      }),
    ).map((f) => f.name);

  beforeAll(async () => {
    t = await createTestApp();
    org = await demoOrgIds(t.database.db);
    for (const user of ['construct_admin', 'design_admin', 'survey_admin'])
      tokens[user] = await t.signIn(user);
    const fixture = await submittedForMaterials(t, {
      constructToken: tokens.construct_admin!,
      designToken: tokens.design_admin!,
      org,
      name: '岳麓区图纸排序测试项目',
    });
    projectId = fixture.project.id;
    versionId = fixture.versionId;
    folderId = fixture.structure.id;
    for (const name of ['结构平面图.pdf', '基础详图.pdf', '结构设计总说明.pdf']) {
      const file = await uploadDocFile(t, {
        token: tokens.design_admin!,
        orgId: org.design!,
        projectId,
        versionId,
        folderId,
        name,
        body: pdfBytes(name),
      });
      ids[name] = file.id;
    }
  });
  afterAll(() => t?.close());

  it('moves a file before or after another of the same folder', async () => {
    expect(await names()).toEqual(['结构平面图.pdf', '基础详图.pdf', '结构设计总说明.pdf']);
    detailOf(
      await move('design_admin', org.design!, ids['结构设计总说明.pdf']!, ids['结构平面图.pdf']!, 'up'),
    );
    expect(await names()).toEqual(['结构设计总说明.pdf', '结构平面图.pdf', '基础详图.pdf']);
    detailOf(await move('design_admin', org.design!, ids['结构平面图.pdf']!, ids['基础详图.pdf']!, 'down'));
    expect(await names()).toEqual(['结构设计总说明.pdf', '基础详图.pdf', '结构平面图.pdf']);
  });

  it("refuses another unit, another folder's file, and a sent version", async () => {
    const other = await move('survey_admin', org.survey!, ids['基础详图.pdf']!, ids['结构平面图.pdf']!, 'up');
    expect(other.statusCode, other.body).toBe(403);
    const folderAsTarget = await move('design_admin', org.design!, ids['基础详图.pdf']!, folderId, 'up');
    expect(folderAsTarget.statusCode, folderAsTarget.body).toBe(404);
    detailOf(
      await t.app.inject({
        url: `/api/checkDrawings/${org.design}/${projectId}/docRepositoryOrg/commitDoc`,
        query: { versionId, category: 'DESIGN' },
        headers: { authorization: `Bearer ${tokens.design_admin}` },
      }),
    );
    const locked = await move(
      'design_admin',
      org.design!,
      ids['基础详图.pdf']!,
      ids['结构平面图.pdf']!,
      'up',
    );
    expect(locked.statusCode, locked.body).toBe(409);
    expect(await names()).toEqual(['结构设计总说明.pdf', '基础详图.pdf', '结构平面图.pdf']);
  });
});
