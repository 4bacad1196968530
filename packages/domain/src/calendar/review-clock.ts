import type { SurveyGrade } from '../survey-infos/survey-info-contracts.js';
import type { ClockEventKind, ClockState, ProjectScale } from './calendar-contracts.js';
import { addCalendarDays, type WorkCalendar } from './working-days.js';

/**
 * The review clock of 住建部令第13号《房屋建筑和市政基础设施工程施工图设计文件审查管理办法》 art. 12:
 * review takes at most 15 working days for large projects and 10 for medium and small ones; survey
 * documents 7 for grade 甲 and 5 otherwise; "以上时限不包括施工图修改时间", so the clock stands still
 * while the documents are with the applicant.
 */
export const REVIEW_LIMITS = {
  design: { LARGE: 15, MEDIUM: 10, SMALL: 10 },
  survey: { A: 7, B: 5, C: 5 },
} as const satisfies { design: Record<ProjectScale, number>; survey: Record<SurveyGrade, number> };

export const designReviewLimit = (scale: ProjectScale): number => REVIEW_LIMITS.design[scale];
export const surveyReviewLimit = (grade: SurveyGrade): number => REVIEW_LIMITS.survey[grade];

/**
 * The scale of a building project by 建设部《工程设计资质标准》(建市〔2007〕86号) 附件3-21
 * 建筑行业（建筑工程）建设项目设计规模划分表, for general public and residential buildings: 大型 a single
 * building over 20 000 m² or over 50 m high; 中型 over 5 000 m² or over 24 m; otherwise 小型. The
 * largest building decides. An application without buildings yet is small: acceptance needs them,
 * and the limit is read again whenever the clock is.
 */
export function projectScale(buildings: readonly { height: number; floorArea: number }[]): ProjectScale {
  let scale: ProjectScale = 'SMALL';
  for (const { height, floorArea } of buildings) {
    if (floorArea > 20_000 || height > 50) return 'LARGE';
    if (floorArea > 5_000 || height > 24) scale = 'MEDIUM';
  }
  return scale;
}

export interface ClockEvent {
  /** The China date of the event. */
  on: string;
  kind: ClockEventKind;
  /** Why: a pause for a round's opinions (OPINIONS_PAUSE_REASON) ends that round (issue 20). */
  reason?: string;
}

/**
 * The reason of the pause a forwarded opinion report makes: it ends a review round, and the next
 * acceptance (the revised drawings) begins the next. Other pauses (materials returned) do not.
 */
export const OPINIONS_PAUSE_REASON = '意见告知';

type Phase = 'IDLE' | 'RUNNING' | 'PAUSED' | 'STOPPED';

function next(phase: Phase, kind: ClockEventKind): Phase {
  // An event that does not fit (a second START, a RESUME while running, anything after STOP)
  // changes nothing: the clock follows the hand-over, which may repeat a step.
  if (phase === 'STOPPED') return phase;
  if (kind === 'START') return phase === 'IDLE' ? 'RUNNING' : phase;
  if (kind === 'PAUSE') return phase === 'RUNNING' ? 'PAUSED' : phase;
  if (kind === 'RESUME') return phase === 'PAUSED' ? 'RUNNING' : phase;
  return phase === 'IDLE' ? phase : 'STOPPED';
}

/**
 * The clock on `today` (a China date). Counting rule: a working day counts when the clock was
 * running at its start. So the day of acceptance does not count (the count starts the next working
 * day, 次日起算), the day the documents go back to the applicant counts (the agency held them that
 * morning), the day they come back does not, and the day review ends counts. `used` counts the
 * working days up to and including today; `due` is the day the limit is used up if the clock runs
 * on without another pause, so it is null while paused (unless the limit was already used up).
 * A year the count needs that the calendar lacks is named in `unenteredYear`, and what depends on
 * it is left out: `due` is null, `used` counts up to that year.
 */
export function reviewClock(
  events: readonly ClockEvent[],
  limit: number,
  today: string,
  calendar: WorkCalendar,
): ClockState {
  const sorted = events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => (a.event.on === b.event.on ? a.index - b.index : a.event.on < b.event.on ? -1 : 1))
    .map(({ event }) => event);

  // Widened: the closure below moves it, which narrowing does not see.
  let phase = 'IDLE' as Phase;
  let i = 0;
  /**
   * The review round running days count to (0-based): a resumption after a forwarded report's
   * pause begins the next one; one after materials were returned goes on with the same.
   */
  let round = 0;
  let begun = 0;
  let answering = false;
  const advanceThrough = (date: string) => {
    while (i < sorted.length && sorted[i]!.on <= date) {
      const event = sorted[i++]!;
      const before = phase;
      phase = next(phase, event.kind);
      if (before === 'IDLE' && phase === 'RUNNING') begun = 1;
      if (before === 'RUNNING' && phase === 'PAUSED') answering = event.reason === OPINIONS_PAUSE_REASON;
      if (before === 'PAUSED' && phase === 'RUNNING' && answering) {
        round++;
        begun++;
        answering = false;
      }
    }
  };
  const rounds: number[] = [];
  let applicantDays = 0;

  const first = sorted.find((e) => e.kind === 'START');
  let used = 0;
  let due: string | null = null;
  let unenteredYear: number | null = null;

  if (first) {
    advanceThrough(first.on);
    for (let date = addCalendarDays(first.on, 1); date <= today && phase !== 'STOPPED';) {
      if (phase === 'RUNNING') {
        const working = calendar.isWorkingDay(date);
        if (!working.ok) {
          unenteredYear = working.unenteredYear;
          break;
        }
        if (working.value) {
          rounds[round] = (rounds[round] ?? 0) + 1;
          if (++used === limit) due = date;
        }
      } else if (phase === 'PAUSED') {
        // 施工图修改时间: the applicant's, counted apart and never against the limit.
        const working = calendar.isWorkingDay(date);
        if (!working.ok) {
          unenteredYear = working.unenteredYear;
          break;
        }
        if (working.value) applicantDays++;
      }
      advanceThrough(date);
      date = addCalendarDays(date, 1);
    }
    if (unenteredYear === null && phase === 'RUNNING' && used < limit) {
      const ahead = calendar.addWorkingDays(today, limit - used);
      if (ahead.ok) due = ahead.value;
      else unenteredYear = ahead.unenteredYear;
    }
  }

  advanceThrough(today);
  return {
    limit,
    used,
    left: Math.max(0, limit - used),
    due: unenteredYear === null || (due !== null && due <= today) ? due : null,
    running: phase === 'RUNNING',
    paused: phase === 'PAUSED',
    stopped: phase === 'STOPPED',
    overdue: used > limit,
    unenteredYear,
    // Every round begun, also one not yet counting a day (a round accepted today).
    rounds: Array.from({ length: begun }, (_, k) => rounds[k] ?? 0),
    applicantDays,
  };
}
