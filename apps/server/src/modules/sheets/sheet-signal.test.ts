import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DocFile, SheetInfo } from '@drp/domain';
import { submittedForMaterials, uploadDocFile } from '../../test/doc-fixture.js';
import { demoOrgIds, detailOf } from '../../test/project-fixture.js';
import { prepareSheetsNow } from '../../test/sheet-fixture.js';
import { drawingSet } from '../../test/sheet-pdfs.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { enqueueJob } from '../jobs/jobs.repository.js';
import { SHEET_JOB } from './sheet-preparation.js';
import { signalFile } from './sheet-signal.js';

/** The file's live channel over a real socket, read as the viewer's EventSource reads it. */

const WAIT_MS = 15_000;

async function* eventsOf(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.+)$/m.exec(block)?.[1];
      if (event) yield event;
    }
  }
}

const aborts: AbortController[] = [];
afterEach(() => {
  for (const a of aborts.splice(0)) a.abort();
});

async function openChannel(url: string) {
  const controller = new AbortController();
  aborts.push(controller);
  const response = await fetch(url, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events = eventsOf(response.body!);
  return {
    next: async () => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no event within ${WAIT_MS} ms`)), WAIT_MS);
      });
      const result = await Promise.race([events.next(), timeout]).finally(() => clearTimeout(timer));
      if (result.done) throw new Error('the channel ended');
      return result.value;
    },
  };
}

describe("a file's live channel", () => {
  let t: TestApp;
  let baseUrl: string;
  let token: string;
  let org: Record<string, string>;
  let projectId: string;
  let file: DocFile;

  beforeAll(async () => {
    t = await createTestApp();
    org = await demoOrgIds(t.database.db);
    const constructToken = await t.signIn('construct_admin');
    token = await t.signIn('design_admin');
    const materials = await submittedForMaterials(t, {
      constructToken,
      designToken: token,
      org,
      name: '实时通道测试项目',
    });
    projectId = materials.project.id;
    file = await uploadDocFile(t, {
      token,
      orgId: org.design!,
      projectId,
      versionId: materials.versionId,
      folderId: materials.structure.id,
      name: '建施-01.pdf',
      body: await drawingSet(),
    });
    // Listening starts the process's job worker, as in the server.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    baseUrl = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => t?.close());

  const signalUrl = async () =>
    detailOf<{ url: string; expiresAt: string }>(
      await t.app.inject({
        url: `/api/checkDrawings/${org.design}/${projectId}/docRepository/getSignalUrl`,
        query: { fileId: file.id },
        headers: { authorization: `Bearer ${token}` },
      }),
    );

  it('says `sheet` when the preparation ends and `markups` when they change', async () => {
    // The first preparation is over before the channel opens (drains of one runner queue up).
    await prepareSheetsNow(t.app);
    const link = await signalUrl();
    expect(link.url).toMatch(/^\/api\/files\/signal\/[\w-]+$/);
    const channel = await openChannel(`${baseUrl}${link.url}`);
    expect(await channel.next()).toBe('ready');

    // Prepared (again) by the worker the NOTIFY of the queue wakes, or by the test: either tells.
    await enqueueJob(
      t.database.db,
      { kind: SHEET_JOB, key: file.id, payload: { fileId: file.id }, again: true },
      t.app.ctx.clock(),
    );
    await prepareSheetsNow(t.app);
    expect(await channel.next()).toBe('sheet');
    const sheet = detailOf<SheetInfo>(
      await t.app.inject({
        url: `/api/checkDrawings/${org.design}/${projectId}/docRepository/sheet`,
        query: { fileId: file.id },
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    expect(sheet.state).toBe('READY');

    await signalFile(t.database.db, file.id, 'markups');
    expect(await channel.next()).toBe('markups');
    // Another file's signal is not this channel's.
    await signalFile(t.database.db, '00000000-0000-4000-8000-000000000002', 'markups');
    await signalFile(t.database.db, file.id, 'sheet');
    expect(await channel.next()).toBe('sheet');
  });

  it('refuses a bad link before any stream opens', async () => {
    const response = await fetch(`${baseUrl}/api/files/signal/not-a-token`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
