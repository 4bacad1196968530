import type { CalendarDay } from './calendar-contracts.js';
import { WorkCalendar } from './working-days.js';

/** Parts of two real notices, for the tests of this folder (the server tests use the seeded table). */
/** 国办发明电〔2024〕12号 (2025): National Day and Mid-Autumn, Oct 1–8 off, Sep 28 and Oct 11 worked. */
export const NOTICE_2025: CalendarDay[] = [
  { date: '2025-01-01', kind: 'HOLIDAY', name: '元旦' },
  { date: '2025-09-28', kind: 'WORKDAY', name: '国庆节、中秋节' },
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((d) => ({
    date: `2025-10-0${d}`,
    kind: 'HOLIDAY' as const,
    name: '国庆节、中秋节',
  })),
  { date: '2025-10-11', kind: 'WORKDAY', name: '国庆节、中秋节' },
];
export const NOTICE_2026: CalendarDay[] = [
  { date: '2026-01-01', kind: 'HOLIDAY', name: '元旦' },
  { date: '2026-01-02', kind: 'HOLIDAY', name: '元旦' },
  { date: '2026-01-03', kind: 'HOLIDAY', name: '元旦' },
  { date: '2026-01-04', kind: 'WORKDAY', name: '元旦' },
];
export const calendar2025And2026 = () =>
  new WorkCalendar([
    { year: 2025, days: NOTICE_2025 },
    { year: 2026, days: NOTICE_2026 },
  ]);
