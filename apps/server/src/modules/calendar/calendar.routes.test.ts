import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { CalendarDay, CalendarYearDetail, CalendarYearList, ReviewClocks } from '@drp/domain';
import { auditEvents } from '../../db/schema/audit.js';
import { buildings } from '../../db/schema/buildings.js';
import { reviewClockEvents } from '../../db/schema/calendar.js';
import { pdfBytes, readyForHandOver, submittedForMaterials, uploadDocFile } from '../../test/doc-fixture.js';
import { demoOrgIds, detailOf, projectApi } from '../../test/project-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { loadWorkCalendar, seedWorkCalendar } from './calendar.service.js';

function refused(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ code: string }>().code, res.body).toBe(code);
  return res.json<{ message: string }>().message;
}

/** 国务院办公厅关于2027年部分节假日安排的通知, as a test enters it (dates as the notice would give). */
const NOTICE_2027: CalendarDay[] = [
  { date: '2027-01-01', kind: 'HOLIDAY', name: '元旦' },
  { date: '2027-02-06', kind: 'HOLIDAY', name: '春节' },
  { date: '2027-02-07', kind: 'HOLIDAY', name: '春节' },
  { date: '2027-02-08', kind: 'HOLIDAY', name: '春节' },
  { date: '2027-02-20', kind: 'WORKDAY', name: '春节' },
];
const SOURCE_2027 = '国务院办公厅关于2027年部分节假日安排的通知';

