import { z } from 'zod';
import type { Locale } from '../errors/error-codes.js';

/**
 * The working-day calendar (issue 19): review limits are counted in working days, and which days
 * are worked in China is decided each year by the State Council's notice (国务院办公厅关于某年部分节假日
 * 安排的通知), not by the weekday. A year holds only the notice's exceptions: HOLIDAY, a day off
 * (weekend days inside a holiday week included, as the notice lists them); WORKDAY, a Saturday or
 * Sunday that is worked (调休上班). Every other day is a weekday or a weekend day by the week.
 */

type Texts = Record<Locale, string>;

export const CALENDAR_DAY_KINDS = {
  HOLIDAY: { 'zh-CN': '放假', 'en-US': 'Day off' },
  WORKDAY: { 'zh-CN': '调休上班', 'en-US': 'Adjusted working day' },
} as const satisfies Record<string, Texts>;
export type CalendarDayKind = keyof typeof CALENDAR_DAY_KINDS;
export const CALENDAR_DAY_KIND_KEYS = Object.keys(CALENDAR_DAY_KINDS) as [
  CalendarDayKind,
  ...CalendarDayKind[],
];

export const CALENDAR_LIMITS = {
  yearMin: 2000,
  yearMax: 2100,
  nameMax: 40,
  sourceMax: 200,
  /** A notice lists about 30 days; a year has 366 at most. */
  daysMax: 366,
} as const;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `YYYY-MM-DD` names a real day of the Gregorian calendar. */
export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A day of China's calendar, `YYYY-MM-DD`, with no time and no zone. */
export const calendarDate = z.string().refine(isCalendarDate, { message: 'a date as YYYY-MM-DD' });

export const calendarYearNumber = z.coerce
  .number()
  .int()
  .min(CALENDAR_LIMITS.yearMin)
  .max(CALENDAR_LIMITS.yearMax);

export const calendarDay = z.object({
  date: calendarDate,
  kind: z.enum(CALENDAR_DAY_KIND_KEYS),
  name: z.string().trim().min(1).max(CALENDAR_LIMITS.nameMax),
});
export type CalendarDay = z.infer<typeof calendarDay>;

/** A year's notice as the system admin enters it: the notice's title and its days. */
export const calendarYearEntry = z.object({
  source: z.string().trim().min(1).max(CALENDAR_LIMITS.sourceMax),
  days: z.array(calendarDay).max(CALENDAR_LIMITS.daysMax),
});
export type CalendarYearEntry = z.infer<typeof calendarYearEntry>;

/** A year as the calendar holds it. */
export interface WorkCalendarYear {
  year: number;
  days: readonly CalendarDay[];
}

const enteredBy = z.object({ id: z.uuid(), name: z.string() }).nullable();

export const calendarYearSummary = z.object({
  year: z.number().int(),
  source: z.string(),
  holidays: z.number().int(),
  workdays: z.number().int(),
  enteredAt: z.string(),
  /** Null for a year seeded from the published data (the chinese-days package). */
  enteredBy,
  seeded: z.boolean(),
});
export type CalendarYearSummary = z.infer<typeof calendarYearSummary>;

export const calendarYearList = z.object({ items: z.array(calendarYearSummary) });
export type CalendarYearList = z.infer<typeof calendarYearList>;

export const calendarYearDetail = calendarYearSummary.extend({ days: z.array(calendarDay) });
export type CalendarYearDetail = z.infer<typeof calendarYearDetail>;

/** Why an entered year is refused; each is an error code with zh-CN and en-US text. */
export type CalendarYearProblem =
  | { code: 'CALENDAR_DAY_OUTSIDE_YEAR'; date: string }
  | { code: 'CALENDAR_DAY_DUPLICATE'; date: string }
  | { code: 'CALENDAR_WORKDAY_NOT_WEEKEND'; date: string }
  | { code: 'CALENDAR_YEAR_EMPTY' };

/** Day of the week of a calendar date: 0 Sunday … 6 Saturday. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/**
 * What is wrong with a year's days: each date in the year and once only, a worked day on a
 * Saturday or Sunday (a weekday is worked anyway), and at least one day off (every notice since
 * 1999 gives some; an empty year is a mistake, not a year without holidays).
 */
