import { describe, expect, it } from 'vitest';
import {
  OPINIONS_PAUSE_REASON,
  designReviewLimit,
  projectScale,
  reviewClock,
  surveyReviewLimit,
  type ClockEvent,
} from './review-clock.js';
import { calendar2025And2026 } from './calendar-test-notices.js';

const calendar = calendar2025And2026();
const start = (on: string): ClockEvent => ({ on, kind: 'START' });

describe('reviewClock', () => {
  it('does not count the day of acceptance (次日起算) and counts across the National Day week', () => {
    const events = [start('2025-09-26')];
    expect(reviewClock(events, 10, '2025-09-26', calendar)).toMatchObject({
      used: 0,
      left: 10,
      // 09-28 (a worked Sunday), 09-29, 09-30, then 10-09 … 10-16 with the worked Saturday 10-11.
      due: '2025-10-16',
      running: true,
      overdue: false,
      unenteredYear: null,
    });
    expect(reviewClock(events, 10, '2025-10-09', calendar)).toMatchObject({
      used: 4,
      left: 6,
      due: '2025-10-16',
    });
    expect(reviewClock(events, 10, '2025-10-16', calendar)).toMatchObject({
      used: 10,
      left: 0,
      overdue: false,
    });
    expect(reviewClock(events, 10, '2025-10-17', calendar)).toMatchObject({
      used: 11,
      left: 0,
      due: '2025-10-16',
      overdue: true,
    });
  });

  it('counts the day the documents go back, not the day they come back, and has no due date while paused', () => {
    const events: ClockEvent[] = [start('2025-09-26'), { on: '2025-09-30', kind: 'PAUSE' }];
    expect(reviewClock(events, 10, '2025-10-10', calendar)).toMatchObject({
      used: 3,
      left: 7,
      due: null,
      running: false,
      paused: true,
    });
    const resumed: ClockEvent[] = [...events, { on: '2025-10-13', kind: 'RESUME' }];
    expect(reviewClock(resumed, 10, '2025-10-13', calendar)).toMatchObject({
      used: 3,
      running: true,
      paused: false,
    });
    // 10-14 is the fourth; six more: 10-15, 16, 17, 20, 21, 22.
    expect(reviewClock(resumed, 10, '2025-10-14', calendar)).toMatchObject({ used: 4, due: '2025-10-22' });
  });

  it('counts each review round apart, a forwarded report ending one, and the applicant’s days apart from all (issue 20)', () => {
    const events: ClockEvent[] = [
      start('2025-09-26'),
      // Round 1's report is forwarded: the units answer; that day is still the agency's.
      { on: '2025-09-30', kind: 'PAUSE', reason: OPINIONS_PAUSE_REASON },
      // The revised drawings are accepted: round 2.
      { on: '2025-10-13', kind: 'RESUME', reason: '受理' },
    ];
    // Round 1: 09-28 (worked Sunday), 29, 30. The applicant: 10-09, 10, 11 (worked Saturday), 13.
    expect(reviewClock(events, 10, '2025-10-15', calendar)).toMatchObject({
      used: 5,
      rounds: [3, 2],
      applicantDays: 4,
    });
    // Materials returned within round 2 and back: the same round goes on; 10-16 and 17 are the applicant's.
    const returned: ClockEvent[] = [
      ...events,
      { on: '2025-10-15', kind: 'PAUSE', reason: '退回修改' },
      { on: '2025-10-17', kind: 'RESUME', reason: '受理' },
    ];
    expect(reviewClock(returned, 10, '2025-10-20', calendar)).toMatchObject({
      used: 6,
      rounds: [3, 3],
      applicantDays: 6,
    });
    // Waiting for answers after round 1: one round so far; before the start, none.
    expect(reviewClock(events.slice(0, 2), 10, '2025-10-10', calendar).rounds).toEqual([3]);
    expect(reviewClock([], 10, '2025-10-10', calendar).rounds).toEqual([]);
  });

  it('stops counting when review ends, the last day counted', () => {
    const events: ClockEvent[] = [start('2025-09-01'), { on: '2025-09-03', kind: 'STOP' }];
    expect(reviewClock(events, 5, '2025-09-30', calendar)).toMatchObject({
      used: 2,
      left: 3,
      due: null,
      running: false,
      stopped: true,
    });
  });

  it('flags the year not entered instead of computing a due date on weekdays', () => {
    const events = [start('2026-12-20')];
    expect(reviewClock(events, 10, '2026-12-21', calendar)).toMatchObject({
      used: 1,
      left: 9,
      due: null,
      running: true,
      unenteredYear: 2027,
    });
    expect(reviewClock(events, 5, '2026-12-21', calendar)).toMatchObject({
      due: '2026-12-25',
      unenteredYear: null,
    });
    expect(reviewClock(events, 10, '2027-01-10', calendar)).toMatchObject({
      used: 9,
      due: null,
      unenteredYear: 2027,
    });
  });

  it('has not started before acceptance', () => {
    expect(reviewClock([], 15, '2025-10-09', calendar)).toEqual({
      limit: 15,
      used: 0,
      left: 15,
      due: null,
      running: false,
      paused: false,
      stopped: false,
      overdue: false,
      unenteredYear: null,
      rounds: [],
      applicantDays: 0,
    });
  });
});

describe('the legal limits', () => {
  it('sizes a project by its largest building (建市〔2007〕86号 scale table)', () => {
    expect(projectScale([])).toBe('SMALL');
    expect(projectScale([{ height: 24, floorArea: 5_000 }])).toBe('SMALL');
    expect(projectScale([{ height: 24.1, floorArea: 800 }])).toBe('MEDIUM');
    expect(projectScale([{ height: 10, floorArea: 5_001 }])).toBe('MEDIUM');
    expect(projectScale([{ height: 50, floorArea: 20_000 }])).toBe('MEDIUM');
    expect(
      projectScale([
        { height: 12, floorArea: 900 },
        { height: 50.5, floorArea: 9_000 },
      ]),
    ).toBe('LARGE');
    expect(projectScale([{ height: 12, floorArea: 20_001 }])).toBe('LARGE');
  });

  it('gives 15 working days to large projects, 10 to others, 7 to grade A surveys and 5 to others', () => {
    expect([designReviewLimit('LARGE'), designReviewLimit('MEDIUM'), designReviewLimit('SMALL')]).toEqual([
      15, 10, 10,
    ]);
    expect([surveyReviewLimit('A'), surveyReviewLimit('B'), surveyReviewLimit('C')]).toEqual([7, 5, 5]);
  });
});
