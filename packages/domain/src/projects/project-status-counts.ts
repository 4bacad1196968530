import { z } from 'zod';
import { APPLICATION_TRANSITIONS } from '../project-access/project-lifecycle.js';
import { PROJECT_STATUS_KEYS, type ProjectStatus } from './project-status.js';

/**
 * The statuses an application can be in today: a draft, and every status a step of the lifecycle
 * leads to. The review's later statuses (opinions, passed, filed) wait for the steps that will
 * produce them; a list offers to filter by them only where an application already has one.
 */
export const REACHABLE_PROJECT_STATUSES: readonly ProjectStatus[] = PROJECT_STATUS_KEYS.filter(
  (status) =>
    status === 'DRAFT' ||
    Object.values(APPLICATION_TRANSITIONS).some((t) => t.to === status || t.from.some((f) => f === status)),
);

/** `project/projectStatusCounts`: how many applications of the acting organisation's list are in each status. */
export const projectStatusCounts = z.object({
  total: z.number().int().min(0),
  /** Every status of PROJECT_STATUSES once, in its order; zero where none is. */
  counts: z.array(z.object({ status: z.enum(PROJECT_STATUS_KEYS), count: z.number().int().min(0) })),
});
export type ProjectStatusCounts = z.infer<typeof projectStatusCounts>;
