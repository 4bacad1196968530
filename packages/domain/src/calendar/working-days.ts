import { weekdayOf, type CalendarDayKind, type WorkCalendarYear } from './calendar-contracts.js';

/**
 * An answer of the calendar, or the year it would need and does not hold. A year not entered is
 * never guessed from the weekdays: its notice moves days off and worked weekends, so a count over
 * it could be several days wrong without anyone noticing.
 */
export type CalendarAnswer<T> = { ok: true; value: T } | { ok: false; unenteredYear: number };

/** The date `n` days after `date` (negative: before), both `YYYY-MM-DD`. */
export function addCalendarDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The date in China (Asia/Shanghai, UTC+8 all year, no summer time) at an instant. */
export function chinaDate(at: Date): string {
  return new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

const yearOf = (date: string) => Number(date.slice(0, 4));

/** The working days of China over the years entered. */
export class WorkCalendar {
  private readonly exceptions = new Map<string, CalendarDayKind>();
  private readonly years = new Set<number>();

  constructor(years: readonly WorkCalendarYear[]) {
    for (const entry of years) {
      this.years.add(entry.year);
      for (const day of entry.days) this.exceptions.set(day.date, day.kind);
    }
  }

  hasYear(year: number): boolean {
    return this.years.has(year);
  }

  isWorkingDay(date: string): CalendarAnswer<boolean> {
    const year = yearOf(date);
    if (!this.years.has(year)) return { ok: false, unenteredYear: year };
    const kind = this.exceptions.get(date);
    if (kind) return { ok: true, value: kind === 'WORKDAY' };
    const weekday = weekdayOf(date);
    return { ok: true, value: weekday !== 0 && weekday !== 6 };
  }

  /** The `n`-th working day after `from` (`from` itself not counted); `from` when n is 0. */
  addWorkingDays(from: string, n: number): CalendarAnswer<string> {
    let date = from;
    for (let counted = 0; counted < n;) {
      date = addCalendarDays(date, 1);
      const working = this.isWorkingDay(date);
      if (!working.ok) return working;
      if (working.value) counted++;
    }
    return { ok: true, value: date };
  }

  /** Working days after `after` up to and including `through`; 0 when `through` is not later. */
  countWorkingDays(after: string, through: string): CalendarAnswer<number> {
    let count = 0;
    for (let date = addCalendarDays(after, 1); date <= through; date = addCalendarDays(date, 1)) {
      const working = this.isWorkingDay(date);
      if (!working.ok) return working;
      if (working.value) count++;
    }
    return { ok: true, value: count };
  }
}
