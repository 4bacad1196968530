import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CalendarDayKind, ClockEventKind, ReviewTrack } from '@drp/domain';
import { accounts } from './accounts.js';
import { projects } from './projects.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The years of China's working-day calendar that are known (issue 19). A year absent here is not
 * guessed: a count that reaches it says so. Seeded years (entered_by null) come from the
 * chinese-days package at start; a year the system admin entered is never overwritten by the seed.
 */
export const workCalendarYears = pgTable('work_calendar_years', {
  year: integer('year').primaryKey(),
  /** The State Council notice the days follow. */
  source: text('source').notNull(),
  enteredAt: at('entered_at').notNull().defaultNow(),
  enteredBy: uuid('entered_by').references(() => accounts.id),
});

/** The exceptions of the notice; plain weekdays and weekends are not stored. */
export const workCalendarDays = pgTable(
  'work_calendar_days',
  {
    date: date('date', { mode: 'string' }).primaryKey(),
    year: integer('year')
      .notNull()
      .references(() => workCalendarYears.year, { onDelete: 'cascade' }),
    kind: text('kind').$type<CalendarDayKind>().notNull(),
    name: text('name').notNull(),
  },
  (t) => [
    index('work_calendar_days_year_idx').on(t.year),
    check('work_calendar_days_kind_check', sql`${t.kind} in ('HOLIDAY', 'WORKDAY')`),
  ],
);

/**
 * What moved an application's review clock (住建部令第13号 art. 12): acceptance starts it, a
 * return to the applicant pauses it, acceptance of the resubmission resumes it. The state is
 * always worked out from these rows and the calendar, so a year entered later corrects every clock.
 */
export const reviewClockEvents = pgTable(
  'review_clock_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    track: text('track').$type<ReviewTrack>().notNull(),
    /** The China date the event counts on. */
    on: date('on', { mode: 'string' }).notNull(),
    kind: text('kind').$type<ClockEventKind>().notNull(),
    reason: text('reason').notNull().default(''),
    at: at('at').notNull().defaultNow(),
    byAccountId: uuid('by_account_id').references(() => accounts.id),
  },
  (t) => [
    index('review_clock_events_project_idx').on(t.projectId, t.track, t.at),
    check('review_clock_events_track_check', sql`${t.track} in ('DESIGN', 'SURVEY')`),
    check('review_clock_events_kind_check', sql`${t.kind} in ('START', 'PAUSE', 'RESUME', 'STOP')`),
  ],
);
