import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeAuditEvent,
  type AuditEvent,
  type AuditPage,
  type ProjectDic,
  type ProjectDetail,
} from '@drp/domain';
import { DEMO_PASSWORD } from '../../db/seed/demo-seed.js';
import {
  applicationForm,
  buildingForm,
  demoOrgIds,
  detailOf,
  projectApi,
} from '../../test/project-fixture.js';
import { loginPassingCaptcha } from '../../test/solve-captcha.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** 详情 as the reader sees it, in both languages; neither may show an id, JSON or a code name. */
const sentence = (event: AuditEvent | undefined) => {
  const zh = describeAuditEvent(event!, 'zh-CN');
  const en = describeAuditEvent(event!, 'en-US');
  for (const text of [zh, en]) expect(text).not.toMatch(/[{}"]|[A-Z]+_[A-Z_]+/);
  for (const text of [zh, en]) expect(text).not.toMatch(UUID_IN_TEXT);
  return { zh, en };
};

describe('the security audit trail', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signIn('sysadmin');
  });
  afterAll(() => t.close());

  const events = async (query: Record<string, string> = {}, token = admin) => {
    const res = await t.app.inject({
      url: '/api/admin/audit-events',
      query,
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: res.statusCode, body: res.json<{ code: string; detail: AuditPage }>() };
  };
  const login = (username: string, password: string, ip = '10.1.2.3') =>
    t.app.inject({ method: 'POST', url: '/uaa/login', payload: { username, password }, remoteAddress: ip });

  it('records a successful and a failed sign-in with who, from where and when', async () => {
    expect((await login('design_user', DEMO_PASSWORD, '10.9.8.7')).statusCode).toBe(200);
    expect((await login('design_user', 'wrong-password', '10.9.8.6')).statusCode).toBe(401);
    expect((await login('nobody_by_that_name', 'whatever', '10.9.8.5')).statusCode).toBe(401);
    const { body } = await events({ actor: 'design_user' });
    const [failed, success] = body.detail.items;
    expect(failed).toMatchObject({ action: 'SIGN_IN_FAILED', actorUsername: 'design_user', ip: '10.9.8.6' });
    expect(failed?.detail).toEqual({ reason: 'wrong_password' });
    expect(success).toMatchObject({ action: 'SIGN_IN', actorUsername: 'design_user', ip: '10.9.8.7' });
    expect(success?.actorAccountId).toMatch(/^[0-9a-f-]{36}$/);
    const unknown = (await events({ actor: 'nobody_by_that_name' })).body.detail.items;
    expect(unknown[0]).toMatchObject({ action: 'SIGN_IN_FAILED', actorAccountId: null, ip: '10.9.8.5' });
  });

  it('records the lockout', async () => {
    // The captcha two failures bring is answered: the lockout is what this is about.
    for (let i = 0; i < 5; i++)
      await loginPassingCaptcha(t, {
        username: 'survey_admin',
        password: `wrong-${i}`,
        remoteAddress: '10.1.2.3',
      });
    const { body } = await events({ actor: 'survey_admin', action: 'ACCOUNT_LOCKED' });
    expect(body.detail.total).toBe(1);
    expect(body.detail.items[0]?.detail).toEqual({ minutes: 10 });
  });

  it('records a password change, and nothing when the change is refused', async () => {
    const token = await t.signIn('censor_print');
    const change = (newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/account/password',
        headers: { authorization: `Bearer ${token}` },
        payload: { oldPassword: DEMO_PASSWORD, newPassword },
      });
    expect((await change('weak')).statusCode).toBe(400);
    expect((await events({ actor: 'censor_print', action: 'PASSWORD_CHANGED' })).body.detail.total).toBe(0);
    expect((await change('Print#Room2026')).statusCode).toBe(200);
    const { body } = await events({ actor: 'censor_print', action: 'PASSWORD_CHANGED' });
    expect(body.detail.total).toBe(1);
    expect(body.detail.items[0]?.orgName).toBeNull();
  });

  it('records a sign-out', async () => {
    const token = await t.signIn('joint_admin');
    await t.app.inject({ url: '/api/logout', headers: { authorization: `Bearer ${token}` } });
    expect((await events({ actor: 'joint_admin', action: 'SIGN_OUT' })).body.detail.total).toBe(1);
  });

  it("records an org admin's changes to its people, with the organisation", async () => {
    const designAdmin = await t.signIn('design_admin');
    const account = await t.app.inject({
      url: '/api/admin/account',
      headers: { authorization: `Bearer ${designAdmin}` },
    });
    const orgId = account.json<{ detail: { members: { orgId: string }[] } }>().detail.members[0]!.orgId;
    const call = (method: 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${designAdmin}` } });
    const added = await call('POST', `/api/admin/orgs/${orgId}/members`, {
      mode: 'new',
      username: 'audit_target',
      name: '钱多',
      phone: '13912345678',
      password: 'Qian#Duo2026',
      profiles: ['DATA_UPLOAD'],
    });
    const memberId = added.json<{ detail: { id: string } }>().detail.id;
    await call('PUT', `/api/admin/orgs/${orgId}/members/${memberId}`, { admin: true });
    await call('POST', `/api/admin/orgs/${orgId}/members/${memberId}/password-reset`);
    await call('POST', `/api/admin/orgs/${orgId}/members/${memberId}/unlock`);
    const { body } = await events({ actor: 'design_admin', orgId });
    expect(body.detail.items.map((e) => e.action)).toEqual([
      'MEMBER_UNLOCKED',
      'MEMBER_PASSWORD_RESET',
      'MEMBER_UPDATED',
      'MEMBER_ADDED',
    ]);
    expect(body.detail.items.every((e) => e.orgName === '湖南省建筑设计院集团股份有限公司')).toBe(true);
    expect(body.detail.items[2]?.detail).toEqual({
      before: { admin: false, enabled: true },
      after: { admin: true },
    });
  });

  it('names the people, organisations, applications and buildings an event is about', async () => {
    const designAdmin = await t.signIn('design_admin');
    const account = await t.app.inject({
      url: '/api/admin/account',
      headers: { authorization: `Bearer ${designAdmin}` },
    });
    const orgId = account.json<{ detail: { members: { orgId: string }[] } }>().detail.members[0]!.orgId;
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orgs/${orgId}/members`,
      headers: { authorization: `Bearer ${designAdmin}` },
      payload: {
        mode: 'new',
        username: 'audit_named',
        name: '孙丽',
        phone: '13912345679',
        password: 'Sun#Li2026ab',
        profiles: ['DATA_UPLOAD'],
      },
    });
    expect(added.statusCode).toBe(200);
    const [member] = (await events({ actor: 'design_admin', action: 'MEMBER_ADDED', size: '1' })).body.detail
      .items;
    expect(member).toMatchObject({ actorName: '陈明', targetName: '孙丽' });
    expect(sentence(member)).toEqual({
      zh: '陈明（design_admin） 在湖南省建筑设计院集团股份有限公司新增人员 孙丽，权限：资料上传',
      en: '陈明 (design_admin) added 孙丽 to 湖南省建筑设计院集团股份有限公司, with Material upload',
    });

    // An application and a building of the construction unit: named, with the application's code.
    const api = projectApi(t);
    const org = await demoOrgIds(t.database.db);
    const construct = await t.signIn('construct_admin');
    const dic = detailOf<ProjectDic>(
      await api.addDic(construct, org.construct!, {
        name: '审计日志测试项目',
        regionCode: '430104',
        address: '长沙市岳麓区',
      }),
    );
    const project = detailOf<ProjectDetail>(
      await api.add(construct, applicationForm(org, dic.id, { name: '审计日志测试报审' }), org.construct),
    );
    detailOf(await api.saveBuilding(construct, org.construct!, project.id, buildingForm(org)));
    const created = (await events({ actor: 'construct_admin', action: 'PROJECT_CREATED', size: '1' })).body
      .detail.items[0];
    expect(created).toMatchObject({ projectName: '审计日志测试报审', projectCode: project.code });
    expect(sentence(created).zh).toBe(
      `王建国（construct_admin） 新建了报审「审计日志测试报审」（${project.code}）`,
    );
    const building = (await events({ actor: 'construct_admin', action: 'BUILDING_CREATED', size: '1' })).body
      .detail.items[0];
    expect(building).toMatchObject({ targetName: '1#住宅楼', projectName: '审计日志测试报审' });
    expect(sentence(building).en).toBe(
      `王建国 (construct_admin) added building “1#住宅楼” of application “审计日志测试报审” (${project.code})`,
    );

    // The system admin disables and enables an organisation: named, not an id.
    for (const enabled of [false, true])
      expect(
        (
          await t.app.inject({
            method: 'PUT',
            url: `/api/admin/orgs/${org.construct2!}/enabled`,
            headers: { authorization: `Bearer ${admin}` },
            payload: { enabled },
          })
        ).statusCode,
      ).toBe(200);
    const disabled = (await events({ action: 'ORG_DISABLED', size: '1' })).body.detail.items[0];
    expect(sentence(disabled).zh).toBe('系统管理员（sysadmin） 停用了单位「湘江新区开发建设有限公司」');
  });

  it('pages newest first and filters by time', async () => {
    const all = (await events({ size: '100' })).body.detail;
    expect(all.total).toBeGreaterThan(5);
    const times = all.items.map((e) => e.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);
    const page = (await events({ size: '2', page: '1' })).body.detail;
    expect(page.items.map((e) => e.id)).toEqual(all.items.slice(2, 4).map((e) => e.id));
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await events({ from: future })).body.detail.total).toBe(0);
  });

  it('is for the system admin only', async () => {
    expect((await events({}, await t.signIn('design_admin'))).status).toBe(403);
    const anonymous = await t.app.inject({ url: '/api/admin/audit-events' });
    expect(anonymous.statusCode).toBe(401);
    expect((await events({ size: '1000' })).status).toBe(400);
  });

  it('cannot be rewritten: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const db = t.database.db;
    const before = (await events()).body.detail.total;
    await expect(db.execute(sql`update audit_events set actor_username = 'someone else'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_events`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_events`)).rejects.toThrow();
    expect((await events()).body.detail.total).toBe(before);
    expect((await events({ actor: 'someone else' })).body.detail.total).toBe(0);
  });
});
