import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import { JobRunner, type JobHandler } from './job-runner.js';
import { JOBS_CHANNEL } from './jobs.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's job runner; tests drain it instead of waiting for the worker. */
    jobs: JobRunner;
  }
}

export interface JobWorkerOptions {
  handlers: readonly JobHandler[];
  listen?: Database['listen'] | undefined;
  /** The backstop when no NOTIFY is heard: a retry falls due, a lease of a dead process runs out. */
  pollMs?: number;
  leaseMs?: number;
}

/**
 * Runs queued jobs inside the server process, one at a time, woken by NOTIFY on `drp_jobs` (any
 * process that queues one) and by a short poll. Like the upload sweeper it starts on listen, not
 * ready: a test or a script that builds the app runs the queue only when it drains it itself.
 * Closing the app waits for the job under way (its lease would otherwise make it wait a minute).
 */
export const jobWorker = fp(
  async (app: FastifyInstance, options: JobWorkerOptions) => {
    const runner = new JobRunner(app.ctx, options.handlers, { leaseMs: options.leaseMs, log: app.log });
    app.decorate('jobs', runner);
    const pollMs = options.pollMs ?? 5_000;
    let stopped = false;
    let running: Promise<void> | undefined;
    let wanted = false;
    let timer: NodeJS.Timeout | undefined;
    let unlisten: (() => Promise<void>) | undefined;

    const wake = () => {
      if (stopped) return;
      if (running) {
        wanted = true;
        return;
      }
      running = (async () => {
        do {
          wanted = false;
          try {
            await runner.drain();
          } catch (error) {
            app.log.error({ err: error }, 'running queued jobs failed');
          }
        } while (wanted && !stopped);
      })().finally(() => {
        running = undefined;
      });
    };

    app.addHook('onListen', async () => {
      if (timer || stopped) return;
      if (options.listen) {
        unlisten = await options.listen(JOBS_CHANNEL, {
          onNotify: wake,
          // Whatever was queued while the connection was lost is found now.
          onRestored: wake,
        });
      }
      timer = setInterval(wake, pollMs);
      timer.unref();
      wake();
    });
    app.addHook('preClose', async () => {
      stopped = true;
      clearInterval(timer);
      await unlisten?.();
      await runner.stop();
      await running;
    });
  },
  { name: 'job-worker' },
);
