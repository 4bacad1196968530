import { describe, expect, it } from 'vitest';
import { calendarYearProblems } from './calendar-contracts.js';
import { NOTICE_2025, calendar2025And2026 } from './calendar-test-notices.js';
import { chinaDate } from './working-days.js';

describe('WorkCalendar', () => {
  const calendar = calendar2025And2026();

  it('follows the notice: holidays off, the adjusted weekend days worked, other days by the week', () => {
    expect(calendar.isWorkingDay('2025-10-01')).toEqual({ ok: true, value: false });
    expect(calendar.isWorkingDay('2025-10-08')).toEqual({ ok: true, value: false }); // a Wednesday off
    expect(calendar.isWorkingDay('2025-09-28')).toEqual({ ok: true, value: true }); // a Sunday worked
    expect(calendar.isWorkingDay('2025-10-11')).toEqual({ ok: true, value: true }); // a Saturday worked
    expect(calendar.isWorkingDay('2025-10-09')).toEqual({ ok: true, value: true });
    expect(calendar.isWorkingDay('2025-10-12')).toEqual({ ok: true, value: false }); // a plain Sunday
  });

  it('names the year it does not hold instead of falling back to the weekdays', () => {
    expect(calendar.isWorkingDay('2027-03-01')).toEqual({ ok: false, unenteredYear: 2027 });
    expect(calendar.addWorkingDays('2026-12-25', 10)).toEqual({ ok: false, unenteredYear: 2027 });
    expect(calendar.countWorkingDays('2026-12-30', '2027-01-05')).toEqual({ ok: false, unenteredYear: 2027 });
    expect(calendar.hasYear(2027)).toBe(false);
  });

  it('adds working days across the National Day week, the start day not counted', () => {
    expect(calendar.addWorkingDays('2025-09-26', 3)).toEqual({ ok: true, value: '2025-09-30' });
    expect(calendar.addWorkingDays('2025-09-30', 1)).toEqual({ ok: true, value: '2025-10-09' });
    expect(calendar.addWorkingDays('2025-09-30', 3)).toEqual({ ok: true, value: '2025-10-11' });
    expect(calendar.addWorkingDays('2025-12-31', 1)).toEqual({ ok: true, value: '2026-01-04' });
    expect(calendar.addWorkingDays('2025-09-30', 0)).toEqual({ ok: true, value: '2025-09-30' });
  });

  it('counts working days after one date through another', () => {
    expect(calendar.countWorkingDays('2025-09-30', '2025-10-12')).toEqual({ ok: true, value: 3 });
    expect(calendar.countWorkingDays('2025-09-26', '2025-09-30')).toEqual({ ok: true, value: 3 });
    expect(calendar.countWorkingDays('2025-10-12', '2025-10-01')).toEqual({ ok: true, value: 0 });
  });

  it('takes the date in China, eight hours ahead of UTC', () => {
    expect(chinaDate(new Date('2025-09-30T15:59:59Z'))).toBe('2025-09-30');
    expect(chinaDate(new Date('2025-09-30T16:00:00Z'))).toBe('2025-10-01');
  });
});

describe('calendarYearProblems', () => {
  it('accepts a notice', () => {
    expect(calendarYearProblems(2025, NOTICE_2025)).toEqual([]);
  });

  it('refuses a day of another year, a date twice, a weekday "worked", a year with no day off', () => {
    expect(
      calendarYearProblems(2027, [
        { date: '2027-02-06', kind: 'HOLIDAY', name: '春节' },
        { date: '2026-02-07', kind: 'HOLIDAY', name: '春节' },
        { date: '2027-02-06', kind: 'HOLIDAY', name: '春节' },
        { date: '2027-02-08', kind: 'WORKDAY', name: '春节' },
        { date: '2027-02-20', kind: 'WORKDAY', name: '春节' },
      ]),
    ).toEqual([
      { code: 'CALENDAR_DAY_OUTSIDE_YEAR', date: '2026-02-07' },
      { code: 'CALENDAR_DAY_DUPLICATE', date: '2027-02-06' },
      { code: 'CALENDAR_WORKDAY_NOT_WEEKEND', date: '2027-02-08' },
    ]);
    expect(calendarYearProblems(2027, [{ date: '2027-02-20', kind: 'WORKDAY', name: '春节' }])).toEqual([
      { code: 'CALENDAR_YEAR_EMPTY' },
    ]);
  });
});
