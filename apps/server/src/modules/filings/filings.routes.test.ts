import { and, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CertificateSummary,
  FilingDetail,
  FilingPage,
  MessageType,
  ProjectFilingPage,
} from '@drp/domain';
import { filings } from '../../db/schema/filings.js';
import { messageReceivers, messages } from '../../db/schema/messages.js';
import { projects } from '../../db/schema/projects.js';
import { accountIdOf, demoOrgIds, detailOf, projectApi } from '../../test/project-fixture.js';
import { passedApplication } from '../../test/review-fixture.js';
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
  'control_admin',
] as const;
type User = (typeof USERS)[number];

describe('filing: the agency files the issued certificate, the region’s authority confirms or rejects it', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  const tokens = {} as Record<User, string>;
  let projectId: string;
  let certificate: CertificateSummary;
  let first: FilingDetail;

  const filingsOf = (user: User, orgId: string) =>
    api.send('GET', `/api/checkDrawings/${orgId}/${projectId}/filing`, tokens[user], { actingOrg: orgId });
  const file = (
    user: User,
    body: unknown = {
      jointReview: false,
      fireReview: 'PASSED',
      civilDefenceReview: 'NOT_APPLICABLE',
      remark: '',
    },
  ) =>
    api.send('POST', `/api/checkDrawings/${org.censor}/${projectId}/filing`, tokens[user], { payload: body });
  const decide = (id: string, body: unknown, user: User = 'control_admin') =>
    api.send('POST', `/api/checkDrawings/filing/${id}/decide`, tokens[user], {
      payload: body,
      actingOrg: org.control,
    });
  const authorityList = async (flag: string) =>
    detailOf<FilingPage>(
      await api.send('GET', '/api/checkDrawings/filing/pagelist', tokens.control_admin, {
        query: { flag },
        actingOrg: org.control,
      }),
    );
  const openTodos = async (type: MessageType) =>
    (
      await t.database.db
        .select({ orgId: messageReceivers.orgId })
        .from(messageReceivers)
        .innerJoin(messages, eq(messages.id, messageReceivers.messageId))
        .where(
          and(eq(messages.projectId, projectId), eq(messages.type, type), isNull(messageReceivers.settledAt)),
        )
    ).map((r) => r.orgId);

  beforeAll(async () => {
    t = await createTestApp();
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    for (const user of USERS) tokens[user] = await t.signIn(user);
    const ids = {
      censor_reviewer: await accountIdOf(t.database.db, 'censor_reviewer'),
      censor_reviewer2: await accountIdOf(t.database.db, 'censor_reviewer2'),
    };
    const passed = await passedApplication(t, { tokens, ids, org, name: '湘江新区备案测试公寓' });
    projectId = passed.id;
    // Before its certificate is issued there is nothing to file.
    refused(await file('censor_director'), 409, 'FILING_NO_CERTIFICATE');
    const base = `/api/checkDrawings/${org.censor}/${projectId}/certification`;
    certificate = detailOf<CertificateSummary>(
      await api.send('POST', `${base}/compile`, tokens.censor_director),
    );
    await t.app.jobs.drain();
    await passed.signAll(certificate.id);
    detailOf(await api.send('POST', `${base}/issue/${certificate.id}`, tokens.censor_admin));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is filed by the agency’s deciders only, with the national record fixed and the authority asked', async () => {
    const page = detailOf<ProjectFilingPage>(await filingsOf('censor_director', org.censor!));
    expect(page.items).toEqual([]);
    expect(page.file).toMatchObject({
      allowed: true,
      blocker: null,
      certificateNo: certificate.certificateNo,
      // The city's bureau, the nearest authority of the application's district.
      authorities: ['长沙市住房和城乡建设局'],
    });
    expect(page.file.dueOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    refused(await file('censor_reviewer'), 403, 'FORBIDDEN');
    refused(await file('censor_director', { jointReview: 'yes' }), 400, 'VALIDATION_FAILED');
    // The units neither file nor read the filings: not their area.
    refused(await filingsOf('construct_admin', org.construct!), 403, 'FORBIDDEN');

    first = detailOf<FilingDetail>(
      await file('censor_director', {
        jointReview: false,
        fireReview: 'PASSED',
        civilDefenceReview: 'NOT_APPLICABLE',
        remark: '首次备案',
      }),
    );
    expect(first).toMatchObject({
      attempt: 1,
      status: 'PENDING',
      certificateNo: certificate.certificateNo,
      late: false,
    });
    expect(first.national).toMatchObject({
      CensorNum: certificate.certificateNo,
      OneCensorIsPass: 1,
      OneCensorWfqtCount: 0,
      IsJointCensor: 0,
      FireCensor: '审查合格',
      CivilDefenceCensor: '不涉及',
    });
    expect(first.national.CensorCorpCode).not.toBe('');
    expect(first.national.DesignCorpName).not.toBe('');
    // Twice is refused while it waits.
    refused(await file('censor_admin'), 409, 'FILING_PENDING');
    expect(await openTodos('CENSOR_FILING_SUBMIT')).toEqual([org.control]);
    expect((await authorityList('tbc')).items.map((f) => f.id)).toEqual([first.id]);
  });

  it('is rejected with a reason, corrected and filed again, then confirmed: the application is 已备案', async () => {
    expect(
      refused(await decide(first.id, { decision: 'REJECT', reason: '' }), 400, 'FILING_REASON_REQUIRED'),
    ).toBe('退回备案时请填写退回原因');
    // The agency cannot decide its own filing.
    refused(
      await api.send('POST', `/api/checkDrawings/filing/${first.id}/decide`, tokens.censor_admin, {
        payload: { decision: 'CONFIRM' },
        actingOrg: org.censor,
      }),
      403,
      'FORBIDDEN',
    );
    const rejected = detailOf<FilingDetail>(
      await decide(first.id, { decision: 'REJECT', reason: '人防审查结论有误' }),
    );
    expect(rejected).toMatchObject({ status: 'REJECTED', reason: '人防审查结论有误' });
    refused(await decide(first.id, { decision: 'CONFIRM' }), 409, 'FILING_ALREADY_DECIDED');
    expect(await openTodos('CENSOR_FILING_SUBMIT')).toEqual([]);
    expect(await openTodos('CONTROL_FILING_REJECTED')).toEqual([org.censor]);
    expect((await authorityList('rejected')).items.map((f) => f.id)).toContain(first.id);

    const second = detailOf<FilingDetail>(
      await file('censor_admin', {
        jointReview: false,
        fireReview: 'PASSED',
        civilDefenceReview: 'PASSED',
        remark: '已更正人防结论',
      }),
    );
    expect(second).toMatchObject({ attempt: 2, status: 'PENDING' });
    expect(second.national.CivilDefenceCensor).toBe('审查合格');
    // Filing again settles the rejection's to-do.
    expect(await openTodos('CONTROL_FILING_REJECTED')).toEqual([]);

    const confirmed = detailOf<FilingDetail>(await decide(second.id, { decision: 'CONFIRM' }));
    expect(confirmed).toMatchObject({ status: 'CONFIRMED', can: { decide: false } });
    const [row] = await t.database.db
      .select({ status: projects.status })
      .from(projects)
      .where(eq(projects.id, projectId));
    expect(row!.status).toBe('FILED');
    refused(await file('censor_director'), 409, 'FILING_ALREADY_CONFIRMED');
    const history = detailOf<ProjectFilingPage>(await filingsOf('control_admin', org.control!));
    expect(history.items.map((f) => [f.attempt, f.status])).toEqual([
      [2, 'CONFIRMED'],
      [1, 'REJECTED'],
    ]);
  });

  it('is another region’s for a city bureau outside it: not listed, not read, not decided', async () => {
    // The same application, moved to 株洲 (430211): 长沙's bureau no longer oversees it.
    await t.database.db.update(projects).set({ regionCode: '430211' }).where(eq(projects.id, projectId));
    await t.database.db.update(filings).set({ regionCode: '430211' }).where(eq(filings.projectId, projectId));
    try {
      expect((await authorityList('confirmed')).items.map((f) => f.projectId)).not.toContain(projectId);
      refused(
        await api.send('GET', `/api/checkDrawings/filing/${first.id}`, tokens.control_admin, { actingOrg: org.control }),
        404,
        'NOT_FOUND',
      );
      refused(await decide(first.id, { decision: 'CONFIRM' }), 404, 'NOT_FOUND');
    } finally {
      await t.database.db.update(projects).set({ regionCode: '430104' }).where(eq(projects.id, projectId));
      await t.database.db.update(filings).set({ regionCode: '430104' }).where(eq(filings.projectId, projectId));
    }
  });

  it('exports the confirmed filings of the region as the national record, in a spreadsheet-safe CSV', async () => {
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const res = await api.send('GET', '/api/checkDrawings/filing/export', tokens.control_admin, {
      query: { from: today, to: today },
      actingOrg: org.control,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFFCensorNum,PrjNum,PrjName,')).toBe(true);
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(certificate.certificateNo);
    // A period the wrong way round, or of a hundred years, is refused in words, not answered
    // empty or cut off.
    for (const [from, to] of [
      [today, '2020-01-01'],
      ['1926-01-01', today],
    ])
      expect(
        refused(
          await api.send('GET', '/api/checkDrawings/filing/export', tokens.control_admin, {
            query: { from: from!, to: to! },
            actingOrg: org.control,
          }),
          400,
          'FILING_EXPORT_PERIOD',
        ),
      ).toBe('导出期间有误：截止日期不能早于开始日期，且一次最多导出 366 天');
  });
});
