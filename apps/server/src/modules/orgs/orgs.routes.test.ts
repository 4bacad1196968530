import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCodeCheckChar, type CompanyPage, type OrgAdminsEntry, type OrgSummary } from '@drp/domain';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const code = (first17: string) => `${first17}${creditCodeCheckChar(first17)}`;

describe('organisations', () => {
  let t: TestApp;
  let sysadmin: string;
  let designUser: string;
  beforeAll(async () => {
    t = await createTestApp();
    sysadmin = await t.signIn('sysadmin');
    designUser = await t.signIn('design_user');
  });
  afterAll(() => t.close());

  const call = (
    token: string | undefined,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    options: { query?: Record<string, string>; payload?: object } = {},
  ) => t.app.inject({ method, url, ...options, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const companies = async (query: Record<string, string>, token = sysadmin) => {
    const res = await call(token, 'POST', '/api/admin/company/pasau/getAllCompany', { query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ detail: CompanyPage }>().detail;
  };
  const designOrgId = async () => (await companies({ name: '湖南省建筑设计院' })).items[0]!.id;

  describe('finding organisations', () => {
    it('lists all ten demo organisations with their region spelled out', async () => {
      const all = await companies({ size: '100' });
      expect(all.total).toBe(10);
      const design = all.items.find((o) => o.name === '湖南省建筑设计院集团股份有限公司')!;
      expect(design).toMatchObject({
        orgType: 'DESIGN',
        regionCode: '430103',
        region: '湖南省/长沙市/天心区',
        enabled: true,
      });
    });

    it('filters by type, by part of the name, by exact credit code and by region', async () => {
      expect((await companies({ orgType: 'CENSOR' })).items.map((o) => o.name).sort()).toEqual([
        '湖南省建设工程施工图审查中心有限公司',
        '长沙市建筑工程施工图审查有限公司',
      ]);
      expect((await companies({ name: '勘测' })).items.map((o) => o.name)).toEqual([
        '湖南省勘测设计院有限公司',
      ]);
      const survey = (await companies({ name: '勘测' })).items[0]!;
      expect((await companies({ name: survey.creditCode!.toLowerCase() })).items.map((o) => o.id)).toEqual([
        survey.id,
      ]);
      // 芙蓉区 (430102) holds both review agencies; the whole of 长沙市 (430100) holds nine of ten.
      expect((await companies({ region: '430102' })).total).toBe(2);
      expect((await companies({ region: '430100' })).total).toBe(9);
      expect((await companies({ name: '100%_' })).total).toBe(0);
    });

    it('pages', async () => {
      const first = await companies({ size: '3', page: '0' });
      const second = await companies({ size: '3', page: '1' });
      expect(first.items).toHaveLength(3);
      expect(second.items.map((o) => o.id)).not.toContain(first.items[0]!.id);
      expect(first.total).toBe(10);
    });

    it('refuses a bad filter clearly and anonymous callers', async () => {
      const bad = await call(sysadmin, 'POST', '/api/admin/company/pasau/getAllCompany', {
        query: { region: '999999' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
      expect((await call(undefined, 'POST', '/api/admin/company/pasau/getAllCompany')).statusCode).toBe(401);
    });

    it('offers the enabled organisations of one type for pickers, to any signed-in user', async () => {
      const res = await call(designUser, 'GET', '/api/admin/company/getCompanyByOrgType/CENSOR');
      expect(res.json<{ detail: { name: string }[] }>().detail.map((o) => o.name)).toHaveLength(2);
      expect((await call(designUser, 'GET', '/api/admin/company/getCompanyByOrgType/NOPE')).statusCode).toBe(
        400,
      );
    });

    it("names an organisation's admins as its contact persons", async () => {
      const id = await designOrgId();
      const one = await call(designUser, 'GET', `/api/admin/member/getOrgAdmin/${id}`);
      expect(one.json<{ detail: OrgAdminsEntry }>().detail).toMatchObject({
        orgName: '湖南省建筑设计院集团股份有限公司',
        admins: [{ name: '陈明', phone: '13800000021' }],
      });
      const survey = (await companies({ name: '勘测' })).items[0]!.id;
      const both = await call(designUser, 'GET', `/api/admin/member/getOrgAdmins/${id},${survey}`);
      expect(
        both
          .json<{ detail: OrgAdminsEntry[] }>()
          .detail.map((e) => e.admins[0]?.name)
          .sort(),
      ).toEqual(['周平', '陈明']);
      const missing = await call(
        designUser,
        'GET',
        '/api/admin/member/getOrgAdmin/00000000-0000-4000-8000-000000000000',
      );
      expect(missing.statusCode).toBe(404);
      expect((await call(designUser, 'GET', '/api/admin/member/getOrgAdmins/not-an-id')).statusCode).toBe(
        404,
      );
    });
  });

  describe('creating an organisation', () => {
    const request = (overrides: Record<string, unknown> = {}) => ({
      orgType: 'JOINTTRIAL',
      name: '长沙市人民防空办公室',
      creditCode: code('11430100MB1P2Q3R4'),
      regionCode: '430100',
      address: '长沙市岳麓区银杉路 31 号',
      legalRepresentative: '罗建',
      contactName: '罗建',
      contactPhone: '0731-88665544',
      admin: { username: 'rf_admin', name: '罗建', phone: '13907310001', password: 'Ren#Fang2026' },
      ...overrides,
    });

    it("creates the organisation and its admin, who holds the type's profiles and must change the password", async () => {
      const res = await call(sysadmin, 'POST', '/api/admin/orgs', { payload: request() });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ detail: OrgSummary }>().detail).toMatchObject({
        orgType: 'JOINTTRIAL',
        region: '湖南省/长沙市',
      });
      const token = await t.signIn('rf_admin', 'Ren#Fang2026');
      const account = await call(token, 'GET', '/api/admin/account');
      const detail = account.json<{
        detail: {
          account: { passwordExpiresInDays: number };
          members: { orgName: string; admin: boolean; roleList: { profileDtoList: { name: string }[] }[] }[];
        };
      }>().detail;
      expect(detail.account.passwordExpiresInDays).toBe(0);
      expect(detail.members).toEqual([
        expect.objectContaining({
          orgName: '长沙市人民防空办公室',
          admin: true,
          roleList: [{ profileDtoList: [{ name: 'ONLINE_CENSOR' }] }],
        }),
      ]);
    });

    it('refuses a wrong credit code, a taken credit code and a taken username, creating nothing', async () => {
      const before = (await companies({})).total;
      const wrong = await call(sysadmin, 'POST', '/api/admin/orgs', {
        payload: request({ creditCode: '91430100MA4L0C1X2Z' }),
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json<{ message: string }>().message).toContain('GB 32100');
      const survey = (await companies({ name: '勘测' })).items[0]!;
      const taken = await call(sysadmin, 'POST', '/api/admin/orgs', {
        payload: request({
          creditCode: survey.creditCode,
          admin: { ...request().admin, username: 'another_one' },
        }),
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json<{ code: string; detail: { field: string } }>()).toMatchObject({
        code: 'CREDIT_CODE_TAKEN',
        detail: { field: 'creditCode' },
      });
      const user = await call(sysadmin, 'POST', '/api/admin/orgs', {
        payload: request({
          creditCode: code('11430100MB1P2Q3R9'),
          admin: { ...request().admin, username: 'design_user' },
        }),
      });
      expect(user.json<{ code: string }>().code).toBe('USERNAME_TAKEN');
      expect((await companies({})).total).toBe(before);
    });

    it('is for the system admin only', async () => {
      const res = await call(await t.signIn('design_admin'), 'POST', '/api/admin/orgs', {
        payload: request(),
      });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('disabling an organisation', () => {
    it('stops its members from acting for it at once, and re-enabling restores them', async () => {
      const id = await designOrgId();
      const members = async () =>
        (await call(designUser, 'GET', '/api/admin/account')).json<{ detail: { members: unknown[] } }>()
          .detail.members.length;
      expect(await members()).toBe(1);
      const off = await call(sysadmin, 'PUT', `/api/admin/orgs/${id}/enabled`, {
        payload: { enabled: false },
      });
      expect(off.statusCode).toBe(200);
      expect(await members()).toBe(0);
      expect(
        (await call(designUser, 'GET', '/api/admin/company/getCompanyByOrgType/DESIGN'))
          .json<{ detail: { id: string }[] }>()
          .detail.map((o) => o.id),
      ).not.toContain(id);
      await call(sysadmin, 'PUT', `/api/admin/orgs/${id}/enabled`, { payload: { enabled: true } });
      expect(await members()).toBe(1);
      const audit = await call(sysadmin, 'GET', '/api/admin/audit-events', { query: { orgId: id } });
      expect(
        audit
          .json<{ detail: { items: { action: string }[] } }>()
          .detail.items.slice(0, 2)
          .map((e) => e.action),
      ).toEqual(['ORG_ENABLED', 'ORG_DISABLED']);
    });

    it('answers 404 for an unknown organisation and 403 for anyone but the system admin', async () => {
      expect(
        (
          await call(sysadmin, 'PUT', '/api/admin/orgs/00000000-0000-4000-8000-000000000000/enabled', {
            payload: { enabled: false },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await call(
            await t.signIn('design_admin'),
            'PUT',
            `/api/admin/orgs/${await designOrgId()}/enabled`,
            { payload: { enabled: false } },
          )
        ).statusCode,
      ).toBe(403);
    });
  });

  describe('the enterprise directory', () => {
    let info: string;
    beforeAll(async () => {
      info = await t.signIn('info_staff');
    });
    const entry = (overrides: Record<string, unknown> = {}) => ({
      orgType: 'DESIGN',
      name: '广东省建筑设计研究院有限公司',
      creditCode: code('91440000455858000'),
      regionCode: '440100',
      address: '广州市越秀区流花路 97 号',
      legalRepresentative: '陈雄',
      contactName: '林工',
      contactPhone: '020-86681234',
      qualificationNo: 'A144000001',
      qualificationGrade: '甲级',
      ...overrides,
    });

    it('lets information staff add an enterprise without accounts, then read and correct it', async () => {
      const added = await call(info, 'POST', '/api/info/orgs', { payload: entry() });
      expect(added.statusCode, added.body).toBe(200);
      const id = added.json<{ detail: OrgSummary }>().detail.id;
      const detail = await call(info, 'GET', `/api/info/orgs/${id}`);
      expect(detail.json<{ detail: Record<string, unknown> }>().detail).toMatchObject({
        name: '广东省建筑设计研究院有限公司',
        region: '广东省/广州市',
        qualificationGrade: '甲级',
        memberCount: 0,
      });
      const changed = await call(info, 'PUT', `/api/info/orgs/${id}`, {
        payload: entry({ contactPhone: '020-86689999' }),
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const audit = await call(sysadmin, 'GET', '/api/admin/audit-events', {
        query: { orgId: id, action: 'ORG_UPDATED' },
      });
      expect(
        audit.json<{ detail: { items: { actorUsername: string; detail: unknown }[] } }>().detail.items[0],
      ).toMatchObject({
        actorUsername: 'info_staff',
        detail: { contactPhone: { before: '020-86681234', after: '020-86689999' } },
      });
    });

    it('keeps the type and the uniqueness of credit codes', async () => {
      const survey = (await companies({ name: '勘测' })).items[0]!;
      const id = (await companies({ name: '广东省建筑设计' })).items[0]!.id;
      const retype = await call(info, 'PUT', `/api/info/orgs/${id}`, {
        payload: entry({ orgType: 'SURVEY' }),
      });
      expect(retype.statusCode).toBe(400);
      const steal = await call(info, 'PUT', `/api/info/orgs/${id}`, {
        payload: entry({ creditCode: survey.creditCode }),
      });
      expect(steal.json<{ code: string }>().code).toBe('CREDIT_CODE_TAKEN');
      const duplicate = await call(info, 'POST', '/api/info/orgs', { payload: entry() });
      expect(duplicate.statusCode).toBe(409);
    });

    it('is kept by information staff and the system admin only', async () => {
      const id = (await companies({ name: '勘测' })).items[0]!.id;
      expect((await call(sysadmin, 'GET', `/api/info/orgs/${id}`)).statusCode).toBe(200);
      expect((await call(designUser, 'GET', `/api/info/orgs/${id}`)).statusCode).toBe(403);
      expect((await call(undefined, 'GET', `/api/info/orgs/${id}`)).statusCode).toBe(401);
      expect(
        (await call(info, 'GET', '/api/info/orgs/00000000-0000-4000-8000-000000000000')).statusCode,
      ).toBe(404);
    });
  });
});
