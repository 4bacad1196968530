import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { count, eq } from 'drizzle-orm';
import {
  BACKGROUND_HEADER,
  MESSAGE_LIST_CAP,
  creditCodeCheckChar,
  type Message,
  type MessagePage,
  type OrgMembersResult,
} from '@drp/domain';
import { inTransaction } from '../../db/database.js';
import { messageReads, messageReceivers, messages } from '../../db/schema/messages.js';
import { DEMO_ORGS } from '../../db/seed/demo-seed.js';
import { accountIdOf, demoOrgIds } from '../../test/project-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { sendMessage, type SendMessageInput } from './messages.service.js';

const MINUTE = 60_000;
const orgName = (key: string) => DEMO_ORGS.find((o) => o.key === key)!.name;

interface Body {
  code: string;
  message: string;
  detail?: unknown;
}

/** The detail of a 200 answer; any other answer fails the test with its body. */
function detailOf<T>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ code: string; detail: T }>().detail;
}

/** Asserts a refusal in the envelope and returns it. */
function refused(res: LightMyRequestResponse, status: number, code: string): Body {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<Body>();
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe('string');
  return body;
}

/** The calls these tests make through `inject`; a missing token calls anonymously. */
function calls(t: TestApp) {
  const send = (
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    token: string | undefined,
    options: { query?: Record<string, string>; headers?: Record<string, string>; payload?: object } = {},
  ) =>
    t.app.inject({
      method,
      url,
      query: options.query ?? {},
      headers: { ...options.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(options.payload === undefined ? {} : { payload: options.payload }),
    });
  const messagesOf = (
    token: string | undefined,
    query: Record<string, string> = {},
    headers?: Record<string, string>,
  ) => send('GET', '/api/message/messages', token, { query, ...(headers ? { headers } : {}) });
  return {
    send,
    messagesOf,
    /** The caller's messages page; fails the test unless the answer is 200. */
    list: async (token: string, query: Record<string, string> = {}, headers?: Record<string, string>) =>
      detailOf<MessagePage>(await messagesOf(token, query, headers)),
    markRead: (token: string | undefined, id: string) =>
      send('PUT', `/api/message/messageReceivers/${encodeURIComponent(id)}/read`, token),
  };
}

describe('to-do messages', () => {
  let t: TestApp;
  let api: ReturnType<typeof calls>;
  let org: Record<string, string>;
  const tokens: Record<string, string> = {};
  const base = Date.parse('2026-11-02T01:00:00.000Z');
  /** Message times are given, so the newest-first order does not hang on the clock. */
  const at = (minutes: number) => new Date(base + minutes * MINUTE);

  const send = (input: Omit<SendMessageInput, 'by'>) =>
    inTransaction(t.database.db, (tx) => sendMessage(tx, { by: null, ...input }));

  beforeAll(async () => {
    t = await createTestApp();
    api = calls(t);
    org = await demoOrgIds(t.database.db);
    for (const username of [
      'design_admin',
      'design_user',
      'design2_admin',
      'construct_admin',
      'survey_admin',
      'multi_user',
      'censor_admin',
      'censor_reviewer',
      'censor_reviewer2',
      'control_admin',
      'construct2_admin',
      'sysadmin',
    ])
      tokens[username] = await t.signIn(username);
  });
  afterAll(() => t?.close());

  describe('approving a registration', () => {
    const PDF = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const NEW_ORG = '湖南潇湘勘察设计有限公司';
    const PASSWORD = 'Xiao#Xiang2026';
    let newOrgId: string;
    let newAdmin: string;

    /** Registers a design unit through the public API and has the system admin approve it. */
    beforeAll(async () => {
      const boundary = `----drp-test-${randomBytes(8).toString('hex')}`;
      const head =
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="licence.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n';
      const upload = await t.app.inject({
        method: 'POST',
        url: '/api/register/licence',
        payload: Buffer.concat([Buffer.from(head), PDF, Buffer.from(`\r\n--${boundary}--\r\n`)]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      const { fileId } = detailOf<{ fileId: string }>(upload);
      const code17 = '91430104MA4R9X8W7';
      const applied = await api.send('POST', '/api/register/applications', undefined, {
        payload: {
          orgType: 'DESIGN',
          name: NEW_ORG,
          creditCode: `${code17}${creditCodeCheckChar(code17)!}`,
          regionCode: '430104',
          address: '长沙市岳麓区麓山南路 1 号',
          legalRepresentative: '罗湘',
          contactName: '罗湘',
          contactPhone: '0731-85550001',
          qualificationType: 'DESIGN_INDUSTRY',
          qualificationNo: 'A243000999',
          qualificationGrade: '甲级',
          qualificationValidUntil: '2030-12-31',
          licenceFileId: fileId,
          agreementAccepted: true,
          admin: { username: 'xx_admin', name: '罗湘', phone: '13907310099', password: PASSWORD },
        },
      });
      const applicationId = detailOf<{ id: string }>(applied).id;
      const approved = await api.send(
        'POST',
        `/api/admin/org-applications/${applicationId}/approve`,
        tokens.sysadmin,
      );
      newOrgId = detailOf<{ orgId: string }>(approved).orgId;
      newAdmin = await t.signIn('xx_admin', PASSWORD);
    });

    it("gives the new organisation's admin one unread welcome naming the organisation, in Chinese by default", async () => {
      const page = await api.list(newAdmin);
      expect(page.total).toBe(1);
      expect(page.unread).toBe(1);
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({
        type: 'PLATFORM_REGISTRATION_APPROVE',
        orgId: newOrgId,
        orgName: NEW_ORG,
        beRead: false,
        content: `「${NEW_ORG}」的注册申请已通过审核，欢迎使用平台。请在企业后台添加本单位人员。`,
      });
      expect(Number.isNaN(Date.parse(page.items[0]!.sendTime))).toBe(false);
    });

    it('speaks English to a browser that asks for it', async () => {
      const page = await api.list(newAdmin, {}, { 'accept-language': 'en-US,en;q=0.9' });
      expect(page.items.map((m) => m.content)).toEqual([
        `The registration of "${NEW_ORG}" was approved. Welcome! Add your colleagues in the back office.`,
      ]);
    });

    it('is seen by nobody outside the new organisation', async () => {
      for (const username of ['design_admin', 'design_user', 'design2_admin', 'multi_user', 'sysadmin']) {
        const page = await api.list(tokens[username]!, { messageTypes: 'PLATFORM_REGISTRATION_APPROVE' });
        expect({ username, total: page.total, items: page.items }).toEqual({ username, total: 0, items: [] });
      }
      refused(await api.messagesOf(tokens.design_admin, { orgIds: newOrgId }), 404, 'NOT_FOUND');
    });
  });

  describe('who sees which organisation’s messages', () => {
    const project = randomUUID();
    const sent: Record<string, string> = {};

    beforeAll(async () => {
      const accept = { projectName: '学士路安置房', senderName: '湖南省建设工程施工图审查中心有限公司' };
      const design = [{ orgId: org.design! }];
      await send({
        type: 'CENSOR_MATERIAL_ACCEPT',
        to: design,
        at: at(1),
        projectId: project,
        params: accept,
      });
      await send({
        type: 'CENSOR_MATERIAL_REJECT',
        to: design,
        at: at(2),
        projectId: project,
        targetId: 'report-1',
        params: accept,
      });
      await send({
        type: 'CONSTRUCT_PROJECT_REVOKE',
        to: design,
        at: at(3),
        projectId: project,
        params: accept,
      });
      await send({ type: 'CENSOR_MATERIAL_ACCEPT', to: [{ orgId: org.survey! }], at: at(4), params: accept });
      await send({
        type: 'CENSOR_MATERIAL_REJECT',
        to: [{ orgId: org.design2! }],
        at: at(5),
        params: accept,
      });
      await send({
        type: 'CENSOR_MATERIAL_ACCEPT',
        to: [{ orgId: org.construct! }],
        at: at(6),
        params: accept,
      });
      for (const [key, token] of Object.entries({
        design: tokens.design_admin!,
        survey: tokens.survey_admin!,
        design2: tokens.design2_admin!,
        construct: tokens.construct_admin!,
      }))
        for (const m of (await api.list(token)).items) sent[`${key}:${m.type}`] = m.id;
    });

    it('shows the design org’s messages to its admin and its plain member alike, newest first', async () => {
      for (const username of ['design_admin', 'design_user']) {
        const page = await api.list(tokens[username]!);
        expect(page.total, username).toBe(3);
        expect(page.unread, username).toBe(3);
        expect(page.items.map((m) => m.type)).toEqual([
          'CONSTRUCT_PROJECT_REVOKE',
          'CENSOR_MATERIAL_REJECT',
          'CENSOR_MATERIAL_ACCEPT',
        ]);
        expect(page.items.map((m) => m.sendTime)).toEqual([at(3), at(2), at(1)].map((d) => d.toISOString()));
        for (const m of page.items)
          expect(m).toMatchObject({
            orgId: org.design,
            orgName: orgName('design'),
            projectId: project,
            beRead: false,
          });
      }
      const page = await api.list(tokens.design_user!);
      expect(page.items[1]).toMatchObject({
        targetId: 'report-1',
        content: '湖南省建设工程施工图审查中心有限公司退回了项目「学士路安置房」的资料：',
      });
      expect(page.items[2]!.targetId).toBeNull();
    });

    it('keeps them from the other design org and from the construction unit', async () => {
      const design2 = await api.list(tokens.design2_admin!);
      expect(design2.items.map((m) => [m.orgId, m.type])).toEqual([[org.design2, 'CENSOR_MATERIAL_REJECT']]);
      expect(design2.total).toBe(1);
      const construct = await api.list(tokens.construct_admin!);
      expect(construct.items.map((m) => [m.orgId, m.type])).toEqual([
        [org.construct, 'CENSOR_MATERIAL_ACCEPT'],
      ]);
      // Their receiver ids are not the design org's.
      const ids = [...design2.items, ...construct.items].map((m) => m.id);
      expect(ids).not.toContain(sent['design:CENSOR_MATERIAL_REJECT']);
      expect(ids).not.toContain(sent['design:CENSOR_MATERIAL_ACCEPT']);
    });

    it('answers 404 when asked for an organisation the caller is not in, and 400 for a malformed one', async () => {
      refused(await api.messagesOf(tokens.design2_admin, { orgIds: org.design! }), 404, 'NOT_FOUND');
      // Naming one's own org together with a foreign one reveals nothing either.
      refused(
        await api.messagesOf(tokens.design_admin, { orgIds: `${org.design},${org.design2}` }),
        404,
        'NOT_FOUND',
      );
      refused(await api.messagesOf(tokens.sysadmin, { orgIds: org.design! }), 404, 'NOT_FOUND');
      refused(await api.messagesOf(tokens.design_admin, { orgIds: 'not-an-id' }), 400, 'VALIDATION_FAILED');
      refused(await api.messagesOf(undefined), 401, 'UNAUTHORIZED');
    });

    it('reads all the caller’s organisations when no orgIds are given', async () => {
      const own = await api.list(tokens.design_admin!, { orgIds: org.design! });
      const all = await api.list(tokens.design_admin!);
      expect(all).toEqual(own);
      // The system admin belongs to no organisation: nothing to do.
      expect(await api.list(tokens.sysadmin!)).toMatchObject({ total: 0, unread: 0, items: [] });
    });

    it('shows a person in two organisations both, each message saying which organisation it is for', async () => {
      const all = await api.list(tokens.multi_user!);
      expect(all.total).toBe(4);
      expect(all.unread).toBe(4);
      expect(all.items.map((m) => [m.orgName, m.type])).toEqual([
        [orgName('survey'), 'CENSOR_MATERIAL_ACCEPT'],
        [orgName('design'), 'CONSTRUCT_PROJECT_REVOKE'],
        [orgName('design'), 'CENSOR_MATERIAL_REJECT'],
        [orgName('design'), 'CENSOR_MATERIAL_ACCEPT'],
      ]);
      expect(all.items.map((m) => m.orgId)).toEqual([org.survey, org.design, org.design, org.design]);
      const survey = await api.list(tokens.multi_user!, { orgIds: org.survey! });
      expect(survey.items.map((m) => m.id)).toEqual([sent['survey:CENSOR_MATERIAL_ACCEPT']]);
      const both = await api.list(tokens.multi_user!, { orgIds: `${org.design},${org.survey}` });
      expect(both).toEqual(all);
    });

    it('filters by message type, and counts only what matches', async () => {
      const page = await api.list(tokens.design_admin!, {
        messageTypes: 'CENSOR_MATERIAL_REJECT,CONSTRUCT_PROJECT_REVOKE',
      });
      expect(page.items.map((m) => m.type)).toEqual(['CONSTRUCT_PROJECT_REVOKE', 'CENSOR_MATERIAL_REJECT']);
      expect([page.total, page.unread]).toEqual([2, 2]);
      const none = await api.list(tokens.design_admin!, { messageTypes: 'CONSTRUCT_MATERIAL_SUBMIT' });
      expect(none).toMatchObject({ total: 0, unread: 0, items: [] });
      refused(
        await api.messagesOf(tokens.design_admin, { messageTypes: 'NO_SUCH_TYPE' }),
        400,
        'VALIDATION_FAILED',
      );
    });

    it('pages with page and size; size -1 gives everything', async () => {
      const types = (p: MessagePage) => p.items.map((m) => m.type);
      const first = await api.list(tokens.design_admin!, { page: '0', size: '2' });
      expect(types(first)).toEqual(['CONSTRUCT_PROJECT_REVOKE', 'CENSOR_MATERIAL_REJECT']);
      expect([first.total, first.unread]).toEqual([3, 3]);
      const second = await api.list(tokens.design_admin!, { page: '1', size: '2' });
      expect(types(second)).toEqual(['CENSOR_MATERIAL_ACCEPT']);
      expect(second.total).toBe(3);
      const beyond = await api.list(tokens.design_admin!, { page: '2', size: '2' });
      expect(beyond.items).toEqual([]);
      expect(beyond.total).toBe(3);
      const all = await api.list(tokens.design_admin!, { size: '-1' });
      expect(types(all)).toEqual([
        'CONSTRUCT_PROJECT_REVOKE',
        'CENSOR_MATERIAL_REJECT',
        'CENSOR_MATERIAL_ACCEPT',
      ]);
      refused(await api.messagesOf(tokens.design_admin, { size: '-2' }), 400, 'VALIDATION_FAILED');
      refused(await api.messagesOf(tokens.design_admin, { page: '-1', size: '2' }), 400, 'VALIDATION_FAILED');
    });

    it(`returns at most the newest ${MESSAGE_LIST_CAP} for size -1, while the counts cover every message`, async () => {
      const many = MESSAGE_LIST_CAP + 3;
      await inTransaction(t.database.db, async (tx) => {
        for (let i = 0; i < many; i++)
          await sendMessage(tx, {
            by: null,
            type: 'CENSOR_MATERIAL_ACCEPT',
            to: [{ orgId: org.construct2! }],
            at: at(100 + i),
            targetId: `filing-${i}`,
          });
      });
      const page = await api.list(tokens.construct2_admin!, { size: '-1' });
      expect([page.total, page.unread]).toEqual([many, many]);
      expect(page.items).toHaveLength(MESSAGE_LIST_CAP);
      expect(page.items[0]!.targetId).toBe(`filing-${many - 1}`);
      expect(page.items.at(-1)!.targetId).toBe(`filing-${many - MESSAGE_LIST_CAP}`);
    });
  });

  describe('personal messages', () => {
    it('reach only the reviewer named, while an org-wide message reaches every colleague', async () => {
      const reviewer = await accountIdOf(t.database.db, 'censor_reviewer');
      await send({
        type: 'CENSOR_TASKING_SUBMIT',
        to: [{ orgId: org.censor!, accountId: reviewer }],
        at: at(20),
        targetId: 'mission-1',
        params: { projectName: '学士路安置房', specialty: '建筑', deadline: '2026-11-09' },
      });
      await send({
        type: 'CONSTRUCT_PROJECT_REVOKE',
        to: [{ orgId: org.censor! }],
        at: at(21),
        params: { projectName: '学士路安置房', senderName: orgName('construct') },
      });
      const mine = await api.list(tokens.censor_reviewer!);
      expect(mine.items.map((m) => [m.type, m.orgId])).toEqual([
        ['CONSTRUCT_PROJECT_REVOKE', org.censor],
        ['CENSOR_TASKING_SUBMIT', org.censor],
      ]);
      expect(mine.items[1]).toMatchObject({
        targetId: 'mission-1',
        content: '您有新的审查任务：项目「学士路安置房」，建筑，请于 2026-11-09 前完成。',
      });
      expect([mine.total, mine.unread]).toEqual([2, 2]);
      for (const username of ['censor_reviewer2', 'censor_admin']) {
        const theirs = await api.list(tokens[username]!);
        expect(
          theirs.items.map((m) => m.type),
          username,
        ).toEqual(['CONSTRUCT_PROJECT_REVOKE']);
        expect([theirs.total, theirs.unread], username).toEqual([1, 1]);
      }
      // Nor can a colleague mark it read.
      refused(await api.markRead(tokens.censor_reviewer2, mine.items[1]!.id), 404, 'NOT_FOUND');
      expect((await api.list(tokens.censor_reviewer!)).items[1]!.beRead).toBe(false);
    });
  });

  describe('marking a message read', () => {
    let message: Message;
    const readRows = async () => (await t.database.db.select({ n: count() }).from(messageReads))[0]!.n;

    beforeAll(async () => {
      await send({
        type: 'CENSOR_BUILDING_REJECT',
        to: [{ orgId: org.design! }],
        at: at(30),
        targetId: 'building-7',
        params: { projectName: '学士路安置房', buildingName: '7 号楼', reason: '消防通道宽度不足' },
      });
      const page = await api.list(tokens.design_admin!, { messageTypes: 'CENSOR_BUILDING_REJECT' });
      message = page.items[0]!;
    });

    it('marks it read for the caller only: a colleague still sees it unread', async () => {
      const before = await api.list(tokens.design_admin!);
      const colleagueBefore = await api.list(tokens.design_user!);
      expect(message.beRead).toBe(false);

      expect(detailOf(await api.markRead(tokens.design_admin, message.id))).toEqual({
        id: message.id,
        beRead: true,
      });
      const after = await api.list(tokens.design_admin!);
      expect(after.items.find((m) => m.id === message.id)!.beRead).toBe(true);
      expect(after.unread).toBe(before.unread - 1);
      expect(after.total).toBe(before.total);

      const colleague = await api.list(tokens.design_user!);
      expect(colleague.items.find((m) => m.id === message.id)!.beRead).toBe(false);
      expect(colleague.unread).toBe(colleagueBefore.unread);
    });

    it('may be repeated without changing anything', async () => {
      const before = await api.list(tokens.design_admin!);
      expect(detailOf(await api.markRead(tokens.design_admin, message.id))).toEqual({
        id: message.id,
        beRead: true,
      });
      expect(await api.list(tokens.design_admin!)).toEqual(before);
    });

    it('answers 404 for a message of another organisation, and marks nothing', async () => {
      const rows = await readRows();
      refused(await api.markRead(tokens.design2_admin, message.id), 404, 'NOT_FOUND');
      refused(await api.markRead(tokens.sysadmin, message.id), 404, 'NOT_FOUND');
      refused(await api.markRead(tokens.design_admin, randomUUID()), 404, 'NOT_FOUND');
      expect(await readRows()).toBe(rows);
      expect((await api.list(tokens.design_user!)).items.find((m) => m.id === message.id)!.beRead).toBe(
        false,
      );
    });

    it('answers a malformed id 404 in the envelope, like a missing one, and anonymous callers 401', async () => {
      const bad = refused(await api.markRead(tokens.design_admin, 'not-a-uuid'), 404, 'NOT_FOUND');
      expect(bad.message).toBe('请求的资源不存在');
      refused(await api.markRead(undefined, message.id), 401, 'UNAUTHORIZED');
    });
  });

  describe('sending', () => {
    it('keeps no message when the change it belongs to is rolled back', async () => {
      const attempt = inTransaction(t.database.db, async (tx) => {
        await sendMessage(tx, {
          by: null,
          type: 'CONSTRUCT_PROJECT_REVOKE',
          to: [{ orgId: org.censor2! }],
          at: at(40),
        });
        throw new Error('the filing could not be saved');
      });
      await expect(attempt).rejects.toThrow('the filing could not be saved');
      const censor2 = await t.signIn('censor2_admin');
      expect(await api.list(censor2)).toMatchObject({ total: 0, unread: 0, items: [] });
      // The same message, committed, is there.
      await send({ type: 'CONSTRUCT_PROJECT_REVOKE', to: [{ orgId: org.censor2! }], at: at(41) });
      expect((await api.list(censor2)).items.map((m) => m.type)).toEqual(['CONSTRUCT_PROJECT_REVOKE']);
    });

    it('refuses an organisation whose type does not receive the message, and stores nothing', async () => {
      const stored = async () => (await t.database.db.select({ n: count() }).from(messages))[0]!.n;
      const before = await stored();
      // Materials sent to review go to the review agency (CENSOR), never to a design unit.
      await expect(
        send({ type: 'CONSTRUCT_MATERIAL_SUBMIT', to: [{ orgId: org.design! }], at: at(50) }),
      ).rejects.toThrow(/does not receive/);
      // One wrong receiver spoils the whole message, also for the right one.
      await expect(
        send({
          type: 'CONSTRUCT_MATERIAL_SUBMIT',
          to: [{ orgId: org.censor! }, { orgId: org.construct! }],
          at: at(51),
        }),
      ).rejects.toThrow(/does not receive/);
      await expect(
        send({ type: 'CONSTRUCT_MATERIAL_SUBMIT', to: [{ orgId: randomUUID() }], at: at(52) }),
      ).rejects.toThrow(/does not receive/);
      await expect(send({ type: 'CONSTRUCT_MATERIAL_SUBMIT', to: [], at: at(53) })).rejects.toThrow();
      expect(await stored()).toBe(before);
      expect(
        (await api.list(tokens.design_admin!, { messageTypes: 'CONSTRUCT_MATERIAL_SUBMIT' })).total,
      ).toBe(0);
    });

    it('refuses a personal message that names no account', async () => {
      const stored = async () => (await t.database.db.select({ n: count() }).from(messageReceivers))[0]!.n;
      const before = await stored();
      await expect(
        send({ type: 'CENSOR_TASKING_SUBMIT', to: [{ orgId: org.censor! }], at: at(60) }),
      ).rejects.toThrow(/personal/);
      expect(await stored()).toBe(before);
      const admin = await api.list(tokens.censor_admin!, { messageTypes: 'CENSOR_TASKING_SUBMIT' });
      expect(admin.total).toBe(0);
    });

    it('stores an org-wide message for the organisation, not for an account named with it', async () => {
      const designUser = await accountIdOf(t.database.db, 'design_user');
      const { messageId } = await send({
        type: 'CENSOR_ABSENCE_REMIND',
        to: [{ orgId: org.design2!, accountId: designUser }],
        at: at(61),
        params: { projectName: '学士路安置房', reason: '结构计算书' },
      });
      const rows = await t.database.db
        .select({ orgId: messageReceivers.orgId, accountId: messageReceivers.accountId })
        .from(messageReceivers)
        .where(eq(messageReceivers.messageId, messageId));
      expect(rows).toEqual([{ orgId: org.design2, accountId: null }]);
      const seen = await api.list(tokens.design2_admin!, { messageTypes: 'CENSOR_ABSENCE_REMIND' });
      expect(seen.total).toBe(1);
    });
  });

  describe('a member taken out of an organisation', () => {
    let memberId: string;
    const setEnabled = async (enabled: boolean) =>
      detailOf(
        await api.send('PUT', `/api/admin/orgs/${org.design}/members/${memberId}`, tokens.design_admin, {
          payload: { enabled },
        }),
      );

    beforeAll(async () => {
      const members = detailOf<OrgMembersResult>(
        await api.send('GET', `/api/admin/orgs/${org.design}/members`, tokens.design_admin),
      ).members;
      memberId = members.find((m) => m.username === 'multi_user')!.id;
    });

    it("no longer sees that organisation's messages, only those of the organisations still theirs", async () => {
      const before = await api.list(tokens.multi_user!);
      const designMessage = before.items.find((m) => m.orgId === org.design)!;
      expect(designMessage).toBeDefined();
      expect(before.items.some((m) => m.orgId === org.survey)).toBe(true);

      await setEnabled(false);
      try {
        const after = await api.list(tokens.multi_user!);
        expect(after.items.length).toBeGreaterThan(0);
        expect(after.items.every((m) => m.orgId === org.survey)).toBe(true);
        expect(after.total).toBe(after.items.length);
        refused(await api.messagesOf(tokens.multi_user, { orgIds: org.design! }), 404, 'NOT_FOUND');
        refused(await api.markRead(tokens.multi_user, designMessage.id), 404, 'NOT_FOUND');
      } finally {
        await setEnabled(true);
      }
      // Enabled again, the organisation's messages are back.
      expect(await api.list(tokens.multi_user!)).toEqual(before);
    });
  });
});

describe('background requests and the idle session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('a to-do refresh marked as background does not keep an unattended session alive', async () => {
    const api = calls(t);
    const unattended = await t.signIn('design_admin');
    const working = await t.signIn('design_admin');
    t.advance(20 * MINUTE);
    // Both refresh their to-do list; only the second is someone at work.
    detailOf(await api.messagesOf(unattended, {}, { [BACKGROUND_HEADER]: '1' }));
    detailOf(await api.messagesOf(working));
    t.advance(11 * MINUTE);
    // 31 minutes after the last real use the unattended session is over...
    refused(await api.send('GET', '/api/admin/account', unattended), 401, 'UNAUTHORIZED');
    // ...and a background refresh is refused too; the working one lives on.
    refused(await api.messagesOf(unattended, {}, { [BACKGROUND_HEADER]: '1' }), 401, 'UNAUTHORIZED');
    detailOf(await api.send('GET', '/api/admin/account', working));
  });

  it('a background refresh still answers within the idle time', async () => {
    const api = calls(t);
    const token = await t.signIn('design_user');
    t.advance(29 * MINUTE);
    const page = detailOf<MessagePage>(await api.messagesOf(token, {}, { [BACKGROUND_HEADER]: '1' }));
    expect(page).toMatchObject({ total: 0, unread: 0, items: [] });
  });
});
