import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Message, MessagePage } from '@drp/domain';
import { inTransaction } from '../../db/database.js';
import { accounts } from '../../db/schema/accounts.js';
import { messageReceivers } from '../../db/schema/messages.js';
import { demoOrgIds, detailOf, projectApi } from '../../test/project-fixture.js';
import { pdfBytes, submittedForMaterials, uploadDocFile } from '../../test/doc-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { AppError } from '../../lib/app-error.js';
import { sendMessage, settleTodos, type SendMessageInput } from './messages.service.js';

const MINUTE = 60_000;

function refused(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ code: string }>().code, res.body).toBe(code);
}

/**
 * To-dos (issue 17): a to-do reaches only the members who may do what it asks (the project
 * policy decides), is settled by the use case that does the work in the same transaction, once,
 * and then shows as done with who and when; notices are neither.
 */
describe('to-dos', () => {
  let t: TestApp;
  let org: Record<string, string>;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const names: Record<string, string> = {};
  const base = Date.parse('2026-11-03T02:00:00.000Z');
  const at = (minutes: number) => new Date(base + minutes * MINUTE);
  const send = (input: SendMessageInput) => inTransaction(t.database.db, (tx) => sendMessage(tx, input));
  const list = async (username: string, query: Record<string, string> = {}) =>
    detailOf<MessagePage>(
      await t.app.inject({
        method: 'GET',
        url: '/api/message/messages',
        query,
        headers: { authorization: `Bearer ${tokens[username]}` },
      }),
    );
  const about = (page: MessagePage, projectId: string) => page.items.filter((m) => m.projectId === projectId);
  const one = async (username: string, projectId: string, type: Message['type']) => {
    const found = about(await list(username, { messageTypes: type }), projectId);
    expect(found, `${username} ${type}`).toHaveLength(1);
    return found[0]!;
  };

  beforeAll(async () => {
    t = await createTestApp();
    org = await demoOrgIds(t.database.db);
    for (const username of [
      'construct_admin',
      'design_admin',
      'design_user',
      'design2_admin',
      'survey_admin',
      'censor_admin',
      'censor_director',
      'censor_reviewer',
      'censor_print',
    ]) {
      tokens[username] = await t.signIn(username);
      const [row] = await t.database.db
        .select({ id: accounts.id, name: accounts.name })
        .from(accounts)
        .where(eq(accounts.username, username));
      ids[username] = row!.id;
      names[username] = row!.name;
    }
  });
  afterAll(() => t?.close());

  describe('addressing', () => {
    const project = randomUUID();
    beforeAll(async () => {
      await send({
        type: 'CONSTRUCT_MATERIAL_SUBMIT',
        to: [{ orgId: org.censor! }],
        at: at(1),
        by: ids.construct_admin!,
        senderOrgId: org.construct!,
        projectId: project,
        params: { projectName: '岳麓书院配套楼', senderName: '长沙城投' },
      });
      await send({
        type: 'CONSTRUCT_PROJECT_REVOKE',
        to: [{ orgId: org.censor! }],
        at: at(2),
        by: ids.construct_admin!,
        senderOrgId: org.construct!,
        projectId: randomUUID(),
        params: { projectName: '岳麓书院配套楼二期' },
      });
    });

    it('asks those who may accept materials to accept them, and not the reviewers or the print clerk', async () => {
      for (const username of ['censor_admin', 'censor_director']) {
        const todo = await one(username, project, 'CONSTRUCT_MATERIAL_SUBMIT');
        expect(todo, username).toMatchObject({
          state: 'todo',
          settledAt: null,
          settledBy: null,
          projectName: '岳麓书院配套楼',
        });
      }
      for (const username of ['censor_reviewer', 'censor_print']) {
        const page = await list(username);
        expect(about(page, project), username).toEqual([]);
        expect(
          page.counts.todoByType.map((c) => c.type),
          username,
        ).not.toContain('CONSTRUCT_MATERIAL_SUBMIT');
      }
    });

    it('tells everyone of the organisation a notice, which is neither to do nor done', async () => {
      for (const username of ['censor_admin', 'censor_reviewer', 'censor_print']) {
        const page = await list(username, { messageTypes: 'CONSTRUCT_PROJECT_REVOKE' });
        expect(
          page.items.map((m) => m.state),
          username,
        ).toEqual(['notice']);
        expect(
          (await list(username, { state: 'notice' })).items.map((m) => m.type),
          username,
        ).toContain('CONSTRUCT_PROJECT_REVOKE');
        expect(
          (await list(username, { state: 'todo' })).items.map((m) => m.type),
          username,
        ).not.toContain('CONSTRUCT_PROJECT_REVOKE');
      }
    });

    it('lets nobody it is not addressed to mark it read, or read it by marking all', async () => {
      const todo = await one('censor_admin', project, 'CONSTRUCT_MATERIAL_SUBMIT');
      const markOne = await t.app.inject({
        method: 'PUT',
        url: `/api/message/messageReceivers/${todo.id}/read`,
        headers: { authorization: `Bearer ${tokens.censor_reviewer}` },
      });
      refused(markOne, 404, 'NOT_FOUND');
      const all = await t.app.inject({
        method: 'PUT',
        url: '/api/message/messageReceivers/read',
        payload: {},
        headers: { authorization: `Bearer ${tokens.censor_reviewer}` },
      });
      expect(all.statusCode, all.body).toBe(200);
      expect((await list('censor_reviewer')).unread).toBe(0);
      // The reviewer's 全部已读 read only the reviewer's own.
      expect((await one('censor_admin', project, 'CONSTRUCT_MATERIAL_SUBMIT')).beRead).toBe(false);
      expect((await one('censor_director', project, 'CONSTRUCT_MATERIAL_SUBMIT')).beRead).toBe(false);
    });
  });

  describe('settling', () => {
    it('settles the request to accept when the agency accepts, in the same transaction, once', async () => {
      const project = randomUUID();
      await send({
        type: 'CONSTRUCT_MATERIAL_SUBMIT',
        to: [{ orgId: org.censor! }],
        at: at(10),
        by: ids.construct_admin!,
        senderOrgId: org.construct!,
        projectId: project,
      });
      const accept = (minutes: number): SendMessageInput => ({
        type: 'CENSOR_MATERIAL_ACCEPT',
        to: [{ orgId: org.construct! }],
        at: at(minutes),
        by: ids.censor_director!,
        senderOrgId: org.censor!,
        projectId: project,
      });
      // Work that rolls back leaves the to-do open.
      await expect(
        inTransaction(t.database.db, async (tx) => {
          await sendMessage(tx, accept(11));
          throw new Error('the acceptance could not be saved');
        }),
      ).rejects.toThrow('the acceptance could not be saved');
      expect((await one('censor_admin', project, 'CONSTRUCT_MATERIAL_SUBMIT')).state).toBe('todo');

      await send(accept(12));
      for (const username of ['censor_admin', 'censor_director']) {
        expect(await one(username, project, 'CONSTRUCT_MATERIAL_SUBMIT'), username).toMatchObject({
          state: 'done',
          settledAt: at(12).toISOString(),
          settledBy: names.censor_director,
          settledWith: 'CENSOR_MATERIAL_ACCEPT',
        });
        expect(about(await list(username, { state: 'todo' }), project), username).toEqual([]);
        expect(about(await list(username, { state: 'done' }), project).map((m) => m.type)).toEqual([
          'CONSTRUCT_MATERIAL_SUBMIT',
        ]);
      }
      // A later step that would settle it again changes nothing: who and when stay the first.
      await send({
        ...accept(13),
        type: 'CENSOR_MATERIAL_REJECT',
        by: ids.censor_admin!,
        to: [{ orgId: org.construct! }],
      });
      expect(await one('censor_admin', project, 'CONSTRUCT_MATERIAL_SUBMIT')).toMatchObject({
        settledAt: at(12).toISOString(),
        settledBy: names.censor_director,
        settledWith: 'CENSOR_MATERIAL_ACCEPT',
      });
    });

    it("settles a unit's upload to-do by its own commit only, and the others' when the application is recalled", async () => {
      const project = randomUUID();
      await send({
        type: 'CONSTRUCT_PROJECT_SUBMIT',
        to: [{ orgId: org.design! }, { orgId: org.survey! }],
        at: at(20),
        by: ids.construct_admin!,
        senderOrgId: org.construct!,
        projectId: project,
      });
      // Another project's commit settles nothing here.
      await send({
        type: 'DESIGN_MATERIAL_COMMIT',
        to: [{ orgId: org.construct! }],
        at: at(21),
        by: ids.design_user!,
        senderOrgId: org.design!,
        projectId: randomUUID(),
      });
      expect((await one('design_admin', project, 'CONSTRUCT_PROJECT_SUBMIT')).state).toBe('todo');
      await send({
        type: 'DESIGN_MATERIAL_COMMIT',
        to: [{ orgId: org.construct! }],
        at: at(22),
        by: ids.design_user!,
        senderOrgId: org.design!,
        projectId: project,
      });
      expect(await one('design_admin', project, 'CONSTRUCT_PROJECT_SUBMIT')).toMatchObject({
        state: 'done',
        settledBy: names.design_user,
        settledWith: 'DESIGN_MATERIAL_COMMIT',
      });
      expect((await one('survey_admin', project, 'CONSTRUCT_PROJECT_SUBMIT')).state).toBe('todo');
      // The design unit's commit is now the construction unit's to-do.
      expect((await one('construct_admin', project, 'DESIGN_MATERIAL_COMMIT')).state).toBe('todo');

      await send({
        type: 'CONSTRUCT_PROJECT_REVOKE',
        to: [{ orgId: org.design! }, { orgId: org.survey! }, { orgId: org.censor! }],
        at: at(23),
        by: ids.construct_admin!,
        senderOrgId: org.construct!,
        projectId: project,
      });
      expect(await one('survey_admin', project, 'CONSTRUCT_PROJECT_SUBMIT')).toMatchObject({
        state: 'done',
        settledBy: names.construct_admin,
        settledWith: 'CONSTRUCT_PROJECT_REVOKE',
      });
      expect(await one('design_admin', project, 'CONSTRUCT_PROJECT_SUBMIT')).toMatchObject({
        settledBy: names.design_user,
        settledWith: 'DESIGN_MATERIAL_COMMIT',
      });
      expect((await one('construct_admin', project, 'DESIGN_MATERIAL_COMMIT')).state).toBe('done');
    });

    it('refuses to settle a to-do twice, by the call and in the database', async () => {
      const project = randomUUID();
      const building = randomUUID();
      await send({
        type: 'CENSOR_BUILDING_REJECT',
        to: [{ orgId: org.construct! }, { orgId: org.design! }],
        at: at(30),
        by: ids.censor_director!,
        senderOrgId: org.censor!,
        projectId: project,
        targetId: building,
      });
      const settle = (by: string, minutes: number) =>
        inTransaction(t.database.db, (tx) =>
          settleTodos(
            tx,
            { type: 'CENSOR_BUILDING_REJECT', projectId: project, targetId: building, by, at: at(minutes) },
            { required: true },
          ),
        );
      expect(await settle(ids.construct_admin!, 31)).toBe(2);
      const again = settle(ids.design_admin!, 32);
      await expect(again).rejects.toBeInstanceOf(AppError);
      await expect(again).rejects.toMatchObject({ code: 'TODO_ALREADY_SETTLED' });
      // Without `required` a second settlement is a no-op.
      expect(
        await inTransaction(t.database.db, (tx) =>
          settleTodos(tx, {
            type: 'CENSOR_BUILDING_REJECT',
            targetId: building,
            by: ids.design_admin!,
            at: at(33),
          }),
        ),
      ).toBe(0);
      // Nor can anything rewrite a settlement behind the use cases' back.
      const todo = await one('design_admin', project, 'CENSOR_BUILDING_REJECT');
      await expect(
        t.database.db
          .update(messageReceivers)
          .set({ settledAt: at(34), settledBy: ids.design_admin! })
          .where(eq(messageReceivers.id, todo.id)),
      ).rejects.toThrow();
      expect(await one('design_admin', project, 'CENSOR_BUILDING_REJECT')).toMatchObject({
        state: 'done',
        settledAt: at(31).toISOString(),
        settledBy: names.construct_admin,
        settledWith: null,
      });
    });
  });

  describe('the message centre query', () => {
    const project = randomUUID();
    const other = randomUUID();
    beforeAll(async () => {
      for (const [minutes, projectId] of [
        [40, project],
        [41, other],
        [42, project],
      ] as const)
        await send({
          type: 'CENSOR_MATERIAL_ACCEPT',
          to: [{ orgId: org.design2! }],
          at: at(minutes),
          by: ids.censor_director!,
          senderOrgId: org.censor!,
          projectId,
          params: { projectName: projectId === project ? '梅溪湖学校' : '洋湖医院' },
        });
    });

    it('narrows by project and by the time sent, and names the projects to choose from', async () => {
      const byProject = await list('design2_admin', { projectId: project });
      expect(byProject.items.map((m) => m.sendTime)).toEqual([at(42), at(40)].map((d) => d.toISOString()));
      expect(byProject.total).toBe(2);
      const byTime = await list('design2_admin', {
        sentFrom: at(41).toISOString(),
        sentTo: at(42).toISOString(),
      });
      expect(byTime.items.map((m) => m.projectId)).toEqual([other]);
      const all = await list('design2_admin');
      expect(all.projects).toEqual(
        expect.arrayContaining([
          { id: project, name: '梅溪湖学校' },
          { id: other, name: '洋湖医院' },
        ]),
      );
      expect(all.counts.notice).toBeGreaterThanOrEqual(3);
      const paged = await list('design2_admin', { projectId: project, page: '1', size: '1' });
      expect(paged.items.map((m) => m.sendTime)).toEqual([at(40).toISOString()]);
      expect(paged.total).toBe(2);
    });

    it('refuses a bad filter with a clear 400', async () => {
      const bad = async (query: Record<string, string>) =>
        refused(
          await t.app.inject({
            method: 'GET',
            url: '/api/message/messages',
            query,
            headers: { authorization: `Bearer ${tokens.design2_admin}` },
          }),
          400,
          'VALIDATION_FAILED',
        );
      await bad({ state: 'finished' });
      await bad({ projectId: 'not-a-project' });
      await bad({ sentFrom: 'yesterday' });
      await bad({ sentFrom: at(42).toISOString(), sentTo: at(41).toISOString() });
      const markAll = await t.app.inject({
        method: 'PUT',
        url: '/api/message/messageReceivers/read',
        payload: { orgIds: [org.design!] },
        headers: { authorization: `Bearer ${tokens.design2_admin}` },
      });
      refused(markAll, 404, 'NOT_FOUND');
    });

    it('marks all read for the caller only, in their organisations', async () => {
      const before = await list('design2_admin');
      expect(before.unread).toBeGreaterThan(0);
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/message/messageReceivers/read',
        payload: { orgIds: [org.design2!] },
        headers: { authorization: `Bearer ${tokens.design2_admin}` },
      });
      expect(detailOf<{ marked: number }>(res).marked).toBe(before.unread);
      const after = await list('design2_admin');
      expect([after.unread, after.counts.unreadNotice]).toEqual([0, 0]);
      expect(after.total).toBe(before.total);
    });
  });

  describe('through the use cases', () => {
    it('submitting asks the units to upload; a unit committing settles its own, in the committer’s name', async () => {
      const api = projectApi(t);
      const { project, versionId, structure } = await submittedForMaterials(t, {
        constructToken: tokens.construct_admin!,
        designToken: tokens.design_admin!,
        org,
        name: `待办测试项目${Date.now().toString(36)}`,
      });
      for (const username of ['design_admin', 'design_user', 'survey_admin'])
        expect((await one(username, project.id, 'CONSTRUCT_PROJECT_SUBMIT')).state, username).toBe('todo');
      await uploadDocFile(t, {
        token: tokens.design_user!,
        orgId: org.design!,
        projectId: project.id,
        versionId,
        folderId: structure.id,
        name: '结构总说明.pdf',
        body: pdfBytes('todo', 4000),
      });
      detailOf(
        await api.send(
          'GET',
          `/api/checkDrawings/${org.design}/${project.id}/docRepositoryOrg/commitDoc`,
          tokens.design_user,
          { query: { versionId, category: 'DESIGN' } },
        ),
      );
      expect(await one('design_admin', project.id, 'CONSTRUCT_PROJECT_SUBMIT')).toMatchObject({
        state: 'done',
        settledBy: names.design_user,
        settledWith: 'DESIGN_MATERIAL_COMMIT',
      });
      expect((await one('survey_admin', project.id, 'CONSTRUCT_PROJECT_SUBMIT')).state).toBe('todo');
      expect((await one('construct_admin', project.id, 'DESIGN_MATERIAL_COMMIT')).state).toBe('todo');
      // Another design unit was never told.
      expect(about(await list('design2_admin'), project.id)).toEqual([]);
    });
  });
});
