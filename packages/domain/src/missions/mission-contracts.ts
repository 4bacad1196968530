import type { Locale } from '../errors/error-codes.js';

/**
 * Review missions (审查任务), domain.md step 4: the agency's director gives one reviewer one
 * specialty of one building, with a deadline. The assignment calls come with the review capability;
 * until then the server only reads missions (a reviewer's `queryAssignedTaskBuildings`).
 */

type Texts = Record<Locale, string>;

/** Where one mission stands: given to the reviewer, or finished by them for the round. */
export const MISSION_STATUSES = {
  ASSIGNED: { 'zh-CN': '已分配', 'en-US': 'Assigned' },
  DONE: { 'zh-CN': '已完成', 'en-US': 'Done' },
} as const satisfies Record<string, Texts>;
export type MissionStatus = keyof typeof MISSION_STATUSES;
export const MISSION_STATUS_KEYS = Object.keys(MISSION_STATUSES) as [MissionStatus, ...MissionStatus[]];
