import { index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

export type JobState = 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';

/**
 * Work done after the request that caused it (modules/jobs): one row per piece of work, claimed by
 * whichever server process is free with `FOR UPDATE SKIP LOCKED`. A claim holds a lease
 * (`locked_until`) that the worker renews while it runs; a process that dies leaves a lease that
 * runs out, and the job is claimed again. `(kind, key)` is unique, so asking twice for the same
 * work queues it once.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state').$type<JobState>().notNull().default('QUEUED'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    // Null: at once (a trigger queues with the database's time, the workers claim by their clock).
    runAfter: at('run_after'),
    lockedUntil: at('locked_until'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [unique('jobs_kind_key_key').on(t.kind, t.key), index('jobs_claim_idx').on(t.state, t.runAfter)],
);
