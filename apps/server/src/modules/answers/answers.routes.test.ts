import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AnswerDetail,
  AnswerPage,
  MissionGrid,
  OpinionReportDetail,
  OpinionReportSummary,
} from '@drp/domain';
import { members } from '../../db/schema/accounts.js';
import { opinionAnswers } from '../../db/schema/answers.js';
import { reviewClockEvents } from '../../db/schema/calendar.js';
import { docFiles, docVersionCommits, docVersions } from '../../db/schema/doc-repository.js';
import { messages } from '../../db/schema/messages.js';
import { opinions } from '../../db/schema/opinions.js';
import { projects } from '../../db/schema/projects.js';
import { uploadDocFile } from '../../test/doc-fixture.js';
import { inkIn, pdfText, renderPdfPages } from '../../test/render-pdf.js';
import { accountIdOf, demoOrgIds, detailOf, projectApi } from '../../test/project-fixture.js';
import { acceptedApplication, signReportCompletely } from '../../test/review-fixture.js';
import { prepareSheetsNow } from '../../test/sheet-fixture.js';
import { drawingSet } from '../../test/sheet-pdfs.js';
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
  'censor2_admin',
] as const;
type User = (typeof USERS)[number];

/**
 * Issue 20's rounds end to end, through the API: round 1's opinions are issued with its report and
 * the next version opens with every file carried; each unit answers its own opinions (and only
 * those, once); the hand-over and the send refuse gaps; acceptance starts round 2 with the same
 * reviewer, who must close or keep each carried opinion; round 2's report lists them and keeps one
 * open; round 3 closes it and the application passes.
 */
