import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type {
  AccountDetail,
  MessagePage,
  OrgMember,
  OrgMembersResult,
  PasswordResetResult,
} from '@drp/domain';
import { DEMO_PASSWORD } from '../../db/seed/demo-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { loginPassingCaptcha } from '../../test/solve-captcha.js';

const NEW_PASSWORD = 'Forgot#New2026';

function detailOf<T>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ detail: T }>().detail;
}

describe('忘记密码: the request reaches the organisation’s admins, who issue a one-time password', () => {
  let t: TestApp;
  let designOrg: string;
  let surveyOrg: string;
  const USERS = ['design_admin', 'design_user', 'survey_admin', 'censor_admin', 'sysadmin'] as const;
  const tokens = {} as Record<(typeof USERS)[number], string>;

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });
  const forgot = (payload: object, lang = 'zh-CN') =>
    t.app.inject({
      method: 'POST',
      url: '/uaa/forgot-password',
      headers: { 'accept-language': lang },
      payload,
    });
  const todos = async (token: string) =>
    detailOf<MessagePage>(
      await send(
        'GET',
        '/api/message/messages?state=todo&size=-1&messageTypes=ACCOUNT_PASSWORD_RESET_REQUEST',
        token,
      ),
    ).items;
  const done = async (token: string) =>
    detailOf<MessagePage>(
      await send(
        'GET',
        '/api/message/messages?state=done&size=-1&messageTypes=ACCOUNT_PASSWORD_RESET_REQUEST',
        token,
      ),
    ).items;
  const memberOf = async (orgId: string, username: string): Promise<OrgMember> => {
    const list = detailOf<OrgMembersResult>(
      await send('GET', `/api/admin/orgs/${orgId}/members`, tokens.sysadmin),
    );
    return list.members.find((m) => m.username === username)!;
  };

  beforeAll(async () => {
    t = await createTestApp();
    for (const username of USERS) tokens[username] = await t.signIn(username);
    designOrg = detailOf<AccountDetail>(await send('GET', '/api/admin/account', tokens.design_admin))
      .members[0]!.orgId;
    surveyOrg = detailOf<AccountDetail>(await send('GET', '/api/admin/account', tokens.survey_admin))
      .members[0]!.orgId;
  });
  afterAll(() => t.close());

  it('answers the same for an account, an unknown username and a system administrator', async () => {
    const answers = [];
    for (const username of ['design_user', 'nobody_here', 'sysadmin'])
      answers.push((await forgot({ username })).json<unknown>());
    expect(answers[0]).toMatchObject({ code: 'SUCCESS', detail: null });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('gives the admins of the person’s organisation a to-do, and nobody else', async () => {
    const [todo] = await todos(tokens.design_admin);
    expect(todo).toMatchObject({
      type: 'ACCOUNT_PASSWORD_RESET_REQUEST',
      state: 'todo',
      orgId: designOrg,
      content:
        '设计院普通人员（design_user）忘记了密码，请在人员管理中为其生成一次性密码并告知本人。'.replace(
          '设计院普通人员',
          (await memberOf(designOrg, 'design_user')).name,
        ),
    });
    // Not the person's colleague without the admin flag, not another organisation's admin.
    expect(await todos(tokens.design_user)).toEqual([]);
    expect(await todos(tokens.censor_admin)).toEqual([]);
    expect(await todos(tokens.survey_admin)).toEqual([]);
    // The back office marks who asked.
    expect((await memberOf(designOrg, 'design_user')).resetRequested).toBe(true);
    expect((await memberOf(designOrg, 'design_admin')).resetRequested).toBe(false);
  });

  it('asking again while the request is open adds no to-do', async () => {
    await forgot({ username: 'design_user' });
    await forgot({ username: 'design_user', orgName: '' });
    expect(await todos(tokens.design_admin)).toHaveLength(1);
  });

  it('asks only the organisation named, when one is', async () => {
    const surveyName = detailOf<AccountDetail>(await send('GET', '/api/admin/account', tokens.survey_admin))
      .members[0]!.orgName;
    // Naming an organisation the person is not in asks nobody; naming theirs asks its admins.
    await forgot({ username: 'survey_admin', orgName: '不存在的单位' });
    expect(await todos(tokens.survey_admin)).toEqual([]);
    await forgot({ username: 'survey_admin', orgName: surveyName });
    expect((await todos(tokens.survey_admin)).map((m) => m.orgId)).toEqual([surveyOrg]);
    expect((await todos(tokens.design_admin)).length).toBe(1);
  });

  it('asks nobody for a person in organisations no one admin runs together (the system admin resets those)', async () => {
    // multi_user belongs to the design and the survey unit, whose admins differ: neither could
    // issue a password that also opens the other, so no unanswerable to-do is sent.
    const before = (await todos(tokens.design_admin)).length;
    expect((await forgot({ username: 'multi_user' })).statusCode).toBe(200);
    expect((await todos(tokens.design_admin)).length).toBe(before);
    expect((await memberOf(surveyOrg, 'multi_user')).resetRequested).toBe(false);
  });

  it('refuses another organisation’s admin: the to-do stays open and the password unchanged', async () => {
    const member = await memberOf(designOrg, 'design_user');
    const refused = await send(
      'POST',
      `/api/admin/orgs/${designOrg}/members/${member.id}/password-reset`,
      tokens.censor_admin,
    );
    expect([403, 404]).toContain(refused.statusCode);
    expect(await todos(tokens.design_admin)).toHaveLength(1);
    expect(
      (await loginPassingCaptcha(t, { username: 'design_user', password: DEMO_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('issuing the one-time password settles the to-do; the person must then choose a new password', async () => {
    const member = await memberOf(designOrg, 'design_user');
    const { temporaryPassword } = detailOf<PasswordResetResult>(
      await send(
        'POST',
        `/api/admin/orgs/${designOrg}/members/${member.id}/password-reset`,
        tokens.design_admin,
      ),
    );
    expect(await todos(tokens.design_admin)).toEqual([]);
    const [settled] = await done(tokens.design_admin);
    expect(settled).toMatchObject({ state: 'done', settledBy: expect.any(String) as unknown });
    expect((await memberOf(designOrg, 'design_user')).resetRequested).toBe(false);

    // The old password no longer works; the one-time one does, and asks for a change at once.
    expect(
      (await loginPassingCaptcha(t, { username: 'design_user', password: DEMO_PASSWORD })).statusCode,
    ).toBe(401);
    const signedIn = await loginPassingCaptcha(t, { username: 'design_user', password: temporaryPassword });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json<{ detail: { passwordExpiresInDays: number } }>().detail.passwordExpiresInDays).toBe(
      0,
    );

    const token = await t.signIn('design_user', temporaryPassword);
    const changed = await send('POST', '/api/admin/account/password', token, {
      oldPassword: temporaryPassword,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // Used once: it opens nothing any more, and the chosen password needs no change.
    expect(
      (await loginPassingCaptcha(t, { username: 'design_user', password: temporaryPassword })).statusCode,
    ).toBe(401);
    const own = await loginPassingCaptcha(t, { username: 'design_user', password: NEW_PASSWORD });
    expect(
      own.json<{ detail: { passwordExpiresInDays: number } }>().detail.passwordExpiresInDays,
    ).toBeGreaterThan(0);
  });

  it('a new request after the settled one is a new to-do', async () => {
    await forgot({ username: 'design_user' });
    expect(await todos(tokens.design_admin)).toHaveLength(1);
    expect(await done(tokens.design_admin)).toHaveLength(1);
  });

  it('refuses bad input with a 400 in the caller’s language, never a 5xx', async () => {
    for (const payload of [
      {},
      { username: '' },
      { username: 'x'.repeat(65) },
      { username: 42 },
      { username: 'a', orgName: 'y'.repeat(101) },
    ]) {
      const zh = await forgot(payload);
      expect(zh.statusCode, JSON.stringify(payload)).toBe(400);
      expect(zh.json<{ code: string; message: string }>().message).toMatch(/^请求参数有误/);
    }
    const en = await forgot({}, 'en-US');
    expect(en.json<{ message: string }>().message).toMatch(/^Invalid request/);
  });
});
