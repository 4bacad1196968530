import {
  SURVEY_GRADES,
  chinaDate,
  designReviewLimit,
  projectScale,
  reviewClock,
  surveyReviewLimit,
  type ClockEventKind,
  type PrincipalMember,
  type ReviewClocks,
  type ReviewTrack,
  type SurveyGrade,
} from '@drp/domain';
import type { Db } from '../../db/database.js';
import type { AppContext } from '../../lib/app-context.js';
import { openProject } from '../project-access/project-access.service.js';
import { insertClockEvent, listClockEvents, readClockBasis } from './calendar.repository.js';
import { loadWorkCalendar } from './calendar.service.js';

const TRACKS: readonly ReviewTrack[] = ['DESIGN', 'SURVEY'];

export interface ClockEventInput {
  projectId: string;
  track: ReviewTrack;
  kind: ClockEventKind;
  reason?: string;
  /** When it happened; it counts on this instant's date in China. */
  at: Date;
  by: string | null;
}

/** Writes one event of an application's review clock, in the caller's transaction. */
export async function recordClockEvent(tx: Db, event: ClockEventInput) {
  await insertClockEvent(tx, {
    projectId: event.projectId,
    track: event.track,
    on: chinaDate(event.at),
    kind: event.kind,
    reason: event.reason ?? '',
    at: event.at,
    by: event.by,
  });
}

/** What a step of the hand-over does to one track's clock, given the track's last event. */
async function moveClocks(
  tx: Db,
  input: { projectId: string; at: Date; by: string | null; reason: string },
  step: (last: ClockEventKind | undefined) => ClockEventKind | undefined,
) {
  const events = await listClockEvents(tx, input.projectId);
  for (const track of TRACKS) {
    const kind = step(events.filter((e) => e.track === track).at(-1)?.kind);
    if (kind) await recordClockEvent(tx, { ...input, track, kind });
  }
}

/**
 * The agency accepts the documents: the clocks start, or resume when they had been paused by a
 * return (the resubmission is accepted). A clock already running or stopped is left as it is.
 */
export function startReviewClocks(tx: Db, input: { projectId: string; at: Date; by: string | null }) {
  return moveClocks(tx, { ...input, reason: '受理' }, (last) =>
    last === undefined ? 'START' : last === 'PAUSE' ? 'RESUME' : undefined,
  );
}

/**
 * The application goes back to the applicant (accepted documents returned, or a round's opinions
 * forwarded for answers): the running clocks pause until the next acceptance resumes them.
 */
export function pauseReviewClocks(
  tx: Db,
  input: { projectId: string; at: Date; by: string | null; reason?: string },
) {
  return moveClocks(tx, { ...input, reason: input.reason ?? '退回修改' }, (last) =>
    last === 'START' || last === 'RESUME' ? 'PAUSE' : undefined,
  );
}

/** The review passed (issue 20): the clocks stop for good, running or paused. */
export function stopReviewClocks(tx: Db, input: { projectId: string; at: Date; by: string | null; reason: string }) {
  return moveClocks(tx, input, (last) => (last !== undefined && last !== 'STOP' ? 'STOP' : undefined));
}

/** 甲 before 乙 before 丙: with several survey units the strictest limit applies. */
const GRADE_ORDER = Object.keys(SURVEY_GRADES) as SurveyGrade[];

/**
 * The review clocks of an application as every party sees them: the design review always, the
 * survey review when the application names a survey unit. Limits follow the buildings' scale and
 * the survey grade as they are now, so a building added later moves the limit for everyone alike.
 */
export async function readReviewClock(
  ctx: AppContext,
  input: { member: PrincipalMember; projectId: string },
): Promise<ReviewClocks> {
  const open = await openProject(ctx.db, input.member, input.projectId, { action: 'project.view' });
  const surveyUnits = open.parties.filter((p) => p.role === 'SURVEY').map((p) => p.orgId);
  const [basis, events, calendar] = await Promise.all([
    readClockBasis(ctx.db, input.projectId, surveyUnits),
    listClockEvents(ctx.db, input.projectId),
    loadWorkCalendar(ctx),
  ]);
  const today = chinaDate(ctx.clock());
  const trackOf = (track: ReviewTrack, limit: number, basisText: string) => {
    const own = events.filter((e) => e.track === track);
    return {
      track,
      startedOn: own.find((e) => e.kind === 'START')?.on ?? null,
      basis: basisText,
      ...reviewClock(own, limit, today, calendar),
    };
  };
  const scale = projectScale(basis.sizes);
  const grade = GRADE_ORDER.find((g) => basis.grades.includes(g));
  return {
    design: trackOf('DESIGN', designReviewLimit(scale), scale),
    survey: surveyUnits.length ? trackOf('SURVEY', surveyReviewLimit(grade ?? 'B'), grade ?? '') : null,
  };
}
