import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Building, PlausibilityWarning } from '@drp/domain';
import {
  applicationForm,
  buildingForm,
  demoOrgIds,
  detailOf,
  projectApi,
} from '../../test/project-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 17, "Plausible data": a building a reviewer would frown at (18 storeys of masonry, 62.5 m)
 * is saved only once the user confirms the warnings; unconfirmed, the save is refused with them
 * and changes nothing.
 */
describe('plausible building data', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  let token: string;
  let projectId: string;

  beforeAll(async () => {
    t = await createTestApp();
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    token = await t.signIn('construct_admin');
    const dic = await api.dicOf(token, org.construct!, {
      name: '岳麓区砌体住宅',
      regionCode: '430104',
      address: '长沙市岳麓区桐梓坡路 18 号',
    });
    projectId = (await api.saved(token, applicationForm(org, dic.id))).id;
  });
  afterAll(() => t.close());

  const save = (form: object, language = 'zh-CN') =>
    t.app.inject({
      method: 'POST',
      url: `/api/checkDrawings/${org.construct}/${projectId}/building/saveBuildingInfo`,
      headers: { authorization: `Bearer ${token}`, 'accept-language': language },
      payload: form,
    });
  const masonry = () =>
    buildingForm(org, {
      name: '6#住宅楼',
      structureType: 'MASONRY',
      floorsAbove: 18,
      height: 62.5,
      floorsBelow: 0,
    });
  const names = async () =>
    detailOf<Building[]>(
      await api.send(
        'GET',
        `/api/checkDrawings/${org.construct}/${projectId}/building/queryBuildings`,
        token,
      ),
    ).map((b) => b.name);

  it('refuses an unconfirmed save with the warnings, in both languages, and saves nothing', async () => {
    const res = await save(masonry());
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json<{ code: string; message: string; detail: { warnings: PlausibilityWarning[] } }>();
    expect(body.code).toBe('BUILDING_IMPLAUSIBLE');
    expect(body.detail.warnings.map((w) => [w.code, w.field])).toEqual([
      ['MASONRY_HEIGHT', 'height'],
      ['MASONRY_FLOORS', 'floorsAbove'],
    ]);
    expect(body.message).toMatch(
      /^单体数据与常见情况不符，请核对或确认后保存：砌体结构在6度时总高度不应超过 21 m，填写为 62\.5 m/,
    );
    const en = (await save({ ...masonry(), confirmWarnings: false }, 'en-US')).json<{ message: string }>();
    expect(en.message).toMatch(
      /^The building data looks unusual; check it, or confirm it and save: A masonry building/,
    );
    expect(await names()).toEqual([]);
  });

  it('refuses a confirmation that is not a yes or no', async () => {
    const res = await save({ ...masonry(), confirmWarnings: 'yes' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
  });

  it('saves the data once confirmed, and plausible data without asking', async () => {
    const saved = detailOf<Building>(await save({ ...masonry(), confirmWarnings: true }));
    expect([saved.structureType, saved.floorsAbove, saved.height]).toEqual(['MASONRY', 18, 62.5]);
    // A change of the same building asks again while the data still reads so.
    expect((await save({ ...masonry(), id: saved.id, name: '6#住宅楼（改）' })).statusCode).toBe(409);
    detailOf(await save({ ...masonry(), id: saved.id, floorsAbove: 6, height: 18.6 }));
    detailOf(await save(buildingForm(org, { name: '7#住宅楼' })));
    expect((await names()).sort()).toEqual(['6#住宅楼', '7#住宅楼']);
  });
});
