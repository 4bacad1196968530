import { z } from 'zod';
import type { Locale } from '../errors/error-codes.js';

/**
 * Review missions (审查任务), domain.md step 4: the agency's director (or admin) gives one reviewer
 * one specialty of one building for the round under review (the accepted document version), with
 * an optional checker (校对/审核) and a due day. The reviewer submits; the checker or a director
 * accepts it or returns it with a reason. Opinions (next issue) hang off a mission.
 */

type Texts = Record<Locale, string>;

/** Where one mission stands. DONE: the checker accepted it. */
export const MISSION_STATUSES = {
  ASSIGNED: { 'zh-CN': '待审查', 'en-US': 'To review' },
  SUBMITTED: { 'zh-CN': '待校审', 'en-US': 'To check' },
  RETURNED: { 'zh-CN': '退回修改', 'en-US': 'Returned' },
  DONE: { 'zh-CN': '已完成', 'en-US': 'Done' },
} as const satisfies Record<string, Texts>;
export type MissionStatus = keyof typeof MISSION_STATUSES;
export const MISSION_STATUS_KEYS = Object.keys(MISSION_STATUSES) as [MissionStatus, ...MissionStatus[]];

/** The reviewer works on it: assigned, or returned for changes. */
export const missionOpen = (status: MissionStatus) => status === 'ASSIGNED' || status === 'RETURNED';

/** What the history of a mission records. */
export const MISSION_EVENTS = {
  ASSIGN: { 'zh-CN': '分派', 'en-US': 'Assigned' },
  SUBMIT: { 'zh-CN': '提交校审', 'en-US': 'Submitted for checking' },
  RETURN: { 'zh-CN': '退回修改', 'en-US': 'Returned' },
  ACCEPT: { 'zh-CN': '校审通过', 'en-US': 'Accepted' },
} as const satisfies Record<string, Texts>;
export type MissionEvent = keyof typeof MISSION_EVENTS;
export const MISSION_EVENT_KEYS = Object.keys(MISSION_EVENTS) as [MissionEvent, ...MissionEvent[]];

export const MISSION_LIMITS = {
  /** Cells one save may carry: 50 buildings × 12 specialties and some room. */
  cellsMax: 1000,
  reasonMax: 500,
} as const;

const person = z.object({ accountId: z.uuid(), name: z.string() });
export type MissionPerson = z.infer<typeof person>;

/**
 * One cell of the grid: one building × one specialty of the round. `missionId` null: nobody is
 * assigned yet (revision 0). `overdue`: the due day has passed and it is not done.
 */
export const missionCell = z.object({
  buildingId: z.uuid(),
  specialty: z.string(),
  missionId: z.uuid().nullable(),
  reviewer: person.nullable(),
  checker: person.nullable(),
  status: z.enum(MISSION_STATUS_KEYS).nullable(),
  deadline: z.iso.date().nullable(),
  overdue: z.boolean(),
  revision: z.number().int().nonnegative(),
});
export type MissionCell = z.infer<typeof missionCell>;

/** A member of the agency who may be given missions: their specialties and open missions. */
export const missionCandidate = z.object({
  accountId: z.uuid(),
  name: z.string(),
  specialties: z.array(z.string()),
  /** Directors and admins check any specialty. */
  director: z.boolean(),
  /** Missions not yet done, across the agency's applications: the workload the proposal spreads. */
  openMissions: z.number().int().nonnegative(),
});
export type MissionCandidate = z.infer<typeof missionCandidate>;

/** The round's grid: rows are the confirmed buildings, columns the specialties. */
export const missionGrid = z.object({
  /** The round: the accepted version; null before the agency accepted any. */
  round: z.object({ versionId: z.uuid(), number: z.number().int() }).nullable(),
  buildings: z.array(z.object({ id: z.uuid(), name: z.string() })),
  specialties: z.array(z.string()),
  cells: z.array(missionCell),
  candidates: z.array(missionCandidate),
  can: z.object({ assign: z.boolean() }),
});
export type MissionGrid = z.infer<typeof missionGrid>;

/**
 * One cell to assign. `revision`: the one the client saw (0 for a cell nobody holds yet); a cell
 * someone else saved since answers 409, so two directors never both win.
 */
