import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../lib/app-context.js';
import { claimNextJob, finishJob, releaseFailedJob, renewJobLease, type JobRow } from './jobs.repository.js';

/** A kind of work: what to do with one job, and what to do when it has failed for the last time. */
export interface JobHandler {
  kind: string;
  /** Must be idempotent: a job whose process died mid-way runs again from the start. */
  run(ctx: AppContext, job: JobRow): Promise<void>;
  giveUp?(ctx: AppContext, job: JobRow, error: unknown): Promise<void>;
  /** Runs only when no job of the other kinds is due: work nobody waits for (a sheet's tile pyramid). */
  background?: boolean;
}

export interface JobRunnerOptions {
  /** How long a claim holds without renewal; renewed every third of it while the job runs. */
  leaseMs?: number;
  /** The wait before the n-th retry is n² times this. */
  retryMs?: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * Runs the queued jobs of its handlers' kinds, one at a time. `drain` runs until none is due:
 * the server's worker (job-worker.ts) calls it when woken, tests call it to run the queue
 * deterministically.
 */
export class JobRunner {
  /** Names this process's claims, so a lease is renewed and released only by its holder. */
  readonly worker = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly leaseMs: number;
  private readonly retryMs: number;
  private draining: Promise<number> | undefined;
  private stopped = false;

  constructor(
    private readonly ctx: AppContext,
    handlers: readonly JobHandler[],
    private readonly options: JobRunnerOptions = {},
  ) {
    for (const handler of handlers) this.handlers.set(handler.kind, handler);
    this.leaseMs = options.leaseMs ?? 60_000;
    this.retryMs = options.retryMs ?? 10_000;
  }

  /** Claims and runs one due job; false when there was none. */
  async runOne(): Promise<boolean> {
    const { ctx } = this;
    const now = ctx.clock();
    const claim = (background: boolean) =>
      claimNextJob(ctx.db, {
        kinds: [...this.handlers.values()].filter((h) => !!h.background === background).map((h) => h.kind),
        worker: this.worker,
        now,
        leaseUntil: new Date(now.getTime() + this.leaseMs),
      });
    const job = (await claim(false)) ?? (await claim(true));
    if (!job) return false;
    const handler = this.handlers.get(job.kind)!;
    if (job.attempts > job.maxAttempts) {
      // Its lease ran out as often as it may be tried: the work kills its process, or hangs.
      await this.fail(handler, job, new Error('the job never finished within its lease'));
      return true;
    }
    const renewal = setInterval(() => {
      const at = ctx.clock();
      renewJobLease(ctx.db, job.id, this.worker, new Date(at.getTime() + this.leaseMs), at).catch(
        (error: unknown) =>
          this.options.log?.warn({ err: error, jobId: job.id }, 'could not renew a job lease'),
      );
    }, this.leaseMs / 3);
    try {
      await handler.run(ctx, job);
      clearInterval(renewal);
      await finishJob(ctx.db, job.id, this.worker, ctx.clock());
    } catch (error) {
      clearInterval(renewal);
      await this.fail(handler, job, error);
    }
    return true;
  }

  private async fail(handler: JobHandler, job: JobRow, error: unknown) {
    const { ctx } = this;
    const now = ctx.clock();
    const last = job.attempts >= job.maxAttempts;
    const runAfter = last ? null : new Date(now.getTime() + job.attempts ** 2 * this.retryMs);
    this.options.log?.warn(
      { err: error, jobId: job.id, kind: job.kind, attempts: job.attempts, last },
      'a job failed',
    );
    if (last && handler.giveUp) {
      try {
        await handler.giveUp(ctx, job, error);
      } catch (giveUpError) {
        this.options.log?.error({ err: giveUpError, jobId: job.id }, 'giving a job up failed');
      }
    }
    await releaseFailedJob(ctx.db, job.id, this.worker, { error: String(error), now, runAfter });
  }

  /**
   * Runs due jobs until none is left; returns how many ran. A call while a drain is under way
   * waits for that one and then drains again, so a job queued meanwhile is not left behind.
   */
  async drain(): Promise<number> {
    const previous = this.draining;
    const next = (async () => {
      await previous?.catch(() => 0);
      let ran = 0;
      while (!this.stopped && (await this.runOne())) ran += 1;
      return ran;
    })();
    this.draining = next;
    try {
      return await next;
    } finally {
      if (this.draining === next) this.draining = undefined;
    }
  }

  /**
   * Lets the job under way finish and runs no more: the app is closing. What is left stays
   * queued for the next process.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.draining?.catch(() => 0);
  }
}
