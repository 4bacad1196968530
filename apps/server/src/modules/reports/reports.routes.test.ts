import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  MissionGrid,
  OpinionReportDetail,
  OpinionReportPage,
  OpinionReportSummary,
  ReportCheck,
  ReportLink,
  ReviewClocks,
} from '@drp/domain';
import { accounts, members } from '../../db/schema/accounts.js';
import { clauseVersions } from '../../db/schema/clauses.js';
import { jobs } from '../../db/schema/jobs.js';
import { messages } from '../../db/schema/messages.js';
import { projects } from '../../db/schema/projects.js';
import { opinionReports } from '../../db/schema/reports.js';
import { accountIdOf, demoOrgIds, detailOf, projectApi } from '../../test/project-fixture.js';
import { inkIn, pdfText, renderPdfPages } from '../../test/render-pdf.js';
import { acceptedApplication, signReportCompletely } from '../../test/review-fixture.js';
import { prepareSheetsNow } from '../../test/sheet-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { normalizeCheckCode } from '../../lib/check-code.js';
import { reportCheckCode } from './reports.service.js';

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

describe('opinion reports: compiled from accepted missions, built in the queue, forwarded to the units', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  const tokens = {} as Record<User, string>;
  const ids = {} as Record<User, string>;
  let withOpinions: { id: string; fileId: string };
  let clean: { id: string };
  let reviewerName: string;

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
  const base = (user: User, projectId: string) =>
    `/api/checkDrawings/${orgOf(user)}/${projectId}/opinionReport`;
  const page = async (user: User, projectId: string) =>
    detailOf<OpinionReportPage>(await api.send('GET', `${base(user, projectId)}/pagelist`, tokens[user]));
  const compile = (user: User, projectId: string) =>
    api.send('POST', `${base(user, projectId)}/compile`, tokens[user]);
  const forward = (user: User, projectId: string, id: string) =>
    api.send('POST', `${base(user, projectId)}/forward/${id}`, tokens[user]);
  const missionBase = (projectId: string) => `/api/checkDrawings/${org.censor}/${projectId}/missions`;

  /** Every cell of the round to censor_reviewer, checked by the director; answers the mission ids. */
  async function assignAll(projectId: string) {
    const grid = detailOf<MissionGrid>(await api.send('GET', missionBase(projectId), tokens.censor_director));
    await t.database.db
      .update(members)
      .set({ specialties: grid.specialties })
      .where(and(eq(members.accountId, ids.censor_reviewer), eq(members.orgId, org.censor!)));
    const saved = detailOf<MissionGrid>(
      await api.send('PUT', missionBase(projectId), tokens.censor_director, {
        payload: {
          cells: grid.cells.map((c) => ({
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
    return Object.fromEntries(saved.cells.map((c) => [c.specialty, c.missionId!]));
  }

  async function finish(projectId: string, missionIds: string[]) {
    for (const id of missionIds) {
      detailOf(await api.send('POST', `${missionBase(projectId)}/${id}/submit`, tokens.censor_reviewer));
      detailOf(await api.send('POST', `${missionBase(projectId)}/${id}/accept`, tokens.censor_director));
    }
  }

  const signAll = (projectId: string, reportId: string) =>
    signReportCompletely(t, {
      org,
      projectId,
      reportId,
      director: tokens.censor_director,
      admin: tokens.censor_admin,
      reviewers: { [ids.censor_reviewer]: tokens.censor_reviewer },
    });

  const messagesOf = (projectId: string) =>
    t.database.db
      .select({ type: messages.type, params: messages.params })
      .from(messages)
      .where(eq(messages.projectId, projectId));

  beforeAll(async () => {
    t = await createTestApp();
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    for (const user of USERS) {
      tokens[user] = await t.signIn(user);
      ids[user] = await accountIdOf(t.database.db, user);
    }
    const [reviewer] = await t.database.db
      .select({ name: accounts.name })
      .from(accounts)
      .where(eq(accounts.id, ids.censor_reviewer));
    reviewerName = reviewer!.name;
    withOpinions = await acceptedApplication(t, { tokens, org, name: '湘江新区告知书测试公寓' });
    clean = await acceptedApplication(t, { tokens, org, name: '湘江新区告知书测试二期' });
    await prepareSheetsNow(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses to compile while a cell of the round is unassigned or a mission not accepted, and says how many', async () => {
    const before = await page('censor_director', withOpinions.id);
    expect(before.compile.allowed).toBe(false);
    expect(before.compile.blocker).toMatch(/^本轮还有 \d+ 项审查任务未分派或未校审通过/);
    refused(await compile('censor_director', withOpinions.id), 409, 'REPORT_MISSIONS_OPEN');

    const missionOf = await assignAll(withOpinions.id);
    const [mandatory] = await t.database.db
      .select({ id: clauseVersions.id })
      .from(clauseVersions)
      .where(and(eq(clauseVersions.mandatory, true), eq(clauseVersions.current, true)))
      .limit(1);
    const record = (payload: Record<string, unknown>) =>
      api.send(
        'POST',
        `/api/checkDrawings/${org.censor}/${withOpinions.id}/opinions`,
        tokens.censor_reviewer,
        {
          payload,
        },
      );
    expect(
      (
        await record({
          missionId: missionOf.STRUCTURE,
          opinionType: 'MANDATORY_STANDARD',
          clauseVersionId: mandatory!.id,
          text: '框架柱轴压比超限，请复核并调整截面',
          sheet: { fileId: withOpinions.fileId, page: 0 },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await record({
          missionId: missionOf.STRUCTURE,
          opinionType: 'GENERAL',
          text: '结构设计总说明未注明抗震设防类别',
        })
      ).statusCode,
    ).toBe(201);
    const missionIds = Object.values(missionOf);
    await finish(withOpinions.id, missionIds.slice(0, -1));
    const oneLeft = await page('censor_director', withOpinions.id);
    expect(oneLeft.compile.blocker).toContain('本轮还有 1 项审查任务');
    await finish(withOpinions.id, missionIds.slice(-1));
    expect((await page('censor_director', withOpinions.id)).compile).toEqual({
      allowed: true,
      blocker: null,
      round: 1,
    });
  });

  it('refuses to compile a round with nothing to review (no building confirmed) in words of its own', async () => {
    const empty = await acceptedApplication(t, {
      tokens,
      org,
      name: '湘江新区告知书测试空轮',
      confirmBuilding: false,
    });
    expect((await page('censor_director', empty.id)).compile).toEqual({
      allowed: false,
      blocker: '本轮没有需要审查的楼栋和专业，无法编制审查意见告知书。',
      round: 1,
    });
    refused(await compile('censor_director', empty.id), 409, 'REPORT_ROUND_EMPTY');
  });

  it('lets only the agency’s admin or director compile, and no other agency at all', async () => {
    expect((await page('censor_reviewer', withOpinions.id)).compile.allowed).toBe(false);
    refused(await compile('censor_reviewer', withOpinions.id), 403, 'FORBIDDEN');
    expect((await compile('censor2_admin', withOpinions.id)).statusCode).toBe(404);
    // The design unit's admin, acting for the agency by its id in the path, is not its member: as if missing.
    expect(
      (await api.send('POST', `${base('censor_director', withOpinions.id)}/compile`, tokens.design_admin))
        .statusCode,
    ).toBe(404);
  });

  let report: OpinionReportSummary;

  it('compiles: the content is fixed at once, the PDF follows from the queue, a failed build leaves nothing half-made', async () => {
    const files = t.app.ctx.files;
    const put = files.put.bind(files);
    // The store fails the first build: the report stays compiling, with no file, and says so.
    files.put = () => Promise.reject(new Error('disk full'));
    try {
      report = detailOf<OpinionReportSummary>(await compile('censor_director', withOpinions.id));
      expect(report).toMatchObject({
        status: 'COMPILING',
        round: 1,
        opinions: 2,
        mandatory: 1,
        conclusion: 'REVISE',
      });
      expect(report.file).toBeNull();
      refused(await compile('censor_admin', withOpinions.id), 409, 'REPORT_COMPILING');
      await t.app.jobs.drain();
    } finally {
      files.put = put;
    }
    const pending = detailOf<OpinionReportDetail>(
      await api.send(
        'GET',
        `${base('censor_director', withOpinions.id)}/${report.id}`,
        tokens.censor_director,
      ),
    );
    expect(pending.status).toBe('COMPILING');
    expect(pending.file).toBeNull();
    refused(
      await api.send(
        'GET',
        `${base('censor_director', withOpinions.id)}/getReport/${report.id}`,
        tokens.censor_director,
      ),
      409,
      'REPORT_COMPILING',
    );
    // The retry falls due (its back-off is skipped here) and builds it.
    await t.database.db.update(jobs).set({ runAfter: null }).where(eq(jobs.kind, 'report.build'));
    await t.app.jobs.drain();
    const built = detailOf<OpinionReportDetail>(
      await api.send(
        'GET',
        `${base('censor_director', withOpinions.id)}/${report.id}`,
        tokens.censor_director,
      ),
    );
    expect(built.status).toBe('READY');
    expect(built.file!.pages).toBeGreaterThanOrEqual(1);
    // Not forwardable until signed (issue 21): the reviewer, the director and the seal.
    expect(built.can).toEqual({ forward: false, compile: true });
    expect(built.signing).toEqual({ signed: 0, total: 3 });
    expect(built.content.bySpecialty.find((s) => s.specialty === 'STRUCTURE')).toMatchObject({
      opinions: 2,
      mandatory: 1,
      reviewers: [reviewerName],
    });
    expect(built.content.clock.design.limit).toBeGreaterThan(0);
    expect(built.content.verifyUrl).toMatch(/\/common\/verify\?no=.+&c=[0-9A-Z]{16}$/);

    const pdf = await api.send(
      'GET',
      `${base('censor_director', withOpinions.id)}/getReport/${report.id}`,
      tokens.censor_director,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, '');
    const [application] = await t.database.db
      .select({ name: projects.name, code: projects.code })
      .from(projects)
      .where(eq(projects.id, withOpinions.id));
    expect(text).toContain(application!.name);
    expect(built.reportNo).toBe(`${application!.code}-R1`);
    // Columns interleave in extracted text: the opinion's start, beside its clause.
    expect(text).toContain('【强条】违反强制性条文：框架柱轴压比超限');
    expect(text).toContain('【强条】');
    expect(text).toContain('需修改后复审');
    const [first] = await renderPdfPages(pdf.rawPayload, { first: 1, last: 1, dpi: 40 });
    // The QR code's block of ink at the top right of the first page.
    expect(inkIn(first!, 262, 28, 300, 68)).toBeGreaterThan(400);
  });

  it('keeps an unforwarded report from the units and the authority', async () => {
    expect((await page('construct_admin', withOpinions.id)).items).toEqual([]);
    expect((await page('design_admin', withOpinions.id)).items).toEqual([]);
    const res = await api.send(
      'GET',
      `${base('construct_admin', withOpinions.id)}/${report.id}`,
      tokens.construct_admin,
    );
    refused(res, 404, 'NOT_FOUND');
    const pdf = await api.send(
      'GET',
      `${base('construct_admin', withOpinions.id)}/getReport/${report.id}`,
      tokens.construct_admin,
    );
    expect(pdf.statusCode).toBe(404);
  });

  it('forwards once: the units are told and read it, the clock pauses, and it can no longer change', async () => {
    refused(await forward('censor_director', withOpinions.id, report.id), 409, 'REPORT_NOT_SIGNED');
    await signAll(withOpinions.id, report.id);
    refused(await forward('censor_reviewer', withOpinions.id, report.id), 403, 'FORBIDDEN');
    const sent = detailOf<OpinionReportSummary>(await forward('censor_director', withOpinions.id, report.id));
    expect(sent.status).toBe('FORWARDED');
    expect(sent.forwardedBy).toBeTruthy();
    refused(await forward('censor_admin', withOpinions.id, report.id), 409, 'REPORT_ALREADY_FORWARDED');
    refused(await compile('censor_director', withOpinions.id), 409, 'REPORT_NOT_IN_REVIEW');

    const [project] = await t.database.db
      .select({ status: projects.status })
      .from(projects)
      .where(eq(projects.id, withOpinions.id));
    expect(project!.status).toBe('OPINIONS_ISSUED');
    const clock = detailOf<ReviewClocks>(
      await api.send(
        'GET',
        `/api/checkDrawings/${org.construct}/${withOpinions.id}/reviewClock`,
        tokens.construct_admin,
      ),
    );
    expect(clock.design.paused).toBe(true);
    const told = (await messagesOf(withOpinions.id)).filter(
      (m) => m.type === 'CENSOR_OPINION_REPORT_FORWARD',
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.params).toMatchObject({ round: '1', count: '2', reportNo: sent.reportNo });

    for (const user of ['construct_admin', 'design_admin', 'survey_admin'] as const) {
      const listed = await page(user, withOpinions.id);
      expect(
        listed.items.map((i) => i.id),
        user,
      ).toEqual([report.id]);
      expect(listed.compile.allowed).toBe(false);
      expect(listed.items[0]!.can).toEqual({ forward: false, compile: false });
    }
  });

  it('opens the PDF by a signed link without the session, and not once the link is altered', async () => {
    const link = detailOf<ReportLink>(
      await api.send(
        'GET',
        `${base('design_admin', withOpinions.id)}/getSignedURL/${report.id}`,
        tokens.design_admin,
      ),
    );
    const opened = await t.app.inject({ method: 'GET', url: link.url });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    const altered = link.url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await t.app.inject({ method: 'GET', url: altered })).statusCode).toBe(404);
    const otherReport = link.url.replace(report.id, '00000000-0000-4000-8000-000000000000');
    expect((await t.app.inject({ method: 'GET', url: otherReport })).statusCode).toBe(404);
  });

  it('answers the public check of the QR code with the issued PDF’s hash, and nothing for a wrong code', async () => {
    const [row] = await t.database.db.select().from(opinionReports).where(eq(opinionReports.id, report.id));
    const code = reportCheckCode(t.app.ctx, row!);
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/portal/reportCheck',
      query: { no: row!.reportNo, c: code },
    });
    expect(check.statusCode, check.body).toBe(200);
    const pdf = await api.send(
      'GET',
      `${base('construct_admin', withOpinions.id)}/getReport/${report.id}`,
      tokens.construct_admin,
    );
    expect(check.json<{ detail: ReportCheck }>().detail).toMatchObject({
      reportNo: row!.reportNo,
      projectName: (await t.database.db.select().from(projects).where(eq(projects.id, withOpinions.id)))[0]!
        .name,
      round: 1,
      conclusion: 'REVISE',
      sha256: createHash('sha256').update(pdf.rawPayload).digest('hex'),
    });
    const wrong = code.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    const refusedCheck = await t.app.inject({
      method: 'GET',
      url: '/api/portal/reportCheck',
      query: { no: row!.reportNo, c: wrong },
    });
    expect(refusedCheck.statusCode).toBe(404);
  });

  it('reads a check code as typed from paper: lower case, O for 0, I or L for 1, grouped by hyphens', async () => {
    const [row] = await t.database.db.select().from(opinionReports).where(eq(opinionReports.id, report.id));
    const code = reportCheckCode(t.app.ctx, row!);
    let ones = 0;
    const typed = code
      .toLowerCase()
      .replace(/0/g, 'o')
      .replace(/1/g, () => (ones++ % 2 === 0 ? 'l' : 'I'))
      .replace(/^(.{4})(.{4})/, '$1-$2 ');
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/portal/reportCheck',
      query: { no: row!.reportNo, c: typed },
    });
    expect(check.statusCode, `${typed}: ${check.body}`).toBe(200);
    // The code above need not hold a 0 or a 1; these do.
    expect(normalizeCheckCode('o1lI-abcd efgh-jkmn')).toBe('0111ABCDEFGHJKMN');
    // A code one character short, or one too long, is not the code.
    for (const c of [code.slice(0, 15), `${code}0`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/portal/reportCheck',
        query: { no: row!.reportNo, c: `${c}-` },
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it('issues a report that says the drawings passed when the round has no opinion, and the review stops there', async () => {
    const missionOf = await assignAll(clean.id);
    await finish(clean.id, Object.values(missionOf));
    const compiled = detailOf<OpinionReportSummary>(await compile('censor_admin', clean.id));
    expect(compiled).toMatchObject({ conclusion: 'PASSED', opinions: 0 });
    await t.app.jobs.drain();
    const pdf = await api.send(
      'GET',
      `${base('censor_admin', clean.id)}/getReport/${compiled.id}`,
      tokens.censor_admin,
    );
    expect((await pdfText(pdf.rawPayload)).replace(/\s+/g, '')).toContain('施工图设计文件审查合格');
    await signAll(clean.id, compiled.id);
    detailOf(await forward('censor_admin', clean.id, compiled.id));
    const [project] = await t.database.db
      .select({ status: projects.status })
      .from(projects)
      .where(eq(projects.id, clean.id));
    expect(project!.status).toBe('PASSED');
    const clock = detailOf<ReviewClocks>(
      await api.send(
        'GET',
        `/api/checkDrawings/${org.construct}/${clean.id}/reviewClock`,
        tokens.construct_admin,
      ),
    );
    expect(clock.design.stopped).toBe(true);
    expect((await messagesOf(clean.id)).map((m) => m.type)).toContain('CENSOR_REVIEW_PASSED');
  });
});