export function calendarYearProblems(year: number, days: readonly CalendarDay[]): CalendarYearProblem[] {
  const problems: CalendarYearProblem[] = [];
  const seen = new Set<string>();
  for (const day of days) {
    if (!day.date.startsWith(`${year}-`))
      problems.push({ code: 'CALENDAR_DAY_OUTSIDE_YEAR', date: day.date });
    else if (seen.has(day.date)) problems.push({ code: 'CALENDAR_DAY_DUPLICATE', date: day.date });
    else if (day.kind === 'WORKDAY' && ![0, 6].includes(weekdayOf(day.date)))
      problems.push({ code: 'CALENDAR_WORKDAY_NOT_WEEKEND', date: day.date });
    seen.add(day.date);
  }
  if (!days.some((d) => d.kind === 'HOLIDAY')) problems.push({ code: 'CALENDAR_YEAR_EMPTY' });
  return problems;
}

// ---- the review clock ----

export const REVIEW_TRACKS = {
  DESIGN: { 'zh-CN': '施工图审查', 'en-US': 'Design review' },
  SURVEY: { 'zh-CN': '勘察文件审查', 'en-US': 'Survey review' },
} as const satisfies Record<string, Texts>;
export type ReviewTrack = keyof typeof REVIEW_TRACKS;
export const REVIEW_TRACK_KEYS = Object.keys(REVIEW_TRACKS) as [ReviewTrack, ...ReviewTrack[]];

export const CLOCK_EVENT_KINDS = {
  START: { 'zh-CN': '受理，开始计时', 'en-US': 'Accepted, clock started' },
  PAUSE: { 'zh-CN': '退回申请人，暂停计时', 'en-US': 'Returned to the applicant, clock paused' },
  RESUME: { 'zh-CN': '重新受理，恢复计时', 'en-US': 'Accepted again, clock resumed' },
  STOP: { 'zh-CN': '审查完成，停止计时', 'en-US': 'Review finished, clock stopped' },
} as const satisfies Record<string, Texts>;
export type ClockEventKind = keyof typeof CLOCK_EVENT_KINDS;
export const CLOCK_EVENT_KIND_KEYS = Object.keys(CLOCK_EVENT_KINDS) as [ClockEventKind, ...ClockEventKind[]];

export const PROJECT_SCALES = {
  LARGE: { 'zh-CN': '大型', 'en-US': 'Large' },
  MEDIUM: { 'zh-CN': '中型', 'en-US': 'Medium' },
  SMALL: { 'zh-CN': '小型', 'en-US': 'Small' },
} as const satisfies Record<string, Texts>;
export type ProjectScale = keyof typeof PROJECT_SCALES;

export const clockState = z.object({
  limit: z.number().int(),
  used: z.number().int(),
  left: z.number().int(),
  /** The last working day of the limit; null while paused, before the start, or when unknown. */
  due: z.string().nullable(),
  running: z.boolean(),
  paused: z.boolean(),
  stopped: z.boolean(),
  overdue: z.boolean(),
  /** A year the count needs that the calendar does not hold; nothing above is then certain. */
  unenteredYear: z.number().int().nullable(),
  /**
   * Working days used in each review round (issue 20): round 1 first, the one under way last; a
   * round ends when its opinion report is forwarded. They add up to `used`.
   */
  rounds: z.array(z.number().int()),
  /** Working days the application spent with the applicant (修改时间), not counted against the limit. */
  applicantDays: z.number().int(),
});
export type ClockState = z.infer<typeof clockState>;

export const reviewClockTrack = clockState.extend({
  track: z.enum(REVIEW_TRACK_KEYS),
  startedOn: z.string().nullable(),
  /** What the limit follows: the project's scale (design) or the survey grade (survey). */
  basis: z.string(),
});
export type ReviewClockTrack = z.infer<typeof reviewClockTrack>;

/** An application's review clocks, as every party reads them. */
export const reviewClocks = z.object({
  design: reviewClockTrack,
  survey: reviewClockTrack.nullable(),
});
export type ReviewClocks = z.infer<typeof reviewClocks>;