const putYear = (t: TestApp, token: string, year: number | string, body: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/calendar/years/${year}`,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh-CN' },
    payload: body as object,
  });
const getUrl = (t: TestApp, token: string, url: string) =>
  t.app.inject({ url, headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh-CN' } });

describe('the working-day calendar kept by the system admin', () => {
  let t: TestApp;
  let admin: string;
  let censor: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signIn('sysadmin');
    censor = await t.signIn('censor_admin');
  });
  afterAll(async () => {
    await t.close();
  });

  it('holds every published year, seeded, and not 2027', async () => {
    const { items } = detailOf<CalendarYearList>(await getUrl(t, admin, '/api/admin/calendar/years'));
    expect(items.map((y) => y.year)).toEqual(Array.from({ length: 23 }, (_, i) => 2004 + i));
    const y2025 = items.find((y) => y.year === 2025)!;
    expect(y2025).toMatchObject({ seeded: true, enteredBy: null, workdays: 5 });
    expect(y2025.source).toContain('2025年部分节假日安排');
    refused(await getUrl(t, admin, '/api/admin/calendar/years/2027'), 404, 'CALENDAR_YEAR_NOT_FOUND');
  });

  it("shows a year's days: the National Day week of 2025 off, 09-28 and 10-11 worked", async () => {
    const year = detailOf<CalendarYearDetail>(await getUrl(t, admin, '/api/admin/calendar/years/2025'));
    const kindOf = (date: string) => year.days.find((d) => d.date === date)?.kind;
    expect(kindOf('2025-09-28')).toBe('WORKDAY');
    expect(kindOf('2025-10-11')).toBe('WORKDAY');
    for (const d of ['01', '02', '03', '04', '05', '06', '07', '08'])
      expect(kindOf(`2025-10-${d}`)).toBe('HOLIDAY');
    expect(kindOf('2025-10-09')).toBeUndefined();

    const calendar = await loadWorkCalendar(t.app.ctx);
    expect(calendar.addWorkingDays('2025-09-30', 1)).toEqual({ ok: true, value: '2025-10-09' });
    expect(calendar.countWorkingDays('2025-09-26', '2025-10-12')).toEqual({ ok: true, value: 6 });
    expect(calendar.addWorkingDays('2026-12-25', 10)).toEqual({ ok: false, unenteredYear: 2027 });
  });

  it('refuses a wrong notice in Chinese and keeps nothing of it', async () => {
    const wrong = async (days: CalendarDay[], code: string) =>
      refused(await putYear(t, admin, 2027, { source: SOURCE_2027, days }), 400, code);
    expect(
      await wrong(
        [...NOTICE_2027, { date: '2027-02-09', kind: 'WORKDAY', name: '春节' }],
        'CALENDAR_WORKDAY_NOT_WEEKEND',
      ),
    ).toBe('2027-02-09不是周六或周日，调休上班日只能是周末');
    expect(
      await wrong(
        [...NOTICE_2027, { date: '2026-12-31', kind: 'HOLIDAY', name: '元旦' }],
        'CALENDAR_DAY_OUTSIDE_YEAR',
      ),
    ).toBe('2026-12-31不在2027年内，请检查日期');
    expect(await wrong([...NOTICE_2027, NOTICE_2027[0]!], 'CALENDAR_DAY_DUPLICATE')).toContain(
      '2027-01-01重复录入',
    );
    expect(
      await wrong([{ date: '2027-02-20', kind: 'WORKDAY', name: '春节' }], 'CALENDAR_YEAR_EMPTY'),
    ).toContain('2027年');
    refused(
      await putYear(t, admin, 2027, {
        source: SOURCE_2027,
        days: [{ date: '2027-02-30', kind: 'HOLIDAY', name: 'x' }],
      }),
      400,
      'VALIDATION_FAILED',
    );
    refused(await putYear(t, admin, 2027, { source: ' ', days: NOTICE_2027 }), 400, 'VALIDATION_FAILED');
    refused(await getUrl(t, admin, '/api/admin/calendar/years/2027'), 404, 'CALENDAR_YEAR_NOT_FOUND');
  });

  it('lets only the system admin read or enter the calendar', async () => {
    refused(await putYear(t, censor, 2027, { source: SOURCE_2027, days: NOTICE_2027 }), 403, 'FORBIDDEN');
    refused(await getUrl(t, censor, '/api/admin/calendar/years'), 403, 'FORBIDDEN');
    refused(await getUrl(t, admin, '/api/admin/calendar/years/2027'), 404, 'CALENDAR_YEAR_NOT_FOUND');
  });

  it('enters 2027: listed as entered by the admin, audited, counted from then on, never overwritten by the seed', async () => {
    const entered = detailOf<CalendarYearDetail>(
      await putYear(t, admin, 2027, { source: SOURCE_2027, days: [...NOTICE_2027].reverse() }),
    );
    expect(entered).toMatchObject({
      year: 2027,
      source: SOURCE_2027,
      holidays: 4,
      workdays: 1,
      seeded: false,
    });
    expect(entered.enteredBy?.name).toBe('系统管理员');
    expect(entered.days.map((d) => d.date)).toEqual(NOTICE_2027.map((d) => d.date));
    const { items } = detailOf<CalendarYearList>(await getUrl(t, admin, '/api/admin/calendar/years'));
    expect(items.at(-1)).toMatchObject({ year: 2027, seeded: false });

    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'WORK_CALENDAR_YEAR_ENTERED'));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toMatchObject({ year: 2027, holidays: 4, workdays: 1 });

    // The cached calendar was dropped: the year counts now.
    const calendar = await loadWorkCalendar(t.app.ctx);
    expect(calendar.addWorkingDays('2026-12-31', 1)).toEqual({ ok: true, value: '2027-01-04' });
    expect(calendar.isWorkingDay('2027-02-20')).toEqual({ ok: true, value: true });

    // A later start seeds nothing over it, nor over the seeded years.
    expect(await seedWorkCalendar(t.database.db, new Date())).toEqual([]);
    expect(
      detailOf<CalendarYearDetail>(await getUrl(t, admin, '/api/admin/calendar/years/2027')).source,
    ).toBe(SOURCE_2027);

    // Entering it again replaces the year whole.
    const corrected = detailOf<CalendarYearDetail>(
      await putYear(t, admin, 2027, { source: `${SOURCE_2027}（更正）`, days: NOTICE_2027.slice(0, 2) }),
    );
    expect(corrected.days).toHaveLength(2);
  });
});

const USERS = [
  'sysadmin',
  'construct_admin',
  'design_admin',
  'survey_admin',
  'censor_admin',
  'control_admin',
  'design2_admin',
] as const;
type User = (typeof USERS)[number];

describe('the review clock of an application', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  const tokens = {} as Record<User, string>;
  let projectId: string;
  let versionId: string;
  let buildingId: string;

  const orgOf = (user: User) =>
    ({
      sysadmin: org.operator,
      construct_admin: org.construct,
      design_admin: org.design,
      survey_admin: org.survey,
      censor_admin: org.censor,
      control_admin: org.control,
      design2_admin: org.design2,
    })[user]!;
  /** Moves the app to a China date and time (UTC+8) and signs everyone in anew there. */
  async function setNow(chinaTime: string) {
    t.advance(Date.parse(`${chinaTime}+08:00`) - t.app.ctx.clock().getTime());
    for (const user of USERS) tokens[user] = await t.signIn(user);
  }
  const clockOf = (user: User) =>
    api.send('GET', `/api/checkDrawings/${orgOf(user)}/${projectId}/reviewClock`, tokens[user]);
  const step = (user: User, name: string, query: Record<string, string> = {}) =>
    api.send('GET', `/api/checkDrawings/${orgOf(user)}/${projectId}/docRepositoryOrg/${name}`, tokens[user], {
      query: { versionId, ...query },
    });

  beforeAll(async () => {
    t = await createTestApp();
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    // Friday 2026-12-11: a large project's 15 working days reach into 2027, not entered here.
    await setNow('2026-12-11T10:00:00');
    const made = await submittedForMaterials(t, {
      constructToken: tokens.construct_admin,
      designToken: tokens.design_admin,
      org,
      name: '湘江新区审查时限测试大厦',
    });
    ({ versionId, buildingId } = made);
    projectId = made.project.id;
    await readyForHandOver(t, {
      constructToken: tokens.construct_admin,
      surveyToken: tokens.survey_admin,
      org,
      projectId,
      buildingId,
    });
    for (const [user, folder, name] of [
      ['design_admin', made.structure, '结构施工图.pdf'],
      ['survey_admin', made.surveyFolder, '岩土工程勘察报告.pdf'],
    ] as const)
      await uploadDocFile(t, {
        token: tokens[user],
        orgId: orgOf(user),
        projectId,
        versionId,
        folderId: folder.id,
        name,
        body: pdfBytes(name, 3000),
      });
    detailOf(await step('design_admin', 'commitDoc', { category: 'DESIGN' }));
    detailOf(await step('survey_admin', 'commitDoc', { category: 'SURVEY' }));
    detailOf(await step('construct_admin', 'confirmApplyDoc', { confirmWarnings: 'true' }));
  });
  afterAll(async () => {
    await t.close();
  });

  it('has not started before the agency accepts', async () => {
    const clock = detailOf<ReviewClocks>(await clockOf('construct_admin'));
    expect(clock.design).toMatchObject({ startedOn: null, running: false, used: 0, limit: 15, due: null });
  });

  it('starts on acceptance; the due date of a count reaching 2027 is flagged, not computed', async () => {
    detailOf(await step('censor_admin', 'confirmApplyDoc'));
    const clock = detailOf<ReviewClocks>(await clockOf('censor_admin'));
    // The tower is 99.6 m high and 21 850 m²: large, 15 working days.
    expect(clock.design).toMatchObject({
      track: 'DESIGN',
      basis: 'LARGE',
      startedOn: '2026-12-11',
      limit: 15,
      used: 0,
      left: 15,
      due: null,
      running: true,
      unenteredYear: 2027,
    });
    // No survey information filed: the grade is unknown, the shorter limit applies.
    expect(clock.survey).toMatchObject({ limit: 5, used: 0, due: '2026-12-18', unenteredYear: null });
  });

  it('shows every party the same days, and a unit the application does not name nothing', async () => {
    await setNow('2026-12-15T09:00:00');
    const seen = await Promise.all(
      (['construct_admin', 'design_admin', 'survey_admin', 'censor_admin', 'control_admin'] as const).map(
        async (user) => detailOf<ReviewClocks>(await clockOf(user)),
      ),
    );
    for (const clock of seen) expect(clock).toEqual(seen[0]);
    expect(seen[0]!.design).toMatchObject({ used: 2, left: 13 });
    refused(await clockOf('design2_admin'), 404, 'NOT_FOUND');
  });

  it('pauses while the documents are back with the applicant and resumes when accepted again', async () => {
    // Wednesday 12-16: an accepted version whose building is a draft again is returned.
    await setNow('2026-12-16T15:00:00');
    await t.database.db.update(buildings).set({ status: 'DRAFT' }).where(eq(buildings.id, buildingId));
    detailOf(
      await step('censor_admin', 'supplyDoc', {
        mode: 'RETURN',
        items: JSON.stringify([{ category: 'DESIGN', reason: '单体仍为草稿，退回补正' }]),
      }),
    );
    // The day it went back counts (12-14, 15, 16); the days with the applicant do not.
    await setNow('2026-12-18T09:00:00');
    const paused = detailOf<ReviewClocks>(await clockOf('design_admin'));
    expect(paused.design).toMatchObject({ used: 3, left: 12, due: null, paused: true, running: false });
    expect(paused.survey).toMatchObject({ used: 3, due: null, paused: true });

    // Monday 12-21 it is accepted again: that day does not count either.
    await setNow('2026-12-21T10:00:00');
    detailOf(
      await api.send(
        'PUT',
        `/api/checkDrawings/${org.construct}/${projectId}/building/submit/${buildingId}`,
        tokens.construct_admin,
      ),
    );
    detailOf(await step('design_admin', 'commitDoc', { category: 'DESIGN' }));
    detailOf(await step('construct_admin', 'confirmApplyDoc', { confirmWarnings: 'true' }));
    detailOf(await step('censor_admin', 'confirmApplyDoc'));
    const resumed = detailOf<ReviewClocks>(await clockOf('construct_admin'));
    expect(resumed.design).toMatchObject({ used: 3, running: true, due: null, unenteredYear: 2027 });
    expect(resumed.survey).toMatchObject({ used: 3, running: true, due: '2026-12-23', overdue: false });
    const kinds = await t.database.db
      .select({ kind: reviewClockEvents.kind })
      .from(reviewClockEvents)
      .where(and(eq(reviewClockEvents.projectId, projectId), eq(reviewClockEvents.track, 'DESIGN')))
      .orderBy(reviewClockEvents.at);
    expect(kinds.map((k) => k.kind)).toEqual(['START', 'PAUSE', 'RESUME']);
  });

  it('computes the due date once 2027 is entered, and marks the survey review overdue', async () => {
    detailOf(await putYear(t, tokens.sysadmin, 2027, { source: SOURCE_2027, days: NOTICE_2027 }));
    const clock = detailOf<ReviewClocks>(await clockOf('censor_admin'));
    // 12 left from 12-21: 22, 23, 24, 25, 28, 29, 30, 31, (01-01 off) 01-04, 05, 06, 07.
    expect(clock.design).toMatchObject({ used: 3, left: 12, due: '2027-01-07', unenteredYear: null });

    await setNow('2026-12-24T09:00:00');
    const late = detailOf<ReviewClocks>(await clockOf('censor_admin'));
    expect(late.survey).toMatchObject({ used: 6, left: 0, due: '2026-12-23', overdue: true });
    expect(late.design).toMatchObject({ used: 6, left: 9, overdue: false });
  });
});
