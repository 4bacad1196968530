import { and, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chinaDate,
  type ReviewClocks,
  requiredSpecialties,
  type Building,
  type MissionAssignCell,
  type MissionBoard,
  type MissionDetail,
  type MissionGrid,
  type MissionProposal,
  type MyMissions,
  type ProjectPage,
} from '@drp/domain';
import { members } from '../../db/schema/accounts.js';
import { messageReceivers, messages } from '../../db/schema/messages.js';
import { accountIdOf, demoOrgIds, detailOf, projectApi } from '../../test/project-fixture.js';
import { acceptedApplication } from '../../test/review-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

function refused(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ code: string }>().code, res.body).toBe(code);
  return res.json<{ message: string }>().message;
}

const USERS = [
  'construct_admin',
  'design_admin',
  'survey_admin',
  'censor_admin',
  'censor_director',
  'censor_reviewer',
  'censor_reviewer2',
  'censor2_admin',
] as const;
type User = (typeof USERS)[number];

describe('review missions: the grid, assignment, its conflicts, the check and who sees what', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  const tokens = {} as Record<User, string>;
  const ids = {} as Record<User, string>;
  let projectId: string;
  let buildingId: string;
  let otherProjectId: string;

  const orgOf = (user: User) => (user.startsWith('censor2') ? org.censor2! : org.censor!);
  const base = (user: User, project = projectId) => `/api/checkDrawings/${orgOf(user)}/${project}/missions`;
  const grid = async (user: User) => detailOf<MissionGrid>(await api.send('GET', base(user), tokens[user]));
  const assign = (user: User, cells: MissionAssignCell[], reason?: string) =>
    api.send('PUT', base(user), tokens[user], { payload: { cells, ...(reason ? { reason } : {}) } });
  const cellOf = (g: MissionGrid, specialty: string) =>
    g.cells.find((c) => c.buildingId === buildingId && c.specialty === specialty)!;
  const step = (user: User, id: string, name: 'submit' | 'accept' | 'return', reason?: string) =>
    api.send(
      'POST',
      `${base(user)}/${id}/${name}`,
      tokens[user],
      reason === undefined ? {} : { payload: { reason } },
    );
  const detail = async (user: User, id: string) =>
    detailOf<MissionDetail>(await api.send('GET', `${base(user)}/${id}`, tokens[user]));
  const listed = async (user: User) =>
    detailOf<ProjectPage>(
      await api.send('GET', '/api/checkDrawings/project/pagelist', tokens[user], {
        query: { page: '0', pageSize: '50' },
        actingOrg: orgOf(user),
      }),
    ).items.map((p) => p.id);
  const cell = (
    specialty: string,
    reviewer: User,
    rest: Partial<MissionAssignCell> = {},
  ): MissionAssignCell => ({
    buildingId,
    specialty,
    reviewerAccountId: ids[reviewer],
    checkerAccountId: null,
    deadline: null,
    revision: 0,
    ...rest,
  });

  beforeAll(async () => {
    t = await createTestApp();
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    for (const user of USERS) {
      tokens[user] = await t.signIn(user);
      ids[user] = await accountIdOf(t.database.db, user);
    }
    // 专业 as the agency's admin records them (members module): reviewer 1 architecture and
    // structure, reviewer 2 structure only; the director none (directors check any specialty).
    const specialties = async (user: User, list: string[]) =>
      t.database.db.update(members).set({ specialties: list }).where(eq(members.accountId, ids[user]));
    await specialties('censor_reviewer', ['ARCHITECTURE', 'STRUCTURE']);
    await specialties('censor_reviewer2', ['STRUCTURE', 'SURVEY']);
    const accepted = (name: string) => acceptedApplication(t, { tokens, org, name, plainDrawing: true });
    const first = await accepted('湘江新区审查任务测试公寓');
    projectId = first.id;
    buildingId = first.buildingId;
    otherProjectId = (await accepted('湘江新区审查任务测试二期')).id;
  });
  afterAll(() => t.close());

  it('lays out the round: the confirmed building × specialties with drawings, the required ones and the survey', async () => {
    const g = await grid('censor_admin');
    expect(g.round?.number).toBe(1);
    expect(g.buildings.map((b) => b.id)).toEqual([buildingId]);
    const specialties = g.cells.filter((c) => c.buildingId === buildingId).map((c) => c.specialty);
    expect(specialties).toEqual(
      expect.arrayContaining([...requiredSpecialties('RESIDENTIAL'), 'STRUCTURE', 'SURVEY']),
    );
    expect(new Set(specialties).size).toBe(specialties.length);
    expect(g.cells.every((c) => c.missionId === null && c.revision === 0)).toBe(true);
    expect(g.can.assign).toBe(true);
    // The candidates carry their specialties and workloads for the director's pickers.
    expect(g.candidates.find((c) => c.accountId === ids.censor_reviewer)?.specialties).toEqual([
      'ARCHITECTURE',
      'STRUCTURE',
    ]);
    // A normal reviewer without a mission here does not see the application at all.
    refused(await api.send('GET', base('censor_reviewer'), tokens.censor_reviewer), 404, 'NOT_FOUND');
  });

  it('proposes, for each unassigned cell, a holder of its specialty with the least work, spreading as it goes', async () => {
    const proposal = detailOf<MissionProposal>(
      await api.send('GET', `${base('censor_director')}/proposal`, tokens.censor_director),
    );
    const of = (s: string) =>
      proposal.cells.find((c) => c.buildingId === buildingId && c.specialty === s)?.reviewerAccountId;
    expect(of('ARCHITECTURE')).toBe(ids.censor_reviewer);
    expect(of('SURVEY')).toBe(ids.censor_reviewer2);
    // Reviewer 2 already has the survey proposed, so structure goes to reviewer 1... or the other
    // way round: what matters is that both holders get work and nobody without it does.
    expect([ids.censor_reviewer, ids.censor_reviewer2]).toContain(of('STRUCTURE'));
    expect(proposal.uncovered.map((c) => c.specialty)).toContain('HVAC');
    refused(
      await api.send('GET', `${base('censor_reviewer')}/proposal`, tokens.censor_reviewer),
      404,
      'NOT_FOUND',
    );
  });

  it('refuses a reviewer without the specialty, someone outside the agency, and another agency', async () => {
    const noSpecialty = refused(
      await assign('censor_director', [cell('SURVEY', 'censor_reviewer')]),
      400,
      'MISSION_REVIEWER_NO_SPECIALTY',
    );
    expect(noSpecialty).toContain('吴芳');
    refused(
      await assign('censor_director', [cell('STRUCTURE', 'censor2_admin')]),
      400,
      'MISSION_REVIEWER_NOT_MEMBER',
    );
    refused(
      await assign('censor_director', [
        cell('STRUCTURE', 'censor_reviewer', { checkerAccountId: ids.construct_admin }),
      ]),
      400,
      'MISSION_REVIEWER_NOT_MEMBER',
    );
    refused(
      await assign('censor_director', [
        cell('ARCHITECTURE', 'censor_reviewer', { checkerAccountId: ids.censor_reviewer2 }),
      ]),
      400,
      'MISSION_REVIEWER_NO_SPECIALTY',
    );
    // Another agency does not see the application at all.
    refused(await api.send('GET', base('censor2_admin'), tokens.censor2_admin), 404, 'NOT_FOUND');
    refused(await assign('censor2_admin', [cell('STRUCTURE', 'censor_reviewer')]), 404, 'NOT_FOUND');
    // A normal reviewer without a mission here: as if the application did not exist.
    refused(await assign('censor_reviewer', [cell('STRUCTURE', 'censor_reviewer')]), 404, 'NOT_FOUND');
    // Nothing of the refused saves was kept, not even the valid cells of a mixed one.
    refused(
      await assign('censor_director', [
        cell('STRUCTURE', 'censor_reviewer'),
        cell('SURVEY', 'censor_reviewer'),
      ]),
      400,
      'MISSION_REVIEWER_NO_SPECIALTY',
    );
    expect((await grid('censor_admin')).cells.every((c) => c.missionId === null)).toBe(true);
  });

  it('assigns, tells the reviewer, and of two directors saving one cell at once only one wins', async () => {
    const g = detailOf<MissionGrid>(
      await assign('censor_director', [
        cell('STRUCTURE', 'censor_reviewer', {
          checkerAccountId: ids.censor_director,
          deadline: '2026-12-20',
        }),
      ]),
    );
    const structure = cellOf(g, 'STRUCTURE');
    expect(structure).toMatchObject({
      reviewer: { accountId: ids.censor_reviewer, name: '吴芳' },
      checker: { accountId: ids.censor_director },
      status: 'ASSIGNED',
      deadline: '2026-12-20',
      revision: 1,
    });
    const told = await t.database.db
      .select({ accountId: messageReceivers.accountId })
      .from(messages)
      .innerJoin(messageReceivers, eq(messageReceivers.messageId, messages.id))
      .where(and(eq(messages.type, 'CENSOR_TASKING_SUBMIT'), eq(messages.targetId, structure.missionId!)));
    expect(told).toEqual([{ accountId: ids.censor_reviewer }]);

    const [a, b] = await Promise.all([
      assign('censor_director', [cell('ARCHITECTURE', 'censor_reviewer')]),
      assign('censor_admin', [cell('ARCHITECTURE', 'censor_reviewer', { deadline: '2026-12-31' })]),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(refused(loser, 409, 'MISSION_CONFLICT')).toContain('1#住宅楼');
    // The director's cell had no date: it takes the review clock's due day, the day the legal
    // working days since acceptance run out, as every party reads it.
    const clock = detailOf<ReviewClocks>(
      await api.send('GET', `/api/checkDrawings/${org.design}/${projectId}/reviewClock`, tokens.design_admin),
    );
    expect(clock.design.due).not.toBeNull();
    expect(cellOf(await grid('censor_admin'), 'ARCHITECTURE').deadline).toBe(
      a.statusCode === 200 ? clock.design.due : '2026-12-31',
    );
    // A save on a stale revision loses too.
    refused(
      await assign('censor_admin', [cell('STRUCTURE', 'censor_reviewer2', { revision: 0 })]),
      409,
      'MISSION_CONFLICT',
    );
  });

  it('keeps the history when reassigning, and the new reviewer is the one told', async () => {
    const before = cellOf(await grid('censor_admin'), 'STRUCTURE');
    const after = cellOf(
      detailOf<MissionGrid>(
        await assign(
          'censor_admin',
          [
            cell('STRUCTURE', 'censor_reviewer2', {
              checkerAccountId: ids.censor_director,
              deadline: '2026-12-20',
              revision: before.revision,
            }),
          ],
          '吴芳休假',
        ),
      ),
      'STRUCTURE',
    );
    expect(after).toMatchObject({
      missionId: before.missionId,
      reviewer: { accountId: ids.censor_reviewer2 },
      revision: before.revision + 1,
    });
    const d = await detail('censor_admin', after.missionId!);
    expect(d.history.map((h) => h.event)).toEqual(['ASSIGN', 'ASSIGN']);
    expect(d.history[1]).toMatchObject({
      by: { accountId: ids.censor_admin },
      reviewer: { accountId: ids.censor_reviewer2 },
      previousReviewer: { accountId: ids.censor_reviewer },
      reason: '吴芳休假',
    });
  });

  it('lets the reviewer submit, the checker return with a reason and accept, and nobody else', async () => {
    const id = cellOf(await grid('censor_admin'), 'STRUCTURE').missionId!;
    expect((await detail('censor_reviewer2', id)).can).toEqual({
      submit: true,
      accept: false,
      return: false,
    });
    // Holding a mission here, a normal reviewer reads the grid but does not assign.
    expect((await grid('censor_reviewer')).can.assign).toBe(false);
    refused(await assign('censor_reviewer', [cell('SURVEY', 'censor_reviewer2')]), 403, 'FORBIDDEN');
    refused(await step('censor_reviewer', id, 'submit'), 403, 'MISSION_NOT_YOURS');
    refused(await step('censor_director', id, 'accept'), 409, 'MISSION_NOT_SUBMITTED');
    // Whose assignment to-do is open: the first reviewer's was settled by the reassignment.
    const openTodos = () =>
      t.database.db
        .select({ accountId: messageReceivers.accountId })
        .from(messageReceivers)
        .innerJoin(messages, eq(messages.id, messageReceivers.messageId))
        .where(
          and(
            eq(messages.type, 'CENSOR_TASKING_SUBMIT'),
            eq(messages.targetId, id),
            isNull(messageReceivers.settledAt),
          ),
        );
    expect(await openTodos()).toEqual([{ accountId: ids.censor_reviewer2 }]);
    expect(detailOf<MissionDetail>(await step('censor_reviewer2', id, 'submit')).status).toBe('SUBMITTED');
    // Submitting is the work the to-do asked for.
    expect(await openTodos()).toEqual([]);
    refused(await step('censor_reviewer2', id, 'submit'), 409, 'MISSION_NOT_OPEN');
    refused(await step('censor_reviewer', id, 'accept'), 403, 'MISSION_NOT_CHECKER');
    refused(await step('censor_reviewer2', id, 'accept'), 403, 'MISSION_NOT_CHECKER');
    refused(await step('censor_director', id, 'return', '   '), 400, 'VALIDATION_FAILED');
    expect((await detail('censor_director', id)).status).toBe('SUBMITTED');

    // The director's board shows it waiting.
    const board = detailOf<MissionBoard>(
      await api.send('GET', '/api/checkDrawings/missions/board', tokens.censor_director),
    );
    expect(board.waitingCheck.map((m) => m.id)).toContain(id);
    refused(
      await api.send('GET', '/api/checkDrawings/missions/board', tokens.censor_reviewer),
      403,
      'FORBIDDEN',
    );

    const returned = detailOf<MissionDetail>(
      await step('censor_director', id, 'return', '荷载取值未说明依据'),
    );
    expect(returned).toMatchObject({ status: 'RETURNED', returnReason: '荷载取值未说明依据' });
    expect(detailOf<MissionDetail>(await step('censor_reviewer2', id, 'submit')).status).toBe('SUBMITTED');
    // An admin checks too, though not named as the checker.
    const done = detailOf<MissionDetail>(await step('censor_admin', id, 'accept'));
    expect(done.status).toBe('DONE');
    expect(done.doneAt).not.toBeNull();
    expect(done.history.map((h) => h.event)).toEqual([
      'ASSIGN',
      'ASSIGN',
      'SUBMIT',
      'RETURN',
      'SUBMIT',
      'ACCEPT',
    ]);
    expect(done.history[3]!.reason).toBe('荷载取值未说明依据');
    refused(await step('censor_director', id, 'return', '再看看'), 409, 'MISSION_NOT_SUBMITTED');
  });

  it("lists a reviewer's own missions oldest due first, and their buildings from the round's missions", async () => {
    const g = await grid('censor_admin');
    const survey = cellOf(g, 'SURVEY');
    detailOf(await assign('censor_admin', [cell('SURVEY', 'censor_reviewer2', { deadline: '2026-12-01' })]));
    const mine = detailOf<MyMissions>(
      await api.send('GET', '/api/checkDrawings/missions/mine', tokens.censor_reviewer2),
    );
    expect(mine.items.map((m) => [m.specialty, m.status, m.projectId])).toEqual([
      ['SURVEY', 'ASSIGNED', projectId],
    ]);
    expect(survey.missionId).toBeNull();
    const assigned = detailOf<Building[]>(
      await api.send(
        'GET',
        `/api/checkDrawings/${org.censor}/${projectId}/building/queryAssignedTaskBuildings`,
        tokens.censor_reviewer2,
      ),
    );
    expect(assigned.map((b) => b.id)).toEqual([buildingId]);
  });

  it('shows a normal reviewer only the applications where they hold a mission; directors see all', async () => {
    // Reviewer 2 holds missions in the first application only; the admin and director see both.
    const seen = await listed('censor_reviewer2');
    expect(seen).toContain(projectId);
    expect(seen).not.toContain(otherProjectId);
    refused(
      await api.send('GET', base('censor_reviewer2', otherProjectId), tokens.censor_reviewer2),
      404,
      'NOT_FOUND',
    );
    for (const user of ['censor_admin', 'censor_director'] as const)
      expect(await listed(user)).toEqual(expect.arrayContaining([projectId, otherProjectId]));
    // Given a mission there, the application appears.
    const other = detailOf<MissionGrid>(
      await api.send('GET', base('censor_admin', otherProjectId), tokens.censor_admin),
    );
    const structure = other.cells.find((c) => c.specialty === 'STRUCTURE')!;
    detailOf(
      await api.send('PUT', base('censor_admin', otherProjectId), tokens.censor_admin, {
        payload: {
          cells: [
            {
              ...cell('STRUCTURE', 'censor_reviewer2', { deadline: '2026-11-30' }),
              buildingId: structure.buildingId,
            },
          ],
        },
      }),
    );
    expect(await listed('censor_reviewer2')).toContain(otherProjectId);
    // Its mission is due before the first application's: it leads the reviewer's list.
    const mine = detailOf<MyMissions>(
      await api.send('GET', '/api/checkDrawings/missions/mine', tokens.censor_reviewer2),
    );
    expect(mine.items.map((m) => [m.projectId, m.deadline])).toEqual([
      [otherProjectId, '2026-11-30'],
      [projectId, '2026-12-01'],
    ]);
  });

  it("marks, in the agency's application list, how many of an application's missions are overdue, until they are done", async () => {
    const today = chinaDate(t.app.ctx.clock());
    const yesterday = chinaDate(new Date(t.app.ctx.clock().getTime() - 86_400_000));
    const overdueIn = async (user: User) =>
      Object.fromEntries(
        detailOf<ProjectPage>(
          await api.send('GET', '/api/checkDrawings/project/pagelist', tokens[user], {
            query: { page: '0', pageSize: '50' },
            actingOrg: user.startsWith('construct') ? org.construct! : orgOf(user),
          }),
        ).items.map((p) => [p.id, p.overdueMissions]),
      );
    // The second application: structure due yesterday, architecture due long after today.
    const other = detailOf<MissionGrid>(
      await api.send('GET', base('censor_admin', otherProjectId), tokens.censor_admin),
    );
    const structure = other.cells.find((c) => c.specialty === 'STRUCTURE')!;
    const architecture = other.cells.find((c) => c.specialty === 'ARCHITECTURE')!;
    detailOf(
      await api.send('PUT', base('censor_admin', otherProjectId), tokens.censor_admin, {
        payload: {
          cells: [
            {
              ...cell('STRUCTURE', 'censor_reviewer2', { deadline: yesterday, revision: structure.revision }),
              buildingId: structure.buildingId,
            },
            {
              ...cell('ARCHITECTURE', 'censor_reviewer', { deadline: '2099-12-31' }),
              buildingId: architecture.buildingId,
            },
          ],
        },
      }),
    );
    const after = detailOf<MissionGrid>(
      await api.send('GET', base('censor_admin', otherProjectId), tokens.censor_admin),
    );
    expect(after.cells.filter((c) => c.overdue).map((c) => c.specialty)).toEqual(['STRUCTURE']);
    expect(yesterday < today).toBe(true);
    // The director, the admin and the reviewer holding the mission see it marked; the first
    // application counts exactly the cells its grid flags overdue.
    const firstOverdue = (await grid('censor_admin')).cells.filter((c) => c.overdue).length;
    for (const user of ['censor_director', 'censor_admin'] as const) {
      const marks = await overdueIn(user);
      expect(marks[otherProjectId]).toBe(1);
      expect(marks[projectId]).toBe(firstOverdue);
    }
    expect((await overdueIn('censor_reviewer2'))[otherProjectId]).toBe(1);
    // The construction unit's list does not carry the agency's missions.
    expect((await overdueIn('construct_admin'))[otherProjectId]).toBe(0);
    // Done, it is no longer overdue: the reviewer submits, the director accepts.
    const missionId = after.cells.find((c) => c.specialty === 'STRUCTURE')!.missionId!;
    const otherStep = (user: User, name: 'submit' | 'accept') =>
      api.send('POST', `${base(user, otherProjectId)}/${missionId}/${name}`, tokens[user], {});
    detailOf(await otherStep('censor_reviewer2', 'submit'));
    expect((await overdueIn('censor_director'))[otherProjectId]).toBe(1);
    detailOf(await otherStep('censor_director', 'accept'));
    expect((await overdueIn('censor_director'))[otherProjectId]).toBe(0);
  });
});
