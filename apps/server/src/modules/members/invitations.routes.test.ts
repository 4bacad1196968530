import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  INVITATION_VALID_DAYS,
  type AccountDetail,
  type AuditPage,
  type InvitationSent,
  type MyInvitation,
  type OrgInvitation,
  type OrgMembersResult,
} from '@drp/domain';
import { memberInvitations } from '../../db/schema/accounts.js';
import { DEMO_ORGS } from '../../db/seed/demo-seed.js';
import { orgs } from '../../db/schema/orgs.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const DESIGN_ORG_NAME = '湖南省建筑设计院集团股份有限公司';

function detailOf<T>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ detail: T }>().detail;
}
function refused(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ code: string }>().code).toBe(code);
  return res.json<{ code: string; message: string; detail?: unknown }>();
}

describe('inviting an existing account', () => {
  let t: TestApp;
  const tokens = {} as Record<
    'designAdmin' | 'design2Admin' | 'designUser' | 'censorPrint' | 'surveyAdmin' | 'sysadmin',
    string
  >;
  const orgIds = {} as Record<string, string>;

  const send = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    token: string | undefined,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload === undefined ? {} : { payload }),
    });
  const invite = (token: string, orgId: string, payload: object, headers?: Record<string, string>) =>
    send('POST', `/api/admin/orgs/${orgId}/invitations`, token, payload, headers);
  const pending = async (token: string, orgId: string) =>
    detailOf<OrgInvitation[]>(await send('GET', `/api/admin/orgs/${orgId}/invitations`, token));
  const cancel = (token: string, orgId: string, id: string) =>
    send('POST', `/api/admin/orgs/${orgId}/invitations/${id}/cancel`, token);
  const mine = async (token: string) =>
    detailOf<MyInvitation[]>(await send('GET', '/api/admin/account/invitations', token));
  const accept = (token: string, id: string) =>
    send('POST', `/api/admin/account/invitations/${id}/accept`, token);
  const decline = (token: string, id: string) =>
    send('POST', `/api/admin/account/invitations/${id}/decline`, token);
  const membersOf = async (orgId: string) =>
    detailOf<OrgMembersResult>(await send('GET', `/api/admin/orgs/${orgId}/members`, tokens.sysadmin))
      .members;
  const accountOf = async (token: string) =>
    detailOf<AccountDetail>(await send('GET', '/api/admin/account', token));
  const auditOf = async (action: string) =>
    detailOf<AuditPage>(await send('GET', `/api/admin/audit-events?action=${action}`, tokens.sysadmin)).items;

  /** Signs everyone in (again: moving the clock by days lets their sessions expire). */
  async function signInAll() {
    tokens.designAdmin = await t.signIn('design_admin');
    tokens.design2Admin = await t.signIn('design2_admin');
    tokens.designUser = await t.signIn('design_user');
    tokens.censorPrint = await t.signIn('censor_print');
    tokens.surveyAdmin = await t.signIn('survey_admin');
    tokens.sysadmin = await t.signIn('sysadmin');
  }

  beforeAll(async () => {
    t = await createTestApp();
    const keys = new Map(DEMO_ORGS.map((o) => [o.name, o.key]));
    for (const row of await t.database.db.select({ id: orgs.id, name: orgs.name }).from(orgs))
      orgIds[keys.get(row.name)!] = row.id;
    await signInAll();
  });
  afterAll(() => t?.close());

  it('answers an unknown username, a known one and a system admin alike', async () => {
    const answers = await Promise.all(
      ['nobody_at_all', 'censor_print', 'sysadmin'].map((username) =>
        invite(tokens.designAdmin, orgIds.design!, { username, profiles: ['DATA_UPLOAD'] }),
      ),
    );
    const shapes = answers.map((res) => {
      const body = res.json<{ code: string; message: string; detail: InvitationSent }>();
      return {
        status: res.statusCode,
        code: body.code,
        message: body.message,
        keys: Object.keys(body.detail).sort(),
        validFor: Date.parse(body.detail.expiresAt) - Date.now(),
      };
    });
    for (const shape of shapes) {
      expect(shape).toMatchObject({
        status: 200,
        code: 'SUCCESS',
        message: '操作成功',
        keys: ['expiresAt', 'id', 'username'],
      });
      // Valid for the stated days, give or take the test's own running time.
      expect(Math.abs(shape.validFor - INVITATION_VALID_DAYS * DAY_MS)).toBeLessThan(60_000);
    }
    // What the admin sees afterwards does not tell them apart either.
    const listed = await pending(tokens.designAdmin, orgIds.design!);
    expect(listed.map((i) => i.username).sort()).toEqual(['censor_print', 'nobody_at_all', 'sysadmin']);
    for (const i of listed) {
      expect(Object.keys(i).sort()).toEqual([
        'admin',
        'createdAt',
        'expiresAt',
        'id',
        'invitedBy',
        'profiles',
        'username',
      ]);
      expect(i).toMatchObject({ invitedBy: '陈明', profiles: ['DATA_UPLOAD'], admin: false });
    }
    // Neither the invitee's name nor phone reaches the admin, in the list of people either.
    const seen = JSON.stringify({ listed, members: await membersOf(orgIds.design!) });
    expect(seen).not.toContain('冯敏');
    expect(seen).not.toContain('13800000045');
    expect((await membersOf(orgIds.design!)).some((m) => m.username === 'censor_print')).toBe(false);
    // Only the real, invitable account was stored with it; the others can never be accepted.
    const stored = await t.database.db
      .select({ username: memberInvitations.username, accountId: memberInvitations.accountId })
      .from(memberInvitations)
      .where(eq(memberInvitations.orgId, orgIds.design!));
    expect(Object.fromEntries(stored.map((r) => [r.username, r.accountId !== null]))).toEqual({
      nobody_at_all: false,
      censor_print: true,
      sysadmin: false,
    });
    for (const i of listed) detailOf(await cancel(tokens.designAdmin, orgIds.design!, i.id));
  });

  it('the invited person sees the invitation in their own to-dos and joins by accepting', async () => {
    const sent = detailOf<InvitationSent>(
      await invite(tokens.designAdmin, orgIds.design!, {
        username: 'censor_print',
        profiles: ['DATA_UPLOAD'],
        admin: true,
      }),
    );
    const [invitation, ...others] = await mine(tokens.censorPrint);
    expect(others).toEqual([]);
    expect(invitation).toMatchObject({
      id: sent.id,
      orgId: orgIds.design,
      orgName: DESIGN_ORG_NAME,
      orgType: 'DESIGN',
      invitedBy: '陈明',
      profiles: ['DATA_UPLOAD'],
      admin: true,
      expiresAt: sent.expiresAt,
    });
    // Nobody else sees it.
    expect(await mine(tokens.designUser)).toEqual([]);
    expect(await mine(tokens.sysadmin)).toEqual([]);

    const joined = detailOf<{ orgId: string; memberId: string }>(await accept(tokens.censorPrint, sent.id));
    expect(joined.orgId).toBe(orgIds.design);
    const member = (await membersOf(orgIds.design!)).find((m) => m.username === 'censor_print');
    expect(member).toMatchObject({ id: joined.memberId, admin: true, profiles: ['DATA_UPLOAD'] });
    // The token the person already holds sees the new organisation, next to the old one.
    const detail = await accountOf(tokens.censorPrint);
    expect(detail.members.map((m) => m.orgType).sort()).toEqual(['CENSOR', 'DESIGN']);
    // As an admin of the design org now, the person may open its back office.
    detailOf(await send('GET', `/api/admin/orgs/${orgIds.design}/members`, tokens.censorPrint));

    expect(await mine(tokens.censorPrint)).toEqual([]);
    expect(await pending(tokens.designAdmin, orgIds.design!)).toEqual([]);
    refused(await accept(tokens.censorPrint, sent.id), 409, 'INVITATION_NOT_PENDING');
    const [audit] = await auditOf('MEMBER_INVITATION_ACCEPTED');
    expect(audit).toMatchObject({
      actorUsername: 'censor_print',
      orgId: orgIds.design,
      targetType: 'member',
      targetId: joined.memberId,
      detail: { invitationId: sent.id, admin: true, profiles: ['DATA_UPLOAD'] },
    });
    expect((await auditOf('MEMBER_INVITED')).some((e) => e.targetId === sent.id)).toBe(true);
  });

  it('refuses to invite someone already in the organisation, or twice while waiting', async () => {
    refused(
      await invite(tokens.designAdmin, orgIds.design!, { username: 'design_user' }),
      409,
      'ALREADY_MEMBER',
    );
    detailOf(await invite(tokens.designAdmin, orgIds.design!, { username: 'survey_admin' }));
    const again = refused(
      await invite(tokens.designAdmin, orgIds.design!, { username: 'survey_admin' }),
      409,
      'ALREADY_INVITED',
    );
    expect(again.message).toBe('已向该用户名发出邀请，尚未答复');
    // An unknown username is refused twice the same way: nothing tells it from a real one.
    detailOf(await invite(tokens.designAdmin, orgIds.design!, { username: 'ghost_user' }));
    refused(
      await invite(tokens.designAdmin, orgIds.design!, { username: 'ghost_user' }),
      409,
      'ALREADY_INVITED',
    );
    for (const i of await pending(tokens.designAdmin, orgIds.design!))
      detailOf(await cancel(tokens.designAdmin, orgIds.design!, i.id));
  });

  it('declining leaves the person out and the invitation gone from both lists', async () => {
    const sent = detailOf<InvitationSent>(
      await invite(tokens.designAdmin, orgIds.design!, {
        username: 'survey_admin',
        profiles: ['DATA_UPLOAD'],
      }),
    );
    expect((await mine(tokens.surveyAdmin)).map((i) => i.id)).toEqual([sent.id]);
    const answer = await decline(tokens.surveyAdmin, sent.id);
    expect(answer.json()).toEqual({ code: 'SUCCESS', message: '操作成功', detail: null });
    expect(await mine(tokens.surveyAdmin)).toEqual([]);
    expect(await pending(tokens.designAdmin, orgIds.design!)).toEqual([]);
    refused(await accept(tokens.surveyAdmin, sent.id), 409, 'INVITATION_NOT_PENDING');
    expect((await membersOf(orgIds.design!)).some((m) => m.username === 'survey_admin')).toBe(false);
    expect((await auditOf('MEMBER_INVITATION_DECLINED')).some((e) => e.targetId === sent.id)).toBe(true);
  });

  it('a cancelled invitation can no longer be accepted', async () => {
    const sent = detailOf<InvitationSent>(
      await invite(tokens.designAdmin, orgIds.design!, { username: 'survey_admin' }),
    );
    const answer = await cancel(tokens.designAdmin, orgIds.design!, sent.id);
    expect(answer.json()).toEqual({ code: 'SUCCESS', message: '操作成功', detail: null });
    expect(await mine(tokens.surveyAdmin)).toEqual([]);
    refused(await accept(tokens.surveyAdmin, sent.id), 409, 'INVITATION_NOT_PENDING');
    refused(await cancel(tokens.designAdmin, orgIds.design!, sent.id), 409, 'INVITATION_NOT_PENDING');
    expect((await membersOf(orgIds.design!)).some((m) => m.username === 'survey_admin')).toBe(false);
  });

  it('an invitation expires unanswered; the admin may then send a new one', async () => {
    const sent = detailOf<InvitationSent>(
      await invite(tokens.designAdmin, orgIds.design!, { username: 'survey_admin' }),
    );
    t.advance(INVITATION_VALID_DAYS * DAY_MS - 60_000);
    await signInAll();
    expect((await mine(tokens.surveyAdmin)).map((i) => i.id)).toEqual([sent.id]);
    t.advance(2 * 60_000);
    await signInAll();
    expect(await mine(tokens.surveyAdmin)).toEqual([]);
    expect(await pending(tokens.designAdmin, orgIds.design!)).toEqual([]);
    refused(await accept(tokens.surveyAdmin, sent.id), 409, 'INVITATION_NOT_PENDING');
    refused(await decline(tokens.surveyAdmin, sent.id), 409, 'INVITATION_NOT_PENDING');
    refused(await cancel(tokens.designAdmin, orgIds.design!, sent.id), 409, 'INVITATION_NOT_PENDING');
    const again = detailOf<InvitationSent>(
      await invite(tokens.designAdmin, orgIds.design!, { username: 'survey_admin' }),
    );
    detailOf(await decline(tokens.surveyAdmin, again.id));
  });

  it('a system admin cannot be invited: nothing reaches it and nothing can be accepted', async () => {
    const sent = detailOf<InvitationSent>(
      await invite(tokens.designAdmin, orgIds.design!, { username: 'sysadmin', admin: true }),
    );
    expect(await mine(tokens.sysadmin)).toEqual([]);
    refused(await accept(tokens.sysadmin, sent.id), 404, 'NOT_FOUND');
    expect((await membersOf(orgIds.design!)).some((m) => m.username === 'sysadmin')).toBe(false);
    expect((await accountOf(tokens.sysadmin)).members).toEqual([]);
    detailOf(await cancel(tokens.designAdmin, orgIds.design!, sent.id));
  });

  it('an invitation of a username nobody had stays unanswerable when the account is made later', async () => {
    detailOf(await invite(tokens.designAdmin, orgIds.design!, { username: 'later_person' }));
    detailOf(
      await send('POST', `/api/admin/orgs/${orgIds.design2}/members`, tokens.design2Admin, {
        mode: 'new',
        username: 'later_person',
        name: '晚来',
        phone: '13912340000',
        password: 'Later#2026x',
        profiles: ['DATA_UPLOAD'],
      }),
    );
    const later = await t.signIn('later_person', 'Later#2026x');
    expect(await mine(later)).toEqual([]);
    for (const i of await pending(tokens.designAdmin, orgIds.design!))
      detailOf(await cancel(tokens.designAdmin, orgIds.design!, i.id));
  });

  it("nobody answers or cancels someone else's invitation", async () => {
    const sent = detailOf<InvitationSent>(
      await invite(tokens.designAdmin, orgIds.design!, { username: 'survey_admin' }),
    );
    // Another account, even an admin of another organisation, cannot answer it.
    for (const token of [tokens.design2Admin, tokens.designUser, tokens.designAdmin, tokens.sysadmin]) {
      refused(await accept(token, sent.id), 404, 'NOT_FOUND');
      refused(await decline(token, sent.id), 404, 'NOT_FOUND');
    }
    // A foreign org's admin cannot cancel it, naming either organisation.
    refused(await cancel(tokens.design2Admin, orgIds.design!, sent.id), 404, 'NOT_FOUND');
    refused(await cancel(tokens.design2Admin, orgIds.design2!, sent.id), 404, 'NOT_FOUND');
    expect(await pending(tokens.design2Admin, orgIds.design2!)).toEqual([]);
    // A plain member of the inviting org cannot either.
    refused(await cancel(tokens.designUser, orgIds.design!, sent.id), 403, 'FORBIDDEN');
    refused(
      await send('GET', `/api/admin/orgs/${orgIds.design}/invitations`, tokens.design2Admin),
      404,
      'NOT_FOUND',
    );
    expect((await mine(tokens.surveyAdmin)).map((i) => i.id)).toEqual([sent.id]);
    detailOf(await decline(tokens.surveyAdmin, sent.id));
  });

  it('accepting checks again: a disabled organisation or an inviter no longer admin voids it', async () => {
    // The organisation is disabled after the invitation went out.
    const first = detailOf<InvitationSent>(
      await invite(tokens.design2Admin, orgIds.design2!, {
        username: 'survey_admin',
        profiles: ['DATA_UPLOAD'],
      }),
    );
    detailOf(
      await send('PUT', `/api/admin/orgs/${orgIds.design2}/enabled`, tokens.sysadmin, { enabled: false }),
    );
    expect(await mine(tokens.surveyAdmin)).toEqual([]);
    refused(await accept(tokens.surveyAdmin, first.id), 409, 'INVITATION_NO_LONGER_VALID');
    detailOf(
      await send('PUT', `/api/admin/orgs/${orgIds.design2}/enabled`, tokens.sysadmin, { enabled: true }),
    );
    detailOf(await decline(tokens.surveyAdmin, first.id));

    // The admin who invited steps down before the answer.
    const designUserMember = (await membersOf(orgIds.design!)).find((m) => m.username === 'design_user')!;
    detailOf(
      await send(
        'PUT',
        `/api/admin/orgs/${orgIds.design}/members/${designUserMember.id}`,
        tokens.designAdmin,
        {
          admin: true,
        },
      ),
    );
    const second = detailOf<InvitationSent>(
      await invite(tokens.designUser, orgIds.design!, { username: 'survey_admin', admin: true }),
    );
    detailOf(
      await send(
        'PUT',
        `/api/admin/orgs/${orgIds.design}/members/${designUserMember.id}`,
        tokens.designAdmin,
        {
          admin: false,
        },
      ),
    );
    const answer = refused(await accept(tokens.surveyAdmin, second.id), 409, 'INVITATION_NO_LONGER_VALID');
    expect(answer.message).toContain('邀请已失效');
    expect((await membersOf(orgIds.design!)).some((m) => m.username === 'survey_admin')).toBe(false);
    detailOf(await decline(tokens.surveyAdmin, second.id));
  });

  it('the system admin invites into the platform operator with platform-staff profiles', async () => {
    const operatorMembers = await membersOf(orgIds.operator!);
    expect(operatorMembers.map((m) => m.username)).toEqual(['info_staff']);
    // An org admin may not offer them, by invitation either.
    refused(
      await invite(tokens.designAdmin, orgIds.design!, {
        username: 'survey_admin',
        profiles: ['INFORMATION_SERVICE'],
      }),
      400,
      'PLATFORM_PROFILE_OPERATOR_ONLY',
    );
    const sent = detailOf<InvitationSent>(
      await invite(tokens.sysadmin, orgIds.operator!, {
        username: 'survey_admin',
        profiles: ['INFORMATION_SERVICE'],
      }),
    );
    expect((await mine(tokens.surveyAdmin))[0]).toMatchObject({
      invitedBy: '系统管理员',
      orgName: '湖南省住房和城乡建设厅',
    });
    detailOf(await accept(tokens.surveyAdmin, sent.id));
    expect((await membersOf(orgIds.operator!)).find((m) => m.username === 'survey_admin')).toMatchObject({
      profiles: ['INFORMATION_SERVICE'],
      admin: false,
    });
  });

  it('refuses malformed invitations with 400 and sends nothing', async () => {
    for (const payload of [
      {},
      { username: '' },
      { username: '   ' },
      { username: 'x'.repeat(65) },
      { username: 'survey_admin', profiles: ['SUPERUSER'] },
      { username: 'survey_admin', admin: 'yes' },
      { username: 42 },
    ])
      refused(await invite(tokens.designAdmin, orgIds.design!, payload), 400, 'VALIDATION_FAILED');
    for (const bad of ['not-a-uuid', `${randomUUID()}x`]) {
      // A malformed id in the path names no invitation: 404 as a missing one.
      refused(await accept(tokens.surveyAdmin, bad), 404, 'NOT_FOUND');
      refused(await cancel(tokens.designAdmin, orgIds.design!, bad), 404, 'NOT_FOUND');
    }
    expect(await pending(tokens.designAdmin, orgIds.design!)).toEqual([]);
  });

  it('answers in English when asked', async () => {
    const res = await invite(
      tokens.designAdmin,
      orgIds.design!,
      { username: 'design_user' },
      { 'accept-language': 'en-US' },
    );
    expect(refused(res, 409, 'ALREADY_MEMBER').message).toBe('This person is already a member');
  });
});
