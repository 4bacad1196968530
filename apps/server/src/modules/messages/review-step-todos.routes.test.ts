import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messageScreen,
  type CertificateSummary,
  type MessagePage,
  type MessageType,
  type OpinionReportSummary,
  type ProjectFilingPage,
} from '@drp/domain';
import { orgs } from '../../db/schema/orgs.js';
import { accountIdOf, demoOrgIds, detailOf, projectApi } from '../../test/project-fixture.js';
import { passedApplication, reviewedApplication, signReportCompletely } from '../../test/review-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

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

/**
 * The agency office's to-dos after the missions (issue 21's whole story): each step that waits
 * for the agency is a to-do of those who may take it, opening the screen where it is taken, and
 * is settled by taking it: the round reviewed (compile the report), the report signed (forward
 * it), the review passed (compile the certificate), the certificate signed (issue it), the
 * certificate issued (file it).
 */
describe('the agency’s to-dos from the last accepted mission to the filing', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  const tokens = {} as Record<User, string>;
  const ids = {} as Record<'censor_reviewer' | 'censor_reviewer2', string>;
  let projectId: string;

  /** The open to-dos of this application the user reads in their bell, by type. */
  const todos = async (user: User) =>
    detailOf<MessagePage>(
      await api.send('GET', '/api/message/messages', tokens[user], {
        query: { state: 'todo', projectId, size: '-1' },
        actingOrg: org.censor,
      }),
    ).items;
  const todoTypes = async (user: User) => (await todos(user)).map((m) => m.type).sort();
  /** The one open to-do of the type, with the screen it opens. */
  const openTodo = async (user: User, type: MessageType) => {
    const found = (await todos(user)).filter((m) => m.type === type);
    expect(found, `${user}: ${type}`).toHaveLength(1);
    const [todo] = found;
    return {
      ...todo!,
      screen: messageScreen({ ...todo!, type: todo!.type }, 'CENSOR'),
    };
  };
  const signers = () => ({
    org,
    projectId,
    director: tokens.censor_director,
    admin: tokens.censor_admin,
    reviewers: {
      [ids.censor_reviewer]: tokens.censor_reviewer,
      [ids.censor_reviewer2]: tokens.censor_reviewer2,
    },
  });

  beforeAll(async () => {
    t = await createTestApp();
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    for (const user of USERS) tokens[user] = await t.signIn(user);
    ids.censor_reviewer = await accountIdOf(t.database.db, 'censor_reviewer');
    ids.censor_reviewer2 = await accountIdOf(t.database.db, 'censor_reviewer2');
    projectId = await reviewedApplication(t, { tokens, ids, org, name: '湘江新区待办测试公寓' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('asks the director and the admin, not a reviewer, at each step, and each step settles its own', async () => {
    const base = `/api/checkDrawings/${org.censor}/${projectId}`;
    // Every mission accepted: the report is to be compiled, on the report screen.
    const reviewed = await openTodo('censor_director', 'CENSOR_ROUND_REVIEWED');
    expect(reviewed.screen).toBe(`/sys_audit/${org.censor}/${projectId}/report`);
    expect(reviewed.content).toContain('第1轮的审查任务均已审核通过');
    expect(await todoTypes('censor_admin')).toContain('CENSOR_ROUND_REVIEWED');
    expect(await todoTypes('censor_reviewer')).not.toContain('CENSOR_ROUND_REVIEWED');

    const report = detailOf<OpinionReportSummary>(
      await api.send('POST', `${base}/opinionReport/compile`, tokens.censor_admin),
    );
    await t.app.jobs.drain();
    // Compiled by the admin: settled for the director too, and named as the admin's work.
    expect(await todoTypes('censor_director')).not.toContain('CENSOR_ROUND_REVIEWED');
    await signReportCompletely(t, { ...signers(), reportId: report.id });
    const signed = await openTodo('censor_admin', 'CENSOR_REPORT_SIGNED');
    expect(signed.screen).toBe(`/sys_audit/${org.censor}/${projectId}/report`);
    expect(signed.targetId).toBe(report.id);
    expect(signed.content).toContain(report.reportNo);
    expect(await todoTypes('censor_reviewer')).toEqual([]);

    detailOf(await api.send('POST', `${base}/opinionReport/forward/${report.id}`, tokens.censor_director));
    expect(await todoTypes('censor_admin')).toEqual(['CENSOR_CERTIFICATE_DUE']);
    const due = await openTodo('censor_director', 'CENSOR_CERTIFICATE_DUE');
    expect(due.screen).toBe(`/sys_audit/${org.censor}/${projectId}/certification`);

    const certificate = detailOf<CertificateSummary>(
      await api.send('POST', `${base}/certification/compile`, tokens.censor_director),
    );
    await t.app.jobs.drain();
    expect(await todoTypes('censor_director')).toEqual([]);
    await signReportCompletely(t, { ...signers(), reportId: certificate.id });
    const issuable = await openTodo('censor_director', 'CENSOR_CERTIFICATE_SIGNED');
    expect(issuable.screen).toBe(`/sys_audit/${org.censor}/${projectId}/certification`);
    expect(issuable.targetId).toBe(certificate.id);
    expect(issuable.content).toContain(certificate.certificateNo);

    detailOf(await api.send('POST', `${base}/certification/issue/${certificate.id}`, tokens.censor_admin));
    const filing = await openTodo('censor_director', 'CENSOR_FILING_DUE');
    expect(filing.screen).toBe(`/sys_audit/${org.censor}/${projectId}/filing`);
    expect(filing.content).toContain('5 个工作日内向主管部门备案');
    expect(await todoTypes('censor_reviewer')).toEqual([]);

    detailOf(
      await api.send('POST', `${base}/filing`, tokens.censor_director, {
        payload: {
          jointReview: false,
          fireReview: 'PASSED',
          civilDefenceReview: 'NOT_APPLICABLE',
          remark: '',
        },
      }),
    );
    // Filing settles it, for the admin too, as the filing's own step.
    expect(await todoTypes('censor_admin')).toEqual([]);
    const done = detailOf<MessagePage>(
      await api.send('GET', '/api/message/messages', tokens.censor_admin, {
        query: { state: 'done', projectId, size: '-1' },
        actingOrg: org.censor,
      }),
    ).items.find((m) => m.type === 'CENSOR_FILING_DUE');
    expect(done).toMatchObject({ settledWith: 'CENSOR_FILING_SUBMIT', settledBy: '孙立' });
  });

  it('is done by filing where no authority of the region is registered yet, and the agency is told so', async () => {
    const passed = await passedApplication(t, { tokens, ids, org, name: '湘江新区无主管部门公寓' });
    const base = `/api/checkDrawings/${org.censor}/${passed.id}`;
    const certificate = detailOf<CertificateSummary>(
      await api.send('POST', `${base}/certification/compile`, tokens.censor_director),
    );
    await t.app.jobs.drain();
    await passed.signAll(certificate.id);
    detailOf(await api.send('POST', `${base}/certification/issue/${certificate.id}`, tokens.censor_admin));
    // Neither the city's bureau nor the province's department (the fallback) is on the platform.
    const authorities = await t.database.db
      .update(orgs)
      .set({ enabled: false })
      .where(and(eq(orgs.orgType, 'CONTROL'), eq(orgs.enabled, true)))
      .returning({ id: orgs.id });
    expect(authorities.length).toBeGreaterThanOrEqual(2);
    try {
      const page = detailOf<ProjectFilingPage>(
        await api.send('GET', `${base}/filing`, tokens.censor_director),
      );
      expect(page.file).toMatchObject({ allowed: true, authorities: [] });
      detailOf(
        await api.send('POST', `${base}/filing`, tokens.censor_director, {
          payload: {
            jointReview: false,
            fireReview: 'PASSED',
            civilDefenceReview: 'NOT_APPLICABLE',
            remark: '',
          },
        }),
      );
      const open = detailOf<MessagePage>(
        await api.send('GET', '/api/message/messages', tokens.censor_admin, {
          query: { state: 'todo', projectId: passed.id, size: '-1' },
          actingOrg: org.censor,
        }),
      ).items;
      expect(open.map((m) => m.type)).toEqual([]);
    } finally {
      await t.database.db
        .update(orgs)
        .set({ enabled: true })
        .where(
          inArray(
            orgs.id,
            authorities.map((a) => a.id),
          ),
        );
    }
  });
});
