import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { JobRunner, type JobHandler } from './job-runner.js';
import { claimNextJob, enqueueJob, findJob, finishJob } from './jobs.repository.js';

/** The queue on its own, with handlers of a test kind: claims, leases, retries, giving up. */
describe('the job queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t?.close());

  const counting = (kind: string, fail = 0) => {
    const runs: string[] = [];
    const givenUp: string[] = [];
    let failures = fail;
    const handler: JobHandler = {
      kind,
      run: async (_ctx, job) => {
        runs.push(job.key);
        if (failures-- > 0) throw new Error('not yet');
      },
      giveUp: async (_ctx, job) => {
        givenUp.push(job.key);
      },
    };
    return { handler, runs, givenUp };
  };

  it('queues the same work once and runs it once', async () => {
    const { handler, runs } = counting('test.once');
    const runner = new JobRunner(t.app.ctx, [handler]);
    await enqueueJob(t.database.db, { kind: 'test.once', key: 'a' }, t.app.ctx.clock());
    await enqueueJob(t.database.db, { kind: 'test.once', key: 'a' }, t.app.ctx.clock());
    await enqueueJob(t.database.db, { kind: 'test.once', key: 'b' }, t.app.ctx.clock());
    expect(await runner.drain()).toBe(2);
    expect(runs.sort()).toEqual(['a', 'b']);
    expect(await runner.drain()).toBe(0);
    expect(await findJob(t.database.db, 'test.once', 'a')).toMatchObject({ state: 'DONE', attempts: 1 });
    // Asked for anew, a finished job runs again.
    await enqueueJob(t.database.db, { kind: 'test.once', key: 'a', again: true }, t.app.ctx.clock());
    expect(await runner.drain()).toBe(1);
    expect(runs.filter((k) => k === 'a')).toHaveLength(2);
  });

  it('runs background kinds only when no other job is due', async () => {
    const order: string[] = [];
    const handler = (kind: string, background: boolean): JobHandler => ({
      kind,
      background,
      run: async (_ctx, job) => {
        order.push(`${kind}:${job.key}`);
      },
    });
    const runner = new JobRunner(t.app.ctx, [handler('test.fore', false), handler('test.back', true)]);
    await enqueueJob(t.database.db, { kind: 'test.back', key: '1' }, t.app.ctx.clock());
    t.advance(10);
    await enqueueJob(t.database.db, { kind: 'test.fore', key: '2' }, t.app.ctx.clock());
    expect(await runner.drain()).toBe(2);
    expect(order).toEqual(['test.fore:2', 'test.back:1']);
  });

  it('retries after a wait, and gives up after the last attempt', async () => {
    const flaky = counting('test.flaky', 1);
    const runner = new JobRunner(t.app.ctx, [flaky.handler], { retryMs: 1000 });
    await enqueueJob(t.database.db, { kind: 'test.flaky', key: 'x' }, t.app.ctx.clock());
    expect(await runner.drain()).toBe(1);
    expect(await findJob(t.database.db, 'test.flaky', 'x')).toMatchObject({
      state: 'QUEUED',
      lastError: 'Error: not yet',
    });
    expect(await runner.drain(), 'not due yet').toBe(0);
    t.advance(1500);
    expect(await runner.drain()).toBe(1);
    expect(await findJob(t.database.db, 'test.flaky', 'x')).toMatchObject({
      state: 'DONE',
      attempts: 2,
      lastError: null,
    });

    const broken = counting('test.broken', 100);
    const brokenRunner = new JobRunner(t.app.ctx, [broken.handler], { retryMs: 1 });
    await enqueueJob(t.database.db, { kind: 'test.broken', key: 'y' }, t.app.ctx.clock());
    await t.database.db.update(jobs).set({ maxAttempts: 3 }).where(eq(jobs.kind, 'test.broken'));
    for (let i = 0; i < 5; i += 1) {
      await brokenRunner.drain();
      t.advance(100);
    }
    expect(broken.runs).toHaveLength(3);
    expect(broken.givenUp).toEqual(['y']);
    expect(await findJob(t.database.db, 'test.broken', 'y')).toMatchObject({ state: 'FAILED', attempts: 3 });
  });

  it('takes a job back from a worker whose lease ran out, and only that worker’s claim is void', async () => {
    const { handler, runs } = counting('test.lease');
    const runner = new JobRunner(t.app.ctx, [handler], { leaseMs: 60_000 });
    await enqueueJob(t.database.db, { kind: 'test.lease', key: 'z' }, t.app.ctx.clock());
    const now = t.app.ctx.clock();
    const dead = await claimNextJob(t.database.db, {
      kinds: ['test.lease'],
      worker: 'a-process-that-dies',
      now,
      leaseUntil: new Date(now.getTime() + 60_000),
    });
    expect(dead?.state).toBe('RUNNING');
    expect(await runner.drain(), 'held by its lease').toBe(0);
    t.advance(61_000);
    expect(await runner.drain()).toBe(1);
    expect(runs).toEqual(['z']);
    expect(await finishJob(t.database.db, dead!.id, 'a-process-that-dies', t.app.ctx.clock())).toBe(false);
    expect(await findJob(t.database.db, 'test.lease', 'z')).toMatchObject({ state: 'DONE', attempts: 2 });
  });

  it('renews the lease of a job that runs longer than it', async () => {
    await enqueueJob(t.database.db, { kind: 'test.long', key: 'l' }, t.app.ctx.clock());
    let release: () => void = () => {};
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    const long: JobHandler = {
      kind: 'test.long',
      run: () => {
        started();
        return new Promise<void>((done) => (release = done));
      },
    };
    const draining = new JobRunner(t.app.ctx, [long], { leaseMs: 300 }).drain();
    await running;
    await new Promise((resolve) => setTimeout(resolve, 900));
    const other = counting('test.long');
    expect(
      await new JobRunner(t.app.ctx, [other.handler]).drain(),
      'three leases later it is still held',
    ).toBe(0);
    release();
    expect(await draining).toBe(1);
    expect(await findJob(t.database.db, 'test.long', 'l')).toMatchObject({ state: 'DONE', attempts: 1 });
  });

  it('lets two workers drain side by side without running a job twice', async () => {
    const { handler, runs } = counting('test.pair');
    for (let i = 0; i < 12; i += 1)
      await enqueueJob(t.database.db, { kind: 'test.pair', key: `k${i}` }, t.app.ctx.clock());
    const one = new JobRunner(t.app.ctx, [handler]);
    const two = new JobRunner(t.app.ctx, [handler]);
    const [a, b] = await Promise.all([one.drain(), two.drain()]);
    expect(a + b).toBe(12);
    expect(new Set(runs).size).toBe(12);
    expect(runs).toHaveLength(12);
  });
});
