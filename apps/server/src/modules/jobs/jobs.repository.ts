import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/database.js';
import { jobs } from '../../db/schema/index.js';

/** The channel that wakes the workers of every process when a job is queued. */
export const JOBS_CHANNEL = 'drp_jobs';

export type JobRow = typeof jobs.$inferSelect;

/**
 * Queues a piece of work once: asking again for the same kind and key while it is queued,
 * running or done changes nothing, unless `again` asks to run a finished one anew.
 */
export async function enqueueJob(
  db: Db,
  job: { kind: string; key: string; payload?: Record<string, unknown>; again?: boolean },
  now: Date,
) {
  const insert = db.insert(jobs).values({ kind: job.kind, key: job.key, payload: job.payload ?? {} });
  await (job.again
    ? insert.onConflictDoUpdate({
        target: [jobs.kind, jobs.key],
        set: {
          state: 'QUEUED',
          attempts: 0,
          runAfter: null,
          lastError: null,
          updatedAt: now,
          finishedAt: null,
        },
        setWhere: inArray(jobs.state, ['DONE', 'FAILED']),
      })
    : insert.onConflictDoNothing());
  await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${job.kind})`);
}

/**
 * Takes the oldest job of these kinds that is due, or whose worker's lease ran out (its process
 * died or hung), for `worker` until `leaseUntil`. Rows another worker is claiming this instant
 * are skipped, not waited for, so any number of processes claim side by side.
 */
export async function claimNextJob(
  db: Db,
  input: { kinds: readonly string[]; worker: string; now: Date; leaseUntil: Date },
): Promise<JobRow | undefined> {
  if (input.kinds.length === 0) return undefined;
  return inTransaction(db, async (tx) => {
    const [next] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, [...input.kinds]),
          or(
            and(eq(jobs.state, 'QUEUED'), or(isNull(jobs.runAfter), lte(jobs.runAfter, input.now))),
            and(eq(jobs.state, 'RUNNING'), lt(jobs.lockedUntil, input.now)),
          ),
        ),
      )
      .orderBy(asc(jobs.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!next) return undefined;
    const [claimed] = await tx
      .update(jobs)
      .set({
        state: 'RUNNING',
        attempts: sql`${jobs.attempts} + 1`,
        lockedBy: input.worker,
        lockedUntil: input.leaseUntil,
        updatedAt: input.now,
      })
      .where(eq(jobs.id, next.id))
      .returning();
    return claimed;
  });
}

const heldBy = (id: string, worker: string) =>
  and(eq(jobs.id, id), eq(jobs.state, 'RUNNING'), eq(jobs.lockedBy, worker));

/** Extends the lease; false when the job is no longer this worker's (its lease ran out and another took it). */
export async function renewJobLease(db: Db, id: string, worker: string, leaseUntil: Date, now: Date) {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: leaseUntil, updatedAt: now })
    .where(heldBy(id, worker))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function finishJob(db: Db, id: string, worker: string, now: Date) {
  const rows = await db
    .update(jobs)
    .set({
      state: 'DONE',
      lockedBy: null,
      lockedUntil: null,
      lastError: null,
      finishedAt: now,
      updatedAt: now,
    })
    .where(heldBy(id, worker))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Puts a failed job back for `runAfter`, or gives it up (FAILED) when `runAfter` is null. */
export async function releaseFailedJob(
  db: Db,
  id: string,
  worker: string,
  input: { error: string; now: Date; runAfter: Date | null },
) {
  const rows = await db
    .update(jobs)
    .set({
      state: input.runAfter ? 'QUEUED' : 'FAILED',
      runAfter: input.runAfter,
      lockedBy: null,
      lockedUntil: null,
      lastError: input.error.slice(0, 2000),
      finishedAt: input.runAfter ? null : input.now,
      updatedAt: input.now,
    })
    .where(heldBy(id, worker))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function findJob(db: Db, kind: string, key: string) {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.key, key)));
  return row;
}
