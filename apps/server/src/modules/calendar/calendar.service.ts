import { createRequire } from 'node:module';
import {
  WorkCalendar,
  calendarYearProblems,
  type CalendarDay,
  type CalendarDayKind,
  type CalendarYearDetail,
  type CalendarYearEntry,
  type CalendarYearList,
  type CalendarYearSummary,
} from '@drp/domain';
import { inTransaction, type Db } from '../../db/database.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import {
  findCalendarYear,
  insertMissingCalendarYears,
  listCalendarDays,
  listCalendarYearNumbers,
  listCalendarYears,
  replaceCalendarYear,
  type CalendarYearRow,
} from './calendar.repository.js';

const summaryOf = (row: CalendarYearRow): CalendarYearSummary => ({
  year: row.year,
  source: row.source,
  holidays: row.holidays,
  workdays: row.workdays,
  enteredAt: row.enteredAt.toISOString(),
  enteredBy: row.enteredBy ? { id: row.enteredBy, name: row.enteredByName ?? '' } : null,
  seeded: row.enteredBy === null,
});

export async function listWorkCalendarYears(ctx: AppContext): Promise<CalendarYearList> {
  return { items: (await listCalendarYears(ctx.db)).map(summaryOf) };
}

export async function readWorkCalendarYear(ctx: AppContext, year: number): Promise<CalendarYearDetail> {
  const row = await findCalendarYear(ctx.db, year);
  if (!row) throw new AppError('CALENDAR_YEAR_NOT_FOUND', { year });
  const days = await listCalendarDays(ctx.db, year);
  return { ...summaryOf(row), days: days.map(({ date, kind, name }) => ({ date, kind, name })) };
}

/**
 * The system admin enters (or corrects) a year's notice: it replaces the year whole, seeded or
 * entered before, and every review clock reads it from then on.
 */
export async function enterWorkCalendarYear(
  ctx: AppContext,
  input: { year: number; entry: CalendarYearEntry; audit: AuditActor },
): Promise<CalendarYearDetail> {
  const { year, entry } = input;
  const [problem] = calendarYearProblems(year, entry.days);
  if (problem)
    throw new AppError(problem.code, { year, ...('date' in problem ? { date: problem.date } : {}) });
  const days = [...entry.days].sort((a, b) => (a.date < b.date ? -1 : 1));
  await inTransaction(ctx.db, async (tx) => {
    const before = await findCalendarYear(tx, year);
    await replaceCalendarYear(tx, {
      year,
      source: entry.source,
      enteredAt: ctx.clock(),
      enteredBy: input.audit.accountId,
      days,
    });
    await recordAudit(tx, ctx.clock(), {
      action: 'WORK_CALENDAR_YEAR_ENTERED',
      actor: input.audit,
      orgId: null,
      detail: {
        year,
        source: entry.source,
        holidays: days.filter((d) => d.kind === 'HOLIDAY').length,
        workdays: days.filter((d) => d.kind === 'WORKDAY').length,
        replaced: before !== undefined,
      },
    });
  });
  calendars.delete(ctx.db);
  return readWorkCalendarYear(ctx, year);
}

/**
 * Built once per database and dropped when a year is entered. Keyed by the database, never global:
 * the test apps of one run share this module and each has its own database.
 */
const calendars = new WeakMap<Db, Promise<WorkCalendar>>();

/** The working-day calendar of every year entered, for the modules that count working days. */
export function loadWorkCalendar(ctx: Pick<AppContext, 'db'>): Promise<WorkCalendar> {
  let calendar = calendars.get(ctx.db);
  if (!calendar) {
    calendar = readCalendar(ctx.db);
    calendars.set(ctx.db, calendar);
    // A failed read is not kept: the next call tries again.
    calendar.catch(() => calendars.delete(ctx.db));
  }
  return calendar;
}

async function readCalendar(db: Db): Promise<WorkCalendar> {
  const [years, days] = await Promise.all([listCalendarYears(db), listCalendarDays(db)]);
  const byYear = new Map<number, CalendarDay[]>(years.map((y) => [y.year, []]));
  for (const { year, ...day } of days) byYear.get(year)?.push(day);
  return new WorkCalendar([...byYear].map(([year, list]) => ({ year, days: list })));
}

/** chinese-days' data: date → "English name,中文名,days". */
interface ChineseDays {
  holidays: Record<string, string>;
  workdays: Record<string, string>;
}

/** The years the chinese-days package publishes, as calendar years, its version in their source. */
export function publishedCalendarYears(): { year: number; source: string; days: CalendarDay[] }[] {
  const require = createRequire(import.meta.url);
  const data = require('chinese-days/dist/chinese-days.json') as ChineseDays;
  const { version } = require('chinese-days/package.json') as { version: string };
  const byYear = new Map<number, CalendarDay[]>();
  const add = (entries: Record<string, string>, kind: CalendarDayKind) => {
    for (const [date, label] of Object.entries(entries)) {
      const year = Number(date.slice(0, 4));
      const name = label.split(',')[1] ?? label;
      byYear.set(year, [...(byYear.get(year) ?? []), { date, kind, name }]);
    }
  };
  add(data.holidays, 'HOLIDAY');
  add(data.workdays, 'WORKDAY');
  return [...byYear]
    .map(([year, days]) => ({
      year,
      source: `国务院办公厅关于${year}年部分节假日安排的通知（chinese-days ${version}）`,
      days: days.sort((a, b) => (a.date < b.date ? -1 : 1)),
    }))
    .filter((y) => calendarYearProblems(y.year, y.days).length === 0)
    .sort((a, b) => a.year - b.year);
}

/**
 * Seeds the published years the table does not hold yet, at every start: a new package version
 * adds its new years, and a year the system admin entered (or a seeded one) is never overwritten.
 */
export async function seedWorkCalendar(db: Db, at: Date): Promise<number[]> {
  const present = new Set(await listCalendarYearNumbers(db));
  const missing = publishedCalendarYears().filter((y) => !present.has(y.year));
  if (!missing.length) return [];
  const added = await inTransaction(db, (tx) => insertMissingCalendarYears(tx, missing, at));
  calendars.delete(db);
  return added;
}
