import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { creditCodeCheckChar, type AccountDetail, type OrgMembersResult, type OrgSummary } from '@drp/domain';
import { orgs } from '../../db/schema/orgs.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const code = (first17: string) => `${first17}${creditCodeCheckChar(first17)}`;

function detailOf<T>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ detail: T }>().detail;
}
function refused(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ code: string }>().code).toBe(code);
  return res.json<{ message: string }>();
}

/**
 * The platform operator: the one organisation whose people may hold the platform-staff profiles.
 * The demo names 湖南省住房和城乡建设厅; a new installation names it once in the system admin's
 * organisation form. A CONTROL organisation by itself is a supervising authority, nothing more.
 */
describe('the platform operator and a new organisation’s first admin', () => {
  let t: TestApp;
  let sysadmin: string;
  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload }),
    });
  const controlOrg = (n: string, overrides: Record<string, unknown> = {}) => ({
    orgType: 'CONTROL',
    name: `测试住房和城乡建设局${n}`,
    creditCode: code(`1143010000699900${n}`),
    regionCode: '430100',
    address: '长沙市芙蓉区',
    legalRepresentative: '周建',
    contactName: '周建',
    contactPhone: '0731-88880000',
    admin: { username: `ctl_admin_${n}`, name: '周建', phone: '13907310000', password: `Ctl#Admin2026${n}` },
    ...overrides,
  });
  const firstAdmin = async (n: string) => {
    const token = await t.signIn(`ctl_admin_${n}`, `Ctl#Admin2026${n}`);
    const detail = detailOf<AccountDetail>(await call(token, 'GET', '/api/admin/account'));
    return { token, member: detail.members[0]! };
  };

  beforeAll(async () => {
    t = await createTestApp();
    sysadmin = await t.signIn('sysadmin');
  });
  afterAll(() => t?.close());

  it("gives a new CONTROL organisation's first admin supervision only, which it cannot raise", async () => {
    const created = detailOf<OrgSummary>(await call(sysadmin, 'POST', '/api/admin/orgs', controlOrg('1')));
    const { token, member } = await firstAdmin('1');
    expect(member.roleList).toEqual([{ profileDtoList: [{ name: 'ONLINE_SUPERVISION' }] }]);
    const listed = detailOf<OrgMembersResult>(
      await call(token, 'GET', `/api/admin/orgs/${created.id}/members`),
    );
    expect(listed.org).toMatchObject({ platformOperator: false, allowedProfiles: ['ONLINE_SUPERVISION'] });
    const answer = refused(
      await call(token, 'PUT', `/api/admin/orgs/${created.id}/members/${member.id}`, {
        profiles: ['ONLINE_SUPERVISION', 'INFORMATION_SERVICE', 'SYSTEM_ADMIN'],
      }),
      400,
      'PLATFORM_PROFILE_OPERATOR_ONLY',
    );
    expect(answer.message).toBe('信息服务、系统管理员权限只属于平台运营单位，不能分配给本单位人员');
  });

  it('refuses a second operator, and an operator of another type', async () => {
    refused(
      await call(sysadmin, 'POST', '/api/admin/orgs', controlOrg('2', { platformOperator: true })),
      409,
      'PLATFORM_OPERATOR_EXISTS',
    );
    refused(
      await call(
        sysadmin,
        'POST',
        '/api/admin/orgs',
        controlOrg('3', { orgType: 'JOINTTRIAL', platformOperator: true }),
      ),
      400,
      'PLATFORM_OPERATOR_NOT_CONTROL',
    );
    const operators = await t.database.db.select().from(orgs).where(eq(orgs.platformOperator, true));
    expect(operators.map((o) => o.name)).toEqual(['湖南省住房和城乡建设厅']);
    // What the organisation form asks before offering the choice, and what the list marks.
    const listed = detailOf<{ total: number; items: OrgSummary[] }>(
      await call(sysadmin, 'POST', '/api/admin/company/pasau/getAllCompany?platformOperator=true&size=1'),
    );
    expect(listed.total).toBe(1);
    expect(listed.items[0]).toMatchObject({ name: '湖南省住房和城乡建设厅', platformOperator: true });
  });

  it('lets an installation without one name its operator once; its admin still gets supervision only', async () => {
    await t.database.db.update(orgs).set({ platformOperator: false });
    const created = detailOf<OrgSummary>(
      await call(sysadmin, 'POST', '/api/admin/orgs', controlOrg('4', { platformOperator: true })),
    );
    const { token, member } = await firstAdmin('4');
    expect(member.roleList).toEqual([{ profileDtoList: [{ name: 'ONLINE_SUPERVISION' }] }]);
    const url = `/api/admin/orgs/${created.id}/members`;
    // Its own admin is offered the ordinary profile only; the system admin also the platform's.
    expect(detailOf<OrgMembersResult>(await call(token, 'GET', url)).org).toMatchObject({
      platformOperator: true,
      allowedProfiles: ['ONLINE_SUPERVISION'],
    });
    expect(detailOf<OrgMembersResult>(await call(sysadmin, 'GET', url)).org.allowedProfiles).toEqual([
      'ONLINE_SUPERVISION',
      'INFORMATION_SERVICE',
      'SYSTEM_ADMIN',
    ]);
    refused(
      await call(token, 'PUT', `${url}/${member.id}`, { profiles: ['INFORMATION_SERVICE'] }),
      403,
      'PLATFORM_PROFILE_SYSTEM_ADMIN_ONLY',
    );
    detailOf(
      await call(sysadmin, 'PUT', `${url}/${member.id}`, {
        profiles: ['ONLINE_SUPERVISION', 'INFORMATION_SERVICE'],
      }),
    );
    const after = detailOf<AccountDetail>(await call(token, 'GET', '/api/admin/account'));
    expect(after.members[0]!.roleList[0]!.profileDtoList.map((p) => p.name).sort()).toEqual([
      'INFORMATION_SERVICE',
      'ONLINE_SUPERVISION',
    ]);
    // Its own admin may keep what the system admin gave when saving other changes.
    detailOf(
      await call(token, 'PUT', `${url}/${member.id}`, {
        profiles: ['ONLINE_SUPERVISION', 'INFORMATION_SERVICE'],
        admin: true,
      }),
    );
    refused(
      await call(sysadmin, 'POST', '/api/admin/orgs', controlOrg('5', { platformOperator: true })),
      409,
      'PLATFORM_OPERATOR_EXISTS',
    );
  });
});