export const missionAssignCell = z.object({
  buildingId: z.uuid(),
  specialty: z.string().trim().min(1).max(40),
  reviewerAccountId: z.uuid(),
  checkerAccountId: z.uuid().nullable(),
  deadline: z.iso.date().nullable(),
  revision: z.number().int().nonnegative(),
});
export type MissionAssignCell = z.infer<typeof missionAssignCell>;

export const missionAssignRequest = z.object({
  cells: z.array(missionAssignCell).min(1).max(MISSION_LIMITS.cellsMax),
  /** Why, when reassigning: kept in the history. */
  reason: z.string().trim().max(MISSION_LIMITS.reasonMax).nullable().optional(),
});
export type MissionAssignRequest = z.infer<typeof missionAssignRequest>;

/** The platform's proposal for the cells nobody holds: reviewer only, the director adjusts. */
export const missionProposal = z.object({
  cells: z.array(z.object({ buildingId: z.uuid(), specialty: z.string(), reviewerAccountId: z.uuid() })),
  /** Cells no member of the agency has the specialty for. */
  uncovered: z.array(z.object({ buildingId: z.uuid(), specialty: z.string() })),
});
export type MissionProposal = z.infer<typeof missionProposal>;

export const missionHistoryEntry = z.object({
  event: z.enum(MISSION_EVENT_KEYS),
  at: z.iso.datetime({ offset: true }),
  by: person.nullable(),
  reviewer: person.nullable(),
  checker: person.nullable(),
  previousReviewer: person.nullable(),
  previousChecker: person.nullable(),
  reason: z.string().nullable(),
});
export type MissionHistoryEntry = z.infer<typeof missionHistoryEntry>;

export const missionDetail = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  projectName: z.string(),
  buildingId: z.uuid(),
  buildingName: z.string(),
  specialty: z.string(),
  reviewer: person,
  checker: person.nullable(),
  status: z.enum(MISSION_STATUS_KEYS),
  deadline: z.iso.date().nullable(),
  overdue: z.boolean(),
  revision: z.number().int(),
  submittedAt: z.iso.datetime({ offset: true }).nullable(),
  doneAt: z.iso.datetime({ offset: true }).nullable(),
  /** The reason of the last return, while it stands. */
  returnReason: z.string().nullable(),
  history: z.array(missionHistoryEntry),
  can: z.object({ submit: z.boolean(), accept: z.boolean(), return: z.boolean() }),
});
export type MissionDetail = z.infer<typeof missionDetail>;

export const missionReturnRequest = z.object({
  reason: z.string().trim().min(1).max(MISSION_LIMITS.reasonMax),
});
export type MissionReturnRequest = z.infer<typeof missionReturnRequest>;

/** One line of a workbench list: a mission with its application. */
export const missionSummary = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  projectName: z.string(),
  buildingName: z.string(),
  specialty: z.string(),
  reviewer: person,
  checker: person.nullable(),
  status: z.enum(MISSION_STATUS_KEYS),
  deadline: z.iso.date().nullable(),
  overdue: z.boolean(),
  /** The caller's part: the reviewer, or the checker. */
  role: z.enum(['REVIEWER', 'CHECKER']),
});
export type MissionSummary = z.infer<typeof missionSummary>;

/** The signed-in member's missions in the acting agency, oldest due first (no due day last). */
export const myMissions = z.object({ items: z.array(missionSummary) });
export type MyMissions = z.infer<typeof myMissions>;

/** The director's landing: what waits for checking, what is overdue, how many cells nobody holds. */
export const missionBoard = z.object({
  waitingCheck: z.array(missionSummary),
  overdue: z.array(missionSummary),
  unassigned: z.number().int().nonnegative(),
  /** The applications those cells belong to, each with how many, for the director to open. */
  unassignedApplications: z.array(
    z.object({ projectId: z.uuid(), name: z.string(), cells: z.number().int().positive() }),
  ),
});
export type MissionBoard = z.infer<typeof missionBoard>;

/** Whether a mission with this due day is overdue on `today` (China's calendar day, YYYY-MM-DD). */
export const isOverdue = (deadline: string | null, status: MissionStatus, today: string) =>
  deadline !== null && status !== 'DONE' && deadline < today;