describe('answers and the next rounds: every opinion answered, carried, and closed for a reason', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  const tokens = {} as Record<User, string>;
  const ids = {} as Record<User, string>;
  let app: { id: string; buildingId: string; versionId: string; fileId: string };
  /** Round 1's opinions: two on the structure (design), one on the survey. */
  const op = {} as { column: string; note: string; survey: string };
  let v2: { id: string; number: number };

  const orgOf = (user: User) =>
    user.startsWith('censor2')
      ? org.censor2!
      : user.startsWith('censor')
        ? org.censor!
        : user.startsWith('construct')
          ? org.construct!
          : user.startsWith('design')
            ? org.design!
            : org.survey!;
  const answersBase = (user: User) => `/api/checkDrawings/${orgOf(user)}/${app.id}/opinionAnswer`;
  const list = async (user: User, query: Record<string, string> = {}) =>
    detailOf<AnswerPage>(
      await api.send('GET', `${answersBase(user)}/pagelist`, tokens[user], {
        query: { list: 'CONST', ...query },
      }),
    );
  const answer = (user: User, opinionId: string, payload: unknown, method: 'POST' | 'PUT' = 'POST') =>
    api.send(method, `${answersBase(user)}/${opinionId}`, tokens[user], { payload });
  const decide = (user: User, opinionId: string, payload: unknown) =>
    api.send('PUT', `${answersBase(user)}/${opinionId}/decision`, tokens[user], { payload });
  const missionBase = () => `/api/checkDrawings/${org.censor}/${app.id}/missions`;
  const reportBase = () => `/api/checkDrawings/${org.censor}/${app.id}/opinionReport`;
  const handOver = (user: User, what: string, versionId: string, query: Record<string, string> = {}) =>
    api.send('GET', `/api/checkDrawings/${orgOf(user)}/${app.id}/docRepositoryOrg/${what}`, tokens[user], {
      query: { versionId, ...query },
    });

  async function grid() {
    return detailOf<MissionGrid>(await api.send('GET', missionBase(), tokens.censor_director));
  }

  /** Compiles the round's report, builds it, forwards it; answers the forwarded report. */
  async function issueReport() {
    const compiled = detailOf<OpinionReportSummary>(
      await api.send('POST', `${reportBase()}/compile`, tokens.censor_director),
    );
    await t.app.jobs.drain();
    await signReportCompletely(t, {
      org,
      projectId: app.id,
      reportId: compiled.id,
      director: tokens.censor_director,
      admin: tokens.censor_admin,
      reviewers: { [ids.censor_reviewer]: tokens.censor_reviewer },
    });
    detailOf(await api.send('POST', `${reportBase()}/forward/${compiled.id}`, tokens.censor_director));
    return detailOf<OpinionReportDetail>(
      await api.send('GET', `${reportBase()}/${compiled.id}`, tokens.censor_director),
    );
  }

  async function finishMission(missionId: string) {
    detailOf(await api.send('POST', `${missionBase()}/${missionId}/submit`, tokens.censor_reviewer));
    detailOf(await api.send('POST', `${missionBase()}/${missionId}/accept`, tokens.censor_director));
  }

  const versionsOf = () =>
    t.database.db
      .select()
      .from(docVersions)
      .where(eq(docVersions.projectId, app.id))
      .orderBy(asc(docVersions.number));
  const statusOf = async () =>
    (await t.database.db.select({ s: projects.status }).from(projects).where(eq(projects.id, app.id)))[0]!.s;
  const stateOf = async (id: string) =>
    (await t.database.db.select({ s: opinions.state }).from(opinions).where(eq(opinions.id, id)))[0]!.s;

  beforeAll(async () => {
    t = await createTestApp();
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    for (const user of USERS) {
      tokens[user] = await t.signIn(user);
      ids[user] = await accountIdOf(t.database.db, user);
    }
    app = await acceptedApplication(t, { tokens, org, name: '湘江新区复审测试大厦' });
    await prepareSheetsNow(t.app);
    // Round 1: every cell to the reviewer, checked by the director.
    const g = await grid();
    await t.database.db
      .update(members)
      .set({ specialties: g.specialties })
      .where(and(eq(members.accountId, ids.censor_reviewer), eq(members.orgId, org.censor!)));
    const saved = detailOf<MissionGrid>(
      await api.send('PUT', missionBase(), tokens.censor_director, {
        payload: {
          cells: g.cells.map((c) => ({
            buildingId: c.buildingId,
            specialty: c.specialty,
            reviewerAccountId: ids.censor_reviewer,
            checkerAccountId: ids.censor_director,
            deadline: null,
            revision: c.revision,
          })),
        },
      }),
    );
    const missionOf = Object.fromEntries(saved.cells.map((c) => [c.specialty, c.missionId!]));
    const record = async (payload: Record<string, unknown>) => {
      const res = await api.send(
        'POST',
        `/api/checkDrawings/${org.censor}/${app.id}/opinions`,
        tokens.censor_reviewer,
        {
          payload,
        },
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ detail: { id: string } }>().detail.id;
    };
    op.column = await record({
      missionId: missionOf.STRUCTURE,
      opinionType: 'GENERAL',
      text: '框架柱轴压比超限，请复核并调整截面',
      sheet: { fileId: app.fileId, page: 0 },
    });
    op.note = await record({
      missionId: missionOf.STRUCTURE,
      opinionType: 'GENERAL',
      text: '结构设计总说明未注明抗震设防类别',
    });
    op.survey = await record({
      missionId: missionOf.SURVEY,
      opinionType: 'GENERAL',
      text: '勘察报告缺少地下水位观测记录',
    });
    for (const id of Object.values(missionOf)) await finishMission(id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('issues round 1 with its report: the opinions stand open, addressed to their units, and version 2 opens with every file carried', async () => {
    const report = await issueReport();
    expect(report.conclusion).toBe('REVISE');
    expect(await statusOf()).toBe('OPINIONS_ISSUED');
    const [one, two] = await versionsOf();
    expect(one).toMatchObject({ number: 1, latest: false, businessStatus: 'REVIEW' });
    expect(two).toMatchObject({ number: 2, latest: true, businessStatus: 'UPLOADING' });
    v2 = two!;
    const files = (v: string) =>
      t.database.db.select().from(docFiles).where(eq(docFiles.versionId, v)).orderBy(asc(docFiles.name));
    const [old, carried] = [await files(one!.id), await files(two!.id)];
    expect(carried.map((f) => [f.name, f.sha256, f.storageKey])).toEqual(
      old.map((f) => [f.name, f.sha256, f.storageKey]),
    );
    expect(carried.filter((f) => old.some((o) => o.id === f.id))).toEqual([]);
    const rows = await t.database.db.select().from(opinions).where(eq(opinions.projectId, app.id));
    expect(Object.fromEntries(rows.map((o) => [o.text.slice(0, 4), [o.state, o.answerOrgId]]))).toEqual({
      框架柱轴: ['OPEN', org.design],
      结构设计: ['OPEN', org.design],
      勘察报告: ['OPEN', org.survey],
    });
    // Every unit with something to answer hands over itself: none is recorded as handed over yet.
    expect(
      await t.database.db.select().from(docVersionCommits).where(eq(docVersionCommits.versionId, v2.id)),
    ).toEqual([]);
  });

  it('lists the issued opinions to every party, the unit’s own first and answerable only by it', async () => {
    const design = await list('design_admin');
    expect(design.round).toMatchObject({ number: 2, status: 'UPLOADING' });
    expect(design.counts).toEqual({ open: 3, answered: 0, unanswered: 3, mineUnanswered: 2, closed: 0 });
    expect(design.items.map((i) => [i.text.slice(0, 4), i.unit.orgId, i.can.answer])).toEqual([
      ['框架柱轴', org.design, true],
      ['结构设计', org.design, true],
      ['勘察报告', org.survey, false],
    ]);
    expect(design.items[0]!.sheet).toMatchObject({
      round: 1,
      fileId: app.fileId,
      fileName: 'S-101 结构平面.pdf',
      page: 0,
    });
    const construct = await list('construct_admin');
    expect(construct.items.every((i) => !i.can.answer)).toBe(true);
    expect((await list('censor_admin')).total).toBe(3);
    expect((await list('design_admin', { filter: 'UNANSWERED', keyword: '轴压比' })).total).toBe(1);
    // Another agency does not see the application at all.
    expect(
      (
        await api.send('GET', `${answersBase('censor2_admin')}/pagelist`, tokens.censor2_admin, {
          query: { list: 'CONST' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses an answer from the wrong unit, to a closed round, naming a file outside the new version, or given twice', async () => {
    const explained = { kind: 'EXPLAINED', text: '已在总说明中补充' };
    refused(await answer('design_admin', op.survey, explained), 403, 'ANSWER_NOT_YOURS');
    refused(await answer('construct_admin', op.note, explained), 403, 'FORBIDDEN');
    refused(await answer('censor_reviewer', op.note, explained), 403, 'FORBIDDEN');
    // Round 1's sheet is not in version 2: the revision must name the new version's copy.
    refused(
      await answer('design_admin', op.column, {
        kind: 'REVISED',
        text: '已调整',
        sheet: { fileId: app.fileId, page: 0 },
      }),
      400,
      'ANSWER_SHEET_OUTSIDE',
    );
    expect((await answer('design_admin', op.column, { kind: 'REVISED', text: '已调整' })).statusCode).toBe(
      400,
    );
    const [copy] = await t.database.db
      .select()
      .from(docFiles)
      .where(and(eq(docFiles.versionId, v2.id), eq(docFiles.name, 'S-101 结构平面.pdf')));
    await prepareSheetsNow(t.app);
    refused(
      await answer('design_admin', op.column, {
        kind: 'REVISED',
        text: '已调整',
        sheet: { fileId: copy!.id, page: 0, region: { x: 10, y: 10, width: 50_000, height: 5 } },
      }),
      400,
      'VALIDATION_FAILED',
    );
    refused(
      await answer('design_admin', op.column, {
        kind: 'REVISED',
        text: '已调整',
        sheet: { fileId: copy!.id, page: 99 },
      }),
      400,
      'ANSWER_PAGE_OUTSIDE',
    );
    const given = detailOf<AnswerDetail>(
      await answer('design_admin', op.column, {
        kind: 'REVISED',
        text: '已将 KZ1 截面调整为 600×600',
        sheet: { fileId: copy!.id, page: 0, region: { x: 100, y: 120, width: 200, height: 150 } },
      }),
    );
    expect(given.answer).toMatchObject({ kind: 'REVISED', round: 2, sentAt: null });
    expect(given.answer!.sheet).toMatchObject({
      fileId: copy!.id,
      round: 2,
      region: { x: 100, y: 120, width: 200, height: 150 },
    });
    expect(given.can).toMatchObject({ answer: false, changeAnswer: true });
    refused(await answer('design_admin', op.column, explained), 409, 'ANSWER_EXISTS');
  });

  it('holds the hand-over until every answer is in and every revised sheet it names is still there', async () => {
    refused(
      await handOver('design_admin', 'commitDoc', v2.id, { category: 'DESIGN' }),
      409,
      'ANSWERS_INCOMPLETE',
    );
    detailOf(
      await answer('design_admin', op.note, {
        kind: 'EXPLAINED',
        text: '抗震设防类别为丙类，已见总说明第 3.1 条',
      }),
    );
    // A revised sheet uploaded, named, then deleted: the hand-over names the answer to mend.
    const [folder] = await t.database.db
      .select({ folderId: docFiles.folderId })
      .from(docFiles)
      .where(and(eq(docFiles.versionId, v2.id), eq(docFiles.name, 'S-101 结构平面.pdf')));
    const revised = await uploadDocFile(t, {
      token: tokens.design_admin,
      orgId: org.design!,
      projectId: app.id,
      versionId: v2.id,
      folderId: folder!.folderId,
      name: 'S-101 结构平面 修改.pdf',
      body: await drawingSet(),
    });
    detailOf(
      await answer(
        'design_admin',
        op.column,
        { kind: 'REVISED', text: '已将 KZ1 截面调整为 600×600', sheet: { fileId: revised.id, page: 0 } },
        'PUT',
      ),
    );
    detailOf(
      await api.send(
        'DELETE',
        `/api/checkDrawings/${org.design}/${app.id}/docRepository/delete/${revised.id}`,
        tokens.design_admin,
      ),
    );
    const message = refused(
      await handOver('design_admin', 'commitDoc', v2.id, { category: 'DESIGN' }),
      409,
      'ANSWERS_SHEET_GONE',
    );
    expect(message).toContain('第1条');
    // Deleting the carried copy of round 1's sheet keeps round 1's bytes: they are shared.
    const [carried] = await t.database.db
      .select()
      .from(docFiles)
      .where(and(eq(docFiles.versionId, v2.id), eq(docFiles.name, 'S-101 结构平面.pdf')));
    const again = await uploadDocFile(t, {
      token: tokens.design_admin,
      orgId: org.design!,
      projectId: app.id,
      versionId: v2.id,
      folderId: folder!.folderId,
      name: 'S-101 结构平面 第二版.pdf',
      body: await drawingSet(),
    });
    detailOf(
      await api.send(
        'DELETE',
        `/api/checkDrawings/${org.design}/${app.id}/docRepository/delete/${carried!.id}`,
        tokens.design_admin,
      ),
    );
    expect(await t.app.ctx.files.open(carried!.storageKey)).not.toBeNull();
    detailOf(
      await answer(
        'design_admin',
        op.column,
        { kind: 'REVISED', text: '已将 KZ1 截面调整为 600×600', sheet: { fileId: again.id, page: 0 } },
        'PUT',
      ),
    );
    detailOf(await handOver('design_admin', 'commitDoc', v2.id, { category: 'DESIGN' }));
    refused(
      await answer('design_admin', op.note, { kind: 'EXPLAINED', text: '改' }, 'PUT'),
      409,
      'ANSWER_COMMITTED',
    );
    // The survey unit has not answered: the construction unit cannot send yet.
    refused(
      await handOver('construct_admin', 'confirmApplyDoc', v2.id, { confirmWarnings: 'true' }),
      409,
      'DOC_UNITS_NOT_COMMITTED',
    );
    detailOf(
      await answer('survey_admin', op.survey, { kind: 'EXPLAINED', text: '地下水位观测记录见报告附件三' }),
    );
    detailOf(await handOver('survey_admin', 'commitDoc', v2.id, { category: 'SURVEY' }));
    // Until the construction unit sends them, the answers are the applicant's: the agency sees none.
    const letter = (user: User) =>
      api.send('GET', `${answersBase(user)}/letter/${v2.id}`, tokens[user], { query: { list: 'CONST' } });
    refused(await letter('censor_admin'), 404, 'ANSWER_LETTER_EMPTY');
    expect((await list('censor_admin')).items.every((i) => i.answer === null)).toBe(true);
    expect((await letter('construct_admin')).statusCode).toBe(200);
    detailOf(await handOver('construct_admin', 'confirmApplyDoc', v2.id, { confirmWarnings: 'true' }));
    // Sent: the agency reads them, and the answer letter (意见回复单) prints every one.
    expect((await list('censor_admin')).items.every((i) => i.answer !== null)).toBe(true);
    const pdf = await letter('censor_admin');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, '');
    expect(text).toContain('施工图审查意见回复单');
    expect(text).toContain('第1轮第2条');
    // pdftotext reads the table's columns line by line, interleaved: short runs are checked.
    expect(text).toContain('已修改图纸：已将KZ1截面调整为');
    expect(text).toContain('说明不修改：抗震设防类别为丙');
    expect(text).toContain('回复条数3条');
    const [page] = await renderPdfPages(pdf.rawPayload, { first: 1, last: 1, dpi: 40 });
    // The title and the table are drawn, not only present as text.
    expect(inkIn(page!, 100, 30, 230, 50)).toBeGreaterThan(100);
    const sent = await t.database.db.select().from(opinionAnswers).where(eq(opinionAnswers.versionId, v2.id));
    expect(sent).toHaveLength(3);
    expect(sent.every((a) => a.sentAt !== null)).toBe(true);
    expect((await list('design_admin')).counts).toMatchObject({ answered: 3, unanswered: 0 });
  });

  it('starts round 2 on acceptance: the clock resumes, the same reviewer gets the cells with open opinions', async () => {
    detailOf(await handOver('censor_admin', 'confirmApplyDoc', v2.id));
    expect(await statusOf()).toBe('IN_REVIEW');
    const events = await t.database.db
      .select({ kind: reviewClockEvents.kind, track: reviewClockEvents.track })
      .from(reviewClockEvents)
      .where(and(eq(reviewClockEvents.projectId, app.id), eq(reviewClockEvents.track, 'DESIGN')))
      .orderBy(asc(reviewClockEvents.at));
    expect(events.map((e) => e.kind)).toEqual(['START', 'PAUSE', 'RESUME']);
    const g = await grid();
    expect(g.round).toMatchObject({ number: 2 });
    expect(
      g.cells.map((c) => [c.specialty, c.reviewer?.accountId, c.checker?.accountId, c.status]).sort(),
    ).toEqual([
      ['STRUCTURE', ids.censor_reviewer, ids.censor_director, 'ASSIGNED'],
      ['SURVEY', ids.censor_reviewer, ids.censor_director, 'ASSIGNED'],
    ]);
    const told = await t.database.db
      .select({ type: messages.type, params: messages.params })
      .from(messages)
      .where(and(eq(messages.projectId, app.id), eq(messages.type, 'CENSOR_RECHECK_TASKING')));
    expect(told).toHaveLength(2);
    const [projectRow] = await t.database.db
      .select({ name: projects.name })
      .from(projects)
      .where(eq(projects.id, app.id));
    expect(told[0]!.params).toMatchObject({ round: '2', projectName: projectRow!.name });
  });

  it('lets only the cell’s reviewer decide each carried opinion, never silently, and KEEP says why', async () => {
    const g = await grid();
    const structure = g.cells.find((c) => c.specialty === 'STRUCTURE')!.missionId!;
    const survey = g.cells.find((c) => c.specialty === 'SURVEY')!.missionId!;
    refused(
      await api.send('POST', `${missionBase()}/${structure}/submit`, tokens.censor_reviewer),
      409,
      'MISSION_UNDECIDED_OPINIONS',
    );
    refused(await decide('design_admin', op.column, { decision: 'CLOSE' }), 403, 'FORBIDDEN');
    refused(
      await decide('censor_director', op.column, { decision: 'CLOSE' }),
      403,
      'OPINION_MISSION_NOT_YOURS',
    );
    refused(
      await decide('censor_reviewer', op.column, { decision: 'REOPEN', remark: '重开' }),
      409,
      'DECISION_DOES_NOT_APPLY',
    );
    expect((await decide('censor_reviewer', op.note, { decision: 'KEEP' })).statusCode).toBe(400);
    const closed = detailOf<AnswerDetail>(await decide('censor_reviewer', op.column, { decision: 'CLOSE' }));
    expect(closed.decision).toMatchObject({ round: 2, decision: 'CLOSE', issued: false });
    expect(closed.state).toBe('OPEN');
    detailOf(
      await decide('censor_reviewer', op.note, {
        decision: 'KEEP',
        remark: '总说明仍未写明设防类别，请补充',
      }),
    );
    detailOf(await decide('censor_reviewer', op.survey, { decision: 'CLOSE' }));
    const item = (await list('censor_reviewer')).items.find((i) => i.opinionId === op.note)!;
    expect(item.can.decide).toBe(true);
    expect(item.answer).toMatchObject({ kind: 'EXPLAINED', round: 2 });
    await finishMission(structure);
    await finishMission(survey);
    refused(await decide('censor_reviewer', op.note, { decision: 'CLOSE' }), 409, 'OPINION_MISSION_DONE');
  });

  it('reports round 2 with what was closed and kept, and opens round 3 for the one kept open', async () => {
    const report = await issueReport();
    expect(report).toMatchObject({ round: 2, conclusion: 'REVISE', opinions: 1 });
    // The clock of each round apart (all on one day here: no working day has passed).
    expect(report.content.clock.design.rounds).toHaveLength(2);
    expect(report.content.carried?.map((c) => [c.origin, c.decision, c.answer?.slice(0, 4)])).toEqual([
      ['第1轮 第1条', 'CLOSE', '已将 K'],
      ['第1轮 第2条', 'KEEP', '抗震设防'],
      ['第1轮 第1条', 'CLOSE', '地下水位'],
    ]);
    expect([await stateOf(op.column), await stateOf(op.note), await stateOf(op.survey)]).toEqual([
      'CLOSED',
      'OPEN',
      'CLOSED',
    ]);
    const v3 = (await versionsOf()).at(-1)!;
    expect(v3).toMatchObject({ number: 3, latest: true, businessStatus: 'UPLOADING' });
    // The survey unit has nothing open: its hand-over of round 3 is recorded already.
    const commits = await t.database.db
      .select()
      .from(docVersionCommits)
      .where(eq(docVersionCommits.versionId, v3.id));
    expect(commits.map((c) => [c.orgId, c.category])).toEqual([[org.survey, 'SURVEY']]);
    const page = await list('design_admin', { filter: 'UNANSWERED' });
    expect(page.items.map((i) => i.opinionId)).toEqual([op.note]);
    expect((await list('design_admin', { filter: 'CLOSED' })).total).toBe(2);
    refused(
      await answer('design_admin', op.column, { kind: 'EXPLAINED', text: '已闭合' }),
      409,
      'ANSWER_OPINION_CLOSED',
    );
  });

  it('passes in round 3 once the kept opinion is closed; a reopening is taken back before it counts', async () => {
    const v3 = (await versionsOf()).at(-1)!;
    detailOf(
      await answer('design_admin', op.note, { kind: 'EXPLAINED', text: '已在总说明第 3.1 条写明：丙类' }),
    );
    detailOf(await handOver('design_admin', 'commitDoc', v3.id, { category: 'DESIGN' }));
    detailOf(await handOver('construct_admin', 'confirmApplyDoc', v3.id, { confirmWarnings: 'true' }));
    detailOf(await handOver('censor_admin', 'confirmApplyDoc', v3.id));
    const g = await grid();
    expect(g.cells.map((c) => c.specialty)).toEqual(['STRUCTURE']);
    // A closed opinion of the same cell may be reopened, with a reason; here it is taken back.
    detailOf(
      await decide('censor_reviewer', op.column, { decision: 'REOPEN', remark: '复核发现 KZ2 同样超限' }),
    );
    detailOf(
      await api.send(
        'DELETE',
        `${answersBase('censor_reviewer')}/${op.column}/decision`,
        tokens.censor_reviewer,
      ),
    );
    detailOf(await decide('censor_reviewer', op.note, { decision: 'CLOSE' }));
    await finishMission(g.cells[0]!.missionId!);
    const report = await issueReport();
    expect(report).toMatchObject({ round: 3, conclusion: 'PASSED', opinions: 0 });
    expect(report.content.carried?.map((c) => c.decision)).toEqual(['CLOSE']);
    expect(await statusOf()).toBe('PASSED');
    expect(await stateOf(op.note)).toBe('CLOSED');
    expect((await versionsOf()).map((v) => v.number)).toEqual([1, 2, 3]);
    const detail = detailOf<AnswerDetail>(
      await api.send('GET', `${answersBase('construct_admin')}/${op.note}`, tokens.construct_admin),
    );
    expect(detail.answers.map((a) => [a.round, a.kind])).toEqual([
      [2, 'EXPLAINED'],
      [3, 'EXPLAINED'],
    ]);
    expect(detail.decisions.map((d) => [d.round, d.decision, d.issued])).toEqual([
      [2, 'KEEP', true],
      [3, 'CLOSE', true],
    ]);
  });
});
