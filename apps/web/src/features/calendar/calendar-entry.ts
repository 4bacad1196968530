import { addCalendarDays, isCalendarDate, type CalendarDay, type CalendarDayKind } from '@drp/domain';

/** One row of the entry form: a run of days of one kind under one name. */
export interface DayRange {
  from: string;
  /** Empty: the one day `from`. */
  to: string;
  kind: CalendarDayKind;
  name: string;
}

/** The days of the rows, in date order; a row that is incomplete or backwards gives none. */
export function expandRanges(rows: readonly DayRange[]): CalendarDay[] {
  const days: CalendarDay[] = [];
  for (const row of rows) {
    const to = row.to || row.from;
    if (!isCalendarDate(row.from) || !isCalendarDate(to) || to < row.from || !row.name.trim()) continue;
    for (let date = row.from; date <= to; date = addCalendarDays(date, 1))
      days.push({ date, kind: row.kind, name: row.name.trim() });
  }
  return days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** Rows of days back from a year's days: consecutive days of one kind and name become one row. */
export function rangesOf(days: readonly CalendarDay[]): DayRange[] {
  const rows: DayRange[] = [];
  for (const day of [...days].sort((a, b) => (a.date < b.date ? -1 : 1))) {
    const last = rows.at(-1);
    if (
      last &&
      last.kind === day.kind &&
      last.name === day.name &&
      addCalendarDays(last.to || last.from, 1) === day.date
    )
      last.to = day.date;
    else rows.push({ from: day.date, to: '', kind: day.kind, name: day.name });
  }
  return rows.map((r) => (r.to === r.from ? { ...r, to: '' } : r));
}

const DATE = String.raw`(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?`;
const LINE = new RegExp(
  String.raw`^${DATE}(?:\s*(?:~|～|至|到|—|–|-{1,2})\s*${DATE})?[\s,，、]+(\S+)[\s,，、]+(.+?)\s*$`,
);
const KINDS: Record<string, CalendarDayKind> = {
  放假: 'HOLIDAY',
  休: 'HOLIDAY',
  休息: 'HOLIDAY',
  off: 'HOLIDAY',
  holiday: 'HOLIDAY',
  上班: 'WORKDAY',
  班: 'WORKDAY',
  调休上班: 'WORKDAY',
  work: 'WORKDAY',
  workday: 'WORKDAY',
};

const pad = (n: string) => n.padStart(2, '0');

/**
 * Rows from pasted text, one range a line, as a notice is usually retyped: "2027-02-06~2027-02-12
 * 放假 春节", "2027年2月20日 上班 春节", columns split by spaces, tabs or commas (a spreadsheet's).
 * Lines it cannot read are returned with their number, never silently dropped.
 */
export function parsePastedRanges(text: string): {
  rows: DayRange[];
  invalid: { line: number; text: string }[];
} {
  const rows: DayRange[] = [];
  const invalid: { line: number; text: string }[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    const m = LINE.exec(line);
    const kind = m ? KINDS[m[7]!.toLowerCase()] : undefined;
    const from = m ? `${m[1]}-${pad(m[2]!)}-${pad(m[3]!)}` : '';
    const to = m?.[4] ? `${m[4]}-${pad(m[5]!)}-${pad(m[6]!)}` : '';
    if (!m || !kind || !isCalendarDate(from) || (to && (!isCalendarDate(to) || to < from))) {
      invalid.push({ line: index + 1, text: line });
      return;
    }
    rows.push({ from, to: to === from ? '' : to, kind, name: m[8]! });
  });
  return { rows, invalid };
}
