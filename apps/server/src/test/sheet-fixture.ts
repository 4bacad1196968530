import type { FastifyInstance } from 'fastify';

/**
 * Runs the app's job queue until nothing is due, so every sheet queued so far is READY (or
 * FAILED) when it returns. Tests call this instead of waiting for the worker, which a test app
 * never starts (it starts on listen).
 */
export async function prepareSheetsNow(app: FastifyInstance): Promise<number> {
  return app.jobs.drain();
}
