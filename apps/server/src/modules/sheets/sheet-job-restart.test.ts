import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocFile } from '@drp/domain';
import { docSheets, jobs } from '../../db/schema/index.js';
import { prepareSheetsNow, sheetUploader } from '../../test/sheet-fixture.js';
import { drawingSet, heavySheet } from '../../test/sheet-pdfs.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { claimNextJob, finishJob } from '../jobs/jobs.repository.js';
import { pdfWorkers } from './pdf-workers.js';
import { sheetFileKeys } from './sheet-files.js';
import { SHEET_JOB } from './sheet-preparation.js';
import { findSheetOfFile } from './sheets.repository.js';

/** The preparation survives its process: a job cut short runs again and finishes once. */
describe('sheet preparation across a restart', () => {
  let t: TestApp;
  let upload: (name: string, body: Buffer) => Promise<DocFile>;

  beforeAll(async () => {
    t = await createTestApp();
    upload = await sheetUploader(t, '重启测试项目');
  });
  afterAll(() => t?.close());

  const jobsOf = (fileId: string) => t.database.db.select().from(jobs).where(eq(jobs.key, fileId));
  const sheetsOf = (fileId: string) =>
    t.database.db.select().from(docSheets).where(eq(docSheets.fileId, fileId));

  it('runs again a job whose process died holding it, once its lease runs out', async () => {
    const file = await upload('建施-02.pdf', await drawingSet());
    expect(await jobsOf(file.id)).toMatchObject([{ kind: SHEET_JOB, state: 'QUEUED', attempts: 0 }]);

    // A process claims the job, writes part of its outputs, and dies.
    const now = t.app.ctx.clock();
    const claimed = await claimNextJob(t.database.db, {
      kinds: [SHEET_JOB],
      worker: 'a-process-that-died',
      now,
      leaseUntil: new Date(now.getTime() + 60_000),
    });
    expect(claimed?.key).toBe(file.id);
    await t.app.ctx.files.put(sheetFileKeys.preview(file.sha256, 0), Buffer.from('half a png'));

    expect(await prepareSheetsNow(t.app), 'the lease still holds').toBe(0);
    expect((await findSheetOfFile(t.database.db, file.id))?.state).toBe('PENDING');

    t.advance(61_000);
    expect(await prepareSheetsNow(t.app)).toBe(1);
    expect(await sheetsOf(file.id)).toMatchObject([{ state: 'READY' }]);
    expect(await jobsOf(file.id)).toMatchObject([{ state: 'DONE', attempts: 2, lockedBy: null }]);
    const preview = await t.app.ctx.files.open(sheetFileKeys.preview(file.sha256, 0));
    expect(preview?.size).toBeGreaterThan(1000);
    // The dead process, were it to come back, cannot mark the job as its own.
    expect(await finishJob(t.database.db, claimed!.id, 'a-process-that-died', t.app.ctx.clock())).toBe(false);
    expect(await prepareSheetsNow(t.app)).toBe(0);
  });

  it('tries again when the PDF worker dies mid-way', async () => {
    const file = await upload('结施-重.pdf', await heavySheet(60_000));
    const draining = prepareSheetsNow(t.app);
    for (let waited = 0; !pdfWorkers.preparation.busy; waited += 5) {
      if (waited > 20_000) throw new Error('the preparation never reached the worker');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await pdfWorkers.preparation.stop();
    await draining;
    expect(await jobsOf(file.id)).toMatchObject([{ state: 'QUEUED', attempts: 1 }]);
    expect((await jobsOf(file.id))[0]?.lastError).toMatch(/stopped/);
    expect((await findSheetOfFile(t.database.db, file.id))?.state).toBe('PENDING');

    t.advance(15_000);
    // The preparation, then the heavy page's tile pyramid.
    expect(await prepareSheetsNow(t.app)).toBe(2);
    expect(await sheetsOf(file.id)).toMatchObject([{ state: 'READY' }]);
    expect(await jobsOf(file.id)).toMatchObject([{ state: 'DONE', attempts: 2 }]);
  });

  it('shares one preparation between identical files', async () => {
    const bytes = await drawingSet();
    const first = await upload('建施-03.pdf', bytes);
    await prepareSheetsNow(t.app);
    const manifest = sheetFileKeys.manifest(first.sha256);
    const before = await t.app.ctx.files.stat(manifest);
    const second = await upload('建施-03（副本）.pdf', bytes);
    expect(second.sha256).toBe(first.sha256);
    await prepareSheetsNow(t.app);
    expect(await findSheetOfFile(t.database.db, second.id)).toEqual(
      await findSheetOfFile(t.database.db, first.id),
    );
    expect(await t.app.ctx.files.stat(manifest)).toEqual(before);
  });
});
