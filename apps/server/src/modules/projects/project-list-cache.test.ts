import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectPage } from '@drp/domain';
import type { Database } from '../../db/database.js';
import { orgs } from '../../db/schema/index.js';
import { pdfBytes, readyForHandOver, submittedForMaterials, uploadDocFile } from '../../test/doc-fixture.js';
import { applicationForm, demoOrgIds, detailOf, projectApi } from '../../test/project-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Each process keeps the application lists it answered (project-list-cache.ts). What a list shows
 * must still change at once: through any writing call of this process, and through a change no
 * call of this process made.
 */

const rename = (t: TestApp, projectId: string, name: string) =>
  t.database.db.execute(sql`update projects set name = ${name} where id = ${projectId}`);

describe('application lists kept by the process', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  const tokens: Record<string, string> = {};
  const censorList = async () => api.page(tokens.censor_admin!, 'pagelist', { pageSize: 100 });
  const listed = async (projectId: string) => (await censorList()).items.find((p) => p.id === projectId);

  beforeAll(async () => {
    t = await createTestApp();
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    for (const user of ['construct_admin', 'design_admin', 'censor_admin'])
      tokens[user] = await t.signIn(user);
  });
  afterAll(() => t?.close());

  it('follow submitting and recalling at once', async () => {
    const owner = tokens.construct_admin!;
    const dic = await api.dicOf(owner, org.construct!, {
      name: '长沙市岳麓区含浦安置小区',
      regionCode: '430104',
      address: '长沙市岳麓区含浦街道 6 号',
    });
    const draft = await api.saved(owner, applicationForm(org, dic.id));
    const before: ProjectPage = await api.page(tokens.design_admin!, 'pagelist');
    expect(await listed(draft.id), 'a draft is not the agency’s yet').toBeUndefined();

    detailOf(await api.submitWithBuilding(owner, org.construct!, draft.id));
    expect((await api.page(tokens.design_admin!, 'pagelist')).total).toBe(before.total + 1);
    expect((await listed(draft.id))?.status).toBe('SUBMITTED');

    detailOf(await api.revoke(owner, draft.id));
    expect((await api.page(tokens.design_admin!, 'pagelist')).total).toBe(before.total);
    expect(await listed(draft.id)).toBeUndefined();
  });

  it('show a change made straight in the database, by another process or a tool', async () => {
    const { project } = await submittedForMaterials(t, {
      constructToken: tokens.construct_admin!,
      designToken: tokens.design_admin!,
      org,
      name: '长沙市岳麓区坪塘安置小区',
    });
    expect(await listed(project.id), 'listed as sent').toBeDefined();

    await rename(t, project.id, '坪塘安置小区（更名）');
    // On PostgreSQL the notification comes over another connection, a moment after the commit.
    await expect.poll(async () => (await listed(project.id))?.name).toBe('坪塘安置小区（更名）');

    const [construct] = await t.database.db.select().from(orgs).where(eq(orgs.id, org.construct!));
    await t.database.db
      .update(orgs)
      .set({ name: '长沙市坪塘建设投资有限公司' })
      .where(eq(orgs.id, org.construct!));
    await expect
      .poll(async () => (await listed(project.id))?.constructName)
      .toBe('长沙市坪塘建设投资有限公司');
    await t.database.db.update(orgs).set({ name: construct!.name }).where(eq(orgs.id, org.construct!));
  });
});

/** A LISTEN that never hears anything: what stays true without the database's notifications. */
const silent: Database['listen'] = async () => async () => {};

describe('application lists without change notifications', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ listen: silent });
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    for (const user of ['construct_admin', 'design_admin', 'survey_admin', 'censor_admin'])
      tokens[user] = await t.signIn(user);
  });
  afterAll(() => t?.close());

  it('still follow every writing call of this process, the hand-over steps the spec makes GETs among them', async () => {
    const { project, versionId, structure, surveyFolder, buildingId } = await submittedForMaterials(t, {
      constructToken: tokens.construct_admin!,
      designToken: tokens.design_admin!,
      org,
      name: '长沙市岳麓区洋湖安置小区',
    });
    await readyForHandOver(t, {
      constructToken: tokens.construct_admin!,
      surveyToken: tokens.survey_admin!,
      org,
      projectId: project.id,
      buildingId,
    });
    const upload = (user: string, orgId: string, folderId: string, name: string) =>
      uploadDocFile(t, {
        token: tokens[user]!,
        orgId,
        projectId: project.id,
        versionId,
        folderId,
        name,
        body: pdfBytes(name, 5000),
      });
    await upload('design_admin', org.design!, structure.id, '结构设计总说明.pdf');
    await upload('survey_admin', org.survey!, surveyFolder.id, '岩土工程勘察报告.pdf');
    const step = (user: string, orgId: string, name: string, query: Record<string, string> = {}) =>
      api.send('GET', `/api/checkDrawings/${orgId}/${project.id}/docRepositoryOrg/${name}`, tokens[user], {
        query: { versionId, ...query },
      });
    const listed = async () =>
      (await api.page(tokens.censor_admin!, 'pagelist', { pageSize: 100 })).items.find(
        (p) => p.id === project.id,
      );

    const name = (await listed())?.name;
    expect(name, 'listed as sent').toBeDefined();
    // Nothing tells this process of a change made elsewhere: the kept list stands until it writes.
    await rename(t, project.id, '洋湖安置小区（更名）');
    expect((await listed())?.name, 'the kept page').toBe(name);

    detailOf(await step('design_admin', org.design!, 'commitDoc', { category: 'DESIGN' }));
    expect((await listed())?.name, 'after a GET that writes').toBe('洋湖安置小区（更名）');
    detailOf(await step('survey_admin', org.survey!, 'commitDoc', { category: 'SURVEY' }));
    detailOf(await step('construct_admin', org.construct!, 'confirmApplyDoc', { confirmWarnings: 'true' }));
    expect((await listed())?.status).toBe('MATERIALS_SENT');
  });
});
