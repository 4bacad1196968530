import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CalendarDay, ClockEventKind, ReviewTrack } from '@drp/domain';
import type { Db } from '../../db/database.js';
import { accounts } from '../../db/schema/accounts.js';
import { buildings } from '../../db/schema/buildings.js';
import { reviewClockEvents, workCalendarDays, workCalendarYears } from '../../db/schema/calendar.js';
import { surveyInfos } from '../../db/schema/survey-infos.js';

export type CalendarYearRow = typeof workCalendarYears.$inferSelect & {
  enteredByName: string | null;
  holidays: number;
  workdays: number;
};

const dayCount = (kind: string) =>
  sql<number>`(select count(*)::int from ${workCalendarDays} d where d.year = ${workCalendarYears.year} and d.kind = ${kind})`;

const yearColumns = {
  year: workCalendarYears.year,
  source: workCalendarYears.source,
  enteredAt: workCalendarYears.enteredAt,
  enteredBy: workCalendarYears.enteredBy,
  enteredByName: accounts.name,
  holidays: dayCount('HOLIDAY'),
  workdays: dayCount('WORKDAY'),
};

export async function listCalendarYears(db: Db): Promise<CalendarYearRow[]> {
  return db
    .select(yearColumns)
    .from(workCalendarYears)
    .leftJoin(accounts, eq(accounts.id, workCalendarYears.enteredBy))
    .orderBy(asc(workCalendarYears.year));
}

export async function findCalendarYear(db: Db, year: number): Promise<CalendarYearRow | undefined> {
  const [row] = await db
    .select(yearColumns)
    .from(workCalendarYears)
    .leftJoin(accounts, eq(accounts.id, workCalendarYears.enteredBy))
    .where(eq(workCalendarYears.year, year));
  return row;
}

export async function listCalendarDays(db: Db, year?: number) {
  return db
    .select({
      year: workCalendarDays.year,
      date: workCalendarDays.date,
      kind: workCalendarDays.kind,
      name: workCalendarDays.name,
    })
    .from(workCalendarDays)
    .where(year === undefined ? undefined : eq(workCalendarDays.year, year))
    .orderBy(asc(workCalendarDays.date));
}

export async function listCalendarYearNumbers(db: Db): Promise<number[]> {
  const rows = await db.select({ year: workCalendarYears.year }).from(workCalendarYears);
  return rows.map((r) => r.year);
}

/** Replaces a year's notice whole: its days are exactly the ones given. */
export async function replaceCalendarYear(
  db: Db,
  entry: {
    year: number;
    source: string;
    enteredAt: Date;
    enteredBy: string | null;
    days: readonly CalendarDay[];
  },
) {
  await db
    .insert(workCalendarYears)
    .values({
      year: entry.year,
      source: entry.source,
      enteredAt: entry.enteredAt,
      enteredBy: entry.enteredBy,
    })
    .onConflictDoUpdate({
      target: workCalendarYears.year,
      set: { source: entry.source, enteredAt: entry.enteredAt, enteredBy: entry.enteredBy },
    });
  await db.delete(workCalendarDays).where(eq(workCalendarDays.year, entry.year));
  if (entry.days.length)
    await db.insert(workCalendarDays).values(entry.days.map((d) => ({ ...d, year: entry.year })));
}

/** Seeds years the table does not hold; a year already there (seeded or entered) is left alone. */
export async function insertMissingCalendarYears(
  db: Db,
  years: readonly { year: number; source: string; days: readonly CalendarDay[] }[],
  at: Date,
): Promise<number[]> {
  if (!years.length) return [];
  const inserted = await db
    .insert(workCalendarYears)
    .values(years.map((y) => ({ year: y.year, source: y.source, enteredAt: at, enteredBy: null })))
    .onConflictDoNothing()
    .returning({ year: workCalendarYears.year });
  const fresh = new Set(inserted.map((r) => r.year));
  const days = years
    .filter((y) => fresh.has(y.year))
    .flatMap((y) => y.days.map((d) => ({ ...d, year: y.year })));
  if (days.length) await db.insert(workCalendarDays).values(days).onConflictDoNothing();
  return [...fresh];
}

// ---- the review clock ----

export async function insertClockEvent(
  db: Db,
  event: {
    projectId: string;
    track: ReviewTrack;
    on: string;
    kind: ClockEventKind;
    reason: string;
    at: Date;
    by: string | null;
  },
) {
  await db.insert(reviewClockEvents).values({
    projectId: event.projectId,
    track: event.track,
    on: event.on,
    kind: event.kind,
    reason: event.reason,
    at: event.at,
    byAccountId: event.by,
  });
}

/** The clock's events of an application in the order they happened. */
export async function listClockEvents(db: Db, projectId: string, track?: ReviewTrack) {
  return db
    .select({
      track: reviewClockEvents.track,
      on: reviewClockEvents.on,
      kind: reviewClockEvents.kind,
      reason: reviewClockEvents.reason,
    })
    .from(reviewClockEvents)
    .where(
      track === undefined
        ? eq(reviewClockEvents.projectId, projectId)
        : and(eq(reviewClockEvents.projectId, projectId), eq(reviewClockEvents.track, track)),
    )
    .orderBy(asc(reviewClockEvents.at), asc(reviewClockEvents.id));
}

/** What the legal limits follow: the buildings' size, and the survey grades of the survey units. */
export async function readClockBasis(db: Db, projectId: string, surveyOrgIds: readonly string[]) {
  const sizes = await db
    .select({ height: buildings.height, floorArea: buildings.floorArea })
    .from(buildings)
    .where(eq(buildings.projectId, projectId));
  const grades = surveyOrgIds.length
    ? await db
        .select({ grade: surveyInfos.surveyGrade })
        .from(surveyInfos)
        .where(and(eq(surveyInfos.projectId, projectId), inArray(surveyInfos.orgId, [...surveyOrgIds])))
    : [];
  return { sizes, grades: grades.map((g) => g.grade) };
}
