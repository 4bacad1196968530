import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { AccountDetail, OrgMember, OrgMembersResult } from '@drp/domain';
import { createTestApp, type TestApp } from '../../test/test-app.js';

function detailOf<T>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ detail: T }>().detail;
}
const envelope = (res: LightMyRequestResponse) => res.json<{ code: string; message: string }>();

const REVIEWER = {
  specialties: ['ARCHITECTURE', 'FIRE_PROTECTION'],
  title: 'SENIOR_ENGINEER',
  registrationType: 'ARCHITECT_1',
  registrationNo: 'JZ-2019-430001',
};

describe('people carry 专业, 职称 and 注册类型/证书号 as their organisation keeps them', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const orgs: Record<string, string> = {};

  const send = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    token: string,
    payload?: object,
    lang = 'zh-CN',
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
      ...(payload ? { payload } : {}),
    });
  const membersOf = async (orgId: string) =>
    detailOf<OrgMembersResult>(await send('GET', `/api/admin/orgs/${orgId}/members`, tokens.sysadmin!))
      .members;
  const memberOf = async (orgKey: string, username: string): Promise<OrgMember> =>
    (await membersOf(orgs[orgKey]!)).find((m) => m.username === username)!;
  const update = (admin: string, orgKey: string, memberId: string, credentials: object, lang?: string) =>
    send('PUT', `/api/admin/orgs/${orgs[orgKey]}/members/${memberId}`, tokens[admin]!, { credentials }, lang);

  beforeAll(async () => {
    t = await createTestApp();
    for (const [key, username] of [
      ['censor', 'censor_admin'],
      ['design', 'design_admin'],
      ['design2', 'design2_admin'],
      ['survey', 'survey_admin'],
      ['construct', 'construct_admin'],
    ] as const) {
      tokens[username] = await t.signIn(username);
      orgs[key] = detailOf<AccountDetail>(
        await send('GET', '/api/admin/account', tokens[username]),
      ).members[0]!.orgId;
    }
    tokens.sysadmin = await t.signIn('sysadmin');
  });
  afterAll(() => t.close());

  it('starts empty, and a review agency’s admin records a reviewer’s specialties, title and registration', async () => {
    const reviewer = await memberOf('censor', 'censor_reviewer');
    expect(reviewer.credentials).toEqual({
      specialties: [],
      title: null,
      registrationType: null,
      registrationNo: null,
    });
    detailOf(await update('censor_admin', 'censor', reviewer.id, REVIEWER));
    expect((await memberOf('censor', 'censor_reviewer')).credentials).toEqual(REVIEWER);
    // Other changes leave them as they are.
    detailOf(
      await send('PUT', `/api/admin/orgs/${orgs.censor}/members/${reviewer.id}`, tokens.censor_admin!, {
        profiles: ['DRAWING_APPROVAL_NORMAL'],
      }),
    );
    expect((await memberOf('censor', 'censor_reviewer')).credentials).toEqual(REVIEWER);
  });

  it('design and survey staff carry a registration, not a review specialty or title', async () => {
    const designer = await memberOf('design', 'design_user');
    detailOf(
      await update('design_admin', 'design', designer.id, {
        registrationType: 'STRUCTURAL_1',
        registrationNo: 'S11430088',
      }),
    );
    expect((await memberOf('design', 'design_user')).credentials).toMatchObject({
      registrationType: 'STRUCTURAL_1',
      registrationNo: 'S11430088',
    });
    const survey = await memberOf('survey', 'survey_admin');
    detailOf(
      await update('survey_admin', 'survey', survey.id, {
        registrationType: 'GEOTECHNICAL',
        registrationNo: 'YT-430-0007',
      }),
    );

    const zh = await update('design_admin', 'design', designer.id, {
      specialties: ['STRUCTURE'],
      title: 'ENGINEER',
    });
    expect(zh.statusCode).toBe(400);
    expect(envelope(zh)).toMatchObject({
      code: 'MEMBER_CREDENTIALS_NOT_KEPT',
      message: '设计单位不登记人员的专业、职称，请清空后再保存',
    });
    const en = await update('design_admin', 'design', designer.id, { title: 'ENGINEER' }, 'en-US');
    expect(envelope(en).message).toBe(
      'A Design unit does not keep the title of its people; clear them and save again',
    );
  });

  it('a construction unit keeps none of them', async () => {
    const admin = await memberOf('construct', 'construct_admin');
    const res = await update('construct_admin', 'construct', admin.id, {
      registrationType: 'ARCHITECT_2',
      registrationNo: 'JZ2-0001',
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).code).toBe('MEMBER_CREDENTIALS_NOT_KEPT');
    expect((await memberOf('construct', 'construct_admin')).credentials.registrationType).toBeNull();
  });

  it('refuses a specialty the dictionary does not have, and malformed values, with a 400', async () => {
    const reviewer = await memberOf('censor', 'censor_reviewer2');
    const unknown = await update('censor_admin', 'censor', reviewer.id, { specialties: ['ASTROLOGY'] });
    expect(unknown.statusCode).toBe(400);
    expect(envelope(unknown)).toMatchObject({
      code: 'DICTIONARY_CODE_UNKNOWN',
      message: '审查专业的取值不在字典中：ASTROLOGY',
    });
    for (const credentials of [
      { registrationType: 'ARCHITECT_1' },
      { registrationNo: 'JZ-1' },
      { registrationType: 'ARCHITECT_1', registrationNo: '证书号' },
      { registrationType: 'PILOT', registrationNo: 'AB-1234' },
      { title: 'CHIEF' },
      { specialties: ['ARCHITECTURE', 'ARCHITECTURE'] },
      { specialties: 'ARCHITECTURE' },
      { specialties: Array.from({ length: 11 }, (_, i) => `S${i}`) },
    ]) {
      const res = await update('censor_admin', 'censor', reviewer.id, credentials);
      expect(res.statusCode, JSON.stringify(credentials)).toBe(400);
      expect(envelope(res).code).toBe('VALIDATION_FAILED');
    }
    expect((await memberOf('censor', 'censor_reviewer2')).credentials.specialties).toEqual([]);
  });

  it('another organisation’s admin cannot change them', async () => {
    const designer = await memberOf('design', 'design_user');
    const before = designer.credentials;
    const res = await update('design2_admin', 'design', designer.id, {
      registrationType: 'ARCHITECT_2',
      registrationNo: 'JZ2-9999',
    });
    expect([403, 404]).toContain(res.statusCode);
    // Nor through its own organisation's URL with this member's id.
    const crossed = await update('design2_admin', 'design2', designer.id, {
      registrationType: 'ARCHITECT_2',
      registrationNo: 'JZ2-9999',
    });
    expect(crossed.statusCode).toBe(404);
    expect((await memberOf('design', 'design_user')).credentials).toEqual(before);
  });

  it('a person added to a review agency can come with them', async () => {
    const res = await send('POST', `/api/admin/orgs/${orgs.censor}/members`, tokens.censor_admin!, {
      mode: 'new',
      username: 'reviewer_hvac',
      name: '周暖',
      phone: '13907310123',
      password: 'Initial#2026x',
      profiles: ['DRAWING_APPROVAL_NORMAL'],
      credentials: {
        specialties: ['HVAC'],
        title: 'ENGINEER',
        registrationType: 'UTILITY_HVAC',
        registrationNo: 'NT-430-0042',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await memberOf('censor', 'reviewer_hvac')).credentials).toEqual({
      specialties: ['HVAC'],
      title: 'ENGINEER',
      registrationType: 'UTILITY_HVAC',
      registrationNo: 'NT-430-0042',
    });
  });
});
